package pricing

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestRealCatalogue: the embedded catalogue has enough of each kind,
// every entry valid (LoadCatalogue checked them) and derivable.
func TestRealCatalogue(t *testing.T) {
	tr := testTariff(t)
	c := tr.Catalogue()
	if cars, motos := c.Len("car"), c.Len("moto"); cars < 150 || motos < 40 {
		t.Fatalf("%d cars and %d motorbikes, want at least 150 and 40", cars, motos)
	}
	for _, v := range c.vehicles {
		group, class := tr.classify(v)
		if group < 1 || group > len(tr.groups[v.Kind]) || class < 0 || class >= len(tr.classes[v.Kind]) {
			t.Errorf("%s: group %d class %d", v.ID, group, class)
		}
	}
}

// TestCatalogueRefusals breaks the sample catalogue file one fault at a
// time: each is refused with its line.
func TestCatalogueRefusals(t *testing.T) {
	data, err := os.ReadFile("testdata/vehicles-sample.json")
	if err != nil {
		t.Fatal(err)
	}
	good := string(data)
	c, err := LoadCatalogue(data)
	if err != nil || c.Len("") != 3 || len(c.Search(SearchQuery{Kind: "car", Text: "clio", Limit: 5})) != 2 {
		t.Fatalf("sample: %v", err)
	}
	if v, _ := c.Vehicle("renault-clio-3-12-16v-75"); v.Generation != "III" || v.FromYear != 2005 || v.ToYear != 2012 || v.Make != "Renault" {
		t.Errorf("a version takes its generation's years and names: %+v", v)
	}
	tests := []struct {
		old, repl, has string
		line           int
	}{
		{`"energy": "essence", "fiscalPower": 5, "powerKw": 55`, `"energy": "vapeur", "fiscalPower": 5, "powerKw": 55`, "énergie inconnue", 7},
		{`"licence": "A1"`, `"licence": "AM"`, "le permis AM ne permet pas", 15},
		{`"valueNewCents": 1990000, "body": "citadine"`, `"valueNewCents": 1990000, "body": "scooter"`, "carrosserie de voiture inconnue", 10},
		{`"powerKw": 67`, `"powerKw": 0`, "puissance hors bornes", 10},
		{`"id": "renault-clio-5-tce-90"`, `"id": "renault-clio-3-12-16v-75"`, "en double", 10},
		{`"name": "V", "fromYear": 2019`, `"name": "V", "fromYear": 2012`, "chevauchent", 9},
		{`"name": "V"`, `"name": ""`, "a un nom", 9},
		{`"name": "V", "fromYear": 2019, "toYear": 0`, `"name": "V", "fromYear": 2019, "toYear": 2018`, "dernière année", 9},
		{`"body": "citadine"}
      ]},
      {"name": "V"`, `"body": "citadine", "fromYear": 2004}
      ]},
      {"name": "V"`, "sortent de celles de sa génération", 7},
		{`"version": "1.2 16V 75"`, `"make": "Dacia", "version": "1.2 16V 75"`, "viennent du modèle", 7},
		{`"kind": "moto"`, `"kind": "bus"`, "kind doit valoir", 13},
	}
	for _, tt := range tests {
		broken := replaceOnce(t, good, tt.old, tt.repl)
		_, err := LoadCatalogue([]byte(broken))
		var fe *FileError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tt.has) || fe.Line != tt.line {
			t.Errorf("%s: %v (want line %d)", tt.repl, err, tt.line)
		}
	}
	// An id is unique across the files of a catalogue.
	_, err = LoadCatalogueFiles([]CatalogueFile{{"a.json", data}, {"b.json", data}})
	if err == nil || !strings.Contains(err.Error(), "b.json") || !strings.Contains(err.Error(), "en double") {
		t.Errorf("the same id in two files: %v", err)
	}
}
