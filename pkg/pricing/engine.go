package pricing

import (
	"slices"
	"strings"
)

// Price prices a profile for every insurer and formula of a product.
// today is the day of the quote (the engine reads no clock): ages,
// years of licence and the vehicle's age are counted to it, and the
// prices hold until today + ValidDays.
//
// Rounding, the only places where amounts are rounded to the cent
// (halves up): each part of the premium (liability, other covers)
// after all its factors; each tax; the monthly payment. Factors
// multiply exactly in between, so a client can redo the trace with a
// calculator.
//
// Errors: FieldErrors for refused answers or needs, *StudyError for a
// product on study, a FieldErrors on "product" for an unknown product.
func (t *Tariff) Price(productID string, a Answers, n Needs, today Date) (*Result, error) {
	p := t.products[productID]
	if p == nil {
		if s, ok := t.onStudy[productID]; ok {
			return nil, &StudyError{Product: productID, Study: s}
		}
		return nil, FieldErrors{{"product", "Ce produit n’existe pas. Choisissez une assurance auto, moto, habitation, VTC ou temporaire."}}
	}
	pr, errs := t.check(p, &a, today)
	errs = append(errs, checkNeeds(p, n)...)
	if len(errs) > 0 {
		return nil, errs
	}
	res := &Result{
		Product: productID, TariffVersion: t.version, ValidDays: t.validDays,
		ValidUntil: today.AddDays(t.validDays).String(), Disclaimer: t.disclaimer,
		Prices: make([]Price, 0, len(p.offers)*len(p.formulas)),
	}
	q := &quote{t: t, p: p, pr: pr, buf: make([]byte, 0, 160)}
	for _, o := range p.offers {
		q.offer(o, res)
	}
	slices.SortStableFunc(res.Prices, func(x, y Price) int {
		if x.Rank != y.Rank {
			return x.Rank - y.Rank
		}
		if x.YearlyCents != y.YearlyCents {
			return int(x.YearlyCents - y.YearlyCents)
		}
		return strings.Compare(x.InsurerID, y.InsurerID)
	})
	res.Recommended = recommend(p, res.Prices, n, &a)
	res.Notes = notes(p, n)
	return res, nil
}

// quote holds what is shared by the prices of one profile.
type quote struct {
	t   *Tariff
	p   *product
	pr  *profile
	buf []byte // scratch for the trace lines
}

// applied is a factor's value for the profile, with its trace line.
type applied struct {
	part  int
	value float64
	line  string
}

// offer prices every formula of one insurer.
func (q *quote) offer(o *offerTable, res *Result) {
	factors := make([]applied, 0, len(o.factors))
	for _, f := range o.factors {
		if v, detail, ok := q.value(f); ok {
			factors = append(factors, applied{f.part, v, q.factorLine(f, detail, v)})
		}
	}
	for fi, f := range q.p.formulas {
		res.Prices = append(res.Prices, q.price(o, fi, f, factors))
	}
}

// price computes one formula of one insurer.
func (q *quote) price(o *offerTable, fi int, f *formula, factors []applied) Price {
	p := q.p
	base := o.base[fi]
	trace := make([]string, 0, len(factors)+12)
	trace = append(trace, q.baseLine(f, base))
	parts := make([]float64, len(base))
	for i, cents := range base {
		parts[i] = float64(cents)
	}
	for _, a := range factors {
		trace = append(trace, a.line)
		for i := range parts {
			if a.part < 0 || a.part == i {
				parts[i] *= a.value
			}
		}
	}
	partCents := make([]int64, len(parts))
	for i, x := range parts {
		partCents[i] = roundCents(x)
	}
	optionLabels, trace := q.addOptions(f, partCents, trace)
	var premium int64
	for _, c := range partCents {
		premium += c
	}
	trace = append(trace, q.partsLine("Prime hors taxes", premium, partCents))
	taxes, trace := q.taxes(f, partCents, trace)
	yearly := premium + taxes
	price := Price{
		ID: o.insurerID + ":" + f.id, Insurer: o.insurerName, InsurerID: o.insurerID,
		Formula: f.label, FormulaID: f.id, Rank: f.rank,
		PremiumCents: premium, TaxesCents: taxes, YearlyCents: yearly, PeriodDays: 365,
		Deductibles: o.deductibles[fi], Guarantees: f.guarantees, Options: optionLabels,
	}
	for _, d := range price.Deductibles {
		if d.Main {
			price.DeductibleCents = d.Cents
		}
	}
	if p.temporary {
		price.PeriodDays = q.pr.answers.Days
		trace = append(trace, q.amountLine("Prix TTC pour "+itoa(price.PeriodDays)+" jours", yearly))
	} else {
		trace = append(trace, q.amountLine("Prime annuelle TTC", yearly))
		price.MonthlyCents = roundCents(float64(yearly) * (1 + o.monthly) / 12)
		trace = append(trace, q.monthlyLine(yearly, o.monthly, price.MonthlyCents))
	}
	price.Trace = trace
	return price
}

// addOptions adds the options the client chose that the formula does not
// include, each to its part, after the factors: an option's price is
// the same for every profile.
func (q *quote) addOptions(f *formula, partCents []int64, trace []string) ([]string, []string) {
	var labels []string
	for _, id := range q.pr.answers.Options {
		o := q.p.options[id]
		labels = append(labels, o.Label)
		if slices.Contains(f.includedOptions, id) {
			trace = append(trace, "Option "+o.Label+"\u00a0: comprise dans la formule")
			continue
		}
		partCents[slices.Index(q.p.spec.parts, o.Part)] += o.Cents
		trace = append(trace, q.amountLine("+ option "+o.Label, o.Cents))
	}
	return labels, trace
}

// taxes adds each tax of the product, rounded to the cent: the rates on
// their part, the amounts per contract only for a formula that insures
// property (the terrorism contribution).
func (q *quote) taxes(f *formula, partCents []int64, trace []string) (int64, []string) {
	var total int64
	for _, tx := range q.p.taxes {
		if tx.part < 0 {
			if !f.propertyCover {
				continue
			}
			total += tx.amountCents
			trace = append(trace, q.amountLine(tx.label, tx.amountCents))
			continue
		}
		base := partCents[tx.part]
		amount := roundCents(float64(base) * tx.rate)
		total += amount
		trace = append(trace, q.taxLine(tx, base, amount))
	}
	trace = append(trace, q.amountLine("Total des taxes", total))
	return total, trace
}
