package pricing

import (
	"errors"
	"math"
	"sort"
	"strings"
	"testing"
)

// describedClio is a 2006 Renault Clio described by its owner: 5 CV,
// diesel, 15 000 € new.
func describedClio() Answers {
	a := medianCar()
	a.VehicleID, a.VehicleYear = "", 2006
	a.VehicleMake, a.VehicleModel, a.VehicleEnergy, a.VehicleFiscalPower = "Renault", "Clio", "diesel", 5
	a.VehicleValueKind, a.VehicleValueCents = "new", 1500000
	return a
}

// describedBike is a 2010 Yamaha XJ6 (600 cm³, A2) bought 4 000 €.
func describedBike() Answers {
	return Answers{BirthDate: "1990-03-04", LicenceDate: "2012-06-01", MotoLicence: "A", BonusMalus: 0.7, PostalCode: "33000",
		VehicleYear: 2010, VehicleMake: "Yamaha", VehicleModel: "XJ6", VehicleEnergy: "essence", VehicleCc: 600, VehicleLicence: "A2",
		VehicleValueKind: "paid", VehicleValueCents: 400000, Usage: "private", Parking: "garage", YearlyKm: 6000}
}

// TestDescribedRefused moves each characteristic of a described vehicle
// out of what is plausible: each is refused on its own key, in French.
func TestDescribedRefused(t *testing.T) {
	tr := testTariff(t)
	tests := []struct {
		name    string
		product string
		change  func(*Answers)
		field   string
		message string // a part of the message
	}{
		{"a catalogue id besides", "car", func(a *Answers) { a.VehicleID = "renault-clio-tce-90" }, "vehicleId", "pas les deux"},
		{"no year", "car", func(a *Answers) { a.VehicleYear = 0 }, "vehicleYear", "entre 1996 et 2026"},
		{"31 years old", "car", func(a *Answers) { a.VehicleYear = 1995 }, "vehicleYear", "entre 1996 et 2026"},
		{"next year", "car", func(a *Answers) { a.VehicleYear = 2027 }, "vehicleYear", "case B de la carte grise"},
		{"no make", "car", func(a *Answers) { a.VehicleMake = "  " }, "vehicleMake", "la marque"},
		{"a make of punctuation", "car", func(a *Answers) { a.VehicleMake = "--" }, "vehicleMake", "la marque"},
		{"a control character", "car", func(a *Answers) { a.VehicleModel = "Clio\x07" }, "vehicleModel", "le modèle"},
		{"a model of 41 characters", "car", func(a *Answers) { a.VehicleModel = strings.Repeat("é", 41) }, "vehicleModel", "40\u00a0caractères"},
		{"no energy", "car", func(a *Answers) { a.VehicleEnergy = "" }, "vehicleEnergy", "l’énergie"},
		{"an unknown energy", "car", func(a *Answers) { a.VehicleEnergy = "vapeur" }, "vehicleEnergy", "l’énergie"},
		{"no fiscal power", "car", func(a *Answers) { a.VehicleFiscalPower = 0 }, "vehicleFiscalPower", "entre 1 et 60\u00a0CV"},
		{"61 CV", "car", func(a *Answers) { a.VehicleFiscalPower = 61 }, "vehicleFiscalPower", "entre 1 et 60\u00a0CV"},
		{"a 2 CV diesel", "car", func(a *Answers) { a.VehicleFiscalPower = 2 }, "vehicleFiscalPower", "Une voiture diesel a de 3 à 60\u00a0CV"},
		{"a 41 CV electric car", "car", func(a *Answers) { a.VehicleEnergy, a.VehicleFiscalPower = "electrique", 41 }, "vehicleFiscalPower", "Une voiture électrique a de 1 à 40\u00a0CV"},
		{"no kind of value", "car", func(a *Answers) { a.VehicleValueKind = "" }, "vehicleValueKind", "valeur à neuf ou le prix payé"},
		{"499 €", "car", func(a *Answers) { a.VehicleValueCents = 49999 }, "vehicleValueCents", "entre 500 et 300\u202f000\u00a0€"},
		{"300 001 €", "car", func(a *Answers) { a.VehicleValueCents = 30000100 }, "vehicleValueCents", "entre 500 et 300\u202f000\u00a0€"},
		{"a cc for a car is not asked", "vtc", func(a *Answers) { a.VehicleCc, a.VehicleFiscalPower = 1200, 0 }, "vehicleFiscalPower", "entre 1 et 60\u00a0CV"},
		{"no cc", "moto", func(a *Answers) { a.VehicleCc = 0 }, "vehicleCc", "entre 1 et 2\u202f500\u00a0cm³"},
		{"2 501 cc", "moto", func(a *Answers) { a.VehicleCc = 2501 }, "vehicleCc", "entre 1 et 2\u202f500\u00a0cm³"},
		{"an electric bike with a cc", "moto", func(a *Answers) { a.VehicleEnergy = "electrique" }, "vehicleCc", "n’a pas de cylindrée"},
		{"a diesel bike", "moto", func(a *Answers) { a.VehicleEnergy = "diesel" }, "vehicleEnergy", "l’énergie de votre deux-roues"},
		{"no licence", "moto", func(a *Answers) { a.VehicleLicence = "" }, "vehicleLicence", "le permis"},
		{"a 600 on A1", "moto", func(a *Answers) { a.VehicleLicence = "A1" }, "vehicleLicence", "600\u00a0cm³ se conduit avec le permis A2 ou A"},
		{"a 125 on A2", "moto", func(a *Answers) { a.VehicleCc, a.VehicleLicence = 125, "A2" }, "vehicleLicence", "le permis A1\u00a0:"},
		{"a 50 on A", "moto", func(a *Answers) { a.VehicleCc, a.VehicleLicence = 50, "A" }, "vehicleLicence", "le permis AM ou A1"},
		{"a bike the rider may not ride", "moto", func(a *Answers) { a.MotoLicence = "A1" }, "motoLicence", "il faut le permis A2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := describedClio()
			if tt.product == "moto" {
				a = describedBike()
			}
			a.Days, a.YearlyKm = 10, max(a.YearlyKm, 20000)
			tt.change(&a)
			if msg := refused(t, tr, tt.product, a, Needs{}, tt.field); !strings.Contains(msg, tt.message) {
				t.Errorf("message %q lacks %q", msg, tt.message)
			}
		})
	}
}

