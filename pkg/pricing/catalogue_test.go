package pricing

import (
	"math"
	"testing"
)

// plausibleCO2 bounds the CO2 emissions (g/km) of a combustion car by
// energy, for the French fiscal power formula since 1998:
// CV = CO2/45 + (P/40)^1.6, P the power in kW.
var plausibleCO2 = map[string][2]float64{
	"essence": {95, 300}, "diesel": {85, 280}, "gpl-e85": {95, 300},
}

// TestCataloguePlausible checks every version against what public
// sources make possible: its fiscal power against its power and energy,
// its value new against its body, its years.
func TestCataloguePlausible(t *testing.T) {
	c := testTariff(t).Catalogue()
	for _, v := range c.vehicles {
		if lo, hi := fiscalBounds(v); v.FiscalPower < lo || v.FiscalPower > hi {
			t.Errorf("%s: %d CV for %d kW (%s), plausible from %d to %d", v.ID, v.FiscalPower, v.PowerKw, v.Energy, lo, hi)
		}
		band, ok := valueBands[v.Kind+" "+v.Body]
		if euros := v.ValueNewCents / 100; !ok || euros < band[0] || euros > band[1] {
			t.Errorf("%s: %d € new for a %s, plausible from %d to %d €", v.ID, euros, v.Body, band[0], band[1])
		}
		if v.ToYear != 0 && v.ToYear < 2000 {
			t.Errorf("%s: sold until %d, before the catalogue's years (2000 to today)", v.ID, v.ToYear)
		}
	}
}

// fiscalBounds are the plausible fiscal powers of a version. A
// combustion car's follows the formula with its CO2 band, one CV either
// way for rounding; a hybrid's or an electric car's formula takes its
// combustion engine's or its 30-minute power, below the peak power the
// catalogue gives, hence only an upper bound. A motorbike's fiscal power
// grows with its displacement.
func fiscalBounds(v *Vehicle) (lo, hi int) {
	p := math.Pow(float64(v.PowerKw)/40, 1.6)
	if v.Kind == "moto" {
		if v.Cc <= 125 {
			return 1, 3
		}
		return 1, int(math.Ceil(float64(max(v.Cc, 125))/75)) + 3
	}
	if co2, ok := plausibleCO2[v.Energy]; ok {
		return int(math.Round(co2[0]/45+p)) - 1, int(math.Round(co2[1]/45+p)) + 1
	}
	return 1, int(math.Round(200/45+p)) + 1
}

// valueBands bound a version's value new, in euros of its time, by kind
// and body.
var valueBands = map[string][2]int64{
	"car citadine": {6000, 45000}, "car compacte": {10000, 70000}, "car berline": {12000, 130000},
	"car break": {12000, 100000}, "car suv": {12000, 140000}, "car monospace": {10000, 80000},
	"car utilitaire": {8000, 70000}, "car coupe-cabriolet": {12000, 250000},
	"moto scooter": {1000, 20000}, "moto 125": {1200, 9000}, "moto roadster": {3000, 30000},
	"moto sportive": {5000, 45000}, "moto trail": {4000, 35000}, "moto routiere": {7000, 45000},
	"moto custom": {5000, 45000},
}
