package quote

import (
	"encoding/json"
	"testing"
)

// TestAnswerLines: the staff read a car request in French, in the form's
// order, choices by their labels, nothing under a JSON name.
func TestAnswerLines(t *testing.T) {
	f := newFixture(t, DefaultLimit())
	r := &Request{Product: ProductCar, Contact: Contact{Method: ContactPhone, Phone: "06 39 98 12 34"}, Details: &Car{}}
	if err := json.Unmarshal([]byte(`{"brand":"peugeot","model":"208","year":2019,"energy":"essence","usage":"prive","licenceYear":2010,"cover":"tiers-etendu"}`), r.Details); err != nil {
		t.Fatal(err)
	}
	got := f.svc.AnswerLines(r)
	want := [][2]string{
		{"Produit", "Assurance auto"}, {"Réponse souhaitée", "Par téléphone"}, {"Téléphone", "06 39 98 12 34"},
		{"Marque", "Peugeot"}, {"Modèle", "208"}, {"Année de mise en circulation", "2019"}, {"Énergie", "Essence"},
	}
	for i, w := range want {
		if i >= len(got) || got[i] != w {
			t.Fatalf("line %d = %v, want %v (all: %v)", i, got, w, got)
		}
	}
	for _, l := range got {
		if _, raw := answerLabels[l[0]]; raw {
			t.Errorf("a line is named by its JSON field: %v", l)
		}
	}
}
