package pricing

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestWorkedExample redoes by hand the median car at the Mutuelle
// Fictive de l'Ouest, formula Tiers étendu (its numbers are in rates.json).
func TestWorkedExample(t *testing.T) {
	tr := testTariff(t)
	p := find(t, mustPrice(t, tr, "car", medianCar(), Needs{}), "mfo", "tiers-etendu")
	// Liability: 420,00 € × bonus-malus 0,60 (every other factor of the
	// median profile is 1,00) = 252,00 €.
	// Other covers: 350,00 € × class C (the 208's 21 500 € new × 0,3348
	// after 7 years, 7 200 €) 1,00 × vehicle age 7 years 0,95 × car park
	// 0,95 × 0,60 = 189,525 €, rounded half up to 189,53 €.
	const rc, other = 25200, 18953
	if p.PremiumCents != rc+other {
		t.Fatalf("premium %d, want %d", p.PremiumCents, rc+other)
	}
	// Taxes: 33 % × 252,00 = 83,16; FGAO 1,2 % × 252,00 = 3,024 → 3,02;
	// 18 % × 189,53 = 34,1154 → 34,12; FGTI 6,50 (the formula insures
	// property).
	const taxes = 8316 + 302 + 3412 + 650
	if p.TaxesCents != taxes || p.YearlyCents != rc+other+taxes {
		t.Fatalf("taxes %d yearly %d, want %d and %d", p.TaxesCents, p.YearlyCents, taxes, rc+other+taxes)
	}
	// Monthly: 568,33 × 1,02 ÷ 12 = 48,308… → 48,31.
	if p.MonthlyCents != 4831 {
		t.Fatalf("monthly %d, want 4831", p.MonthlyCents)
	}
	for _, line := range []string{
		"Prime de base Tiers étendu\u00a0: 770,00\u00a0€ (responsabilité civile 420,00\u00a0€, autres garanties 350,00\u00a0€)",
		"Valeur estimée du véhicule\u00a0: 7\u202f200\u00a0€ (21\u202f500\u00a0€ à neuf × 0,3348, barème de vétusté à 7\u00a0ans)",
		"× classe de dommages du véhicule (classe C\u00a0: valeur estimée 7\u202f200\u00a0€, 74\u00a0kW), sur la part autres garanties\u00a0: 1,00",
		"× âge du véhicule (7\u00a0ans), sur la part autres garanties\u00a0: 0,95",
		"× zone géographique (zone 3, Loiret)\u00a0: 1,00",
		"× bonus-malus (relevé d’information)\u00a0: 0,60",
		"Prime hors taxes\u00a0: 441,53\u00a0€ (responsabilité civile 252,00\u00a0€, autres garanties 189,53\u00a0€)",
		"Contribution au Fonds de garantie des assurances obligatoires (FGAO)\u00a0: 1,2\u00a0% de 252,00\u00a0€ = 3,02\u00a0€",
		"Contribution attentats (FGTI)\u00a0: 6,50\u00a0€",
		"Total des taxes\u00a0: 126,80\u00a0€",
		"Prime annuelle TTC\u00a0: 568,33\u00a0€",
		"Mensualité\u00a0: 568,33\u00a0€ × 1,02 (frais de fractionnement mensuel 2\u00a0%) ÷ 12 = 48,31\u00a0€",
	} {
		if !slices.Contains(p.Trace, line) {
			t.Errorf("trace lacks %q:\n%s", line, strings.Join(p.Trace, "\n"))
		}
	}
	if p.DeductibleCents != 25000 || len(p.Guarantees) == 0 {
		t.Errorf("deductible %d, guarantees %v", p.DeductibleCents, p.Guarantees)
	}
}

// TestTiersPaysNoTerrorismContribution: the FGTI contribution is due on
// contracts that insure property; third-party cover insures none.
func TestTiersPaysNoTerrorismContribution(t *testing.T) {
	p := find(t, mustPrice(t, testTariff(t), "car", medianCar(), Needs{}), "mfo", "tiers")
	for _, line := range p.Trace {
		if strings.Contains(line, "FGTI") {
			t.Fatalf("Tiers pays the FGTI contribution: %q", line)
		}
	}
}

// factorLine returns the trace line of a factor label in a price.
func factorLine(t *testing.T, p Price, label string) string {
	t.Helper()
	for _, line := range p.Trace {
		if strings.HasPrefix(line, "× "+label+" (") {
			return line
		}
	}
	t.Fatalf("no %q line in\n%s", label, strings.Join(p.Trace, "\n"))
	return ""
}

