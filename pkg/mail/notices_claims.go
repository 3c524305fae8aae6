package mail

import (
	"strings"

	"courtier/pkg/event"
	"courtier/pkg/fr"
)

// PathMyClaims is the client's list of claims; a claim's page is under
// it, by id.
const PathMyClaims = "/mes-sinistres"

// claimNotice writes the notice of a claim's step: its facts, the step
// in the broker's words, and a link to its page.
func claimNotice(template func(p event.ClaimPayload) string, subject func(p event.ClaimPayload) string,
	intro func(m *Mailer, p event.ClaimPayload) []string) builder {
	return func(m *Mailer, e event.Event) ([]notice, error) {
		p, err := decode[event.ClaimPayload](e)
		if err != nil {
			return nil, err
		}
		facts := []Fact{{"Dossier", p.Ref}, {"Sinistre", p.Kind}, {"Produit", p.Product}, {"Assureur", p.Insurer}}
		if p.InsurerRef != "" {
			facts = append(facts, Fact{"Numéro chez l’assureur", p.InsurerRef})
		}
		facts = append(facts, Fact{"Statut", p.Status})
		d := Doc{
			Subject:  subject(p),
			Greeting: greeting(p.Recipient),
			Intro:    intro(m, p),
			Facts:    facts,
			Action:   &Link{"Suivre mon sinistre", m.link(PathMyClaims+"/"+p.ID, nil)},
		}
		if e.Kind == event.ClaimMessage {
			d.Quote = p.Text
		}
		if p.Mediator != "" {
			d.After = append(d.After, p.Mediator)
		}
		d.After = append(d.After, "Une question\u00a0? Écrivez-nous depuis la page du dossier, répondez à ce message ou appelez-nous au "+m.footer.Phone+".")
		return []notice{{to: p.Recipient, doc: d, template: template(p)}}, nil
	}
}

// claimSteps are the subjects of a claim's steps, by status.
var claimSteps = map[string]string{
	"declared":    "Votre dossier de sinistre {ref} est entre nos mains",
	"transmitted": "Votre sinistre {ref} est transmis à l’assureur",
	"expertise":   "Un expert est missionné pour votre sinistre {ref}",
	"pieces":      "Une pièce nous manque pour votre sinistre {ref}",
	"indemnified": "Votre sinistre {ref} est indemnisé",
	"refused":     "La réponse de l’assureur pour votre sinistre {ref}",
	"closed":      "Votre dossier de sinistre {ref} est clos",
}

var (
	claimDeclared = claimNotice(
		func(event.ClaimPayload) string { return "claim-declared" },
		func(p event.ClaimPayload) string { return "Votre déclaration de sinistre " + p.Ref + " est reçue" },
		func(m *Mailer, p event.ClaimPayload) []string {
			out := []string{p.Text}
			if !p.DeclareBy.IsZero() {
				out = append(out, "Délai légal de déclaration\u00a0: jusqu’au "+fr.Date(p.DeclareBy, m.loc)+", soit "+p.DeclareRule+".")
			} else if p.DeclareRule != "" {
				out = append(out, "Délai de déclaration\u00a0: "+p.DeclareRule+".")
			}
			return append(out, "Vous pouvez ajouter des photos et des documents à tout moment depuis la page du dossier.")
		})
	claimMoved = claimNotice(
		func(p event.ClaimPayload) string { return "claim-" + p.Step },
		func(p event.ClaimPayload) string {
			s, ok := claimSteps[p.Step]
			if !ok {
				s = "Votre sinistre {ref} avance"
			}
			return strings.ReplaceAll(s, "{ref}", p.Ref)
		},
		func(m *Mailer, p event.ClaimPayload) []string {
			out := strings.Split(p.Text, "\n\n")
			if p.Step == "pieces" {
				out = append(out, "Envoyez-la depuis la page du dossier («\u00a0Envoyer les pièces demandées\u00a0»)\u00a0: une photo nette suffit.")
			}
			if p.Step == "indemnified" && p.AmountCents > 0 {
				out = append(out, "L’assureur vous verse cette somme directement, en général sous quelques jours.")
			}
			return out
		})
	claimMessage = claimNotice(
		func(event.ClaimPayload) string { return "claim-message" },
		func(p event.ClaimPayload) string { return "Un message au sujet de votre sinistre " + p.Ref },
		func(m *Mailer, p event.ClaimPayload) []string {
			return []string{p.Author + " vous a écrit au sujet de votre dossier\u00a0:"}
		})
)
