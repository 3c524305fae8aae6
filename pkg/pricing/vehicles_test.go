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

// TestSearch types the way visitors do.
func TestSearch(t *testing.T) {
	c := testTariff(t).Catalogue()
	tests := []struct {
		kind, q    string
		firstMake  string
		firstModel string
		every      func(*Vehicle) bool
	}{
		{"car", "clio", "Renault", "Clio", func(v *Vehicle) bool { return v.Model == "Clio" || strings.HasPrefix(v.Model, "Clio") }},
		{"car", "CLIO", "Renault", "Clio", nil},
		{"car", "208", "Peugeot", "208", func(v *Vehicle) bool { return strings.Contains(v.Model+" "+v.Version, "208") }},
		{"car", "golf tdi", "Volkswagen", "Golf", func(v *Vehicle) bool { return strings.Contains(v.Version, "TDI") }},
		{"car", "peugeot 2008", "Peugeot", "2008", func(v *Vehicle) bool { return v.Make == "Peugeot" && v.Model == "2008" }},
		{"car", "citroen", "Citroën", "", func(v *Vehicle) bool { return v.Make == "Citroën" }},
		{"car", "Citroën c3", "Citroën", "C3", nil},
		{"moto", "mt-07", "Yamaha", "MT-07", nil},
		{"moto", "mt 07", "Yamaha", "MT-07", nil},
	}
	for _, tt := range tests {
		got := c.Search(tt.kind, tt.q, 10)
		if len(got) == 0 {
			t.Errorf("Search(%q) found nothing", tt.q)
			continue
		}
		if got[0].Make != tt.firstMake || tt.firstModel != "" && got[0].Model != tt.firstModel {
			t.Errorf("Search(%q) starts with %s %s, want %s %s", tt.q, got[0].Make, got[0].Model, tt.firstMake, tt.firstModel)
		}
		for _, v := range got {
			if v.Kind != tt.kind || tt.every != nil && !tt.every(v) {
				t.Errorf("Search(%q) gave %s", tt.q, v.Name())
			}
		}
	}
	// « 208 » lists the 208 before any model whose version only matches.
	got := c.Search("car", "208", MaxSearch)
	for i := 1; i < len(got); i++ {
		if got[i-1].Model != "208" && got[i].Model == "208" {
			t.Errorf("Search(208): %s before %s", got[i-1].Name(), got[i].Name())
		}
	}
	if n := len(c.Search("car", "e", 5)); n != 5 {
		t.Errorf("limit 5 gave %d", n)
	}
	if n := len(c.Search("car", "e", 0)); n != MaxSearch {
		t.Errorf("limit 0 gave %d, want the bound %d", n, MaxSearch)
	}
	if got := c.Search("car", "  ", 10); got != nil {
		t.Errorf("blank query gave %d results", len(got))
	}
	if got := c.Search("moto", "clio", 10); len(got) != 0 {
		t.Errorf("a car among motorbikes: %v", got[0].Name())
	}
	if v, ok := c.Vehicle("peugeot-208-12-puretech-100"); !ok || v.Model != "208" {
		t.Errorf("Vehicle: %v %v", v, ok)
	}
	if _, ok := c.Vehicle("nope"); ok {
		t.Error("Vehicle(nope) found")
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
	if err != nil || c.Len("") != 3 || len(c.Search("car", "clio", 5)) != 2 {
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

func TestWords(t *testing.T) {
	got := strings.Join(words("Citroën ë-C4 1.2 PureTech, Œuvre"), "|")
	if want := "citroen|e|c4|1|2|puretech|oeuvre"; got != want {
		t.Errorf("words = %q, want %q", got, want)
	}
}