// TestFactorsAtTheirBounds prices the median car with one answer moved
// to each bound of its bands (rates.json, product car) and reads the
// coefficient the trace shows.
func TestFactorsAtTheirBounds(t *testing.T) {
	tr := testTariff(t)
	tests := []struct {
		name   string
		change func(*Answers)
		label  string
		want   string
	}{
		{"least km", func(a *Answers) { a.YearlyKm = 1000 }, "kilométrage annuel", "(1\u202f000\u00a0km par an)\u00a0: 0,85"},
		{"top of the first km band", func(a *Answers) { a.YearlyKm = 5000 }, "kilométrage annuel", "(5\u202f000\u00a0km par an)\u00a0: 0,85"},
		{"above it", func(a *Answers) { a.YearlyKm = 5001 }, "kilométrage annuel", "(5\u202f001\u00a0km par an)\u00a0: 0,92"},
		{"most km", func(a *Answers) { a.YearlyKm = 100000 }, "kilométrage annuel", "(100\u202f000\u00a0km par an)\u00a0: 1,38"},
		{"no claim", func(a *Answers) { a.Claims36 = 0 }, "sinistres sur 36\u00a0mois", "(aucun)\u00a0: 1,00"},
		{"one claim", func(a *Answers) { a.Claims36 = 1 }, "sinistres sur 36\u00a0mois", "(1\u00a0sinistre)\u00a0: 1,12"},
		{"most claims", func(a *Answers) { a.Claims36 = 5 }, "sinistres sur 36\u00a0mois", "(5\u00a0sinistres)\u00a0: 1,90"},
		{"youngest driver", func(a *Answers) { a.BirthDate, a.LicenceDate = "2008-11-20", "2026-01-10" }, "âge du conducteur", "(18\u00a0ans)\u00a0: 1,05"},
		{"25 years old", func(a *Answers) { a.BirthDate, a.LicenceDate = "2001-11-20", "2019-01-01" }, "âge du conducteur", "(25\u00a0ans)\u00a0: 1,00"},
		{"oldest driver", func(a *Answers) { a.BirthDate = "1927-11-21" }, "âge du conducteur", "(98\u00a0ans)\u00a0: 1,15"},
		{"99 years old", func(a *Answers) { a.BirthDate = "1927-11-20" }, "âge du conducteur", "(99\u00a0ans)\u00a0: 1,15"},
		{"best bonus", func(a *Answers) { a.BonusMalus = 0.5 }, "bonus-malus", "(relevé d’information)\u00a0: 0,50"},
		{"worst malus", func(a *Answers) { a.BonusMalus = 3.5 }, "bonus-malus", "(relevé d’information)\u00a0: 3,50"},
		{"history", func(a *Answers) { a.BonusMalus, a.CRMHistory = 0, &CRMHistory{InsuredYears: 4} }, "bonus-malus", "(calculé sur votre historique d’assurance)\u00a0: 0,80"},
		{"rural zone", func(a *Answers) { a.PostalCode = "48000" }, "zone géographique", "(zone 1, Lozère)\u00a0: 0,82"},
		{"Paris", func(a *Answers) { a.PostalCode = "75011" }, "zone géographique", "(zone 6, Paris)\u00a0: 1,38"},
		{"Rhône", func(a *Answers) { a.PostalCode = "69002" }, "zone géographique", "(zone 5, Rhône)\u00a0: 1,22"},
		{"garage", func(a *Answers) { a.Parking = "garage" }, "stationnement", "(garage fermé), sur la part autres garanties\u00a0: 0,85"},
		{"street", func(a *Answers) { a.Parking = "street" }, "stationnement", "(dans la rue), sur la part autres garanties\u00a0: 1,10"},
		{"private use", func(a *Answers) { a.Usage = "private" }, "usage", "(privé (loisirs, courses))\u00a0: 0,92"},
		{"business use", func(a *Answers) { a.Usage = "business" }, "usage", "(professionnel (déplacements pour le travail))\u00a0: 1,15"},
		{"three named drivers", func(a *Answers) { a.NamedDrivers = 3 }, "conducteurs désignés", "(3\u00a0conducteurs)\u00a0: 1,15"},
		{"a new car", func(a *Answers) { a.VehicleYear = 2026 }, "âge du véhicule", "(moins d’un an), sur la part autres garanties\u00a0: 1,10"},
		{"a car of 1 year", func(a *Answers) { a.VehicleYear = 2025 }, "âge du véhicule", "(1\u00a0an), sur la part autres garanties\u00a0: 1,10"},
		{"a car of 2 years", func(a *Answers) { a.VehicleYear = 2024 }, "âge du véhicule", "(2\u00a0ans), sur la part autres garanties\u00a0: 1,00"},
		{"a car of 4 years", func(a *Answers) { a.VehicleYear = 2022 }, "âge du véhicule", "(4\u00a0ans), sur la part autres garanties\u00a0: 1,00"},
		{"a car of 5 years", func(a *Answers) { a.VehicleYear = 2021 }, "âge du véhicule", "(5\u00a0ans), sur la part autres garanties\u00a0: 0,95"},
		{"a new car's class", func(a *Answers) { a.VehicleYear = 2026 }, "classe de dommages du véhicule", "(classe F\u00a0: valeur à neuf 21\u202f500\u00a0€, 74\u00a0kW), sur la part autres garanties\u00a0: 1,45"},
		{"its class at 2 years", func(a *Answers) { a.VehicleYear = 2024 }, "classe de dommages du véhicule", "(classe E\u00a0: valeur estimée 14\u202f600\u00a0€, 74\u00a0kW), sur la part autres garanties\u00a0: 1,26"},
		{"its class at 7 years", func(a *Answers) { a.VehicleYear = 2019 }, "classe de dommages du véhicule", "(classe C\u00a0: valeur estimée 7\u202f200\u00a0€, 74\u00a0kW), sur la part autres garanties\u00a0: 1,00"},
		{"a small car", func(a *Answers) { a.VehicleID = "peugeot-208-12-puretech-75" }, "groupe de responsabilité civile du véhicule", "(groupe 1\u00a0: 4\u00a0CV, 55\u00a0kW), sur la part responsabilité civile\u00a0: 0,88"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := medianCar()
			tt.change(&a)
			p := find(t, mustPrice(t, tr, "car", a, Needs{}), "mfo", "tous-risques")
			if line := factorLine(t, p, tt.label); !strings.HasSuffix(line, tt.want) {
				t.Errorf("got %q, want it to end with %q", line, tt.want)
			}
		})
	}
}

