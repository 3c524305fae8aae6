package pricing

import "testing"

// today is the day of the tests' quotes.
var today = Date{2026, 11, 20}

// medianCar is the « profil médian » of the calibration (docs/pricing.md):
// 45 years old, licence for 25 years, bonus-malus 0,60, a 7-year-old
// Peugeot 208 1.2 PureTech 100, zone 3 (Loiret, coefficient 1,00),
// private use with the commute, a private car park, 11 000 km a year,
// no claim, no named driver.
func medianCar() Answers {
	return Answers{
		BirthDate: "1981-05-10", LicenceDate: "2001-06-01", BonusMalus: 0.60, PostalCode: "45000",
		VehicleID: "peugeot-208-12-puretech-100", VehicleYear: 2019, Usage: "commute", Parking: "car-park",
		YearlyKm: 11000,
	}
}

// testTariff is the embedded tariff and catalogue.
func testTariff(t testing.TB) *Tariff {
	t.Helper()
	tr, err := Default()
	if err != nil {
		t.Fatalf("Default: %v", err)
	}
	return tr
}

// mustPrice prices a profile that must be accepted.
func mustPrice(t testing.TB, tr *Tariff, product string, a Answers, n Needs) *Result {
	t.Helper()
	res, err := tr.Price(product, a, n, today)
	if err != nil {
		t.Fatalf("Price(%s): %v", product, err)
	}
	return res
}

// find returns the price of an insurer and formula.
func find(t testing.TB, res *Result, insurer, formula string) Price {
	t.Helper()
	for _, p := range res.Prices {
		if p.InsurerID == insurer && p.FormulaID == formula {
			return p
		}
	}
	t.Fatalf("no price %s:%s", insurer, formula)
	return Price{}
}

// References are the reference profiles of the house's products, each
// naming its product, as Tariff.References lists them.
var References = func() []Reference {
	var out []Reference
	for _, s := range HouseProducts() {
		ref := *s.Reference
		ref.Product = s.ID
		out = append(out, ref)
	}
	return out
}()
