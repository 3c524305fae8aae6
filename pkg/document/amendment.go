package document

import (
	"fmt"
	"strconv"
	"time"
)

// Change is one line of what an amendment changes: « Véhicule »,
// « Renault Clio V », « Peugeot 208 ». Before or After may be empty
// (a driver added has no before, one removed no after).
type Change struct {
	Label, Before, After string
}

// AmendmentInput is an « avenant » to a contract in force: what changes,
// from when, the premium after it and the adjustment for the rest of the
// current period.
type AmendmentInput struct {
	Contract string // contract number
	Number   int    // the avenant's rank in the contract: 1, 2…
	Issued   time.Time
	// Object says what kind of change it is: « Changement de véhicule ».
	Object  string
	Insurer string
	Formula string // the formula after the change
	Holder  Person
	Changes []Change
	// Effective is the first day under the new terms, PeriodEnd the
	// current period's anniversary (excluded): the adjustment covers the
	// days from one to the other.
	Effective, PeriodEnd time.Time
	// PreviousYearlyCents is the yearly premium before the change,
	// Premium the premium from Effective on.
	PreviousYearlyCents int64
	Premium             Premium
	// AdjustmentCents is the difference for the days left in the period:
	// positive when the client owes it, negative when it is refunded.
	AdjustmentCents int64
	// Settlement says how the adjustment is paid or refunded (« ajouté au
	// prélèvement du 5 août 2026 »); "" when there is none to settle.
	Settlement string
	SignedAt   time.Time // zero until the client signs
}

// AmendmentTitle is the title of the n-th avenant to contract, the one
// its document and the signature's evidence give it.
func AmendmentTitle(n int, contract string) string {
	return "Avenant n°" + nbsp + strconv.Itoa(n) + " au contrat n°" + nbsp + contract
}

func (in AmendmentInput) check() error {
	if err := required("avenant", "contract", in.Contract, "insurer", in.Insurer, "formula", in.Formula,
		"holder", in.Holder.Name, "object", in.Object); err != nil {
		return err
	}
	switch {
	case in.Number < 1:
		return fmt.Errorf("document: avenant: number %d, want 1 or more", in.Number)
	case in.Issued.IsZero() || in.Effective.IsZero() || in.PeriodEnd.IsZero():
		return fmt.Errorf("document: avenant: %w (or effective date, or period end)", errNoIssueTime)
	case !in.PeriodEnd.After(in.Effective):
		return fmt.Errorf("document: avenant: effective on %s, not before the period's end %s",
			in.Effective.Format(time.DateOnly), in.PeriodEnd.Format(time.DateOnly))
	case len(in.Changes) == 0:
		return fmt.Errorf("document: avenant: no change")
	}
	for _, c := range in.Changes {
		if c.Label == "" || c.Before == c.After {
			return fmt.Errorf("document: avenant: change %q from %q to %q changes nothing", c.Label, c.Before, c.After)
		}
	}
	return nil
}

// Amendment composes the « Avenant n° N au contrat n° … »: what changes,
// before and after, from when, the new premium and the adjustment due or
// refunded for the rest of the period, and the signatures, as the
// Conditions particulières have them. Once signed, the caller adds the
// signature page (AddSignaturePage) and seals it, as for the conditions.
func (r *Renderer) Amendment(in AmendmentInput) (*Doc, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	d := r.NewDoc(AmendmentTitle(in.Number, in.Contract), "Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Paragraph(fill(r.texts.Amendment, map[string]string{"numero": strconv.Itoa(in.Number), "contrat": in.Contract,
		"date": r.date(in.Effective), "courtier": r.broker.Name, "assureur": in.Insurer}))
	d.Fields(Field{"Numéro de contrat", in.Contract}, Field{"Objet de l’avenant", in.Object},
		Field{"Souscripteur", in.Holder.Name}, Field{"Assureur", in.Insurer}, Field{"Formule", in.Formula},
		Field{"Date d’effet", r.date(in.Effective)}, Field{"Établi le", r.date(in.Issued)})
	d.Section("Ce qui change")
	rows := make([][]string, len(in.Changes))
	for i, c := range in.Changes {
		rows[i] = []string{c.Label, dash(c.Before), dash(c.After)}
	}
	d.Table([]Column{{Title: "", Width: 1.2}, {Title: "Avant", Width: 2}, {Title: "À compter du " + r.date(in.Effective), Width: 2}}, rows)
	r.adjustment(d, in)
	d.Section("Signatures")
	r.signatures(d, in.Holder.Name, in.Insurer, in.SignedAt, in.Issued)
	return d, nil
}

// dash stands for a value that does not exist on one side of a change.
func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// adjustment writes the premium before and after the change and what the
// change costs or gives back for the days left in the period.
func (r *Renderer) adjustment(d *Doc, in AmendmentInput) {
	p := in.Premium
	d.Section("Votre cotisation")
	after := "Prime annuelle toutes taxes comprises à compter du " + r.date(in.Effective)
	rows := [][]string{{"Prime annuelle toutes taxes comprises avant l’avenant", Euros(in.PreviousYearlyCents)}, {after, Euros(p.YearlyCents)}}
	if p.YearlyCents == in.PreviousYearlyCents {
		rows = [][]string{{"Prime annuelle toutes taxes comprises, inchangée", Euros(p.YearlyCents)}}
	}
	rows = append(rows, []string{"dont taxes sur les conventions d’assurance et contributions", Euros(p.TaxesCents)})
	if p.MonthlyCents > 0 {
		rows = append(rows, []string{"Soit par mois", Euros(p.MonthlyCents)})
	}
	d.Table([]Column{{Title: "Cotisation", Width: 3}, {Title: "Montant", Width: 1.4, Amount: true}}, rows)
	last := in.PeriodEnd.AddDate(0, 0, -1)
	period := "du " + r.date(in.Effective) + " au " + r.date(last)
	switch {
	case in.AdjustmentCents > 0:
		d.Strong("Reste à payer pour la période " + period + nbsp + ": " + Euros(in.AdjustmentCents))
	case in.AdjustmentCents < 0:
		d.Strong("À vous rembourser pour la période " + period + nbsp + ": " + Euros(-in.AdjustmentCents))
	default:
		d.Strong("Aucun ajustement de cotisation pour la période " + period + ".")
	}
	if in.AdjustmentCents != 0 {
		d.Note(fmt.Sprintf("La différence de prime annuelle (%s) est comptée au prorata des jours restants, date d’effet comprise, jusqu’à l’échéance du %s.",
			signedEuros(p.YearlyCents-in.PreviousYearlyCents), r.date(in.PeriodEnd)))
	}
	d.Fields(Field{"Règlement", in.Settlement}, Field{"Fractionnement et paiement", p.Rhythm})
}

// signedEuros is an amount with its sign, « +130,00 € », « -42,10 € ».
func signedEuros(cents int64) string {
	if cents > 0 {
		return "+" + Euros(cents)
	}
	return Euros(cents)
}