// TestYoungDriver checks the surcharge of A335-9-1 year by year, with
// and without supervised driving (AAC), at the legal maximum
// (Assurances Exemple SA applies the product's table) and at the
// Mutuelle Fictive de l'Ouest's 80 % of it.
func TestYoungDriver(t *testing.T) {
	tr := testTariff(t)
	legal := tr.products["car"].factors[slices.Index(tr.products["car"].factorIDs, fYoungDriver)].young
	mfo := tr.products["car"].offers[0].factors[slices.Index(tr.products["car"].factorIDs, fYoungDriver)].young
	tests := []struct {
		years      int
		supervised bool
		legal, mfo float64
	}{
		{0, false, 1.00, 0.80}, {1, false, 0.50, 0.40}, {2, false, 0.25, 0.20}, {3, false, 0, 0}, {10, false, 0, 0},
		{0, true, 0.50, 0.40}, {1, true, 0.25, 0.20}, {2, true, 0, 0}, {3, true, 0, 0},
	}
	for _, tt := range tests {
		if got := youngSurcharge(legal, tt.years, tt.supervised); got != tt.legal {
			t.Errorf("legal table, year %d, AAC %v: %v, want %v", tt.years+1, tt.supervised, got, tt.legal)
		}
		if got := youngSurcharge(mfo, tt.years, tt.supervised); got != tt.mfo {
			t.Errorf("MFO, year %d, AAC %v: %v, want %v", tt.years+1, tt.supervised, got, tt.mfo)
		}
	}
	// Through the engine: a licence of 6 months, then 1 year and 1 day.
	a := medianCar()
	a.BirthDate, a.LicenceDate, a.BonusMalus = "2006-01-01", "2026-05-20", 1
	p := find(t, mustPrice(t, tr, "car", a, Needs{}), "exemple", "tiers")
	if line := factorLine(t, p, "jeune conducteur"); !strings.HasSuffix(line, "(1re année de permis, sans conduite accompagnée\u00a0: surprime de 100\u00a0%)\u00a0: 2,00") {
		t.Errorf("first year: %q", line)
	}
	a.LicenceDate, a.SupervisedDriving = "2025-11-19", true
	p = find(t, mustPrice(t, tr, "car", a, Needs{}), "exemple", "tiers")
	if line := factorLine(t, p, "jeune conducteur"); !strings.HasSuffix(line, "(2e année de permis, après la conduite accompagnée\u00a0: surprime de 25\u00a0%)\u00a0: 1,25") {
		t.Errorf("second year with AAC: %q", line)
	}
}

