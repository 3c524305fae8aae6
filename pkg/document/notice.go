package document

import (
	"fmt"
	"time"
)

// NoticeInput fills the avis d'échéance: the year that ends, the premium
// of the next one and why it moved, its debits, the last day to refuse
// the renewal and the rights that apply.
type NoticeInput struct {
	Contract string
	Issued   time.Time
	Insurer  string
	Product  string // « Assurance auto »
	Formula  string
	Holder   Person
	// Start and End are the new year's first and last days; Deadline
	// the last day the client may refuse the renewal (L113-12).
	Start, End, Deadline time.Time
	// PreviousYearlyCents is this year's premium; YearlyCents,
	// MonthlyCents and TaxesCents the new year's.
	PreviousYearlyCents int64
	YearlyCents         int64
	MonthlyCents        int64
	TaxesCents          int64
	// Changes are the lines of « Pourquoi ce prix ? » that changed:
	// label, this year's value, the new year's ("" when none).
	Changes [][3]string
	// BonusMalus says why the bonus-malus is kept as it is ("" when it
	// moved, among Changes, or the contract has none).
	BonusMalus string
	// Schedule is the new year's debits.
	Schedule []Installment
	// Late: sent less than 15 days before the deadline; LateRule says
	// what the client may do then (L113-15-1).
	Late     bool
	LateRule string
	// Rights are the ways out the law gives (loi Hamon, health, term).
	Rights []string
	// Compare says where to compare the other insurers' formulas for the
	// same risk (« Mes prix », or an adviser for a contract from an
	// offer); no section when "".
	Compare string
}

// Installment is one debit of a schedule: its due date and amount.
type Installment struct {
	Date        time.Time
	AmountCents int64
}

// RenewalNotice composes the « Avis d'échéance » (L113-15-1 and R113-4 of
// the code des assurances): it states the last day to refuse the tacit
// renewal, the new premium with each due date and amount, and what
// changed in the price.
func (r *Renderer) RenewalNotice(in NoticeInput) (*Doc, error) {
	if err := required("avis d’échéance", "contract", in.Contract, "insurer", in.Insurer, "holder", in.Holder.Name,
		"product", in.Product); err != nil {
		return nil, err
	}
	if in.Issued.IsZero() || in.Start.IsZero() || in.End.IsZero() || in.Deadline.IsZero() {
		return nil, fmt.Errorf("document: avis d’échéance: %w (or its dates)", errNoIssueTime)
	}
	if in.YearlyCents <= 0 {
		return nil, fmt.Errorf("document: avis d’échéance: premium %d", in.YearlyCents)
	}
	d := r.NewDoc("Avis d’échéance", "Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Fields(Field{"Souscripteur", in.Holder.Name + ", " + in.Holder.Address},
		Field{"Contrat", in.Product + ", formule " + in.Formula + " chez " + in.Insurer},
		Field{"Nouvelle période", "du " + r.date(in.Start) + " au " + r.date(in.End)})
	d.Strong("Votre contrat se renouvelle le " + r.date(in.Start) + " pour un an. Si vous ne souhaitez pas le renouveler, " +
		"dites-le-nous au plus tard le " + r.date(in.Deadline) + " (article L113-12 du code des assurances).")
	if in.Late {
		d.Paragraph(in.LateRule)
	}

	d.Section("Votre cotisation pour la nouvelle année")
	diff := in.YearlyCents - in.PreviousYearlyCents
	move := "inchangée"
	switch {
	case diff > 0:
		move = "en hausse de " + Euros(diff)
	case diff < 0:
		move = "en baisse de " + Euros(-diff)
	}
	rows := [][]string{
		{"Prime annuelle de l’année qui s’achève", Euros(in.PreviousYearlyCents)},
		{"Prime annuelle hors taxes de la nouvelle année", Euros(in.YearlyCents - in.TaxesCents)},
		{"Taxes sur les conventions d’assurance et contributions", Euros(in.TaxesCents)},
		{"Prime annuelle toutes taxes comprises", Euros(in.YearlyCents)},
		{"Évolution", move},
	}
	if in.MonthlyCents > 0 {
		rows = append(rows, []string{"Soit par mois", Euros(in.MonthlyCents)})
	}
	d.Table([]Column{{Title: "Cotisation", Width: 3}, {Title: "Montant", Width: 1.4, Amount: true}}, rows)

	if len(in.Changes) > 0 {
		d.Section("Ce qui a changé dans le calcul de votre prix")
		rows = make([][]string, len(in.Changes))
		for i, c := range in.Changes {
			rows[i] = []string{c[0], orDash(c[1]), orDash(c[2])}
		}
		d.Table([]Column{{Title: "Ligne du calcul", Width: 2}, {Title: "Cette année", Width: 1.5}, {Title: "Nouvelle année", Width: 1.5}}, rows)
	} else {
		d.Paragraph("Le calcul de votre prix est le même que cette année.")
	}
	if in.BonusMalus != "" {
		d.Paragraph(in.BonusMalus)
	}

	d.Section("Vos prélèvements de la nouvelle année")
	rows = make([][]string, len(in.Schedule))
	for i, s := range in.Schedule {
		rows[i] = []string{r.date(s.Date), Euros(s.AmountCents)}
	}
	d.Table([]Column{{Title: "Date de prélèvement", Width: 2}, {Title: "Montant", Width: 1.4, Amount: true}}, rows)

	if in.Compare != "" {
		d.Section("Comparer les offres de nos assureurs")
		d.Paragraph(in.Compare)
	}

	d.Section("Vos droits")
	for _, p := range in.Rights {
		d.Paragraph(p)
	}
	return d, nil
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
