package pricing

import (
	"strings"
	"testing"
)

func TestRecommendation(t *testing.T) {
	tr := testTariff(t)
	tests := []struct {
		name    string
		needs   Needs
		formula string // the recommended formula id
		check   func(t *testing.T, res *Result)
	}{
		{"no need: the lowest price", Needs{}, "tiers", func(t *testing.T, res *Result) {
			for _, p := range res.Prices {
				if p.YearlyCents < priceOf(t, res, res.Recommended.ID).YearlyCents {
					t.Errorf("%s is cheaper than the recommended one", p.ID)
				}
			}
		}},
		{"theft and glass within budget", Needs{Covers: []string{"theft", "glass"}, BudgetMonthlyCents: 6000}, "tiers-etendu", func(t *testing.T, res *Result) {
			// The cheapest Tiers étendu is the Mutuelle's, 48,31 € a month (TestWorkedExample).
			want := "Nous vous recommandons Tiers étendu chez Mutuelle Fictive de l’Ouest\u00a0: cette formule couvre ce que vous avez demandé (le vol et l’incendie, le bris de glace), pour 48,31\u00a0€ par mois, dans votre budget."
			if res.Recommended.Reason != want || res.Recommended.ID != "mfo:tiers-etendu" {
				t.Errorf("reason %q\nwant   %q", res.Recommended.Reason, want)
			}
		}},
		{"own damage comes before the budget", Needs{Covers: []string{"ownDamage"}, BudgetMonthlyCents: 3000}, "tous-risques", func(t *testing.T, res *Result) {
			if !strings.Contains(res.Recommended.Reason, "au-dessus de votre budget") {
				t.Errorf("reason %q", res.Recommended.Reason)
			}
		}},
		{"a low deductible rules out the 350 € one", Needs{Covers: []string{"theft"}, Deductible: "low"}, "tiers-etendu", func(t *testing.T, res *Result) {
			if p := priceOf(t, res, res.Recommended.ID); p.DeductibleCents > 30000 {
				t.Errorf("recommended %s with a deductible of %d", p.ID, p.DeductibleCents)
			}
		}},
		{"a medium tolerance for tous risques", Needs{Covers: []string{"ownDamage"}, Deductible: "medium"}, "tous-risques", func(t *testing.T, res *Result) {
			if p := priceOf(t, res, res.Recommended.ID); p.DeductibleCents > 40000 {
				t.Errorf("recommended %s with a deductible of %d", p.ID, p.DeductibleCents)
			}
		}},
		{"insured elsewhere: the Hamon note", Needs{ExistingCover: "elsewhere"}, "tiers", func(t *testing.T, res *Result) {
			if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "loi Hamon") {
				t.Errorf("notes %q", res.Notes)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustPrice(t, tr, "car", medianCar(), tt.needs)
			r := res.Recommended
			if got := priceOf(t, res, r.ID); got.FormulaID != tt.formula || got.Formula != r.Formula || got.Insurer != r.Insurer {
				t.Fatalf("recommended %s (%s), want %s", r.ID, r.Reason, tt.formula)
			}
			// One sentence: a capital, one final full stop.
			if !strings.HasPrefix(r.Reason, "Nous vous recommandons ") || strings.Count(r.Reason, ".") != 1 || !strings.HasSuffix(r.Reason, ".") {
				t.Errorf("reason is not one sentence: %q", r.Reason)
			}
			tt.check(t, res)
			again := mustPrice(t, tr, "car", medianCar(), tt.needs)
			if *again.Recommended != *r {
				t.Errorf("not deterministic: %v then %v", r, again.Recommended)
			}
		})
	}
}

// TestTemporaryBudget compares a temporary contract's whole price with
// the budget of the period.
func TestTemporaryBudget(t *testing.T) {
	a := Answers{BirthDate: "1980-01-01", LicenceDate: "2000-01-01", PostalCode: "69002", VehicleID: "peugeot-208-12-puretech-100", Days: 10}
	res := mustPrice(t, testTariff(t), "temp", a, Needs{Covers: []string{"ownDamage"}, BudgetCents: 100000})
	p := priceOf(t, res, res.Recommended.ID)
	if p.FormulaID != "tous-risques" || !strings.Contains(res.Recommended.Reason, "les 10\u00a0jours, dans votre budget") || p.YearlyCents > 100000 {
		t.Errorf("%s: %s", p.ID, res.Recommended.Reason)
	}
}

func priceOf(t *testing.T, res *Result, id string) Price {
	t.Helper()
	for _, p := range res.Prices {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no price %s", id)
	return Price{}
}

// TestAdviceNamesTheDeductible: when a cheaper formula covering as much is
// set aside for its deductible, the reason says the deductible decided
// (a tenant's flat: Essentielle's deductible is above a medium tolerance).
func TestAdviceNamesTheDeductible(t *testing.T) {
	tr := testTariff(t)
	flat := Answers{PostalCode: "69003", Dwelling: "apartment", Surface: 62, Rooms: 3, Floor: "middle", Occupant: "tenant", ContentsCents: 2000000}
	res := mustPrice(t, tr, "home", flat, Needs{Deductible: "medium"})
	rec := priceOf(t, res, res.Recommended.ID)
	var setAside *Price
	for i, p := range res.Prices {
		if p.YearlyCents < rec.YearlyCents {
			setAside = &res.Prices[i]
		}
	}
	if setAside == nil {
		t.Fatalf("no cheaper price than the recommended %s: the case does not test the deductible", rec.ID)
	}
	want := "vous n’avez pas demandé de garantie en particulier, c’est le meilleur prix avec une franchise (" + Euros(rec.DeductibleCents) + ") dans ce que vous acceptez"
	if !strings.Contains(res.Recommended.Reason, want) || setAside.DeductibleCents <= rec.DeductibleCents {
		t.Errorf("reason %q (set aside %s with a deductible of %d)", res.Recommended.Reason, setAside.ID, setAside.DeductibleCents)
	}
}