// TestDescribedAccepted prices plausible vehicles at the edges of what
// is accepted, for every product that insures a vehicle.
func TestDescribedAccepted(t *testing.T) {
	tr := testTariff(t)
	tests := []struct {
		name    string
		product string
		change  func(*Answers)
	}{
		{"a 2006 Clio", "car", func(*Answers) {}},
		{"30 years old", "car", func(a *Answers) { a.VehicleYear = 1996 }},
		{"new this year", "car", func(a *Answers) { a.VehicleYear = 2026 }},
		{"1 CV electric", "car", func(a *Answers) { a.VehicleEnergy, a.VehicleFiscalPower = "electrique", 1 }},
		{"3 CV petrol", "car", func(a *Answers) { a.VehicleEnergy, a.VehicleFiscalPower = "essence", 3 }},
		{"60 CV", "car", func(a *Answers) { a.VehicleEnergy, a.VehicleFiscalPower = "essence", 60 }},
		{"500 € paid", "car", func(a *Answers) { a.VehicleValueKind, a.VehicleValueCents = "paid", 50000 }},
		{"300 000 € new", "car", func(a *Answers) { a.VehicleValueCents = 30000000 }},
		{"a make with an accent and a dash", "car", func(a *Answers) { a.VehicleMake, a.VehicleModel = "Citroën", "C4 Grand-Picasso" }},
		{"VTC", "vtc", func(a *Answers) { a.YearlyKm, a.Usage, a.VehicleYear = 60000, "", 2022 }}, // under 7 years
		{"temporary", "temp", func(a *Answers) { a.Days = 7 }},
		{"a bike", "moto", func(*Answers) {}},
		{"a 50 cm³ scooter on AM", "moto", func(a *Answers) { a.VehicleCc, a.VehicleLicence = 50, "AM" }},
		{"a 125 on A1", "moto", func(a *Answers) { a.VehicleCc, a.VehicleLicence = 125, "A1" }},
		{"2 500 cm³", "moto", func(a *Answers) { a.VehicleCc, a.VehicleLicence = 2500, "A" }},
		{"an electric scooter", "moto", func(a *Answers) { a.VehicleEnergy, a.VehicleCc, a.VehicleLicence = "electrique", 0, "A1" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := describedClio()
			if tt.product == "moto" {
				a = describedBike()
			}
			tt.change(&a)
			res := mustPrice(t, tr, tt.product, a, Needs{})
			for _, p := range res.Prices {
				if !strings.HasPrefix(p.Trace[0], "Véhicule décrit par vos soins\u00a0: "+a.DescribedName()+", ") {
					t.Fatalf("%s: trace begins with %q", p.ID, p.Trace[0])
				}
			}
		})
	}
}

