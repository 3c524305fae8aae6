package mail

import (
	"net/url"
	"strings"

	"courtier/pkg/event"
	"courtier/pkg/fr"
)

// PathMyPrices is the page a visitor's link opens their kept prices on.
const PathMyPrices = "/mes-prix"

// pricesKept recalls kept instant prices: for a client, where to find
// them; for a visitor, the link back to them, valid as long as they are.
func pricesKept(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.PricesPayload](e)
	if err != nil {
		return nil, err
	}
	until := fr.Date(p.ValidUntil, m.loc)
	// « Assurance auto » → « vos prix d'assurance auto ».
	of := "d’assurance"
	if p.Product != "" {
		of = "d’" + strings.ToLower(p.Product[:1]) + p.Product[1:]
	}
	d := Doc{
		Subject:  "Vos prix " + of + " sont enregistrés",
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Vous avez gardé vos prix " + of + " ; ils restent valables jusqu’au " + until + " inclus."},
		Facts:    []Fact{{"Référence", p.Ref}, {"Formule retenue", p.Chosen}},
		After: []string{"Ces prix sont indicatifs : ils sont confirmés après vérification de vos justificatifs.",
			"Une question ? Répondez à ce message ou appelez-nous au " + m.footer.Phone + "."},
	}
	if p.Token == "" {
		d.Action = &Link{"Voir mes devis", m.link(PathMyQuotes, nil)}
		return []notice{{to: p.Recipient, doc: d, template: "prices-kept"}}, nil
	}
	d.Action = &Link{"Revoir mes prix", m.link(PathMyPrices, url.Values{"token": {p.Token}})}
	d.After = append([]string{"Ce lien personnel ouvre vos prix sans compte : ne le transmettez pas."}, d.After...)
	return []notice{{to: p.Recipient, doc: d, template: "prices-kept-link", secret: true}}, nil
}
