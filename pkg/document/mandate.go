package document

import (
	"fmt"
	"time"
)

// Creditor is who collects the direct debits: the broker or the insurer.
type Creditor struct {
	Name, Address string
	ICS           string // identifiant créancier SEPA, « FR12ZZZ123456 »
}

// Debit is one direct debit of the schedule.
type Debit struct {
	Date  time.Time
	Cents int64
}

// MandateInput is a SEPA direct-debit mandate for recurrent payments.
type MandateInput struct {
	RUM      string // référence unique du mandat
	Contract string
	Issued   time.Time
	Creditor Creditor
	Debtor   Person
	IBAN     string
	BIC      string // optional
	Place    string // where the debtor signs on paper (« Lyon »); "" when signed online
	SignedAt time.Time
	// AmendedAt is when the debtor's account last changed, zero when it
	// never did: the mandate re-issued for the new account keeps its RUM
	// and its date of signature (SEPA Core rulebook), and says so.
	AmendedAt time.Time
	Schedule  []Debit
}

// Mandate composes the « Mandat de prélèvement SEPA ».
func (r *Renderer) Mandate(in MandateInput) (*Doc, error) {
	if err := required("mandat SEPA", "RUM", in.RUM, "creditor", in.Creditor.Name, "ICS", in.Creditor.ICS,
		"debtor", in.Debtor.Name, "IBAN", in.IBAN); err != nil {
		return nil, err
	}
	if in.Issued.IsZero() {
		return nil, fmt.Errorf("document: mandat SEPA: %w", errNoIssueTime)
	}
	d := r.NewDoc("Mandat de prélèvement SEPA", "RUM "+in.RUM, in.Issued)
	d.Fields(Field{"Référence unique du mandat (RUM)", in.RUM}, Field{"Type de paiement", "Paiement récurrent"},
		Field{"Contrat", in.Contract})
	d.Paragraph(fill(r.texts.SEPAMandate, map[string]string{"creancier": in.Creditor.Name}))
	d.Section("Le créancier")
	d.Fields(Field{"Nom", in.Creditor.Name}, Field{"Adresse", in.Creditor.Address},
		Field{"Identifiant créancier SEPA (ICS)", in.Creditor.ICS})
	d.Section("Le débiteur")
	d.Fields(Field{"Nom", in.Debtor.Name}, Field{"Adresse", in.Debtor.Address},
		Field{"IBAN", groupIBAN(in.IBAN)}, Field{"BIC", in.BIC})
	place, signed := "Fait à …………………, le …………………", "Signature du débiteur"
	if !in.SignedAt.IsZero() {
		// Signed online, where is unknown (never « Fait à en ligne »):
		// the date alone, the signature line says how.
		place = "Fait le " + r.date(in.SignedAt)
		if in.Place != "" {
			place = "Fait à " + in.Place + ", le " + r.date(in.SignedAt)
		}
		signed = "Signé électroniquement le " + dateTime(in.SignedAt, r.paris)
	}
	d.Signatures(Field{place, in.Debtor.Name + " – " + signed})
	if !in.AmendedAt.IsZero() {
		d.Note("Coordonnées bancaires du débiteur modifiées le " + r.date(in.AmendedAt) + " par avenant\u00a0: le mandat garde sa référence (RUM) et sa date de signature.")
	}
	if len(in.Schedule) > 0 {
		d.Section("Échéancier des prélèvements")
		rows := make([][]string, len(in.Schedule))
		var total int64
		for i, p := range in.Schedule {
			rows[i] = []string{fmt.Sprint(i + 1), r.date(p.Date), Euros(p.Cents)}
			total += p.Cents
		}
		rows = append(rows, []string{"", "Total", Euros(total)})
		d.Table([]Column{{Title: "N°", Width: 0.6}, {Title: "Date de prélèvement", Width: 3},
			{Title: "Montant", Width: 2, Amount: true}}, rows)
		d.Note("Chaque prélèvement vous est annoncé au moins 14" + nbsp + "jours avant sa date, par ce document ou par e-mail.")
	}
	return d, nil
}