// TestDescribedTrace reads the first line of the trace: what the client
// said and what the engine estimated from it.
func TestDescribedTrace(t *testing.T) {
	tr := testTariff(t)
	bike := describedBike()
	electric := describedBike()
	electric.VehicleEnergy, electric.VehicleCc, electric.VehicleLicence, electric.VehicleValueKind, electric.VehicleYear = "electrique", 0, "A1", "new", 2026
	paid := describedClio()
	paid.VehicleValueKind, paid.VehicleValueCents = "paid", 300000
	tests := []struct {
		name    string
		product string
		a       Answers
		line    string
	}{
		// 5 − 120/45 = 2,333…; 40 × 2,333^(1/1,6) = 67,9 kW.
		{"a car", "car", describedClio(), "Véhicule décrit par vos soins\u00a0: Renault Clio 2006, 5\u00a0CV, diesel (68\u00a0kW estimés), valeur à neuf 15\u202f000\u00a0€"},
		// 20 years old: a car keeps the schedule's floor, 0,10 of its
		// value; 3 000 € ÷ 0,10 = 30 000 €, which the schedule brings back
		// to 3 000 € for the damage class.
		{"a price paid", "car", paid, "Véhicule décrit par vos soins\u00a0: Renault Clio 2006, 5\u00a0CV, diesel (68\u00a0kW estimés), valeur à neuf estimée 30\u202f000\u00a0€ (prix payé 3\u202f000\u00a0€ ÷ 0,10, la part de sa valeur à neuf que garde un véhicule de 20\u00a0ans)"},
		// A2: 35 kW at most; 16 years old: a motorbike keeps 0,1867 by
		// the schedule; 4 000 € ÷ 0,1867 = 21 425 €.
		{"a motorbike", "moto", bike, "Véhicule décrit par vos soins\u00a0: Yamaha XJ6 2010, 600\u00a0cm³, permis A2, essence (35\u00a0kW estimés), valeur à neuf estimée 21\u202f425\u00a0€ (prix payé 4\u202f000\u00a0€ ÷ 0,1867, la part de sa valeur à neuf que garde un véhicule de 16\u00a0ans)"},
		{"an electric scooter", "moto", electric, "Véhicule décrit par vos soins\u00a0: Yamaha XJ6 2026, permis A1, électrique (11\u00a0kW estimés), valeur à neuf 4\u202f000\u00a0€"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustPrice(t, tr, tt.product, tt.a, Needs{})
			if got := res.Prices[0].Trace[0]; got != tt.line {
				t.Errorf("got  %q\nwant %q", got, tt.line)
			}
		})
	}
}

