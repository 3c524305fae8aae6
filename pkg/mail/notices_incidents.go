package mail

import (
	"courtier/pkg/event"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
	"courtier/pkg/sepa"
)

// The notices of a payment incident (article L113-3 of the code des
// assurances): each says what happened, what is owed and how to pay it,
// and what follows without payment, with its date.

// incidentNotice writes the notice of an incident's step: the contract,
// the sum and how to pay it, the words proper to the step.
func incidentNotice(template, subject string, words func(m *Mailer, p event.IncidentPayload, d *Doc)) builder {
	return withAttachments(func(m *Mailer, e event.Event) ([]notice, error) {
		p, err := decode[event.IncidentPayload](e)
		if err != nil {
			return nil, err
		}
		d := Doc{
			Subject:  subject + " : " + p.Number,
			Greeting: greeting(p.Recipient),
			Facts:    []Fact{{"Contrat", p.Number}, {"Produit", p.Product}, {"Formule", p.Offer}, {"Statut", p.Status}},
			Action:   &Link{"Voir mon contrat", m.link(PathMyContracts+"/"+p.ID, nil)},
		}
		words(m, p, &d)
		help := "Une difficulté pour payer\u00a0? Répondez à ce message ou appelez-nous au " + m.footer.Phone + "\u00a0: nous cherchons avec vous une solution."
		if e.Kind == event.ContractPaymentReceived {
			help = "Une question\u00a0? Répondez à ce message ou appelez-nous au " + m.footer.Phone + "."
		}
		d.After = append(d.After, help)
		name := template
		if p.Again {
			name += "-again"
		}
		return []notice{{to: p.Recipient, doc: d, template: name}}, nil
	})
}

// transferFacts are how to pay p by transfer.
func transferFacts(p event.IncidentPayload) []Fact {
	return []Fact{{"Montant dû", pricing.Euros(p.AmountCents)}, {"Virement à l’ordre de", "IBAN " + sepa.FormatIBAN(p.IBAN) + " · BIC " + p.BIC},
		{"Référence à indiquer", p.Reference}}
}

