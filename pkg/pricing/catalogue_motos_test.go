package pricing

import (
	"slices"
	"testing"
)

// motoGeneration is a generation of a motorbike or scooter as the
// catalogue must have it: its name and its first and last model years
// (0 while it is still sold).
type motoGeneration struct {
	name     string
	from, to int
}

// motoModels are the motorbikes and scooters most registered in France
// since 2000, each with every generation sold new there since then
// (docs/pricing.md gives the sources).
var motoModels = []struct {
	make, model string
	generations []motoGeneration
}{
	{"Yamaha", "MT-07", []motoGeneration{{"I", 2014, 2024}, {"II", 2025, 0}}},
	{"Yamaha", "MT-09", []motoGeneration{{"I", 2014, 2016}, {"II", 2017, 2020}, {"III", 2021, 2023}, {"IV", 2024, 0}}},
	{"Yamaha", "MT-125", []motoGeneration{{"I", 2014, 2019}, {"II", 2020, 0}}},
	{"Yamaha", "R7", []motoGeneration{{"", 2022, 0}}},
	{"Yamaha", "Tracer 7", []motoGeneration{{"", 2020, 0}}},
	{"Yamaha", "Tracer 9", []motoGeneration{{"", 2021, 0}}},
	{"Yamaha", "Ténéré 700", []motoGeneration{{"", 2019, 0}}},
	{"Yamaha", "NMAX 125", []motoGeneration{{"I", 2015, 2020}, {"II", 2021, 0}}},
	{"Yamaha", "XMAX 125", []motoGeneration{{"I", 2006, 2009}, {"II", 2010, 2013}, {"III", 2014, 2017}, {"IV", 2018, 0}}},
	{"Yamaha", "XMAX 250", []motoGeneration{{"I", 2006, 2009}, {"II", 2010, 2013}, {"III", 2014, 2016}}},
	{"Yamaha", "XMAX 300", []motoGeneration{{"", 2017, 0}}},
	{"Yamaha", "XMAX 400", []motoGeneration{{"I", 2013, 2017}, {"II", 2018, 2020}}},
	{"Yamaha", "TMAX", []motoGeneration{{"500", 2001, 2011}, {"530", 2012, 2019}, {"560", 2020, 0}}},
	{"Yamaha", "FZS 600 Fazer", []motoGeneration{{"", 1998, 2003}}},
	{"Yamaha", "FZ6", []motoGeneration{{"", 2004, 2010}}},
	{"Yamaha", "XJ6", []motoGeneration{{"", 2009, 2016}}},
	{"MBK", "Booster", []motoGeneration{{"I", 1990, 2003}, {"II", 2004, 2017}, {"III", 2020, 0}}},
	{"MBK", "Nitro", []motoGeneration{{"I", 1998, 2012}, {"II", 2013, 2017}}},
	{"Honda", "CB500 Hornet", []motoGeneration{{"", 2024, 0}}},
	{"Honda", "CB500F", []motoGeneration{{"I", 2013, 2015}, {"II", 2016, 2018}, {"III", 2019, 2023}}},
	{"Honda", "CB500X", []motoGeneration{{"I", 2013, 2015}, {"II", 2016, 2018}, {"III", 2019, 2023}}},
	{"Honda", "NX500", []motoGeneration{{"", 2024, 0}}},
	{"Honda", "CB 500", []motoGeneration{{"", 1994, 2003}}},
	{"Honda", "CB600F Hornet", []motoGeneration{{"I", 1998, 2002}, {"II", 2003, 2006}, {"III", 2007, 2013}}},
	{"Honda", "CBF 600", []motoGeneration{{"I", 2004, 2007}, {"II", 2008, 2013}}},
	{"Honda", "CB650F", []motoGeneration{{"", 2014, 2018}}},
	{"Honda", "CB650R", []motoGeneration{{"", 2019, 0}}},
	{"Honda", "CB750 Hornet", []motoGeneration{{"", 2023, 0}}},
	{"Honda", "CB125R", []motoGeneration{{"", 2018, 0}}},
	{"Honda", "CBF 125", []motoGeneration{{"", 2009, 2015}}},
	{"Honda", "NC700X", []motoGeneration{{"", 2012, 2013}}},
	{"Honda", "NC750X", []motoGeneration{{"I", 2014, 2015}, {"II", 2016, 2020}, {"III", 2021, 0}}},
	{"Honda", "Transalp", []motoGeneration{{"650", 2000, 2007}, {"700", 2008, 2012}}},
	{"Honda", "XL750 Transalp", []motoGeneration{{"", 2023, 0}}},
	{"Honda", "XRV 750 Africa Twin", []motoGeneration{{"", 1990, 2003}}},
	{"Honda", "CRF1000L Africa Twin", []motoGeneration{{"", 2016, 2019}}},
	{"Honda", "CRF1100L Africa Twin", []motoGeneration{{"", 2020, 0}}},
	{"Honda", "Deauville", []motoGeneration{{"650", 1998, 2005}, {"700", 2006, 2013}}},
	{"Honda", "PCX 125", []motoGeneration{{"I", 2010, 2017}, {"II", 2018, 2020}, {"III", 2021, 0}}},
	{"Honda", "SH 125", []motoGeneration{{"I", 2001, 2004}, {"II", 2005, 2008}, {"III", 2009, 2012}, {"IV", 2013, 2016}, {"V", 2017, 2019}, {"VI", 2020, 0}}},
	{"Honda", "SH 300i", []motoGeneration{{"I", 2007, 2014}, {"II", 2015, 2020}}},
	{"Honda", "SH350i", []motoGeneration{{"", 2021, 0}}},
	{"Honda", "Forza 125", []motoGeneration{{"I", 2015, 2017}, {"II", 2018, 0}}},
	{"Honda", "Forza 300", []motoGeneration{{"I", 2013, 2017}, {"II", 2018, 2020}}},
	{"Honda", "Forza 350", []motoGeneration{{"", 2021, 0}}},
	{"Honda", "X-ADV", []motoGeneration{{"I", 2017, 2020}, {"II", 2021, 0}}},
	{"Kawasaki", "ER-6n", []motoGeneration{{"I", 2006, 2008}, {"II", 2009, 2011}, {"III", 2012, 2016}}},
	{"Kawasaki", "ER-6f", []motoGeneration{{"I", 2006, 2008}, {"II", 2009, 2011}, {"III", 2012, 2016}}},
	{"Kawasaki", "Z650", []motoGeneration{{"", 2017, 0}}},
	{"Kawasaki", "Z750", []motoGeneration{{"I", 2004, 2006}, {"II", 2007, 2012}}},
	{"Kawasaki", "Z800", []motoGeneration{{"", 2013, 2016}}},
	{"Kawasaki", "Z900", []motoGeneration{{"", 2017, 0}}},
	{"Kawasaki", "Ninja 650", []motoGeneration{{"", 2017, 0}}},
	{"Kawasaki", "Versys 650", []motoGeneration{{"I", 2007, 2009}, {"II", 2010, 2014}, {"III", 2015, 2021}, {"IV", 2022, 0}}},
	{"Suzuki", "V-Strom 650", []motoGeneration{{"I", 2004, 2011}, {"II", 2012, 2016}, {"III", 2017, 0}}},
	{"Suzuki", "V-Strom 800DE", []motoGeneration{{"", 2023, 0}}},
	{"Suzuki", "GSX-8S", []motoGeneration{{"", 2023, 0}}},
	{"Suzuki", "SV650", []motoGeneration{{"I", 1999, 2002}, {"II", 2003, 2010}, {"III", 2016, 0}}},
	{"Suzuki", "SFV650 Gladius", []motoGeneration{{"", 2009, 2015}}},
	{"Suzuki", "Bandit 600", []motoGeneration{{"", 2000, 2004}}},
	{"Suzuki", "Bandit 650", []motoGeneration{{"I", 2005, 2006}, {"II", 2007, 2015}}},
	{"Suzuki", "Bandit 1200", []motoGeneration{{"", 2001, 2006}}},
	{"Suzuki", "Bandit 1250", []motoGeneration{{"", 2007, 2016}}},
	{"Suzuki", "GSR 600", []motoGeneration{{"", 2006, 2011}}},
	{"Suzuki", "GSR 750", []motoGeneration{{"", 2011, 2016}}},
	{"Suzuki", "GSX-S750", []motoGeneration{{"", 2017, 2021}}},
	{"Suzuki", "Burgman 125", []motoGeneration{{"I", 2002, 2006}, {"II", 2007, 2013}, {"III", 2014, 2020}}},
	{"Suzuki", "Burgman Street 125EX", []motoGeneration{{"", 2023, 0}}},
	{"Suzuki", "Burgman 400", []motoGeneration{{"I", 1999, 2006}, {"II", 2007, 2016}, {"III", 2017, 0}}},
	{"BMW", "R 1150 GS", []motoGeneration{{"", 1999, 2005}}},
	{"BMW", "R 1200 GS", []motoGeneration{{"I", 2004, 2007}, {"II", 2008, 2012}, {"III", 2013, 2018}}},
	{"BMW", "R 1250 GS", []motoGeneration{{"", 2019, 2023}}},
	{"BMW", "R 1300 GS", []motoGeneration{{"", 2024, 0}}},
	{"BMW", "F 900 R", []motoGeneration{{"", 2020, 0}}},
	{"BMW", "F 900 GS", []motoGeneration{{"", 2024, 0}}},
	{"BMW", "G 310 R", []motoGeneration{{"", 2017, 0}}},
	{"BMW", "C 400 X", []motoGeneration{{"", 2019, 0}}},
	{"BMW", "C 400 GT", []motoGeneration{{"", 2019, 0}}},
	{"BMW", "CE 04", []motoGeneration{{"", 2022, 0}}},
	{"Piaggio", "MP3", []motoGeneration{{"I", 2006, 2013}, {"II", 2014, 2021}, {"III", 2022, 0}}},
	{"Piaggio", "Medley 125", []motoGeneration{{"", 2016, 0}}},
	{"Piaggio", "Liberty 50", []motoGeneration{{"I", 1997, 2015}, {"II", 2016, 0}}},
	{"Piaggio", "Liberty 125", []motoGeneration{{"I", 1997, 2015}, {"II", 2016, 0}}},
	{"Piaggio", "Beverly", []motoGeneration{{"I", 2001, 2009}, {"II", 2010, 2020}, {"III", 2021, 0}}},
	{"Piaggio", "1", []motoGeneration{{"", 2021, 0}}},
	{"Vespa", "Primavera 125", []motoGeneration{{"", 2014, 0}}},
	{"Vespa", "Primavera 50", []motoGeneration{{"", 2014, 0}}},
	{"Vespa", "LX 50", []motoGeneration{{"", 2005, 2013}}},
	{"Vespa", "LX 125", []motoGeneration{{"", 2005, 2013}}},
	{"Vespa", "GTS 125", []motoGeneration{{"ie", 2009, 2016}, {"i-get", 2017, 0}}},
	{"Vespa", "GTS 250", []motoGeneration{{"", 2005, 2008}}},
	{"Vespa", "GTS 300", []motoGeneration{{"ie", 2008, 2018}, {"hpe", 2019, 0}}},
	{"Peugeot", "Django 50", []motoGeneration{{"", 2015, 0}}},
	{"Peugeot", "Django 125", []motoGeneration{{"", 2014, 0}}},
	{"Peugeot", "Metropolis 400", []motoGeneration{{"I", 2013, 2019}, {"II", 2020, 0}}},
	{"Peugeot", "Kisbee 50", []motoGeneration{{"I", 2010, 2017}, {"II", 2018, 0}}},
	{"Peugeot", "Speedfight", []motoGeneration{{"2", 2000, 2008}, {"3", 2009, 2014}, {"4", 2015, 2020}}},
	{"Peugeot", "Tweet", []motoGeneration{{"", 2010, 0}}},
	{"Kymco", "Agility 50", []motoGeneration{{"", 2006, 0}}},
	{"Kymco", "Agility 125", []motoGeneration{{"", 2008, 0}}},
	{"Kymco", "People S 125", []motoGeneration{{"I", 2005, 2017}, {"II", 2018, 0}}},
	{"Kymco", "AK 550", []motoGeneration{{"", 2017, 0}}},
	{"Harley-Davidson", "Sportster", []motoGeneration{{"I", 1986, 2003}, {"II", 2004, 2020}}},
	{"Harley-Davidson", "Sportster S", []motoGeneration{{"", 2021, 0}}},
	{"Harley-Davidson", "Nightster", []motoGeneration{{"", 2022, 0}}},
	{"Ducati", "Monster", []motoGeneration{{"I", 1993, 2007}, {"II", 2008, 2013}, {"III", 2014, 2020}, {"IV", 2021, 2024}, {"V", 2025, 0}}},
	{"Ducati", "Scrambler", []motoGeneration{{"I", 2015, 2022}, {"II", 2023, 0}}},
	{"KTM", "125 Duke", []motoGeneration{{"I", 2011, 2016}, {"II", 2017, 2023}, {"III", 2024, 0}}},
	{"KTM", "390 Duke", []motoGeneration{{"I", 2013, 2016}, {"II", 2017, 2023}, {"III", 2024, 0}}},
	{"KTM", "790 Duke", []motoGeneration{{"I", 2018, 2020}, {"II", 2023, 0}}},
	{"Triumph", "Trident 660", []motoGeneration{{"", 2021, 0}}},
	{"Triumph", "Street Triple 675", []motoGeneration{{"I", 2007, 2012}, {"II", 2013, 2016}}},
	{"Triumph", "Street Triple 765", []motoGeneration{{"I", 2017, 2022}, {"II", 2023, 0}}},
	{"Triumph", "Tiger Sport 660", []motoGeneration{{"", 2022, 0}}},
	{"Triumph", "Speed 400", []motoGeneration{{"", 2024, 0}}},
}