// TestDescribedPricesLikeTheCatalogue: a car described with what the
// catalogue says of a version, in the same liability group and damage
// class, costs what the version costs, at every insurer and formula;
// its trace is the version's with the described line first.
func TestDescribedPricesLikeTheCatalogue(t *testing.T) {
	tr := testTariff(t)
	v, ok := tr.Catalogue().Vehicle("renault-clio-tce-90") // 5 CV, 67 kW, 20 900 € new
	if !ok {
		t.Fatal("renault-clio-tce-90 is not in the catalogue")
	}
	known := medianCar()
	known.VehicleID, known.VehicleYear = v.ID, v.FromYear
	described := known
	described.VehicleID, described.VehicleMake, described.VehicleModel = "", v.Make, v.Model
	described.VehicleEnergy, described.VehicleFiscalPower = v.Energy, v.FiscalPower
	described.VehicleValueKind, described.VehicleValueCents = "new", v.ValueNewCents
	want, got := mustPrice(t, tr, "car", known, Needs{}), mustPrice(t, tr, "car", described, Needs{})
	for i, p := range got.Prices {
		w := want.Prices[i]
		if p.ID != w.ID || p.YearlyCents != w.YearlyCents || p.MonthlyCents != w.MonthlyCents {
			t.Errorf("%s: %d a year, the catalogue's %s %d", p.ID, p.YearlyCents, w.ID, w.YearlyCents)
		}
		if len(p.Trace) != len(w.Trace)+1 {
			t.Fatalf("%s: %d lines of trace, the catalogue's %d and one", p.ID, len(p.Trace), len(w.Trace))
		}
		for j, line := range w.Trace {
			// The group and class lines say the estimated kW: their
			// group, class and coefficient are the catalogue's.
			g := p.Trace[j+1]
			cut, gcut := strings.Index(line, "kW"), strings.Index(g, "kW")
			if line != g && (cut < 0 || gcut < 0 || line[cut:] != g[gcut:] || !strings.HasPrefix(line, "× ")) {
				t.Errorf("%s: line %q, the catalogue's %q", p.ID, g, line)
			}
		}
	}
}

// TestCarKwEstimate checks the rule of rates.json against the
// catalogue: for each energy, the power it estimates from a version's
// fiscal power is, at the median, within a quarter of the version's.
func TestCarKwEstimate(t *testing.T) {
	tr := testTariff(t)
	ratios := map[string][]float64{}
	for _, v := range tr.Catalogue().vehicles {
		if v.Kind == "car" {
			ratios[v.Energy] = append(ratios[v.Energy], float64(tr.described.CarKw.estimate(v.Energy, v.FiscalPower))/float64(v.PowerKw))
		}
	}
	for _, e := range energies {
		r := ratios[e]
		if len(r) < 3 {
			continue // too few versions to judge
		}
		sort.Float64s(r)
		if median := r[len(r)/2]; median < 0.8 || median > 1.25 || math.IsNaN(median) {
			t.Errorf("%s: the estimate is %.2f times the catalogue's power at the median (%d versions)", e, median, len(r))
		}
	}
}

// TestDescribedName writes the vehicle as people say it.
func TestDescribedName(t *testing.T) {
	a := describedClio()
	a.VehicleMake, a.VehicleModel = " Renault ", "Clio "
	if got := a.DescribedName(); got != "Renault Clio 2006" {
		t.Errorf("got %q", got)
	}
	if got := medianCar(); got.Described() || got.DescribedName() != "" {
		t.Errorf("a catalogue car is described: %q", got.DescribedName())
	}
}

