package pricing

import (
	"slices"
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
// and says why in one sentence.
func recommend(p *product, prices []Price, n Needs, a *Answers) *Recommendation {
	if len(prices) == 0 {
		return nil
	}
	fits := make([]fit, len(prices))
	for i := range prices {
		fits[i] = needsFit(p, &prices[i], n, a)
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
	return &Recommendation{ID: best.price.ID, Insurer: best.price.Insurer, Formula: best.price.Formula,
		Reason: reason(p, best, fits, n, a)}
}

func boolFirst(b bool) int {
	if b {
		return -1
	}
	return 1
}

// needsFit measures one price against the needs.
func needsFit(p *product, price *Price, n Needs, a *Answers) fit {
	f := p.formulas[slices.IndexFunc(p.formulas, func(f *formula) bool { return f.id == price.FormulaID })]
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

// reason writes the advice in one sentence: « Nous vous recommandons
// Tiers étendu chez … : cette formule couvre ce que vous avez demandé (le
// vol et l’incendie, le bris de glace), pour 41,20 € par mois, dans
// votre budget. »
func reason(p *product, best fit, fits []fit, n Needs, a *Answers) string {
	price := best.price
	asked := len(n.Covers)
	var covered []string
	for _, c := range n.Covers {
		if covers(best.formula, a, c) {
			covered = append(covered, p.needCover(c).Short)
		}
	}
	var b strings.Builder
	b.WriteString("Nous vous recommandons " + price.Formula + " chez " + price.Insurer + "\u00a0: ")
	switch {
	case asked == 0:
		b.WriteString("vous n’avez pas demandé de garantie en particulier")
	case best.missing == 0:
		b.WriteString("cette formule couvre ce que vous avez demandé (" + strings.Join(covered, ", ") + ")")
	case len(covered) == 0:
		b.WriteString("aucune formule ne couvre ce que vous avez demandé")
	default:
		b.WriteString("aucune formule ne couvre tout ce que vous avez demandé, celle-ci en couvre le plus (" + strings.Join(covered, ", ") + ")")
	}
	b.WriteString(whyThisPrice(best, fits, asked))
	b.WriteString(", pour " + Euros(best.amount))
	if p.needs.Budget == "total" {
		b.WriteString(" les " + itoa(price.PeriodDays) + "\u00a0jours")
	} else {
		b.WriteString(" par mois")
	}
	switch {
	case best.hasBudget && best.budgetOK:
		b.WriteString(", dans votre budget")
	case best.hasBudget:
		b.WriteString(", au-dessus de votre budget\u00a0: aucune formule qui vous couvre autant n’y entre")
	}
	if !best.deductOK {
		b.WriteString(", avec une franchise de " + Euros(price.DeductibleCents) + " plus haute que souhaité")
	}
	b.WriteString(".")
	return b.String()
}

// notes are advice beside the recommendation: how to leave the current
// insurer for a client insured elsewhere.
func notes(p *product, n Needs) []string {
	if n.ExistingCover != "elsewhere" || p.temporary {
		return nil
	}
	if p.id == "vtc" {
		return []string{"Vous êtes déjà assuré ailleurs\u00a0: un contrat professionnel se résilie à son échéance annuelle, avec le préavis qu’il prévoit\u00a0; nous vous aidons à la préparer."}
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
