package document

import (
	"fmt"
	"time"
)

// UnpaidInput fills the letters of a payment incident (article L113-3 of
// the Code des assurances): the mise en demeure and the termination for
// non-payment. Dates are civil days; Sent is when the letter goes.
type UnpaidInput struct {
	Contract string
	Issued   time.Time
	Insurer  string
	// Product and Formula name the contract in words: « Assurance auto »,
	// « Tous risques ».
	Product, Formula string
	Holder           Person
	// DueDate is the premium's due date, AmountCents what is unpaid,
	// Reason why the bank rejected the debit (« Provision insuffisante »).
	DueDate     time.Time
	AmountCents int64
	Reason      string
	// Reference, IBAN and BIC are how to pay by transfer.
	Reference, IBAN, BIC string
	// NoticeDate is the day the mise en demeure was sent; SuspendDate the
	// day the cover is (or was) suspended, TerminateDate the day the
	// contract is (or may be) terminated.
	NoticeDate, SuspendDate, TerminateDate time.Time
}

func (in UnpaidInput) check(doc string) error {
	if err := required(doc, "contract", in.Contract, "insurer", in.Insurer, "holder", in.Holder.Name,
		"reference", in.Reference, "iban", in.IBAN); err != nil {
		return err
	}
	if in.Issued.IsZero() || in.DueDate.IsZero() || in.SuspendDate.IsZero() || in.TerminateDate.IsZero() {
		return fmt.Errorf("document: %s: %w (or a date of the incident)", doc, errNoIssueTime)
	}
	if in.AmountCents <= 0 {
		return fmt.Errorf("document: %s: no amount due", doc)
	}
	return nil
}

// head writes the letter's sender, addressee and subject.
func (r *Renderer) unpaidHead(d *Doc, in UnpaidInput, subject string) {
	b := r.broker
	d.Fields(Field{"Expéditeur", b.Name + ", " + b.Address + ", pour le compte de " + in.Insurer},
		Field{"Destinataire", in.Holder.Name + ", " + in.Holder.Address},
		Field{"Objet", subject},
		Field{"Contrat", in.Contract + " – " + in.Product + ", formule " + quoted(in.Formula) + " chez " + in.Insurer})
	d.Paragraph("Madame, Monsieur,")
}