var (
	contractPaymentRejected = incidentNotice("contract-payment-rejected", "Votre prélèvement a été rejeté",
		func(m *Mailer, p event.IncidentPayload, d *Doc) {
			if p.Again {
				d.Subject = "La nouvelle présentation de votre prélèvement a été rejetée : " + p.Number
				d.Intro = []string{"Votre banque a rejeté une seconde fois le prélèvement de " + pricing.Euros(p.AmountCents) + " dû le " + fr.Date(p.DueDate, m.loc) +
					" (motif\u00a0: " + p.Reason + "). Il ne sera plus présenté\u00a0: réglez cette somme par virement, avec la référence ci-dessous."}
			} else {
				d.Intro = []string{"Votre banque a rejeté le prélèvement de " + pricing.Euros(p.AmountCents) + " dû le " + fr.Date(p.DueDate, m.loc) +
					" (motif\u00a0: " + p.Reason + "). Votre contrat vous couvre toujours, mais cette somme reste à payer.",
					"Deux façons de régler\u00a0: nous présentons de nouveau le prélèvement le " + fr.Date(p.RepresentDate, m.loc) +
						", une seule fois (approvisionnez votre compte d’ici là)\u00a0; ou faites un virement avec la référence ci-dessous, et nous annulons la nouvelle présentation."}
			}
			d.Facts = append(d.Facts, transferFacts(p)...)
			d.After = []string{"Sans paiement, la loi (article L113-3 du code des assurances) nous conduit à vous adresser une mise en demeure le " +
				fr.Date(p.NoticeDate, m.loc) + ", puis à suspendre vos garanties le " + fr.Date(p.SuspendDate, m.loc) + " et à résilier votre contrat le " +
				fr.Date(p.TerminateDate, m.loc) + ". Nous préférons de loin l’éviter."}
		})
	contractFormalNotice = incidentNotice("contract-formal-notice", "Mise en demeure de payer votre prime",
		func(m *Mailer, p event.IncidentPayload, d *Doc) {
			d.Intro = []string{"Malgré notre premier message, la somme de " + pricing.Euros(p.AmountCents) + " due le " + fr.Date(p.DueDate, m.loc) +
				" reste impayée. Vous trouverez ci-joint notre mise en demeure de la payer (article L113-3 du code des assurances), qui vous est aussi adressée par lettre recommandée électronique."}
			d.Facts = append(d.Facts, transferFacts(p)...)
			d.Facts = append(d.Facts, Fact{"Suspension des garanties sans paiement", fr.Date(p.SuspendDate, m.loc)},
				Fact{"Résiliation du contrat sans paiement", fr.Date(p.TerminateDate, m.loc)})
			d.After = []string{"Payée avant la suspension, la somme due met fin à l’incident sans autre suite. Payée après, votre contrat reprend ses effets à midi le lendemain du paiement, tant qu’il n’est pas résilié."}
		})
	contractSuspended = incidentNotice("contract-suspended", "Vos garanties sont suspendues",
		func(m *Mailer, p event.IncidentPayload, d *Doc) {
			d.Intro = []string{"La somme de " + pricing.Euros(p.AmountCents) + " due le " + fr.Date(p.DueDate, m.loc) + " n’est toujours pas payée, 30\u00a0jours après notre mise en demeure du " +
				fr.Date(p.NoticeDate, m.loc) + ". Les garanties de votre contrat sont donc suspendues depuis aujourd’hui (article L113-3 du code des assurances)\u00a0: un sinistre survenu maintenant ne serait pas couvert, et votre attestation d’assurance n’est plus délivrée."}
			d.Facts = append(d.Facts, transferFacts(p)...)
			d.Facts = append(d.Facts, Fact{"Résiliation du contrat sans paiement", fr.Date(p.TerminateDate, m.loc)})
			d.After = []string{"Payez avant le " + fr.Date(p.TerminateDate, m.loc) + "\u00a0: votre contrat reprendra ses effets à midi le lendemain du paiement."}
		})
	contractTerminated = incidentNotice("contract-terminated", "Votre contrat est résilié pour non-paiement",
		func(m *Mailer, p event.IncidentPayload, d *Doc) {
			d.Intro = []string{"La somme de " + pricing.Euros(p.AmountCents) + " due le " + fr.Date(p.DueDate, m.loc) + " n’ayant pas été payée malgré notre mise en demeure du " +
				fr.Date(p.NoticeDate, m.loc) + ", votre contrat est résilié à compter d’aujourd’hui (article L113-3 du code des assurances). Vous trouverez ci-joint la lettre de résiliation.",
				"Aucun prélèvement n’aura plus lieu. La somme impayée reste due."}
			d.Facts = append(d.Facts, transferFacts(p)...)
			d.After = []string{"Si la loi vous oblige à assurer ce risque (un véhicule qui circule, par exemple), souscrivez sans attendre un autre contrat\u00a0: nous pouvons vous y aider."}
		})
	contractPaymentReceived = incidentNotice("contract-payment-received", "Votre paiement est bien reçu",
		func(m *Mailer, p event.IncidentPayload, d *Doc) {
			how := "par la nouvelle présentation de votre prélèvement"
			if p.PaymentWay != "" {
				how = "par " + p.PaymentWay
			}
			d.Intro = []string{"Nous avons bien reçu le " + fr.Date(p.PaymentDate, m.loc) + ", " + how + ", le paiement de " + pricing.Euros(p.AmountCents) +
				" dû le " + fr.Date(p.DueDate, m.loc) + ". L’incident de paiement est clos\u00a0: merci."}
			if p.Resumed {
				d.Intro = append(d.Intro, "Vos garanties reprennent leurs effets le "+m.when(p.CoverBackAt)+" (à midi le lendemain du paiement, article L113-3 du code des assurances). Votre attestation d’assurance est de nouveau disponible dans votre espace.")
			}
			d.Facts = append(d.Facts, Fact{"Référence", p.Reference})
		})
)
