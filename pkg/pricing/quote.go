package pricing

import (
	"slices"
	"strings"
)

// quote prices one profile. Every text of the result (the trace lines
// of the nine prices and the advice) is written into one buffer that
// becomes one string at the end, which each text is a slice of; a line
// the tariff already wrote at load (a base premium, an option, a fixed
// contribution) is not copied but referenced, and a tax line that
// another formula wrote already is shared. A full car quote thus
// allocates its text, its line headers, its prices and little else:
// the garbage collector, not the arithmetic, was what a quote cost.
type quote struct {
	t  *Tariff
	p  *product
	pr *profile
	*scratch
}

// scratch are the working buffers of a quote, recycled between quotes.
// Only fixed and fits hold pointers, and release clears them: nothing
// in a scratch outlives its quote.
type scratch struct {
	buf      []byte
	lines    []span    // every trace line
	fixed    []string  // the lines written at load that lines refer to
	applied  []applied // the factors of the current insurer
	cache    []applied // factor tables already evaluated, by table
	taxLines []taxSeen // tax lines written, for the formulas that share them
	priced   []priced  // the prices, in the order they are computed
	order    []int     // the order they are shown in
	fits     []fit     // the prices against the needs
}

// span is a line of the trace: buf[start:end], or for a negative start
// the line fixed[^start] written at load.
type span struct{ start, end int32 }

// applied is a factor's value for the profile and its trace line.
type applied struct {
	f     *factor
	part  int
	value float64
	line  span
	skip  bool
}

// taxSeen is a tax line already written: a tax on the same amount (the
// liability part is often the same in every formula) reads the same.
type taxSeen struct {
	tx   *tax
	base int64
	line span
}

// priced is a price before it becomes a Price: its numbers and where
// its lines are, with no pointer, so that the prices can be sorted and
// then written once into the result.
type priced struct {
	offer, formula int
	premium, taxes int64
	yearly         int64
	monthly        int64
	periodDays     int
	from, to       int // its lines, lines[from:to]
}

func newQuote(t *Tariff, p *product, pr *profile, sc *scratch) quote {
	sc.buf, sc.lines, sc.fixed, sc.applied, sc.cache = sc.buf[:0], sc.lines[:0], sc.fixed[:0], sc.applied[:0], sc.cache[:0]
	sc.taxLines, sc.priced, sc.order, sc.fits = sc.taxLines[:0], sc.priced[:0], sc.order[:0], sc.fits[:0]
	return quote{t: t, p: p, pr: pr, scratch: sc}
}

// release clears what points into the tariff or the result, so that a
// recycled scratch keeps neither alive.
func (q *quote) release() {
	clear(q.fixed)
	clear(q.fits)
	clear(q.taxLines)
}

// line records buf[start:] as the next trace line.
func (q *quote) line(start int) {
	q.lines = append(q.lines, span{int32(start), int32(len(q.buf))})
}

// fixedLine records a line written at load as the next trace line.
func (q *quote) fixedLine(s string) {
	q.lines = append(q.lines, span{^int32(len(q.fixed)), 0})
	q.fixed = append(q.fixed, s)
}

// last is the span of the line recorded last.
func (q *quote) last() span { return q.lines[len(q.lines)-1] }

// sort orders the prices as the site shows them: by formula rank, then
// price, then insurer.
func (q *quote) sort() {
	for i := range q.priced {
		q.order = append(q.order, i)
	}
	slices.SortStableFunc(q.order, func(i, j int) int {
		x, y := &q.priced[i], &q.priced[j]
		if rx, ry := q.p.formulas[x.formula].rank, q.p.formulas[y.formula].rank; rx != ry {
			return rx - ry
		}
		if x.yearly != y.yearly {
			return int(x.yearly - y.yearly)
		}
		return strings.Compare(q.p.offers[x.offer].insurerID, q.p.offers[y.offer].insurerID)
	})
}

// prices writes the result's prices in their order, without their
// traces (the text is not a string yet).
func (q *quote) prices(res *Result) {
	var labels []string // the options chosen, the same on every price
	for _, id := range q.pr.answers.Options {
		labels = append(labels, q.p.options[id].Label)
	}
	res.Prices = make([]Price, len(q.order))
	for i, k := range q.order {
		x := &q.priced[k]
		o, f := q.p.offers[x.offer], q.p.formulas[x.formula]
		res.Prices[i] = Price{
			ID: o.ids[x.formula], Insurer: o.insurerName, InsurerID: o.insurerID,
			Formula: f.label, FormulaID: f.id, Rank: f.rank,
			PremiumCents: x.premium, TaxesCents: x.taxes, YearlyCents: x.yearly, MonthlyCents: x.monthly,
			PeriodDays: x.periodDays, Deductibles: o.deductibles[x.formula], DeductibleCents: o.mainDeductible[x.formula],
			Guarantees: f.guarantees, Options: labels,
		}
	}
}

// traces turns the buffer into the result's one string and cuts each
// price's lines out of it; reason is the advice's place in the buffer.
func (q *quote) traces(res *Result, reason span) {
	text := string(q.buf)
	lines := make([]string, len(q.lines))
	for i, l := range q.lines {
		if l.start < 0 {
			lines[i] = q.fixed[^l.start]
		} else {
			lines[i] = text[l.start:l.end]
		}
	}
	for i, k := range q.order {
		x := &q.priced[k]
		res.Prices[i].Trace = lines[x.from:x.to:x.to]
	}
	if res.Recommended != nil {
		res.Recommended.Reason = text[reason.start:reason.end]
	}
}
