package document

import (
	"fmt"
	"time"
)

// LetterInput fills the withdrawal letter model with the client's contract.
type LetterInput struct {
	Contract   string
	Issued     time.Time
	Subscribed time.Time
	Insurer    string
	Holder     Person
}

// WithdrawalLetter composes the « Modèle de lettre de rétractation »
// (article L112-2-1 of the Code des assurances), filled in so that the
// client only has to date, sign and send it.
func (r *Renderer) WithdrawalLetter(in LetterInput) (*Doc, error) {
	if err := required("lettre de rétractation", "contract", in.Contract, "insurer", in.Insurer,
		"holder", in.Holder.Name); err != nil {
		return nil, err
	}
	if in.Issued.IsZero() || in.Subscribed.IsZero() {
		return nil, fmt.Errorf("document: lettre de rétractation: %w (or subscription)", errNoIssueTime)
	}
	b := r.broker
	d := r.NewDoc("Modèle de lettre de rétractation", "Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Note(fill(r.texts.LetterSending, map[string]string{"courtier": b.Name, "adresseCourtier": b.Address, "email": b.Email}))
	d.Fields(Field{"Expéditeur", in.Holder.Name + ", " + in.Holder.Address},
		Field{"Destinataire", b.Name + ", " + b.Address},
		Field{"Objet", "Renonciation au contrat n°" + nbsp + in.Contract})
	d.Paragraph("Madame, Monsieur,")
	d.Paragraph(fill(r.texts.Letter, map[string]string{"nom": in.Holder.Name, "adresse": in.Holder.Address,
		"contrat": in.Contract, "date": r.date(in.Subscribed), "assureur": in.Insurer, "courtier": b.Name}))
	d.Paragraph("Je vous prie d’agréer, Madame, Monsieur, l’expression de mes salutations distinguées.")
	d.Signatures(Field{"Fait à …………………, le …………………", in.Holder.Name + " – signature"})
	return d, nil
}
