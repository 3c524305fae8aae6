package mail

import (
	"strconv"
	"strings"

	"courtier/pkg/event"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// The notices of a contract's amendments (issue 43): the code that signs
// one, and the avenant signed with its documents attached, registered
// beside the other contracts' notices.
func init() {
	builders[event.ContractAmendmentCodeSent] = amendmentCode
	builders[event.ContractAmended] = withAttachments(contractAmended)
}

// amendmentFacts are an avenant's facts: the contract, what changes,
// from when, and its premium.
func amendmentFacts(m *Mailer, p event.AmendmentPayload) []Fact {
	facts := []Fact{{"Contrat", p.Number}, {"Avenant", "n°\u00a0" + strconv.Itoa(p.N) + ", " + strings.ToLower(p.Object)},
		{"Date d’effet", fr.Date(p.Effective, m.loc)}}
	for _, c := range p.Changes {
		facts = append(facts, Fact{c[0], orDash(c[1]) + " → " + orDash(c[2])})
	}
	facts = append(facts, Fact{"Cotisation annuelle", pricing.Euros(p.YearlyCents) + " (" + evolution(p.YearlyCents-p.PreviousYearlyCents) + ")"})
	if p.MonthlyCents > 0 {
		facts = append(facts, Fact{"Soit par mois", pricing.Euros(p.MonthlyCents)})
	}
	switch {
	case p.AdjustmentCents > 0:
		facts = append(facts, Fact{"À régler pour le reste de l’année", pricing.Euros(p.AdjustmentCents)})
	case p.AdjustmentCents < 0:
		facts = append(facts, Fact{"Remboursé pour le reste de l’année", pricing.Euros(-p.AdjustmentCents)})
	}
	return facts
}

// amendmentCode sends the code that signs an avenant: it signs that one
// and nothing else.
func amendmentCode(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AmendmentPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Votre code de signature de l’avenant n°\u00a0" + strconv.Itoa(p.N) + " : " + p.Number,
		Greeting: greeting(p.Recipient),
		Intro: []string{"Voici le code qui signe l’avenant n°\u00a0" + strconv.Itoa(p.N) + " à votre contrat " + p.Number + "\u00a0:", p.Code,
			"Il vaut jusqu’à " + fr.Clock(p.Date, m.loc) + " (10\u00a0minutes) et ne sert qu’une fois. Saisissez-le sur la page de votre contrat."},
		Facts:  amendmentFacts(m, p),
		Action: &Link{"Voir mon contrat", m.link(PathMyContracts+"/"+p.ID, nil)},
		After: []string{"Vous n’avez rien demandé\u00a0? Ne communiquez ce code à personne, même à un conseiller\u00a0: nous ne vous le demanderons jamais.",
			"Une question\u00a0? Répondez à ce message ou appelez-nous au " + m.footer.Phone + "."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "contract-amendment-code", secret: true}}, nil
}

// contractAmended tells the client their avenant is signed, with the
// avenant, the new Conditions particulières and the new attestation or
// Mémo attached, and the proofs the change asks.
func contractAmended(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AmendmentPayload](e)
	if err != nil {
		return nil, err
	}
	intro := []string{"Votre avenant est signé électroniquement. Il prend effet le " + fr.Date(p.Effective, m.loc) +
		"\u00a0; vos nouveaux documents sont joints à ce message et dans votre espace\u00a0: " + strings.Join(p.Documents, ", ") + "."}
	if len(p.ProofsNeeded) > 0 {
		intro = append(intro, "Envoyez depuis la page du contrat\u00a0: "+strings.Join(p.ProofsNeeded, ", ")+
			". Vous êtes couvert provisoirement jusqu’au "+fr.Date(p.ProvisionalUntil, m.loc)+".")
	}
	d := Doc{
		Subject:  "Votre avenant n°\u00a0" + strconv.Itoa(p.N) + " au contrat " + p.Number + " est signé",
		Greeting: greeting(p.Recipient),
		Intro:    intro,
		Facts:    amendmentFacts(m, p),
		Action:   &Link{"Voir mon contrat", m.link(PathMyContracts+"/"+p.ID, nil)},
		After:    []string{"Une question\u00a0? Répondez à ce message ou appelez-nous au " + m.footer.Phone + "."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "contract-amended"}}, nil
}
