package document

import (
	"fmt"
	"strings"
	"time"
)

// Offer is one formula compared in the advice.
type Offer struct {
	Insurer, Formula string
	YearlyCents      int64 // all taxes included
	MonthlyCents     int64
	DeductibleCents  int64
	Guarantees       []string // the main ones
}

// AdviceInput is the « Fiche d'information et de conseil »: the client's
// needs, the formulas compared, which one the broker recommends and why,
// and which one the client chose.
type AdviceInput struct {
	Reference   string // the quote's or the contract's number
	Issued      time.Time
	Client      Person
	Product     string  // « Assurance auto »
	Needs       []Field // the needs and requirements the client expressed
	Advice      string  // the advice, in a sentence or two
	Offers      []Offer
	Recommended int // index in Offers
	Chosen      int // index in Offers, -1 while the client has not chosen
}

// Advice composes the « Fiche d'information et de conseil ».
func (r *Renderer) Advice(in AdviceInput) (*Doc, error) {
	if err := required("fiche de conseil", "reference", in.Reference, "client", in.Client.Name,
		"product", in.Product, "advice", in.Advice); err != nil {
		return nil, err
	}
	if in.Issued.IsZero() {
		return nil, fmt.Errorf("document: fiche de conseil: %w", errNoIssueTime)
	}
	if len(in.Offers) == 0 || in.Recommended < 0 || in.Recommended >= len(in.Offers) || in.Chosen >= len(in.Offers) {
		return nil, fmt.Errorf("document: fiche de conseil: %d offers, recommended %d, chosen %d", len(in.Offers), in.Recommended, in.Chosen)
	}
	d := r.NewDoc("Fiche d’information et de conseil", "Réf.\u00a0"+in.Reference, in.Issued)
	d.Paragraph(fill(r.texts.Advice, map[string]string{"courtier": r.broker.Name}))
	d.Section("Vous")
	d.Fields(Field{"Nom", in.Client.Name}, Field{"Adresse", in.Client.Address},
		Field{"Date de naissance", r.date(in.Client.BirthDate)}, Field{"Produit", in.Product},
		Field{"Date de la fiche", r.date(in.Issued)})
	d.Section("Vos besoins et exigences")
	d.Fields(in.Needs...)
	d.Section("Les formules comparées")
	d.Table(offerColumns, offerRows(in))
	d.Note("Prix toutes taxes comprises, franchise de la garantie principale.")
	d.Section("Notre conseil")
	rec := in.Offers[in.Recommended]
	d.Strong(fmt.Sprintf("Nous vous recommandons la formule %s de %s.", quoted(rec.Formula), rec.Insurer))
	d.Paragraph(in.Advice)
	if in.Chosen >= 0 {
		ch := in.Offers[in.Chosen]
		d.Paragraph(fmt.Sprintf("Vous avez choisi la formule %s de %s, au prix de %s par an (%s par mois).",
			quoted(ch.Formula), ch.Insurer, Euros(ch.YearlyCents), Euros(ch.MonthlyCents)))
		if in.Chosen != in.Recommended {
			d.Note("Cette formule n’est pas celle que nous vous avons recommandée\u00a0; vous l’avez choisie en connaissance de cause.")
		}
	}
	return d, nil
}

var offerColumns = []Column{
	{Title: "Assureur", Width: 2.2}, {Title: "Formule", Width: 2.2},
	{Title: "Prix annuel", Width: 1.7, Amount: true}, {Title: "Prix mensuel", Width: 1.7, Amount: true},
	{Title: "Franchise", Width: 1.5, Amount: true}, {Title: "Garanties principales", Width: 4},
}

func offerRows(in AdviceInput) [][]string {
	rows := make([][]string, len(in.Offers))
	for i, o := range in.Offers {
		formula := o.Formula
		switch {
		case i == in.Recommended && i == in.Chosen:
			formula += " (recommandée, choisie)"
		case i == in.Recommended:
			formula += " (recommandée)"
		case i == in.Chosen:
			formula += " (choisie)"
		}
		rows[i] = []string{o.Insurer, formula, Euros(o.YearlyCents), Euros(o.MonthlyCents),
			Euros(o.DeductibleCents), strings.Join(o.Guarantees, ", ")}
	}
	return rows
}