// TestDescribedRulesRefused breaks the rules of a described vehicle in
// the rating file, one at a time: each is refused with its line.
func TestDescribedRulesRefused(t *testing.T) {
	good := readRates(t)
	tests := []struct {
		name, old, repl, at, has string
	}{
		{"an age of 60 years", `"maxAge": 30,`, `"maxAge": 60,`, `"maxAge": 60`, "de 1 à 50"},
		{"a missing energy", `"gpl-e85": { "co2": 130,`, `"gpl": { "co2": 130,`, `"gpl": {`, "énergie inconnue «\u00a0gpl\u00a0»"},
		{"a ratio below 1", `"peakRatio": 1.4,`, `"peakRatio": 0.4,`, `"peakRatio": 0.4`, "«\u00a0peakRatio\u00a0» est entre 1 et 3"},
		{"fiscal powers upside down", `"minFiscalPower": 1, "maxFiscalPower": 40`, `"minFiscalPower": 41, "maxFiscalPower": 40`, `"minFiscalPower": 41`, "la plus petite d’abord"},
		{"A2 below A1", `"A2": 35 }`, `"A2": 10 }`, `"byLicence"`, "positive et croissante"},
		{"a rule without its source", `"label": "puissance estimée d’après le permis",`, `"label": "",`, `"describedVehicle": {`, "une source"},
		{"a question missing", `        { "key": "vehicleCc", "label": "Cylindrée"`, `        { "key": "vehicleCcc", "label": "Cylindrée"`, `"vehicleCcc"`, "champ inconnu «\u00a0vehicleCcc\u00a0»"},
		{"a cc for a car", `{ "key": "vehicleFiscalPower", "label": "Puissance fiscale", "type": "vehicleInt"`, `{ "key": "vehicleCc", "label": "Puissance fiscale", "type": "vehicleInt"`, `"products": {`, "ne décrit pas un véhicule «\u00a0car\u00a0»"},
		{"an unknown licence", `{ "id": "A", "label": "A" }
          ] },
        { "key": "vehicleValueKind"`, `{ "id": "B", "label": "A" }
          ] },
        { "key": "vehicleValueKind"`, `"products": {`, "permis inconnu «\u00a0B\u00a0»"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			broken := replaceOnce(t, good, tt.old, tt.repl)
			_, err := Load([]byte(broken))
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("Load accepted the file or failed without a line: %v", err)
			}
			if !strings.Contains(err.Error(), tt.has) {
				t.Errorf("got %q, want %q", err, tt.has)
			}
			if want := lineOf(t, broken, tt.at); fe.Line < want {
				t.Errorf("line %d, want %d or after", fe.Line, want)
			}
		})
	}
}

// TestDescribedSummary writes the vehicle for staff, as the client said it.
func TestDescribedSummary(t *testing.T) {
	tr := testTariff(t)
	tests := []struct {
		product string
		a       Answers
		want    string
	}{
		{"car", describedClio(), "Renault Clio 2006, 5\u00a0CV, diesel, valeur à neuf 15\u202f000\u00a0€"},
		{"temp", describedClio(), "Renault Clio 2006, 5\u00a0CV, diesel, valeur à neuf 15\u202f000\u00a0€"},
		{"moto", describedBike(), "Yamaha XJ6 2010, 600\u00a0cm³, permis A2, essence, prix payé 4\u202f000\u00a0€"},
		{"car", medianCar(), ""},
	}
	for _, tt := range tests {
		if got := tr.DescribedSummary(tt.product, tt.a); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.product, got, tt.want)
		}
	}
}

// BenchmarkDescribedCarQuote prices the median driver's car described by
// its characteristics: the vehicle made from them, its trace line.
func BenchmarkDescribedCarQuote(b *testing.B) {
	tr := testTariff(b)
	a := describedClio()
	a.VehicleValueKind = "paid"
	n := Needs{Covers: []string{"theft", "glass"}, BudgetMonthlyCents: 6000, Deductible: "medium"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tr.Price("car", a, n, today); err != nil {
			b.Fatal(err)
		}
	}
}
