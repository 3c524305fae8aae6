package pricing

import (
	"fmt"
	"slices"
	"testing"
)

// TestCatalogueGenerationsCars1 pins the generations of the Renault,
// Dacia, Nissan, Mercedes-Benz, BMW, Mini, Audi and Smart models sold
// new in France since 2000 (issue 39): each is in the catalogue with its
// years and its common versions, and every year of it from 2000 has a
// version sold new that year, so that a car of any year of its
// generation can be found. A generation launched before 2000 (Twingo I,
// Mégane I…) is checked from 2000, the catalogue's first year.
func TestCatalogueGenerationsCars1(t *testing.T) {
	c := testTariff(t).Catalogue()
	tests := []struct {
		make, model, generation string
		from, to                int // model years, to 0 while still sold
		versions                int // at least
	}{
		{"Renault", "Clio", "II", 1998, 2004, 3},
		{"Renault", "Clio", "III", 2005, 2011, 3},
		{"Renault", "Clio", "IV", 2012, 2018, 3},
		{"Renault", "Clio", "V", 2019, 2025, 3},
		{"Renault", "Clio", "VI", 2026, 0, 3},
		{"Renault", "Twingo", "I", 1993, 2006, 3},
		{"Renault", "Twingo", "II", 2007, 2013, 3},
		{"Renault", "Twingo", "III", 2014, 2024, 3},
		// The electric Twingo IV has one engine and two trims.
		{"Renault", "Twingo", "IV", 2026, 0, 2},
		{"Renault", "Mégane", "I", 1996, 2001, 3},
		{"Renault", "Mégane", "II", 2002, 2007, 3},
		{"Renault", "Mégane", "III", 2008, 2015, 3},
		{"Renault", "Mégane", "IV", 2016, 2023, 3},
		{"Renault", "Mégane Estate", "IV", 2016, 2023, 2},
		{"Renault", "Mégane E-Tech", "", 2022, 0, 2},
		{"Renault", "Scénic", "I", 1996, 2002, 2},
		{"Renault", "Scénic", "II", 2003, 2008, 2},
		{"Renault", "Scénic", "III", 2009, 2015, 2},
		{"Renault", "Scénic", "IV", 2016, 2022, 2},
		{"Renault", "Scénic", "V (E-Tech)", 2024, 0, 2},
		{"Renault", "Captur", "I", 2013, 2018, 2},
		{"Renault", "Captur", "II", 2019, 0, 2},
		{"Renault", "Kangoo", "I", 1998, 2007, 2},
		{"Renault", "Kangoo", "II", 2008, 2020, 2},
		{"Renault", "Kangoo", "III", 2021, 0, 2},
		{"Renault", "Laguna", "I", 1994, 2000, 2},
		{"Renault", "Laguna", "II", 2001, 2006, 2},
		{"Renault", "Laguna", "III", 2007, 2015, 2},
		{"Renault", "Modus", "", 2004, 2012, 2},
		{"Renault", "Kadjar", "", 2015, 2022, 2},
		{"Renault", "Espace", "III", 1997, 2001, 2},
		{"Renault", "Espace", "IV", 2002, 2014, 2},
		{"Renault", "Espace", "V", 2015, 2022, 2},
		{"Renault", "Espace", "VI", 2023, 0, 2},
		{"Renault", "Zoé", "I", 2013, 2018, 2},
		{"Renault", "Zoé", "II", 2019, 2024, 2},
		{"Renault", "Austral", "", 2022, 0, 2},
		{"Renault", "Arkana", "", 2021, 0, 2},
		{"Renault", "Koleos", "I", 2008, 2015, 2},
		{"Renault", "Koleos", "II", 2017, 2022, 2},

		{"Dacia", "Sandero", "I", 2008, 2011, 3},
		{"Dacia", "Sandero", "II", 2012, 2020, 3},
		{"Dacia", "Sandero", "III", 2021, 0, 3},
		{"Dacia", "Sandero Stepway", "I", 2009, 2012, 2},
		{"Dacia", "Sandero Stepway", "II", 2013, 2020, 2},
		{"Dacia", "Sandero Stepway", "III", 2021, 0, 2},
		{"Dacia", "Logan", "I", 2005, 2012, 2},
		{"Dacia", "Logan", "II", 2013, 2020, 2},
		{"Dacia", "Duster", "I", 2010, 2017, 2},
		{"Dacia", "Duster", "II", 2018, 2023, 2},
		{"Dacia", "Duster", "III", 2024, 0, 2},
		{"Dacia", "Lodgy", "", 2012, 2022, 2},
		{"Dacia", "Dokker", "", 2012, 2021, 2},
		{"Dacia", "Spring", "", 2021, 0, 2},
		{"Dacia", "Jogger", "", 2022, 0, 2},

		{"Nissan", "Micra", "II (K11)", 1993, 2002, 2},
		{"Nissan", "Micra", "III (K12)", 2003, 2010, 2},
		{"Nissan", "Micra", "IV (K13)", 2011, 2016, 2},
		{"Nissan", "Micra", "V (K14)", 2017, 2022, 2},
		{"Nissan", "Micra", "VI", 2025, 0, 2},
		{"Nissan", "Note", "I (E11)", 2006, 2012, 2},
		{"Nissan", "Note", "II (E12)", 2013, 2017, 2},
		{"Nissan", "Qashqai", "I (J10)", 2007, 2013, 3},
		{"Nissan", "Qashqai", "II (J11)", 2014, 2020, 3},
		{"Nissan", "Qashqai", "III (J12)", 2021, 0, 3},
		{"Nissan", "Juke", "I (F15)", 2010, 2018, 2},
		{"Nissan", "Juke", "II (F16)", 2019, 0, 2},
		{"Nissan", "X-Trail", "I (T30)", 2001, 2006, 2},
		{"Nissan", "X-Trail", "II (T31)", 2007, 2013, 2},
		{"Nissan", "X-Trail", "III (T32)", 2014, 2021, 2},
		{"Nissan", "X-Trail", "IV (T33)", 2022, 0, 2},

		{"Mercedes-Benz", "Classe A", "I (W168)", 1997, 2003, 2},
		{"Mercedes-Benz", "Classe A", "II (W169)", 2004, 2011, 2},
		{"Mercedes-Benz", "Classe A", "III (W176)", 2012, 2017, 2},
		{"Mercedes-Benz", "Classe A", "IV (W177)", 2018, 0, 2},
		{"Mercedes-Benz", "Classe B", "I (W245)", 2005, 2010, 2},
		{"Mercedes-Benz", "Classe B", "II (W246)", 2011, 2018, 2},
		{"Mercedes-Benz", "Classe B", "III (W247)", 2019, 0, 2},
		{"Mercedes-Benz", "Classe C", "II (W203)", 2000, 2006, 2},
		{"Mercedes-Benz", "Classe C", "III (W204)", 2007, 2013, 2},
		{"Mercedes-Benz", "Classe C", "IV (W205)", 2014, 2020, 2},
		{"Mercedes-Benz", "Classe C", "V (W206)", 2021, 0, 2},
		{"Mercedes-Benz", "GLA", "I (X156)", 2014, 2019, 2},
		{"Mercedes-Benz", "GLA", "II (H247)", 2020, 0, 2},

		{"BMW", "Série 1", "I (E87)", 2004, 2010, 2},
		{"BMW", "Série 1", "II (F20)", 2011, 2018, 2},
		{"BMW", "Série 1", "III (F40)", 2019, 2023, 2},
		{"BMW", "Série 1", "IV (F70)", 2024, 0, 2},
		{"BMW", "Série 3", "IV (E46)", 1998, 2004, 2},
		{"BMW", "Série 3", "V (E90)", 2005, 2011, 2},
		{"BMW", "Série 3", "VI (F30)", 2012, 2018, 2},
		{"BMW", "Série 3", "VII (G20)", 2019, 0, 2},
		{"BMW", "Série 3 Touring", "VII (G21)", 2019, 0, 2},
		{"BMW", "X1", "I (E84)", 2009, 2014, 2},
		{"BMW", "X1", "II (F48)", 2015, 2021, 2},
		{"BMW", "X1", "III (U11)", 2022, 0, 2},

		{"Mini", "Cooper", "I (R50)", 2001, 2005, 2},
		{"Mini", "Cooper", "II (R56)", 2006, 2013, 2},
		{"Mini", "Cooper", "III (F56)", 2014, 2023, 2},
		{"Mini", "Cooper", "IV", 2024, 0, 2},

		{"Audi", "A3", "I (8L)", 1996, 2002, 2},
		{"Audi", "A3", "II (8P)", 2003, 2011, 2},
		{"Audi", "A3", "III (8V)", 2012, 2019, 2},
		{"Audi", "A3", "IV (8Y)", 2020, 0, 2},
		{"Audi", "A4", "I (B5)", 1995, 2000, 2},
		{"Audi", "A4", "II (B6)", 2001, 2003, 2},
		{"Audi", "A4", "III (B7)", 2004, 2007, 2},
		{"Audi", "A4", "IV (B8)", 2008, 2014, 2},
		{"Audi", "A4", "V (B9)", 2015, 2024, 2},
		{"Audi", "Q3", "I (8U)", 2011, 2017, 2},
		{"Audi", "Q3", "II (F3)", 2018, 2024, 2},
		{"Audi", "Q3", "III", 2025, 0, 2},

		{"Smart", "Fortwo", "I", 1998, 2006, 2},
		{"Smart", "Fortwo", "II", 2007, 2013, 2},
		{"Smart", "Fortwo", "III", 2014, 2024, 2},
		{"Smart", "Forfour", "I", 2004, 2006, 2},
		{"Smart", "Forfour", "II", 2014, 2021, 2},
		{"Smart", "#1", "", 2023, 0, 2},
	}
	// The generations the catalogue has of each model of the table, so
	// that one added or renamed without its row is seen too.
	listed := map[string][]string{}
	for _, tt := range tests {
		listed[tt.make+" "+tt.model] = append(listed[tt.make+" "+tt.model], tt.generation)
	}
	found := map[string][]string{}
	for _, v := range c.vehicles {
		if key := v.Make + " " + v.Model; v.Kind == "car" && listed[key] != nil && !slices.Contains(found[key], v.Generation) {
			found[key] = append(found[key], v.Generation)
		}
	}
	for key, gens := range listed {
		for _, g := range found[key] {
			if !slices.Contains(gens, g) {
				t.Errorf("%s: generation %q of the catalogue is not in the table", key, g)
			}
		}
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s %s %s (%d–%d)", tt.make, tt.model, tt.generation, tt.from, tt.to)
		var got []*Vehicle
		for _, v := range c.vehicles {
			if v.Kind == "car" && v.Make == tt.make && v.Model == tt.model && v.Generation == tt.generation {
				got = append(got, v)
			}
		}
		if len(got) < tt.versions {
			t.Errorf("%s: %d versions, want at least %d", name, len(got), tt.versions)
			continue
		}
		stillSold := false
		for _, v := range got {
			if v.FromYear < tt.from || tt.to != 0 && (v.ToYear == 0 || v.ToYear > tt.to) {
				t.Errorf("%s: %s sold from %d to %d, outside its generation's years", name, v.ID, v.FromYear, v.ToYear)
			}
			stillSold = stillSold || v.ToYear == 0
		}
		if tt.to == 0 && !stillSold {
			t.Errorf("%s: still sold, but every version has a last year", name)
		}
		last := tt.to
		if last == 0 {
			last = today.Year
		}
		for y := max(tt.from, 2000); y <= last; y++ {
			if !slices.ContainsFunc(got, func(v *Vehicle) bool { return v.FromYear <= y && (v.ToYear == 0 || y <= v.ToYear) }) {
				t.Errorf("%s: no version sold new in %d", name, y)
			}
		}
	}
}
