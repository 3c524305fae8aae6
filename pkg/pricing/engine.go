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
		return nil, FieldErrors{{"product", "Ce produit n’existe pas. Choisissez une assurance " + t.nouns() + "."}}
	}
	sc := t.scratch.Get().(*scratch)
	sc.answers = a // a copy that the quote points to, so that a stays on the stack
	res, err := t.price(p, &sc.answers, n, today, &sc.buffers)
	sc.answers = Answers{}
	t.scratch.Put(sc)
	return res, err
}

// price checks the answers and prices them with the buffers b, which
// it gives back grown.
func (t *Tariff) price(p *product, a *Answers, n Needs, today Date, b *buffers) (*Result, error) {
	pr := profile{answers: a}
	errs := t.check(p, a, &pr, today)
	errs = append(errs, checkNeeds(p, n)...)
	if len(errs) > 0 {
		return nil, errs
	}
	res := &Result{
		Product: p.id, TariffVersion: t.version, ValidDays: t.validDays,
		ValidUntil: today.AddDays(t.validDays).String(), Disclaimer: t.disclaimer,
	}
	q := newQuote(t, p, &pr, b)
	q.priceAll()
	q.sort()
	q.prices(res)
	var reason span
	res.Recommended, reason = q.recommend(res.Prices, n)
	q.traces(res, reason)
	*b = q.buffers
	res.Notes = notes(p, n)
	return res, nil
}

// maxParts is the most parts a product splits its premium in.
const maxParts = 2

// priceAll prices every formula of every insurer, in the file's order.
func (q *quote) priceAll() {
	if q.pr.vehicle != nil {
		start := len(q.buf)
		q.buf = q.appendValue(q.buf)
		q.valueLine = span{int32(start), int32(len(q.buf))}
	}
	if q.pr.describedLine != "" {
		start := len(q.buf)
		q.buf = append(q.buf, q.pr.describedLine...)
		q.described = span{int32(start), int32(len(q.buf))}
	}
	for oi, o := range q.p.offers {
		q.applied = q.applied[:0]
		for j, f := range o.factors {
			if a := q.factor(j, f); !a.skip {
				q.applied = append(q.applied, a)
			}
		}
		for fi, f := range q.p.formulas {
			from := len(q.lines)
			x := q.price(o, fi, f)
			x.offer, x.formula, x.from, x.to = oi, fi, from, len(q.lines)
			q.priced = append(q.priced, x)
		}
	}
}

// factor evaluates an insurer's j-th factor table. The product's own
// tables, which most insurers use, are evaluated once per quote: the
// insurers that share one share its value and its line.
func (q *quote) factor(j int, f *factor) applied {
	shared := f == q.p.factors[j]
	if shared && q.cache[j].done {
		return q.cache[j]
	}
	a := applied{done: true, part: f.part, class: f.id == fDamageClass}
	start := len(q.buf)
	q.buf, a.value, a.skip = q.appendFactor(q.buf, f)
	a.line = span{int32(start), int32(len(q.buf))}
	if shared {
		q.cache[j] = a
	}
	return a
}

// price computes one formula of one insurer.
func (q *quote) price(o *offerTable, fi int, f *formula) priced {
	base := o.base[fi]
	if q.described.end > 0 {
		q.lines = append(q.lines, q.described)
	}
	q.lines = append(q.lines, o.baseLines[fi])
	var parts [maxParts]float64
	for i, cents := range base {
		parts[i] = float64(cents)
	}
	for _, a := range q.applied {
		if a.class {
			q.lines = append(q.lines, q.valueLine)
		}
		q.lines = append(q.lines, a.line)
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
	q.addOptions(f, &partCents)
	var premium int64
	for _, c := range partCents {
		premium += c
	}
	q.partsLine("Prime hors taxes", premium, partCents[:len(base)])
	taxes := q.taxes(f, partCents[:len(base)])
	x := priced{premium: premium, taxes: taxes, yearly: premium + taxes, periodDays: 365}
	if q.p.temporary {
		x.periodDays = q.pr.answers.Days
		q.periodLine(x.periodDays, x.yearly)
		return x
	}
	q.amountLine("Prime annuelle TTC", x.yearly)
	x.monthly = roundCents(float64(x.yearly) * (1 + o.monthly) / 12)
	q.monthlyLine(o, x.yearly, x.monthly)
	return x
}

// addOptions adds the options the client chose that the formula does not
// include, each to its part, after the factors: an option's price is
// the same for every profile, and so are its lines.
func (q *quote) addOptions(f *formula, partCents *[maxParts]int64) {
	for _, id := range q.pr.answers.Options {
		o := q.p.options[id]
		if slices.Contains(f.includedOptions, id) {
			q.lines = append(q.lines, o.includedLine)
			continue
		}
		partCents[o.part] += o.Cents
		q.lines = append(q.lines, o.addedLine)
	}
}

// taxes adds each tax of the product, rounded to the cent: the rates on
// their part, the amounts per contract only for a formula that insures
// property (the terrorism contribution).
func (q *quote) taxes(f *formula, partCents []int64) int64 {
	var total int64
	for i, tx := range q.p.taxes {
		if tx.part < 0 {
			if !f.propertyCover {
				continue
			}
			total += tx.amountCents
			q.lines = append(q.lines, tx.amountLine)
			continue
		}
		base := partCents[tx.part]
		amount := roundCents(float64(base) * tx.rate)
		total += amount
		q.taxLine(i, base, amount)
	}
	q.amountLine("Total des taxes", total)
	return total
}

// nouns names the products priced at once as « une assurance … » ends:
// « auto, moto, habitation, VTC ou temporaire ».
func (t *Tariff) nouns() string {
	var b strings.Builder
	for i, id := range t.order {
		switch {
		case i > 0 && i == len(t.order)-1:
			b.WriteString(" ou ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(t.products[id].spec.Noun)
	}
	return b.String()
}