// generationSpan is what the catalogue prices of a generation, which it
// has only if it has a version: from its versions' first model year to
// their last, 0 if one is still sold.
type generationSpan struct {
	from, to int
}

// TestCatalogueMotos checks that the catalogue has each motorbike and
// scooter of the table with exactly its generations, each generation
// with at least one version and versions that cover its years, and that
// it holds at least 30 models of motorbikes and scooters.
func TestCatalogueMotos(t *testing.T) {
	c := testTariff(t).Catalogue()
	spans := map[[3]string]*generationSpan{}
	names := map[[2]string][]string{}
	for _, v := range c.vehicles {
		if v.Kind != "moto" {
			continue
		}
		key := [3]string{v.Make, v.Model, v.Generation}
		s := spans[key]
		if s == nil {
			s = &generationSpan{from: v.FromYear, to: v.ToYear}
			spans[key] = s
			names[[2]string{v.Make, v.Model}] = append(names[[2]string{v.Make, v.Model}], v.Generation)
		}
		s.from = min(s.from, v.FromYear)
		if s.to != 0 && (v.ToYear == 0 || v.ToYear > s.to) {
			s.to = v.ToYear
		}
	}
	if len(names) < 30 {
		t.Errorf("%d models of motorbikes and scooters, want at least 30", len(names))
	}
	seen := map[[2]string]bool{}
	for _, m := range motoModels {
		key := [2]string{m.make, m.model}
		if seen[key] {
			t.Errorf("%s %s twice in the table", m.make, m.model)
		}
		seen[key] = true
		var want []string
		for _, g := range m.generations {
			want = append(want, g.name)
			s := spans[[3]string{m.make, m.model, g.name}]
			switch {
			case s == nil:
				t.Errorf("%s %s %q: not in the catalogue", m.make, m.model, g.name)
			case s.from != g.from || s.to != g.to:
				t.Errorf("%s %s %q: versions from %d to %d, want %d to %d", m.make, m.model, g.name, s.from, s.to, g.from, g.to)
			}
		}
		got := slices.Clone(names[key])
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s %s: generations %q, want %q", m.make, m.model, got, want)
		}
	}
	if len(seen) < 30 {
		t.Errorf("the table covers %d models, want at least 30", len(seen))
	}
}
