package document

import (
	"fmt"
	"strings"
	"time"
)

// Premium is what the contract costs, taxes shown apart.
type Premium struct {
	YearlyCents  int64  // all taxes included
	TaxesCents   int64  // the taxes included in YearlyCents
	MonthlyCents int64  // each monthly debit, when paid monthly
	Rhythm       string // « Mensuel, par prélèvement le 5 de chaque mois »
}

// ConditionsInput is the « Conditions particulières » of a contract.
type ConditionsInput struct {
	Contract        string // contract number
	Issued          time.Time
	Subscribed      time.Time // when the contract was concluded
	Start           time.Time // when the cover starts
	Insurer         string
	Formula         string
	Holder          Person
	Vehicle         *Vehicle  // the insured risk: a vehicle,
	Dwelling        *Dwelling // or a home
	Declarations    []Field   // what the client declared (bonus, claims, drivers…)
	Premium         Premium
	DeductibleCents int64
	// Deductibles are the deductibles by kind of damage, as the offer
	// showed them (« Bris de glace », 80 €); when given they replace
	// DeductibleCents, which then names only the main one.
	Deductibles []Field
	Guarantees  []Guarantee
	SignedAt    time.Time // zero until the client signs
	// End is a temporary contract's end, to the hour, Start then read to
	// the hour too: no anniversary, no tacit renewal, no loi Hamon.
	End time.Time
	// NoWithdrawal: a contract under one month, without the 14-day
	// withdrawal period (L112-2-1).
	NoWithdrawal bool
}

// Conditions composes the « Conditions particulières ».
func (r *Renderer) Conditions(in ConditionsInput) (*Doc, error) {
	if err := required("conditions particulières", "contract", in.Contract, "insurer", in.Insurer,
		"formula", in.Formula, "holder", in.Holder.Name); err != nil {
		return nil, err
	}
	if in.Issued.IsZero() || in.Start.IsZero() {
		return nil, fmt.Errorf("document: conditions particulières: %w (or start)", errNoIssueTime)
	}
	if (in.Vehicle == nil) == (in.Dwelling == nil) {
		return nil, fmt.Errorf("document: conditions particulières: one insured risk, a vehicle or a dwelling")
	}
	subscribed := in.Subscribed
	if subscribed.IsZero() {
		subscribed = in.Issued
	}
	d := r.NewDoc("Conditions particulières", "Contrat n°"+nbsp+in.Contract, in.Issued)
	term := []Field{{"Date d’effet", r.date(in.Start)}, {"Échéance annuelle", r.anniversary(in.Start)}}
	if !in.End.IsZero() {
		term = []Field{{"Date d’effet", r.hour(in.Start)}, {"Fin du contrat", r.hour(in.End) + ", sans reconduction"}}
	}
	d.Fields(append([]Field{{"Numéro de contrat", in.Contract}, {"Assureur", in.Insurer},
		{"Formule", in.Formula}, {"Intermédiaire", r.broker.Name + ", courtier, ORIAS n°" + nbsp + r.broker.ORIAS}}, term...)...)
	d.Section("Le souscripteur")
	holderFields := []Field{{"Nom", in.Holder.Name}, {"Adresse", in.Holder.Address},
		{"Date de naissance", r.date(in.Holder.BirthDate)}, {"E-mail", in.Holder.Email}}
	if in.Holder.Phone != "" {
		holderFields = append(holderFields, Field{"Téléphone", in.Holder.Phone})
	}
	d.Fields(holderFields...)
	d.Section("Le risque assuré")
	if in.Vehicle != nil {
		d.Fields(in.Vehicle.fields()...)
	} else {
		d.Fields(in.Dwelling.fields()...)
	}
	if len(in.Declarations) > 0 {
		d.Section("Vos déclarations")
		d.Fields(in.Declarations...)
		d.Note(r.texts.Declarations)
	}
	r.premium(d, in)
	r.clauses(d, in, subscribed)
	return d, nil
}

// anniversary is the day the contract renews: « 1er juin de chaque année ».
func (r *Renderer) anniversary(start time.Time) string {
	return dayMonth(start, r.paris) + " de chaque année"
}

func (r *Renderer) premium(d *Doc, in ConditionsInput) {
	p := in.Premium
	d.Section("Votre cotisation et vos garanties")
	rows := [][]string{
		{"Prime annuelle hors taxes", Euros(p.YearlyCents - p.TaxesCents)},
		{"Taxes sur les conventions d’assurance et contributions", Euros(p.TaxesCents)},
		{"Prime annuelle toutes taxes comprises", Euros(p.YearlyCents)},
		{"Soit par mois", Euros(p.MonthlyCents)},
	}
	if !in.End.IsZero() {
		// A temporary contract's premium is the price of its days, paid once.
		rows[0][0], rows[2][0], rows = "Prime de la période hors taxes", "Prime de la période toutes taxes comprises", rows[:3]
	}
	d.Table([]Column{{Title: "Cotisation", Width: 3}, {Title: "Montant", Width: 1.4, Amount: true}}, rows)
	fields := []Field{{"Fractionnement et paiement", p.Rhythm}}
	switch {
	case len(in.Deductibles) > 0:
		for _, f := range in.Deductibles {
			fields = append(fields, Field{"Franchise " + strings.ToLower(f.Label), f.Value})
		}
	case in.DeductibleCents > 0:
		fields = append(fields, Field{"Franchise", Euros(in.DeductibleCents)})
	default:
		fields = append(fields, Field{"Franchise", "Aucune"})
	}
	d.Fields(fields...)
	rows = make([][]string, len(in.Guarantees))
	for i, g := range in.Guarantees {
		rows[i] = []string{g.Name, g.Detail}
	}
	d.Table([]Column{{Title: "Garanties souscrites", Width: 2}, {Title: "Franchise", Width: 2}}, rows)
	// The rating file knows no ceilings but those a guarantee names
	// (« jusqu’à 500 000 € »): the others are the insurer's, said so.
	d.Note("Plafonds : ceux que nomme une garantie, les autres selon les conditions générales de " + in.Insurer + ".")
}

func (r *Renderer) clauses(d *Doc, in ConditionsInput, subscribed time.Time) {
	values := map[string]string{"contrat": in.Contract, "date": r.date(subscribed),
		"courtier": r.broker.Name, "assureur": in.Insurer}
	d.Section("Droit de renonciation")
	if in.NoWithdrawal {
		d.Paragraph(fill(r.texts.NoWithdrawal, values))
	} else {
		d.Paragraph(fill(r.texts.Withdrawal, values))
	}
	d.Section("Durée et résiliation")
	if in.End.IsZero() {
		d.Paragraph(fill(r.texts.Cancellation, values))
	} else {
		values["debut"], values["fin"] = r.hour(in.Start), r.hour(in.End)
		d.Paragraph(fill(r.texts.Temporary, values))
	}
	d.Section("Signatures")
	r.signatures(d, in.Holder.Name, in.Insurer, in.SignedAt, in.Issued)
}

// signatures adds the boxes of the policyholder, to sign or signed
// electronically at signed, and of the broker for the insurer on the day
// the document is issued: the conditions and their avenants end so.
func (r *Renderer) signatures(d *Doc, holder, insurer string, signed, issued time.Time) {
	state := "Lu et approuvé, à signer"
	if !signed.IsZero() {
		state = "Signé électroniquement le " + dateTime(signed, r.paris)
	}
	d.Signatures(Field{"Le souscripteur, " + holder, state},
		Field{"Pour " + insurer + ", par délégation", r.broker.Name + ", le " + r.date(issued)})
}
