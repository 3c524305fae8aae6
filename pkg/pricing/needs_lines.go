package pricing

import "strings"

// NeedsLines writes the needs a client gave for product as label and
// value in French, as the « Fiche d'information et de conseil » records
// them (the duty to advise, L521-4).
func (t *Tariff) NeedsLines(product string, n Needs) [][2]string {
	p := t.products[product]
	if p == nil {
		return nil
	}
	var covers []string
	for _, id := range n.Covers {
		for _, c := range p.needs.Covers {
			if c.ID == id {
				covers = append(covers, c.Label)
			}
		}
	}
	lines := [][2]string{{"Ce qui doit être couvert", orNone(strings.Join(covers, "\u00a0; "), "Rien de particulier")}}
	switch {
	case n.BudgetMonthlyCents > 0:
		lines = append(lines, [2]string{"Budget", Euros(n.BudgetMonthlyCents) + " par mois au plus"})
	case n.BudgetCents > 0:
		lines = append(lines, [2]string{"Budget", Euros(n.BudgetCents) + " au plus"})
	default:
		lines = append(lines, [2]string{"Budget", "Non précisé"})
	}
	tolerance := "Non précisée"
	for _, d := range p.needs.Deductibles {
		if d.ID == n.Deductible {
			tolerance = d.Label
		}
	}
	lines = append(lines, [2]string{"Franchise acceptée", tolerance})
	switch n.ExistingCover {
	case "elsewhere":
		lines = append(lines, [2]string{"Assurance actuelle", "Déjà assuré ailleurs (changement d’assureur)"})
	case "none":
		lines = append(lines, [2]string{"Assurance actuelle", "Pas encore assuré"})
	}
	return lines
}

func orNone(s, none string) string {
	if s == "" {
		return none
	}
	return s
}
