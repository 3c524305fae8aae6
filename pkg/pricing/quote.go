package pricing

import (
	"slices"
	"strings"
)

// quote prices one profile. Every text of the result (the trace lines
// of the nine prices and the advice) is written into one buffer that
// becomes one string at the end, which each text is a slice of; a line
// that is the same for every profile (a base premium, an option, a
// fixed contribution) was written at load and is referred to, not
// copied, and a tax line that another formula wrote already is shared.
// A full car quote thus allocates its text, its line headers, its
// prices and little else: the garbage collector, more than the
// arithmetic, was what a quote cost. The working buffers hold no
// pointer (indexes, spans), so the collector has nothing to follow in
// them, and the quote holds them itself while it runs.
type quote struct {
	t  *Tariff
	p  *product
	pr profile // by value: a pointer to the caller's would send it to the heap
	// valueLine is the vehicle's estimated value, written once and shown
	// before the damage class of every price.
	valueLine span
	// described is the trace line of a vehicle the client described, the
	// first of each price's trace; its end is 0 for one of the catalogue.
	described span
	buffers
}

// scratch is what a quote borrows from the tariff's pool and gives back.
type scratch struct {
	answers Answers // the quote's copy of the answers
	buffers
}

// buffers are the working buffers of a quote, recycled between quotes.
type buffers struct {
	buf      []byte
	lines    []span    // every trace line
	applied  []applied // the factors of the current insurer
	cache    []applied // the product's factor tables once evaluated, by position
	taxLines []taxSeen // tax lines written, for the formulas that share them
	priced   []priced  // the prices, in the order they are computed
	order    []int     // the order they are shown in
}

// span is a line of the trace: buf[start:end], or for a negative start
// the product's line fixed[^start], written at load.
type span struct{ start, end int32 }

// applied is a factor's value for the profile and its trace line.
type applied struct {
	done  bool
	skip  bool
	class bool // the damage class: the vehicle's value line precedes it
	part  int
	value float64
	line  span
}

// taxSeen is a tax line already written: a tax on the same amount (the
// liability part is often the same in every formula) reads the same.
type taxSeen struct {
	tax  int // index in the product's taxes
	base int64
	line span
}

// priced is a price before it becomes a Price: its numbers and where
// its lines are, so that the prices can be sorted and then written
// once into the result.
type priced struct {
	offer, formula int
	premium, taxes int64
	yearly         int64
	monthly        int64
	periodDays     int
	from, to       int // its lines, lines[from:to]
}

func newQuote(t *Tariff, p *product, pr *profile, b *buffers) quote {
	q := quote{t: t, p: p, pr: *pr, buffers: *b}
	q.buf, q.lines, q.applied, q.taxLines, q.priced, q.order = q.buf[:0], q.lines[:0], q.applied[:0], q.taxLines[:0], q.priced[:0], q.order[:0]
	q.cache = slices.Grow(q.cache[:0], len(p.factors))[:len(p.factors)]
	clear(q.cache)
	return q
}

// line records buf[start:] as the next trace line.
func (q *quote) line(start int) {
	q.lines = append(q.lines, span{int32(start), int32(len(q.buf))})
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
		// Field by field: a Price literal would be built aside and copied
		// in with a barrier on each of its pointers.
		p := &res.Prices[i]
		p.ID, p.Insurer, p.InsurerID = o.ids[x.formula], o.insurerName, o.insurerID
		p.Formula, p.FormulaID, p.Rank = f.label, f.id, f.rank
		p.PremiumCents, p.TaxesCents, p.YearlyCents, p.MonthlyCents = x.premium, x.taxes, x.yearly, x.monthly
		p.PeriodDays, p.DeductibleCents = x.periodDays, o.mainDeductible[x.formula]
		p.Deductibles, p.Guarantees, p.Options = o.deductibles[x.formula], f.guarantees, labels
	}
}

// traces turns the buffer into the result's one string and cuts each
// price's lines out of it; reason is the advice's place in the buffer.
func (q *quote) traces(res *Result, reason span) {
	text := string(q.buf)
	lines := make([]string, len(q.lines))
	for i, l := range q.lines {
		if l.start < 0 {
			lines[i] = q.p.fixed[^l.start]
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
