package mail

import (
	"net/url"
	"strings"

	"courtier/pkg/event"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// PathMyContracts is the client's list of contracts; a contract's page is
// under it, by id.
const PathMyContracts = "/mes-contrats"

// contractNotice writes the notice of a contract's change: its facts, a
// link to its page, and the words proper to the change.
func contractNotice(template, subject string, intro, after func(m *Mailer, p event.ContractPayload) []string, secret bool) builder {
	return func(m *Mailer, e event.Event) ([]notice, error) {
		p, err := decode[event.ContractPayload](e)
		if err != nil {
			return nil, err
		}
		d := Doc{
			Subject:  strings.ReplaceAll(subject, "{number}", p.Number),
			Greeting: greeting(p.Recipient),
			Intro:    intro(m, p),
			Facts:    []Fact{{"Contrat", p.Number}, {"Produit", p.Product}, {"Formule", p.Offer}, {"Statut", p.Status}},
			Action:   &Link{"Voir mon contrat", m.link(PathMyContracts+"/"+p.ID, nil)},
		}
		if after != nil {
			d.After = after(m, p)
		}
		d.After = append(d.After, "Une question\u00a0? Répondez à ce message ou appelez-nous au "+m.footer.Phone+".")
		return []notice{{to: p.Recipient, doc: d, template: template, secret: secret}}, nil
	}
}

var (
	contractCodeSent = contractNotice("contract-code", "Votre code de signature : {number}",
		func(m *Mailer, p event.ContractPayload) []string {
			return []string{"Voici le code qui signe votre contrat " + p.Number + "\u00a0:", p.Code,
				"Il vaut jusqu’à " + fr.Clock(p.Date, m.loc) + " (10\u00a0minutes) et ne sert qu’une fois. Saisissez-le sur la page de signature."}
		},
		func(*Mailer, event.ContractPayload) []string {
			return []string{"Vous n’avez rien demandé\u00a0? Ne communiquez ce code à personne, même à un conseiller\u00a0: nous ne vous le demanderons jamais."}
		}, true)
	contractSigned = withAttachments(contractNotice("contract-signed", "Votre contrat {number} est signé",
		func(m *Mailer, p event.ContractPayload) []string {
			out := []string{"Merci\u00a0! Votre contrat est signé électroniquement. Vos documents signés sont dans votre espace\u00a0: " + strings.Join(p.Documents, ", ") + "."}
			if !p.Date.IsZero() {
				out = append(out, "Vous êtes couvert provisoirement jusqu’au "+fr.Date(p.Date, m.loc)+"\u00a0: envoyez vos justificatifs depuis la page du contrat pour que votre contrat devienne actif.")
			}
			return out
		},
		func(_ *Mailer, p event.ContractPayload) []string {
			if p.NoWithdrawal {
				return []string{"Conclu pour moins d’un mois, ce contrat n’ouvre pas de délai de rétractation (article L112-2-1 du code des assurances)."}
			}
			return []string{"Vous disposez de 14\u00a0jours pour vous rétracter (article L112-2-1 du code des assurances)\u00a0: « Me rétracter » sur la page du contrat, ou le modèle de lettre joint à vos documents."}
		}, false))
	contractProofRefused = contractNotice("contract-proof-refused", "Un justificatif est à renvoyer : {number}",
		func(m *Mailer, p event.ContractPayload) []string {
			out := []string{"Nous avons vérifié vos justificatifs. L’un d’eux ne convient pas\u00a0: " + p.Detail + "."}
			if !p.Date.IsZero() {
				out = append(out, "Renvoyez-le avant le "+fr.Date(p.Date, m.loc)+", fin de votre couverture provisoire.")
			}
			return out
		}, nil, false)
	contractActivated = withAttachments(contractNotice("contract-activated", "Votre contrat {number} est actif",
		func(*Mailer, event.ContractPayload) []string {
			return []string{"Tous vos justificatifs sont acceptés\u00a0: votre contrat est actif. Vos documents à jour, dont votre attestation, sont dans votre espace."}
		}, nil, false))
	contractCancelRequested = contractNotice("contract-cancel-requested", "Accusé de réception de votre demande de résiliation : {number}",
		func(m *Mailer, p event.ContractPayload) []string {
			return []string{"Nous avons bien reçu votre demande de résiliation, et nous en accusons réception ce jour.",
				"Votre contrat prendra fin le " + fr.Date(p.Date, m.loc) + ". " + p.Detail,
				"Vous restez couvert jusqu’à cette date\u00a0; aucun prélèvement n’aura lieu après."}
		}, nil, false)
	contractCancelled = contractNotice("contract-cancelled", "Votre contrat {number} est résilié",
		func(m *Mailer, p event.ContractPayload) []string {
			return []string{"Votre contrat a pris fin le " + fr.Date(p.Date, m.loc) + ", comme vous l’aviez demandé. Ses documents restent consultables dans votre espace."}
		}, nil, false)
	contractDocumentSent = contractNotice("contract-document-sent", "Votre document : {number}",
		func(_ *Mailer, p event.ContractPayload) []string {
			return []string{"Comme convenu, voici de nouveau votre document «\u00a0" + p.Detail + "\u00a0». Il est à télécharger depuis la page de votre contrat, avec tous vos documents."}
		}, nil, false)
	contractWithdrawn = contractNotice("contract-withdrawn", "Votre rétractation est enregistrée : {number}",
		func(m *Mailer, p event.ContractPayload) []string {
			refund := "Aucun prélèvement n’avait encore eu lieu\u00a0: vous n’avez rien à payer ni à recevoir."
			if p.RefundCents > 0 {
				refund = "Nous vous remboursons " + pricing.Euros(p.RefundCents) + " dans les 30\u00a0jours (article L112-2-1 du code des assurances)."
			}
			return []string{"Vous avez renoncé à votre contrat le " + fr.Date(p.Date, m.loc) + "\u00a0: il est sans effet, et les prélèvements à venir sont annulés.", refund}
		}, nil, false)
)

// PathConfirmCancellation is the page of the link that confirms a
// cancellation asked without an account.
const PathConfirmCancellation = "/confirmer-resiliation"

// contractCancelLink asks the holder to confirm a cancellation made
// without an account: nothing is recorded until the link is used, so a
// stranger who knows the contract's number and its holder cannot end it.
func contractCancelLink(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.ContractPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Confirmez la résiliation de votre contrat " + p.Number,
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Une demande de résiliation de votre contrat a été faite sur notre site, sans espace client. Pour qu’elle soit enregistrée, confirmez-la avec ce lien (valable 24\u00a0heures, une seule fois)\u00a0:"},
		Facts: []Fact{{"Contrat", p.Number}, {"Produit", p.Product}, {"Formule", p.Offer},
			{"Fin du contrat si vous confirmez aujourd’hui", fr.Date(p.Date, m.loc)}},
		Action: &Link{"Confirmer la résiliation", m.link(PathConfirmCancellation, url.Values{"token": {p.Token}})},
		After: []string{"Règle appliquée\u00a0: " + p.Detail,
			"Vous n’êtes pas à l’origine de cette demande\u00a0? Ne cliquez pas\u00a0: votre contrat continue, rien ne change.",
			"Une question\u00a0? Répondez à ce message ou appelez-nous au " + m.footer.Phone + "."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "contract-cancel-link", secret: true}}, nil
}
