package pricing

import (
	"slices"
	"strconv"
	"strings"
)

// fit is how well a price answers the needs, for the ranking.
type fit struct {
	price     *Price
	formula   *formula
	missing   int // requested needs it leaves uncovered
	deductOK  bool
	budgetOK  bool
	hasBudget bool
	amount    int64 // what the budget is compared with: monthly, or total for temp
}

// recommend ranks the prices against the needs, coverage first (the
// fewest requested needs left uncovered), then a main deductible within
// the tolerance, then the budget, then the lowest price, then the
// richer formula and the insurer's id, so the choice is deterministic;
// and says why in one sentence, written into the quote's buffer: its
// span there is returned, Reason is set when the buffer becomes text.
func (q *quote) recommend(prices []Price, n Needs) (*Recommendation, span) {
	if len(prices) == 0 {
		return nil, span{}
	}
	var room [16]fit // on the stack: a product has far fewer prices
	fits := room[:0]
	for i, k := range q.order {
		fits = append(fits, needsFit(q.p, &prices[i], q.p.formulas[q.priced[k].formula], n, q.pr.answers))
	}
	best := slices.MinFunc(fits, func(x, y fit) int {
		switch {
		case x.missing != y.missing:
			return x.missing - y.missing
		case x.deductOK != y.deductOK:
			return boolFirst(x.deductOK)
		case x.budgetOK != y.budgetOK:
			return boolFirst(x.budgetOK)
		case x.price.YearlyCents != y.price.YearlyCents:
			return int(x.price.YearlyCents - y.price.YearlyCents)
		case x.price.Rank != y.price.Rank:
			return y.price.Rank - x.price.Rank
		}
		return strings.Compare(x.price.InsurerID, y.price.InsurerID)
	})
	start := len(q.buf)
	q.buf = appendReason(q.buf, q.p, best, fits, n, q.pr.answers)
	return &Recommendation{ID: best.price.ID, Insurer: best.price.Insurer, Formula: best.price.Formula},
		span{int32(start), int32(len(q.buf))}
}

func boolFirst(b bool) int {
	if b {
		return -1
	}
	return 1
}

// needsFit measures one price against the needs.
func needsFit(p *product, price *Price, f *formula, n Needs, a *Answers) fit {
	ft := fit{price: price, formula: f, deductOK: true, budgetOK: true, amount: price.MonthlyCents}
	for _, c := range n.Covers {
		if !covers(f, a, c) {
			ft.missing++
		}
	}
	for _, tol := range p.needs.Deductibles {
		if tol.ID == n.Deductible && tol.MaxCents > 0 {
			ft.deductOK = price.DeductibleCents <= tol.MaxCents
		}
	}
	budget := n.BudgetMonthlyCents
	if p.needs.Budget == "total" {
		budget, ft.amount = n.BudgetCents, price.YearlyCents
	}
	if budget > 0 {
		ft.hasBudget, ft.budgetOK = true, ft.amount <= budget
	}
	return ft
}

// covers reports whether a formula, with the options chosen, covers a need.
func covers(f *formula, a *Answers, need string) bool {
	return slices.Contains(f.covers, need) || slices.Contains(a.Options, need)
}

// appendReason writes the advice in one sentence: « Nous vous
// recommandons Tiers étendu chez … : cette formule couvre ce que vous
// avez demandé (le vol et l’incendie, le bris de glace), pour 41,20 €
// par mois, dans votre budget. »
func appendReason(b []byte, p *product, best fit, fits []fit, n Needs, a *Answers) []byte {
	price := best.price
	asked := len(n.Covers)
	b = append(b, "Nous vous recommandons "...)
	b = append(append(append(b, price.Formula...), " chez "...), price.Insurer...)
	b = append(b, "\u00a0: "...)
	switch {
	case asked == 0:
		b = append(b, "vous n’avez pas demandé de garantie en particulier"...)
	case best.missing == 0:
		b = appendCovered(append(b, "cette formule couvre ce que vous avez demandé ("...), p, best, n, a)
	case best.missing == asked:
		b = append(b, "aucune formule ne couvre ce que vous avez demandé"...)
	default:
		b = append(b, "aucune formule ne couvre tout ce que vous avez demandé, celle-ci en couvre le plus ("...)
		b = appendCovered(b, p, best, n, a)
	}
	b = append(b, whyThisPrice(best, fits, asked)...)
	b = appendEuros(append(b, ", pour "...), best.amount)
	if p.needs.Budget == "total" {
		b = strconv.AppendInt(append(b, " les "...), int64(price.PeriodDays), 10)
		b = append(b, "\u00a0jours"...)
	} else {
		b = append(b, " par mois"...)
	}
	switch {
	case best.hasBudget && best.budgetOK:
		b = append(b, ", dans votre budget"...)
	case best.hasBudget:
		b = append(b, ", au-dessus de votre budget\u00a0: aucune formule qui vous couvre autant n’y entre"...)
	}
	if !best.deductOK {
		b = appendEuros(append(b, ", avec une franchise de "...), price.DeductibleCents)
		b = append(b, " plus haute que souhaité"...)
	}
	return append(b, '.')
}

// appendCovered lists the needs the recommended formula covers, and
// closes the parenthesis: « le vol et l’incendie, le bris de glace) ».
func appendCovered(b []byte, p *product, best fit, n Needs, a *Answers) []byte {
	first := true
	for _, c := range n.Covers {
		if covers(best.formula, a, c) {
			if !first {
				b = append(b, ", "...)
			}
			b, first = append(b, p.needCover(c).Short...), false
		}
	}
	return append(b, ')')
}

// notes are advice beside the recommendation: how to leave the current
// insurer for a client insured elsewhere.
func notes(p *product, n Needs) []string {
	if n.ExistingCover != "elsewhere" || p.temporary {
		return nil
	}
	if !p.spec.Hamon {
		if p.spec.LeavingNote == "" {
			return nil
		}
		return []string{p.spec.LeavingNote}
	}
	return []string{"Vous êtes déjà assuré ailleurs\u00a0: après un an de contrat, la loi Hamon (Code des assurances, art. L113-15-2) vous permet de résilier à tout moment, et nous pouvons nous en charger pour vous."}
}

// whyThisPrice says why this price among those that cover as much: the
// lowest whose deductible the client accepts, when a cheaper one was set
// aside for its deductible; the lowest of all when nothing was asked.
func whyThisPrice(best fit, fits []fit, asked int) string {
	for _, f := range fits {
		if f.missing == best.missing && f.price.YearlyCents < best.price.YearlyCents && best.deductOK && !f.deductOK {
			return ", c’est le meilleur prix avec une franchise (" + Euros(best.price.DeductibleCents) + ") dans ce que vous acceptez"
		}
	}
	if asked == 0 {
		return ", c’est le meilleur prix pour votre profil"
	}
	return ""
}