func TestProductsOnStudyAndUnknown(t *testing.T) {
	tr := testTariff(t)
	for _, id := range []string{"health", "life", "pro", "fleet"} {
		_, err := tr.Price(id, Answers{}, Needs{}, today)
		var study *StudyError
		if !errors.As(err, &study) || study.Reason == "" || study.Product != id {
			t.Errorf("%s: %v, want a StudyError", id, err)
		}
	}
	_, err := tr.Price("boat", Answers{}, Needs{}, today)
	var fe FieldErrors
	if !errors.As(err, &fe) || fe[0].Field != "product" {
		t.Errorf("boat: %v", err)
	}
}

// TestEveryProductPrices prices a plausible profile of each product:
// every insurer and formula, monthly below yearly, taxes apart, a
// recommendation, the prices valid 30 days.
func TestEveryProductPrices(t *testing.T) {
	tr := testTariff(t)
	profiles := map[string]Answers{
		"car":  medianCar(),
		"moto": {BirthDate: "1990-03-04", LicenceDate: "2012-06-01", MotoLicence: "A", BonusMalus: 0.7, PostalCode: "33000", VehicleID: "yamaha-mt-07", Usage: "private", Parking: "garage", YearlyKm: 6000},
		"vtc":  {BirthDate: "1985-01-01", LicenceDate: "2005-01-01", BonusMalus: 0.8, PostalCode: "93200", VehicleID: "peugeot-208-12-puretech-100", Parking: "street", YearlyKm: 60000, Options: []string{"lossOfIncome"}},
		"temp": {BirthDate: "1980-01-01", LicenceDate: "2000-01-01", PostalCode: "69002", VehicleID: "peugeot-208-12-puretech-100", Days: 10},
		"home": {PostalCode: "69002", Dwelling: "apartment", Surface: 65, Rooms: 3, Floor: "ground", Occupant: "tenant", ContentsCents: 2000000, Options: []string{"valuables"}},
	}
	for _, id := range tr.Products() {
		res := mustPrice(t, tr, id, profiles[id], Needs{})
		want := len(tr.products[id].offers) * len(tr.products[id].formulas)
		if len(res.Prices) != want || res.Recommended == nil || res.ValidUntil != "2026-12-20" || res.TariffVersion != "2026-12-1" {
			t.Fatalf("%s: %d prices, recommended %v, valid until %s", id, len(res.Prices), res.Recommended, res.ValidUntil)
		}
		for _, p := range res.Prices {
			if p.PremiumCents <= 0 || p.TaxesCents <= 0 || p.YearlyCents != p.PremiumCents+p.TaxesCents || len(p.Trace) < 5 {
				t.Errorf("%s %s: premium %d taxes %d yearly %d", id, p.ID, p.PremiumCents, p.TaxesCents, p.YearlyCents)
			}
			if id == "temp" && (p.MonthlyCents != 0 || p.PeriodDays != 10) || id != "temp" && (p.MonthlyCents*12 < p.YearlyCents || p.MonthlyCents > p.YearlyCents) {
				t.Errorf("%s %s: monthly %d for %d a year over %d days", id, p.ID, p.MonthlyCents, p.YearlyCents, p.PeriodDays)
			}
		}
	}
}

// TestOptions: an option the formula lacks is added after the factors;
// one it includes is free.
func TestOptions(t *testing.T) {
	tr := testTariff(t)
	a := Answers{PostalCode: "45000", Dwelling: "house", Surface: 100, Rooms: 4, Occupant: "owner", ContentsCents: 3000000}
	without := mustPrice(t, tr, "home", a, Needs{})
	a.Options = []string{"glass", "pool"}
	with := mustPrice(t, tr, "home", a, Needs{})
	// Essentielle lacks both: + 24,00 € + 36,00 € before taxes. Confort
	// includes the glass: + 36,00 €.
	for formula, extra := range map[string]int64{"essentielle": 2400 + 3600, "confort": 3600, "integrale": 3600} {
		if d := find(t, with, "mfo", formula).PremiumCents - find(t, without, "mfo", formula).PremiumCents; d != extra {
			t.Errorf("%s: options add %d, want %d", formula, d, extra)
		}
	}
}
