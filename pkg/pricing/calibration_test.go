package pricing

import (
	"math"
	"testing"
)

// The calibration of the car tariff (docs/pricing.md): published French
// averages the default rates.json must land near.
const (
	// France Assureurs 2023: 448 € a year before tax for a car insured
	// alone; the median profile's Tiers étendu, averaged over the
	// insurers, must be within 15 % of it.
	averagePremiumHT = 44800
	// Comparators' yearly averages with taxes, for the usual mix of formulas.
	comparatorLow, comparatorHigh = 60000, 65000
)

// formulaMix weighs the formulas the way French cars are insured (an
// assumption, docs/pricing.md): 30 % Tiers, 30 % Tiers étendu, 40 % Tous risques.
var formulaMix = map[string]float64{"tiers": 0.30, "tiers-etendu": 0.30, "tous-risques": 0.40}

// averages returns, over the insurers, the mean premium before tax of a
// formula and the mean price with taxes of the mix of formulas.
func averages(res *Result, formula string) (premiumHT, mixTTC float64) {
	count := map[string]int{}
	sumHT, sumTTC := 0.0, map[string]float64{}
	for _, p := range res.Prices {
		if p.FormulaID == formula {
			sumHT += float64(p.PremiumCents)
		}
		sumTTC[p.FormulaID] += float64(p.YearlyCents)
		count[p.FormulaID]++
	}
	for f, w := range formulaMix {
		mixTTC += w * sumTTC[f] / float64(count[f])
	}
	return sumHT / float64(count[formula]), mixTTC
}

func TestCalibration(t *testing.T) {
	tr := testTariff(t)
	median := mustPrice(t, tr, "car", medianCar(), Needs{})
	ht, mix := averages(median, "tiers-etendu")
	t.Logf("median profile: Tiers étendu %s before tax (target %s ± 15 %%), mix of formulas %s with taxes (target %s to %s)",
		Euros(int64(ht)), Euros(averagePremiumHT), Euros(int64(mix)), Euros(comparatorLow), Euros(comparatorHigh))
	if math.Abs(ht-averagePremiumHT)/averagePremiumHT > 0.15 {
		t.Errorf("Tiers étendu before tax %s, more than 15 %% from %s", Euros(int64(ht)), Euros(averagePremiumHT))
	}
	if mix < comparatorLow || mix > comparatorHigh {
		t.Errorf("mix with taxes %s, outside the comparators' band", Euros(int64(mix)))
	}
	// A young driver: 20 years old, licence of 6 months without AAC,
	// bonus-malus 1,00, the same car and place, in Tiers (the formula
	// most novices take): about twice the median driver's average.
	young := medianCar()
	young.BirthDate, young.LicenceDate, young.BonusMalus = "2006-03-01", "2026-05-15", 1.00
	yr := mustPrice(t, tr, "car", young, Needs{})
	youngTiers, _ := averages(yr, "tiers")
	var youngTTC float64
	for _, p := range yr.Prices {
		if p.FormulaID == "tiers" {
			youngTTC += float64(p.YearlyCents) / 3
		}
	}
	ratio := youngTTC / mix
	t.Logf("young driver in Tiers: %s before tax, %s with taxes, %.2f times the median's mix", Euros(int64(youngTiers)), Euros(int64(youngTTC)), ratio)
	if ratio < 1.7 || ratio > 2.6 {
		t.Errorf("young driver pays %.2f times the median, want about twice (1,7 to 2,6)", ratio)
	}
}

// TestHomeAndMotoAreSensible bounds the other products' typical prices
// by the orders of magnitude of the French market: a tenant's flat of
// three rooms 120 to 300 € a year (Confort), a mid-size motorbike of an
// experienced rider 250 to 700 € (Tiers étendu), a VTC 1 500 to 5 000 €
// (Tous risques).
func TestHomeAndMotoAreSensible(t *testing.T) {
	tr := testTariff(t)
	check := func(product, formula string, a Answers, low, high int64) {
		t.Helper()
		res := mustPrice(t, tr, product, a, Needs{})
		var sum, n int64
		for _, p := range res.Prices {
			if p.FormulaID == formula {
				sum += p.YearlyCents
				n++
			}
		}
		avg := sum / n
		t.Logf("%s %s: %s a year with taxes", product, formula, Euros(avg))
		if avg < low || avg > high {
			t.Errorf("%s %s: %s, want %s to %s", product, formula, Euros(avg), Euros(low), Euros(high))
		}
	}
	check("home", "confort", Answers{PostalCode: "45000", Dwelling: "apartment", Surface: 65, Rooms: 3, Floor: "middle", Occupant: "tenant", ContentsCents: 2000000}, 12000, 30000)
	check("moto", "tiers-etendu", Answers{BirthDate: "1980-03-04", LicenceDate: "2002-06-01", MotoLicence: "A", BonusMalus: 0.6, PostalCode: "45000",
		VehicleID: "yamaha-mt-07", Usage: "commute", Parking: "car-park", YearlyKm: 8000}, 25000, 70000)
	check("vtc", "tous-risques", Answers{BirthDate: "1985-01-01", LicenceDate: "2005-01-01", BonusMalus: 0.8, PostalCode: "93200",
		VehicleID: "peugeot-208-12-puretech-100", Parking: "street", YearlyKm: 60000}, 150000, 500000)
}