// NoticeLetter composes the « Mise en demeure » of a premium unpaid (L113-3,
// alinéa 2): the sum and its due date, how to pay it, and what follows
// without payment, with its dates: the cover suspended 30 days after the
// letter is sent, the contract terminated 10 days after that. The broker
// sends it by e-mail and by (electronic) registered letter.
func (r *Renderer) NoticeLetter(in UnpaidInput) (*Doc, error) {
	if err := in.check("mise en demeure"); err != nil {
		return nil, err
	}
	b := r.broker
	d := r.NewDoc("Mise en demeure", "Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Note("Lettre recommandée électronique (article L100 du code des postes et des communications électroniques), doublée d’un courriel, envoyée le " + r.date(in.Issued) + ".")
	r.unpaidHead(d, in, "Mise en demeure de payer la prime – article L113-3 du code des assurances")
	d.Paragraph(fmt.Sprintf("Le prélèvement de %s dû le %s au titre de votre contrat n°%s%s a été rejeté par votre banque (motif%s: %s). À ce jour, cette somme reste impayée.",
		Euros(in.AmountCents), r.date(in.DueDate), nbsp, in.Contract, nbsp, in.Reason))
	d.Strong(fmt.Sprintf("Par la présente, nous vous mettons en demeure de payer la somme de %s.", Euros(in.AmountCents)))
	d.Table([]Column{{Title: "Échéance", Width: 2}, {Title: "Motif du rejet", Width: 3}, {Title: "Montant dû", Width: 2, Amount: true}},
		[][]string{{r.date(in.DueDate), in.Reason, Euros(in.AmountCents)}, {"Total à payer", "", Euros(in.AmountCents)}})
	d.Section("Comment payer")
	d.Paragraph("Par virement sur le compte du courtier, en indiquant la référence exacte, qui nous permet de rattacher votre paiement à votre contrat\u00a0:")
	d.Fields(Field{"Titulaire", b.Name}, Field{"IBAN", groupIBAN(in.IBAN)}, Field{"BIC", in.BIC}, Field{"Référence", in.Reference},
		Field{"Montant", Euros(in.AmountCents)})
	d.Paragraph("Vous pouvez aussi nous appeler au " + b.Phone + " pour payer par carte, ou nous adresser un chèque à l’ordre de " + b.Name + " en rappelant la référence.")
	d.Section("Ce qui se passe sans paiement")
	d.Bullets(
		fmt.Sprintf("Le %s, 30%sjours après l’envoi de cette lettre, les garanties de votre contrat seront suspendues (article L113-3, alinéa 2, du code des assurances)%s: un sinistre survenu pendant la suspension ne serait pas couvert, et aucune attestation d’assurance ne pourra vous être délivrée.", r.date(in.SuspendDate), nbsp, nbsp),
		fmt.Sprintf("Le %s, dix jours après la suspension, votre contrat sera résilié pour non-paiement (article L113-3, alinéa 3). La prime impayée restera due.", r.date(in.TerminateDate)),
		"Une résiliation pour non-paiement est connue des autres assureurs (pour un véhicule, elle est inscrite au fichier des résiliations tenu par l’AGIRA)\u00a0: s’assurer de nouveau peut alors coûter plus cher.",
	)
	d.Paragraph("Si vous payez avant la résiliation, votre contrat reprend ses effets à midi le lendemain du paiement, sans autre démarche.")
	d.Paragraph("Si vous avez déjà payé, ne tenez pas compte de cette lettre. Une difficulté passagère\u00a0? Appelez-nous au " + b.Phone + " ou écrivez à " + b.Email + "\u00a0: nous cherchons avec vous une solution.")
	d.Paragraph("Nous vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.")
	d.Strong(b.Name + ", pour le compte de " + in.Insurer + ", le " + r.date(in.Issued))
	return d, nil
}

// TerminationLetter composes the « Lettre de résiliation pour non-paiement »
// (L113-3, alinéa 3): after the mise en demeure and the suspension, the
// contract ends; the premium unpaid stays due.
func (r *Renderer) TerminationLetter(in UnpaidInput) (*Doc, error) {
	if err := in.check("résiliation pour non-paiement"); err != nil {
		return nil, err
	}
	if in.NoticeDate.IsZero() {
		return nil, fmt.Errorf("document: résiliation pour non-paiement: %w (no notice)", errNoIssueTime)
	}
	b := r.broker
	d := r.NewDoc("Résiliation pour non-paiement", "Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Note("Lettre recommandée électronique (article L100 du code des postes et des communications électroniques), doublée d’un courriel, envoyée le " + r.date(in.Issued) + ".")
	r.unpaidHead(d, in, "Résiliation de votre contrat pour non-paiement de la prime – article L113-3 du code des assurances")
	d.Paragraph(fmt.Sprintf("Par notre lettre du %s, nous vous avons mis en demeure de payer la somme de %s, prime due le %s et dont le prélèvement a été rejeté par votre banque (motif%s: %s). Les garanties de votre contrat sont suspendues depuis le %s.",
		r.date(in.NoticeDate), Euros(in.AmountCents), r.date(in.DueDate), nbsp, in.Reason, r.date(in.SuspendDate)))
	d.Strong(fmt.Sprintf("Cette somme n’ayant pas été payée, votre contrat n°%s%s est résilié à compter du %s, en application de l’article L113-3 du code des assurances.",
		nbsp, in.Contract, r.date(in.TerminateDate)))
	d.Table([]Column{{Title: "Échéance", Width: 2}, {Title: "Motif du rejet", Width: 3}, {Title: "Reste dû", Width: 2, Amount: true}},
		[][]string{{r.date(in.DueDate), in.Reason, Euros(in.AmountCents)}})
	d.Paragraph(fmt.Sprintf("La somme de %s reste due. Vous pouvez la payer par virement (IBAN %s, BIC %s, référence %s) ou en nous appelant au %s.",
		Euros(in.AmountCents), groupIBAN(in.IBAN), in.BIC, in.Reference, b.Phone))
	d.Paragraph("Aucun prélèvement n’aura plus lieu au titre de ce contrat. Si la loi vous oblige à assurer ce risque (un véhicule qui circule, par exemple), souscrivez sans attendre un autre contrat\u00a0: nous pouvons vous y aider.")
	d.Paragraph("Nous vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.")
	d.Strong(b.Name + ", pour le compte de " + in.Insurer + ", le " + r.date(in.Issued))
	return d, nil
}
