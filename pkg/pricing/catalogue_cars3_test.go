package pricing

import "testing"

// TestCatalogueCars3 checks the generations of the cars of Volkswagen,
// Toyota, Seat, Škoda, Kia, Hyundai, Suzuki, Honda, Tesla, Volvo, MG and
// Jeep sold new in France since 2000 (issue 39): each is in the
// catalogue under its name, with its model years (the first year of its
// earliest version, the last of its latest, 0 while it is still sold)
// and its common versions (three at least for the Golf, the Polo and
// the Yaris); a model listed here has no generation the table lacks.
func TestCatalogueCars3(t *testing.T) {
	tests := []struct {
		make, model, generation string
		fromYear, toYear        int
		versions                int
	}{
		// Volkswagen
		{"Volkswagen", "Polo", "III", 1995, 2001, 3},
		{"Volkswagen", "Polo", "IV", 2002, 2009, 3},
		{"Volkswagen", "Polo", "V", 2010, 2017, 3},
		{"Volkswagen", "Polo", "VI", 2018, 0, 3},
		{"Volkswagen", "Golf", "IV", 1998, 2003, 3},
		{"Volkswagen", "Golf", "V", 2004, 2008, 3},
		{"Volkswagen", "Golf", "VI", 2009, 2012, 3},
		{"Volkswagen", "Golf", "VII", 2013, 2019, 3},
		{"Volkswagen", "Golf", "VIII", 2020, 0, 3},
		{"Volkswagen", "Golf SW", "VIII", 2020, 0, 2},
		{"Volkswagen", "Touran", "I", 2003, 2015, 2},
		{"Volkswagen", "Touran", "II", 2016, 2026, 2},
		{"Volkswagen", "Tiguan", "I", 2008, 2015, 2},
		{"Volkswagen", "Tiguan", "II", 2016, 2023, 2},
		{"Volkswagen", "Tiguan", "III", 2024, 0, 2},
		{"Volkswagen", "Passat", "B5", 1997, 2004, 2},
		{"Volkswagen", "Passat", "B6", 2005, 2010, 2},
		{"Volkswagen", "Passat", "B7", 2011, 2014, 2},
		{"Volkswagen", "Passat", "B8", 2015, 2023, 2},
		{"Volkswagen", "Passat", "B9", 2024, 0, 2},
		{"Volkswagen", "T-Roc", "I", 2018, 2025, 2},
		{"Volkswagen", "T-Roc", "II", 2026, 0, 2},
		{"Volkswagen", "T-Cross", "", 2019, 0, 2},
		{"Volkswagen", "Up!", "", 2012, 2023, 2},
		{"Volkswagen", "Lupo", "", 1998, 2005, 2},
		{"Volkswagen", "Fox", "", 2005, 2011, 2},
		{"Volkswagen", "ID.3", "", 2020, 0, 2},
		{"Volkswagen", "ID.4", "", 2021, 0, 2},
		// Toyota
		{"Toyota", "Aygo", "I", 2005, 2013, 2},
		{"Toyota", "Aygo", "II", 2014, 2021, 2},
		{"Toyota", "Aygo X", "", 2022, 0, 2},
		{"Toyota", "Yaris", "I", 1999, 2005, 3},
		{"Toyota", "Yaris", "II", 2006, 2011, 3},
		{"Toyota", "Yaris", "III", 2012, 2019, 3},
		{"Toyota", "Yaris", "IV", 2020, 0, 3},
		{"Toyota", "Yaris Cross", "", 2021, 0, 2},
		{"Toyota", "Auris", "I", 2007, 2012, 2},
		{"Toyota", "Auris", "II", 2013, 2018, 2},
		{"Toyota", "Corolla", "VIII", 1997, 2001, 2},
		{"Toyota", "Corolla", "IX", 2002, 2006, 2},
		{"Toyota", "Corolla", "XII", 2019, 0, 2},
		{"Toyota", "Corolla Touring Sports", "XII", 2019, 0, 2},
		{"Toyota", "Prius", "I", 2001, 2003, 1}, // one version sold in France
		{"Toyota", "Prius", "II", 2004, 2009, 2},
		{"Toyota", "Prius", "III", 2010, 2015, 2},
		{"Toyota", "Prius", "IV", 2016, 2022, 2},
		{"Toyota", "Prius", "V", 2024, 0, 1}, // sold in France as a plug-in hybrid only
		{"Toyota", "C-HR", "I", 2017, 2022, 2},
		{"Toyota", "C-HR", "II", 2023, 0, 2},
		{"Toyota", "RAV4", "I", 1994, 2000, 2},
		{"Toyota", "RAV4", "II", 2001, 2005, 2},
		{"Toyota", "RAV4", "III", 2006, 2012, 2},
		{"Toyota", "RAV4", "IV", 2013, 2018, 2},
		{"Toyota", "RAV4", "V", 2019, 0, 2},
		// Seat
		{"Seat", "Ibiza", "II", 1993, 2001, 2},
		{"Seat", "Ibiza", "III", 2002, 2007, 2},
		{"Seat", "Ibiza", "IV", 2008, 2016, 2},
		{"Seat", "Ibiza", "V", 2017, 0, 2},
		{"Seat", "Leon", "I", 1999, 2004, 2},
		{"Seat", "Leon", "II", 2005, 2012, 2},
		{"Seat", "Leon", "III", 2013, 2019, 2},
		{"Seat", "Leon", "IV", 2020, 0, 2},
		{"Seat", "Arona", "", 2017, 0, 2},
		// Škoda
		{"Škoda", "Fabia", "I", 2000, 2006, 2},
		{"Škoda", "Fabia", "II", 2007, 2014, 2},
		{"Škoda", "Fabia", "III", 2015, 2020, 2},
		{"Škoda", "Fabia", "IV", 2021, 0, 2},
		{"Škoda", "Octavia", "I", 1997, 2003, 2},
		{"Škoda", "Octavia", "II", 2004, 2012, 2},
		{"Škoda", "Octavia", "III", 2013, 2019, 2},
		{"Škoda", "Octavia", "IV", 2020, 0, 2},
		{"Škoda", "Octavia Combi", "IV", 2020, 0, 2},
		// Kia
		{"Kia", "Picanto", "I", 2004, 2010, 2},
		{"Kia", "Picanto", "II", 2011, 2016, 2},
		{"Kia", "Picanto", "III", 2017, 0, 2},
		{"Kia", "Rio", "I", 2000, 2005, 2},
		{"Kia", "Rio", "II", 2006, 2011, 2},
		{"Kia", "Rio", "III", 2012, 2016, 2},
		{"Kia", "Rio", "IV", 2017, 2023, 2},
		{"Kia", "Ceed", "I", 2007, 2011, 2},
		{"Kia", "Ceed", "II", 2012, 2017, 2},
		{"Kia", "Ceed", "III", 2018, 0, 2},
		{"Kia", "Sportage", "I", 1995, 2003, 2},
		{"Kia", "Sportage", "II", 2005, 2010, 2},
		{"Kia", "Sportage", "III", 2011, 2015, 2},
		{"Kia", "Sportage", "IV", 2016, 2021, 2},
		{"Kia", "Sportage", "V", 2022, 0, 2},
		{"Kia", "Niro", "I", 2017, 2021, 2},
		{"Kia", "Niro", "II", 2022, 0, 2},
		{"Kia", "EV3", "", 2024, 0, 2},
		// Hyundai
		{"Hyundai", "i10", "I", 2008, 2013, 2},
		{"Hyundai", "i10", "II", 2014, 2019, 2},
		{"Hyundai", "i10", "III", 2020, 0, 2},
		{"Hyundai", "i20", "I", 2009, 2014, 2},
		{"Hyundai", "i20", "II", 2015, 2019, 2},
		{"Hyundai", "i20", "III", 2020, 0, 2},
		{"Hyundai", "i30", "I", 2007, 2011, 2},
		{"Hyundai", "i30", "II", 2012, 2016, 2},
		{"Hyundai", "i30", "III", 2017, 0, 2},
		{"Hyundai", "Tucson", "I", 2004, 2009, 2},
		{"Hyundai", "Tucson", "III", 2016, 2020, 2},
		{"Hyundai", "Tucson", "IV", 2021, 0, 2},
		{"Hyundai", "ix35", "", 2010, 2015, 2},
		{"Hyundai", "Kona", "I", 2018, 2022, 2},
		{"Hyundai", "Kona", "II", 2023, 0, 2},
		// Suzuki
		{"Suzuki", "Swift", "I", 1989, 2003, 2},
		{"Suzuki", "Swift", "II", 2005, 2010, 2},
		{"Suzuki", "Swift", "III", 2011, 2016, 2},
		{"Suzuki", "Swift", "IV", 2017, 2023, 2},
		{"Suzuki", "Swift", "V", 2024, 0, 2},
		{"Suzuki", "Vitara", "", 2015, 0, 2},
		// Honda
		{"Honda", "Jazz", "I", 2002, 2008, 2},
		{"Honda", "Jazz", "II", 2009, 2015, 2},
		{"Honda", "Jazz", "III", 2016, 2019, 2},
		{"Honda", "Jazz", "IV", 2020, 0, 2},
		{"Honda", "Jazz Crosstar", "", 2020, 0, 2},
		{"Honda", "Civic", "VI", 1996, 2000, 2},
		{"Honda", "Civic", "VII", 2001, 2005, 2},
		{"Honda", "Civic", "VIII", 2006, 2011, 2},
		{"Honda", "Civic", "IX", 2012, 2016, 2},
		{"Honda", "Civic", "X", 2017, 2021, 2},
		{"Honda", "Civic", "XI", 2022, 0, 2},
		{"Honda", "HR-V", "I", 1999, 2005, 2},
		{"Honda", "HR-V", "II", 2016, 2020, 2},
		{"Honda", "HR-V", "III", 2021, 0, 1}, // hybrid only
		// Tesla
		{"Tesla", "Model 3", "", 2019, 0, 2},
		{"Tesla", "Model Y", "", 2021, 0, 2},
		// Volvo
		{"Volvo", "XC40", "", 2018, 0, 2},
		// MG
		{"MG", "MG4", "", 2022, 0, 2},
		{"MG", "ZS", "I", 2020, 2023, 2},
		{"MG", "ZS", "II", 2024, 0, 2},
		{"MG", "ZS EV", "", 2020, 0, 2},
		// Jeep
		{"Jeep", "Avenger", "", 2023, 0, 2},
		{"Jeep", "Renegade", "", 2015, 0, 2},
	}
	type span struct{ fromYear, toYear, versions int }
	found := map[[3]string]*span{}
	for _, v := range testTariff(t).Catalogue().vehicles {
		if v.Kind != "car" {
			continue
		}
		k := [3]string{v.Make, v.Model, v.Generation}
		s := found[k]
		if s == nil {
			s = &span{fromYear: v.FromYear, toYear: v.ToYear}
			found[k] = s
		}
		s.fromYear = min(s.fromYear, v.FromYear)
		if s.toYear != 0 && (v.ToYear == 0 || v.ToYear > s.toYear) {
			s.toYear = v.ToYear
		}
		s.versions++
	}
	listed := map[[2]string]map[string]bool{}
	for _, tt := range tests {
		name := tt.make + " " + tt.model + " " + tt.generation
		m := [2]string{tt.make, tt.model}
		if listed[m] == nil {
			listed[m] = map[string]bool{}
		}
		listed[m][tt.generation] = true
		s := found[[3]string{tt.make, tt.model, tt.generation}]
		switch {
		case s == nil:
			t.Errorf("%s: not in the catalogue", name)
		case s.fromYear != tt.fromYear || s.toYear != tt.toYear:
			t.Errorf("%s: model years %d to %d, want %d to %d", name, s.fromYear, s.toYear, tt.fromYear, tt.toYear)
		case s.versions < tt.versions:
			t.Errorf("%s: %d versions, want at least %d", name, s.versions, tt.versions)
		}
	}
	for k := range found {
		if gens := listed[[2]string{k[0], k[1]}]; gens != nil && !gens[k[2]] {
			t.Errorf("%s %s: generation « %s » not in the table", k[0], k[1], k[2])
		}
	}
}
