package mail

import (
	"net/url"
	"strconv"
	"strings"

	"courtier/pkg/event"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// The notices of the contract's year (issue 42): the avis d'échéance and
// the renewal, registered beside the other contracts' notices.
func init() {
	builders[event.ContractNoticeSent] = withAttachments(renewalNotice)
	builders[event.ContractRenewed] = withAttachments(contractRenewed)
}

// renewalNotice is the avis d'échéance (L113-15-1, R113-4): the last day
// to refuse the renewal, the new premium and why it moved, each debit of
// the new year, the rights, and a link to compare the other insurers'
// formulas for the same answers. The sealed avis is attached.
func renewalNotice(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.RenewalPayload](e)
	if err != nil {
		return nil, err
	}
	intro := []string{"Votre contrat se renouvelle le " + fr.Date(p.Start, m.loc) + " pour un an. Voici votre cotisation pour la nouvelle année, ce qui la fait évoluer et vos prélèvements.",
		"Si vous ne souhaitez pas le renouveler, dites-le-nous au plus tard le " + fr.Date(p.Deadline, m.loc) + " (article L113-12 du code des assurances)."}
	if p.Late {
		intro = append(intro, p.LateRule)
	}
	yearly := pricing.Euros(p.YearlyCents) + " (" + evolution(p.YearlyCents-p.PreviousYearlyCents) + ")"
	facts := []Fact{{"Contrat", p.Number}, {"Produit", p.Product}, {"Formule", p.Offer},
		{"Nouvelle période", "du " + fr.Date(p.Start, m.loc) + " au " + fr.Date(p.End, m.loc)},
		{"Cotisation annuelle", yearly}}
	if p.MonthlyCents > 0 {
		facts = append(facts, Fact{"Soit par mois", pricing.Euros(p.MonthlyCents)})
	}
	facts = append(facts, Fact{"Refus du renouvellement jusqu’au", fr.Date(p.Deadline, m.loc)})
	var after []string
	if len(p.Changes) > 0 {
		lines := make([]string, len(p.Changes))
		for i, c := range p.Changes {
			lines[i] = c[0] + "\u00a0: " + orDash(c[1]) + " → " + orDash(c[2])
		}
		after = append(after, "Ce qui a changé dans le calcul de votre prix\u00a0: "+strings.Join(lines, "\u00a0; ")+".")
	} else {
		after = append(after, "Le calcul de votre prix est le même que cette année.")
	}
	if p.BonusMalus != "" {
		after = append(after, p.BonusMalus)
	}
	if len(p.Schedule) > 0 {
		dates := make([]string, len(p.Schedule))
		for i, d := range p.Schedule {
			dates[i] = fr.Date(d.Date, m.loc) + "\u00a0: " + pricing.Euros(d.AmountCents)
		}
		after = append(after, "Vos prélèvements de la nouvelle année ("+strconv.Itoa(len(dates))+")\u00a0: "+strings.Join(dates, "\u00a0; ")+".")
	}
	after = append(after, p.Rights...)
	after = append(after, compareLine(m, p),
		"Une question\u00a0? Répondez à ce message ou appelez-nous au "+m.footer.Phone+".")
	d := Doc{
		Subject:  "Avis d’échéance de votre contrat " + p.Number,
		Greeting: greeting(p.Recipient),
		Intro:    intro,
		Facts:    facts,
		Action:   &Link{"Voir mon contrat", m.link(PathMyContracts+"/"+p.ID, nil)},
		After:    after,
	}
	return []notice{{to: p.Recipient, doc: d, template: "contract-notice"}}, nil
}

// compareLine is where the avis sends its client to compare: the
// comparison of every insurer's formulas for the same answers, priced
// and kept in « Mes prix » when sending the avis (a path of the site);
// without one (a contract from an offer, a pricing that failed), an
// adviser on request.
func compareLine(m *Mailer, p event.RenewalPayload) string {
	if path, query, _ := strings.Cut(p.CompareURL, "?"); strings.HasPrefix(path, "/") {
		if q, err := url.ParseQuery(query); err == nil {
			return "Comparez les formules de tous nos assureurs pour les mêmes réponses, calculées pour votre échéance et gardées dans «\u00a0Mes prix\u00a0»\u00a0: " +
				m.link(path, q)
		}
	}
	return "Pour comparer les offres d’autres assureurs pour le même risque, répondez à ce message\u00a0: un conseiller étudie votre demande."
}

// contractRenewed tells the client their contract renewed, with its new
// proof of insurance attached.
func contractRenewed(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.RenewalPayload](e)
	if err != nil {
		return nil, err
	}
	intro := []string{"Votre contrat est renouvelé pour un an, du " + fr.Date(p.Start, m.loc) + " au " + fr.Date(p.End, m.loc) + ". Votre nouvelle attestation d’assurance est dans votre espace."}
	if p.LateRule != "" {
		intro = append(intro, p.LateRule)
	}
	facts := []Fact{{"Contrat", p.Number}, {"Produit", p.Product}, {"Formule", p.Offer},
		{"Cotisation annuelle", pricing.Euros(p.YearlyCents) + " (" + evolution(p.YearlyCents-p.PreviousYearlyCents) + ")"}}
	if p.MonthlyCents > 0 {
		facts = append(facts, Fact{"Soit par mois", pricing.Euros(p.MonthlyCents)})
	}
	if len(p.Schedule) > 0 {
		facts = append(facts, Fact{"Premier prélèvement", fr.Date(p.Schedule[0].Date, m.loc) + ", " + pricing.Euros(p.Schedule[0].AmountCents)})
	}
	d := Doc{
		Subject:  "Votre contrat " + p.Number + " est renouvelé",
		Greeting: greeting(p.Recipient),
		Intro:    intro,
		Facts:    facts,
		Action:   &Link{"Voir mon contrat", m.link(PathMyContracts+"/"+p.ID, nil)},
		After:    []string{"Une question\u00a0? Répondez à ce message ou appelez-nous au " + m.footer.Phone + "."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "contract-renewed"}}, nil
}

// evolution is « en hausse de 32,40 € », « en baisse de 5,00 € », « inchangée ».
func evolution(diff int64) string {
	switch {
	case diff > 0:
		return "en hausse de " + pricing.Euros(diff)
	case diff < 0:
		return "en baisse de " + pricing.Euros(-diff)
	}
	return "inchangée"
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
