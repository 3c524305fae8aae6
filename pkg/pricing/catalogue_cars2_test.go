package pricing

import (
	"encoding/json"
	"io/fs"
	"testing"
)

// TestCatalogueCars2 checks that the catalogue holds every generation of
// the Peugeot, Citroën, DS, Opel, Fiat and Ford cars sold new in France
// since 2000 that issue 39 asks for, with its model years and at least its
// common versions: a generation dropped, its years changed or its versions
// thinned out fails here.
func TestCatalogueCars2(t *testing.T) {
	c := testTariff(t).Catalogue()
	years := cars2GenerationYears(t)
	tests := []struct {
		make, model, generation string
		from, to                int // model years, to 0 while still sold
		versions                int // at least
	}{
		{"Peugeot", "106", "", 1991, 2003, 2},
		{"Peugeot", "107", "", 2005, 2014, 2},
		{"Peugeot", "108", "", 2014, 2021, 2},
		{"Peugeot", "206", "", 1998, 2012, 3},
		{"Peugeot", "207", "", 2006, 2014, 3},
		{"Peugeot", "208", "I", 2012, 2018, 3},
		{"Peugeot", "208", "II", 2019, 0, 3},
		{"Peugeot", "2008", "I", 2013, 2018, 2},
		{"Peugeot", "2008", "II", 2019, 0, 2},
		{"Peugeot", "306", "", 1993, 2002, 2},
		{"Peugeot", "307", "", 2001, 2008, 2},
		{"Peugeot", "308", "I", 2007, 2012, 3},
		{"Peugeot", "308", "II", 2013, 2020, 3},
		{"Peugeot", "308", "III", 2021, 0, 3},
		{"Peugeot", "308 SW", "I", 2008, 2013, 2},
		{"Peugeot", "308 SW", "II", 2014, 2020, 2},
		{"Peugeot", "308 SW", "III", 2021, 0, 2},
		{"Peugeot", "3008", "I", 2009, 2015, 2},
		{"Peugeot", "3008", "II", 2016, 2023, 2},
		{"Peugeot", "3008", "III", 2024, 0, 2},
		{"Peugeot", "406", "", 1995, 2004, 2},
		{"Peugeot", "407", "", 2004, 2011, 2},
		{"Peugeot", "508", "I", 2011, 2017, 2},
		{"Peugeot", "508", "II", 2018, 0, 2},
		{"Peugeot", "5008", "I", 2009, 2016, 2},
		{"Peugeot", "5008", "II", 2017, 2023, 2},
		{"Peugeot", "5008", "III", 2024, 0, 2},
		{"Peugeot", "Partner", "I", 1996, 2007, 2},
		{"Peugeot", "Partner", "II", 2008, 2017, 2},
		{"Peugeot", "Partner", "III", 2018, 0, 2},
		{"Peugeot", "Rifter", "", 2018, 0, 2},
		{"Citroën", "Saxo", "", 1996, 2003, 2},
		{"Citroën", "C1", "I", 2005, 2013, 2},
		{"Citroën", "C1", "II", 2014, 2022, 2},
		{"Citroën", "C2", "", 2003, 2009, 2},
		{"Citroën", "C3", "I", 2002, 2008, 3},
		{"Citroën", "C3", "II", 2009, 2016, 3},
		{"Citroën", "C3", "III", 2017, 2023, 3},
		{"Citroën", "C3", "IV", 2024, 0, 3},
		{"Citroën", "C3 Picasso", "", 2009, 2017, 2},
		{"Citroën", "C3 Aircross", "I", 2017, 2023, 2},
		{"Citroën", "C3 Aircross", "II", 2024, 0, 2},
		{"Citroën", "C4", "I", 2004, 2009, 2},
		{"Citroën", "C4", "II", 2010, 2018, 2},
		{"Citroën", "C4", "III", 2020, 0, 2},
		{"Citroën", "C4 Picasso", "I", 2006, 2012, 2},
		{"Citroën", "C4 Picasso", "II", 2013, 2018, 2},
		{"Citroën", "C4 SpaceTourer", "", 2018, 2022, 2},
		{"Citroën", "Xsara", "", 1997, 2005, 2},
		{"Citroën", "Xsara Picasso", "", 1999, 2011, 2},
		{"Citroën", "Berlingo", "I", 1996, 2007, 2},
		{"Citroën", "Berlingo", "II", 2008, 2017, 2},
		{"Citroën", "Berlingo", "III", 2018, 0, 2},
		{"Citroën", "C5", "I", 2001, 2007, 2},
		{"Citroën", "C5", "II", 2008, 2017, 2},
		{"Citroën", "C5 Aircross", "I", 2018, 2024, 2},
		{"Citroën", "C5 Aircross", "II", 2025, 0, 2},
		{"Citroën", "DS3", "", 2010, 2016, 2},
		{"DS Automobiles", "DS 3", "I", 2016, 2018, 2},
		{"DS Automobiles", "DS 3", "II", 2019, 0, 2},
		{"DS Automobiles", "DS 7", "", 2018, 0, 2},
		{"Opel", "Corsa", "B", 1993, 2000, 2},
		{"Opel", "Corsa", "C", 2001, 2005, 2},
		{"Opel", "Corsa", "D", 2006, 2013, 2},
		{"Opel", "Corsa", "E", 2014, 2018, 2},
		{"Opel", "Corsa", "F", 2019, 0, 2},
		{"Opel", "Astra", "G", 1998, 2003, 2},
		{"Opel", "Astra", "H", 2004, 2009, 2},
		{"Opel", "Astra", "J", 2010, 2014, 2},
		{"Opel", "Astra", "K", 2015, 2021, 2},
		{"Opel", "Astra", "L", 2022, 0, 2},
		{"Opel", "Meriva", "A", 2003, 2009, 2},
		{"Opel", "Meriva", "B", 2010, 2017, 2},
		{"Opel", "Zafira", "A", 1999, 2004, 2},
		{"Opel", "Zafira", "B", 2005, 2014, 2},
		{"Opel", "Zafira Tourer", "", 2012, 2019, 2},
		{"Opel", "Mokka", "I", 2012, 2019, 2},
		{"Opel", "Mokka", "II", 2021, 0, 2},
		{"Fiat", "500", "", 2007, 2024, 2},
		{"Fiat", "Panda", "I", 1980, 2002, 2},
		{"Fiat", "Panda", "II", 2003, 2011, 2},
		{"Fiat", "Panda", "III", 2012, 2024, 2},
		{"Fiat", "Punto", "II", 1999, 2004, 2},
		{"Fiat", "Punto", "III", 2005, 2018, 2},
		{"Fiat", "Tipo", "", 2016, 2023, 2},
		{"Ford", "Fiesta", "IV", 1995, 2001, 2},
		{"Ford", "Fiesta", "V", 2002, 2007, 2},
		{"Ford", "Fiesta", "VI", 2008, 2016, 2},
		{"Ford", "Fiesta", "VII", 2017, 2023, 2},
		{"Ford", "Focus", "I", 1998, 2003, 2},
		{"Ford", "Focus", "II", 2004, 2010, 2},
		{"Ford", "Focus", "III", 2011, 2017, 2},
		{"Ford", "Focus", "IV", 2018, 2025, 2},
		{"Ford", "C-Max", "I", 2003, 2009, 2},
		{"Ford", "C-Max", "II", 2010, 2019, 2},
		{"Ford", "Kuga", "I", 2008, 2012, 2},
		{"Ford", "Kuga", "II", 2013, 2019, 2},
		{"Ford", "Kuga", "III", 2020, 0, 2},
		{"Ford", "Puma", "I", 1997, 2001, 2},
		{"Ford", "Puma", "II", 2020, 0, 2},
	}
	for _, tt := range tests {
		name := tt.make + " " + tt.model + " " + tt.generation
		got, ok := years[cars2Key{tt.make, tt.model, tt.generation}]
		if !ok {
			t.Errorf("%s: no such generation in the catalogue", name)
			continue
		}
		if got != [2]int{tt.from, tt.to} {
			t.Errorf("%s: model years %d–%d, want %d–%d", name, got[0], got[1], tt.from, tt.to)
		}
		n := 0
		for _, v := range c.vehicles {
			if v.Kind == "car" && v.Make == tt.make && v.Model == tt.model && v.Generation == tt.generation {
				n++
			}
		}
		if n < tt.versions {
			t.Errorf("%s: %d versions, want at least %d", name, n, tt.versions)
		}
	}
}

type cars2Key struct{ make, model, generation string }

// cars2GenerationYears reads the years of every car generation from the
// embedded catalogue's files: a version keeps only its own years.
func cars2GenerationYears(t *testing.T) map[cars2Key][2]int {
	t.Helper()
	names, err := fs.Glob(catalogueFS, "catalogue/*.json")
	if err != nil {
		t.Fatal(err)
	}
	years := map[cars2Key][2]int{}
	for _, n := range names {
		data, err := fs.ReadFile(catalogueFS, n)
		if err != nil {
			t.Fatal(err)
		}
		var f fileMake
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		for _, m := range f.Models {
			if m.Kind != "car" {
				continue
			}
			for _, g := range m.Generations {
				years[cars2Key{f.Make, m.Model, g.Name}] = [2]int{g.FromYear, g.ToYear}
			}
		}
	}
	return years
}
