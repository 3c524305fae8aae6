package pricing

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// randomCar draws a valid car profile (deterministic for a seed).
func randomCar(r *rand.Rand, tr *Tariff, cars []*Vehicle, codes []string) Answers {
	age := 18 + r.IntN(82)
	birth := Date{today.Year - age - 1, time.Month(1 + r.IntN(12)), 1 + r.IntN(28)}
	if birth.YearsUntil(today) > 99 {
		birth.Year++
	}
	licenceAge := 17 + r.IntN(birth.YearsUntil(today)-17+1)
	licence := Date{birth.Year + licenceAge, birth.Month, birth.Day}
	if today.Before(licence) {
		licence = today
	}
	v := cars[r.IntN(len(cars))]
	// A year the version takes: from its first model year (30 years
	// back at most) to the year after its last.
	from := max(v.FromYear, today.Year-30)
	return Answers{
		BirthDate: birth.String(), LicenceDate: licence.String(), SupervisedDriving: r.IntN(2) == 0,
		BonusMalus: float64(50+r.IntN(301)) / 100, PostalCode: postalCode(codes[r.IntN(len(codes))]),
		VehicleID: v.ID, VehicleYear: from + r.IntN(v.LastYear(today.Year)-from+1),
		Usage: []string{"private", "commute", "business"}[r.IntN(3)], Parking: []string{"garage", "car-park", "street"}[r.IntN(3)],
		YearlyKm: 1000 + r.IntN(99001), Claims36: r.IntN(6), NamedDrivers: r.IntN(4),
	}
}

// postalCode makes a postal code of a department.
func postalCode(dept string) string {
	switch {
	case dept == "2A":
		return "20000"
	case dept == "2B":
		return "20200"
	case len(dept) == 3:
		return dept + "00"
	}
	return dept + "000"
}

// TestMonotony draws thousands of car profiles and checks that a worse
// risk never costs less, price by price: one more claim, a licence one
// year younger, a higher bonus-malus; and that within an insurer a
// richer formula never costs less.
func TestMonotony(t *testing.T) {
	tr := testTariff(t)
	var cars []*Vehicle
	for _, v := range tr.Catalogue().vehicles {
		if v.Kind == "car" {
			cars = append(cars, v)
		}
	}
	var codes []string
	for code := range tr.depts {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	r := rand.New(rand.NewPCG(2026, 11))
	worse := []struct {
		name   string
		change func(*Answers) bool
	}{
		{"one more claim", func(a *Answers) bool { a.Claims36++; return a.Claims36 <= 5 }},
		{"a licence a year younger", func(a *Answers) bool {
			d, _ := ParseDate(a.LicenceDate)
			birth, _ := ParseDate(a.BirthDate)
			d.Year++
			a.LicenceDate = d.String()
			return !today.Before(d) && birth.YearsUntil(d) >= 17
		}},
		{"a higher bonus-malus", func(a *Answers) bool { a.BonusMalus += 0.05; return a.BonusMalus <= 3.5 }},
	}
	const cases = 3000
	for i := 0; i < cases; i++ {
		a := randomCar(r, tr, cars, codes)
		res := mustPrice(t, tr, "car", a, Needs{})
		prices := map[string]Price{}
		for _, p := range res.Prices {
			prices[p.ID] = p
		}
		for _, p := range res.Prices {
			if p.Rank > 1 {
				poorer := prices[p.InsurerID+":"+tr.products["car"].formulas[p.Rank-2].id]
				if p.YearlyCents < poorer.YearlyCents || p.PremiumCents < poorer.PremiumCents {
					t.Fatalf("case %d: %s costs %d, less than %s (%d)\n%+v", i, p.ID, p.YearlyCents, poorer.ID, poorer.YearlyCents, a)
				}
			}
		}
		w := worse[i%len(worse)]
		b := a
		if !w.change(&b) {
			continue
		}
		res2 := mustPrice(t, tr, "car", b, Needs{})
		for _, p := range res2.Prices {
			before := prices[p.ID]
			if p.YearlyCents < before.YearlyCents || p.PremiumCents < before.PremiumCents || p.MonthlyCents < before.MonthlyCents {
				t.Fatalf("case %d, %s: %s went from %d to %d\n%+v\n%+v", i, w.name, p.ID, before.YearlyCents, p.YearlyCents, a, b)
			}
		}
	}
}

// TestMonotonyOfDays: a temporary contract of more days never costs less.
func TestMonotonyOfDays(t *testing.T) {
	tr := testTariff(t)
	a := Answers{BirthDate: "1980-01-01", LicenceDate: "2000-01-01", PostalCode: "69002", VehicleID: "peugeot-208-12-puretech-100"}
	previous := map[string]int64{}
	for days := 1; days <= 90; days++ {
		a.Days = days
		for _, p := range mustPrice(t, tr, "temp", a, Needs{}).Prices {
			if p.YearlyCents < previous[p.ID] {
				t.Fatalf("%s: %d days cost %d, less than %d days", p.ID, days, p.YearlyCents, days-1)
			}
			previous[p.ID] = p.YearlyCents
		}
	}
}
