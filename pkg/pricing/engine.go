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
	}
	sc := t.scratch.Get().(*scratch)
	newQuote(t, p, pr, sc).priceAll(res)
	t.scratch.Put(sc)
	res.Recommended = recommend(p, res.Prices, n, &a)
	res.Notes = notes(p, n)
	return res, nil
}

// maxParts is the most parts a product splits its premium in.
const maxParts = 2

// quote prices one profile. The trace lines of all its prices are
// written into one buffer and become one string at the end, which every
// line is a slice of: a full car quote writes about two hundred lines
// with a handful of allocations.
type quote struct {
	t  *Tariff
	p  *product
	pr *profile
	*scratch
}

// scratch are the working buffers of a quote, recycled between quotes:
// nothing in them outlives the quote.
type scratch struct {
	buf     []byte
	lines   [][2]int  // every trace line, as buf[start:end]
	applied []applied // the factors of the current insurer
	cache   []applied // factor tables already evaluated, by table
	spans   [][2]int  // each price's lines, as lines[from:to]
	prices  []Price   // in the order they are computed
	order   []int     // the order they are shown in
}

// applied is a factor's value for the profile and its trace line in buf.
type applied struct {
	f          *factor
	part       int
	value      float64
	start, end int
	skip       bool
}

func newQuote(t *Tariff, p *product, pr *profile, sc *scratch) *quote {
	sc.buf, sc.lines, sc.applied, sc.cache = sc.buf[:0], sc.lines[:0], sc.applied[:0], sc.cache[:0]
	sc.spans, sc.prices, sc.order = sc.spans[:0], sc.prices[:0], sc.order[:0]
	return &quote{t: t, p: p, pr: pr, scratch: sc}
}

// priceAll prices every formula of every insurer, then cuts the lines
// out of one string and orders the prices: by formula rank, then price,
// then insurer.
func (q *quote) priceAll(res *Result) {
	for _, o := range q.p.offers {
		q.applied = q.applied[:0]
		for _, f := range o.factors {
			if a := q.factor(f); !a.skip {
				q.applied = append(q.applied, a)
			}
		}
		for fi, f := range q.p.formulas {
			from := len(q.lines)
			q.order = append(q.order, len(q.prices))
			q.prices = append(q.prices, q.price(o, fi, f))
			q.spans = append(q.spans, [2]int{from, len(q.lines)})
		}
	}
	text := string(q.buf)
	lines := make([]string, len(q.lines))
	for i, l := range q.lines {
		lines[i] = text[l[0]:l[1]]
	}
	slices.SortStableFunc(q.order, func(i, j int) int {
		x, y := &q.prices[i], &q.prices[j]
		if x.Rank != y.Rank {
			return x.Rank - y.Rank
		}
		if x.YearlyCents != y.YearlyCents {
			return int(x.YearlyCents - y.YearlyCents)
		}
		return strings.Compare(x.InsurerID, y.InsurerID)
	})
	res.Prices = make([]Price, len(q.order))
	for i, k := range q.order {
		res.Prices[i] = q.prices[k]
		span := q.spans[k]
		res.Prices[i].Trace = lines[span[0]:span[1]:span[1]]
	}
	clear(q.prices) // the scratch must not keep the result alive
}

// factor evaluates a factor table once per quote: insurers that share
// the product's table share its value and line.
func (q *quote) factor(f *factor) applied {
	for _, c := range q.cache {
		if c.f == f {
			return c
		}
	}
	a := applied{f: f, part: f.part, start: len(q.buf)}
	q.buf, a.value, a.skip = q.appendFactor(q.buf, f)
	a.end = len(q.buf)
	q.cache = append(q.cache, a)
	return a
}

// line records buf[start:] as the next trace line.
func (q *quote) line(start int) {
	q.lines = append(q.lines, [2]int{start, len(q.buf)})
}

// price computes one formula of one insurer.
func (q *quote) price(o *offerTable, fi int, f *formula) Price {
	base := o.base[fi]
	start := len(q.buf)
	q.buf = append(q.buf, o.baseLines[fi]...)
	q.line(start)
	var parts [maxParts]float64
	for i, cents := range base {
		parts[i] = float64(cents)
	}
	for _, a := range q.applied {
		q.lines = append(q.lines, [2]int{a.start, a.end})
		for i := range base {
			if a.part < 0 || a.part == i {
				parts[i] *= a.value
			}
		}
	}
	var partCents [maxParts]int64
	for i := range base {
		partCents[i] = roundCents(parts[i])
	}
	optionLabels := q.addOptions(f, &partCents)
	var premium int64
	for _, c := range partCents {
		premium += c
	}
	q.partsLine("Prime hors taxes", premium, partCents[:len(base)])
	taxes := q.taxes(f, partCents[:len(base)])
	yearly := premium + taxes
	price := Price{
		ID: o.ids[fi], Insurer: o.insurerName, InsurerID: o.insurerID,
		Formula: f.label, FormulaID: f.id, Rank: f.rank,
		PremiumCents: premium, TaxesCents: taxes, YearlyCents: yearly, PeriodDays: 365,
		Deductibles: o.deductibles[fi], DeductibleCents: o.mainDeductible[fi],
		Guarantees: f.guarantees, Options: optionLabels,
	}
	if q.p.temporary {
		price.PeriodDays = q.pr.answers.Days
		q.amountLine("Prix TTC pour ", int64(price.PeriodDays), " jours", yearly)
		return price
	}
	q.amountLine("Prime annuelle TTC", -1, "", yearly)
	price.MonthlyCents = roundCents(float64(yearly) * (1 + o.monthly) / 12)
	q.monthlyLine(o, yearly, price.MonthlyCents)
	return price
}

// addOptions adds the options the client chose that the formula does not
// include, each to its part, after the factors: an option's price is
// the same for every profile.
func (q *quote) addOptions(f *formula, partCents *[maxParts]int64) []string {
	var labels []string
	for _, id := range q.pr.answers.Options {
		o := q.p.options[id]
		labels = append(labels, o.Label)
		start := len(q.buf)
		if slices.Contains(f.includedOptions, id) {
			q.buf = append(q.buf, "Option "...)
			q.buf = append(q.buf, o.Label...)
			q.buf = append(q.buf, nbsp+": comprise dans la formule"...)
			q.line(start)
			continue
		}
		partCents[slices.Index(q.p.spec.parts, o.Part)] += o.Cents
		q.amountLine("+ option "+o.Label, -1, "", o.Cents)
	}
	return labels
}

// taxes adds each tax of the product, rounded to the cent: the rates on
// their part, the amounts per contract only for a formula that insures
// property (the terrorism contribution).
func (q *quote) taxes(f *formula, partCents []int64) int64 {
	var total int64
	for _, tx := range q.p.taxes {
		if tx.part < 0 {
			if !f.propertyCover {
				continue
			}
			total += tx.amountCents
			q.amountLine(tx.label, -1, "", tx.amountCents)
			continue
		}
		base := partCents[tx.part]
		amount := roundCents(float64(base) * tx.rate)
		total += amount
		q.taxLine(tx, base, amount)
	}
	q.amountLine("Total des taxes", -1, "", total)
	return total
}
