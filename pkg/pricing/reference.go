package pricing

import (
	"fmt"
	"slices"
)

// Reference is the profile behind a product's « à partir de » on the
// site (ProductSpec.Reference): a common client, written out in French
// where the price is shown, so that the figure is a price of the
// engine, not a slogan.
type Reference struct {
	// Product is the product's id, set from its spec by References.
	Product string
	// Profile describes the answers in one French sentence.
	Profile string
	// Answers builds the answers for the day of the quote: ages, years
	// of licence and the vehicle's age are kept, so the price does not
	// drift as the years pass.
	Answers func(today Date) Answers
	// Successors are the versions that take over the answers' vehicle,
	// the same machine in the next generation, once its own years no
	// longer include the reference's year of first registration.
	Successors []string
}

// References are the reference profiles of the products t prices, in
// its order, each naming its product.
func (t *Tariff) References() []Reference {
	var out []Reference
	for _, s := range t.Specs() {
		if s.Reference != nil {
			ref := *s.Reference
			ref.Product = s.ID
			out = append(out, ref)
		}
	}
	return out
}

// referenceAnswers are the reference's answers on a day, with the first of its
// vehicle and successors that the catalogue sells in the year asked.
func (t *Tariff) referenceAnswers(ref Reference, today Date) Answers {
	a := ref.Answers(today)
	for _, id := range append([]string{a.VehicleID}, ref.Successors...) {
		v, ok := t.catalogue.byID[id]
		if ok && a.VehicleYear >= v.FromYear && a.VehicleYear <= v.LastYear(today.Year) {
			a.VehicleID = id
			break
		}
	}
	return a
}

// yearsBefore is the same day n years earlier (29 February becomes the 28th).
func yearsBefore(d Date, n int) string {
	d.Year -= n
	if d.Month == 2 && d.Day == 29 {
		d.Day = 28
	}
	return d.String()
}

// Starting is the lowest price of a product for its reference profile:
// the « à partir de » of the site. MonthlyCents is 0 for a product paid
// once (temporary); YearlyCents is then the price of PeriodDays.
type Starting struct {
	Product      string `json:"product"`
	MonthlyCents int64  `json:"monthlyCents"`
	YearlyCents  int64  `json:"yearlyCents"`
	PeriodDays   int    `json:"periodDays,omitempty"`
	Insurer      string `json:"insurer"`
	Formula      string `json:"formula"`
	Profile      string `json:"profile"`
}

// StartingPrices prices every reference profile on the day today and
// keeps, for each product, the cheapest price of all insurers and
// formulas: by the monthly payment the site shows, then the yearly price
// (a temporary contract has no monthly payment).
func (t *Tariff) StartingPrices(today Date) ([]Starting, error) {
	refs := t.References()
	out := make([]Starting, 0, len(refs))
	for _, ref := range refs {
		res, err := t.Price(ref.Product, t.referenceAnswers(ref, today), Needs{}, today)
		if err != nil {
			return nil, fmt.Errorf("reference profile of %s: %w", ref.Product, err)
		}
		if len(res.Prices) == 0 {
			return nil, fmt.Errorf("reference profile of %s: no price", ref.Product)
		}
		best := slices.MinFunc(res.Prices, func(a, b Price) int {
			if a.MonthlyCents != b.MonthlyCents {
				return int(a.MonthlyCents - b.MonthlyCents)
			}
			return int(a.YearlyCents - b.YearlyCents)
		})
		out = append(out, Starting{
			Product: ref.Product, MonthlyCents: best.MonthlyCents, YearlyCents: best.YearlyCents, PeriodDays: best.PeriodDays,
			Insurer: best.Insurer, Formula: best.Formula, Profile: ref.Profile,
		})
	}
	return out, nil
}
