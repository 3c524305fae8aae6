package document

import (
	"fmt"
	"time"
)

// IPIDInput is the insurance product information document of a formula
// (« Document d'information normalisé sur le produit d'assurance »): the
// insurer's texts, one list of items per standard section.
type IPIDInput struct {
	Insurer   string // « Assureur Alpha SA, entreprise d'assurance immatriculée en France »
	Product   string // « Assurance automobile »
	Formula   string
	Reference string // the formula's or the contract's reference
	Issued    time.Time
	// The sections, in the order of the standard layout.
	Type, Covered, NotCovered, Restrictions, Where,
	Obligations, Payments, Period, Cancellation []string
}

// ipidSections pairs each standard heading with its items.
func (in IPIDInput) sections() []struct {
	title string
	items []string
} {
	return []struct {
		title string
		items []string
	}{
		{"De quel type d’assurance s’agit-il\u00a0?", in.Type},
		{"Qu’est-ce qui est assuré\u00a0?", in.Covered},
		{"Qu’est-ce qui n’est pas assuré\u00a0?", in.NotCovered},
		{"Y a-t-il des restrictions de couverture\u00a0?", in.Restrictions},
		{"Où suis-je couvert(e)\u00a0?", in.Where},
		{"Quelles sont mes obligations\u00a0?", in.Obligations},
		{"Quand et comment effectuer les paiements\u00a0?", in.Payments},
		{"Quand commence la couverture et quand prend-elle fin\u00a0?", in.Period},
		{"Comment puis-je résilier le contrat\u00a0?", in.Cancellation},
	}
}

// IPID composes the formula's IPID. Every section must have an item: the
// standard layout has no optional section.
func (r *Renderer) IPID(in IPIDInput) (*Doc, error) {
	if err := required("IPID", "insurer", in.Insurer, "product", in.Product, "formula", in.Formula,
		"reference", in.Reference); err != nil {
		return nil, err
	}
	if in.Issued.IsZero() {
		return nil, fmt.Errorf("document: IPID: %w", errNoIssueTime)
	}
	secs := in.sections()
	for _, s := range secs {
		if len(s.items) == 0 {
			return nil, fmt.Errorf("document: IPID: section %q is empty", s.title)
		}
	}
	d := r.NewDoc("Document d’information sur le produit d’assurance", in.Product+" – "+in.Formula, in.Issued)
	d.Fields(Field{"Assureur", in.Insurer}, Field{"Produit", in.Product}, Field{"Formule", in.Formula},
		Field{"Référence", in.Reference}, Field{"Distribué par", r.broker.Name + ", courtier, ORIAS n°" + nbsp + r.broker.ORIAS})
	d.Note("Ce document d’information présente un résumé des principales garanties et exclusions du produit. " +
		"Il ne tient pas compte de vos besoins et demandes spécifiques. L’information complète sur ce produit " +
		"figure dans la documentation précontractuelle et contractuelle.")
	for _, s := range secs {
		d.Section(s.title)
		d.Bullets(s.items...)
	}
	return d, nil
}
