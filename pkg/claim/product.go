package claim

import (
	"fmt"
	"slices"

	"courtier/pkg/pricing"
)

// product is the form of the claims of product id: its spec's (Claims)
// for a product the tariff prices and registers its claims for, its
// entry in form.json otherwise (a product on study, or the tariff
// unread); nil when claims of it are not taken.
func (s *Service) product(id string) *ProductForm {
	if s.tariff != nil {
		if t, err := s.tariff(); err == nil {
			if spec, ok := t.Spec(id); ok && spec.Claims != nil {
				return formOf(spec)
			}
		}
	}
	return s.form().Product(id)
}

// formOf is the claims form a product's spec registers.
func formOf(spec pricing.ProductSpec) *ProductForm {
	return &ProductForm{ID: spec.ID, Label: spec.Claims.Label, Kinds: spec.Claims.Kinds, Questions: spec.Claims.Questions}
}

// CheckProducts refuses the tariff's products whose claims this package
// could not take: one subscribed online without its claims' questions,
// one naming a nature of loss or a question form.json does not define,
// or whose entry in form.json, which the site reads, says otherwise
// than its spec. app.App.Warm calls it, so that serve stops on a
// product whose clients could not declare a claim.
func (s *Service) CheckProducts() error {
	if s.tariff == nil {
		return nil
	}
	t, err := s.tariff()
	if err != nil {
		return err
	}
	f, err := s.loadForm()
	if err != nil {
		return err
	}
	for _, spec := range t.Specs() {
		if err := f.checkSpec(spec); err != nil {
			return err
		}
	}
	return nil
}

// checkSpec is CheckProducts for one product.
func (f *Form) checkSpec(spec pricing.ProductSpec) error {
	if spec.Claims == nil {
		if spec.Subscribe {
			return fmt.Errorf("produit %s : un produit souscrit en ligne a ses questions de sinistre (« Claims »)", spec.ID)
		}
		return nil
	}
	p := formOf(spec)
	for _, k := range p.Kinds {
		if f.kind(k) == nil {
			return fmt.Errorf("produit %s : nature de sinistre inconnue « %s »", spec.ID, k)
		}
	}
	for _, q := range p.Questions {
		if f.question(q) == nil {
			return fmt.Errorf("produit %s : question de sinistre inconnue « %s »", spec.ID, q)
		}
	}
	if e := f.Product(spec.ID); e != nil && !e.Same(p) {
		return fmt.Errorf("produit %s : son entrée dans form.json (lue par le site) n’est pas le formulaire de sinistre de sa fiche", spec.ID)
	}
	return nil
}

// Same tells whether p and o ask the same: label, natures and questions
// in the same order.
func (p *ProductForm) Same(o *ProductForm) bool {
	return p.ID == o.ID && p.Label == o.Label && slices.Equal(p.Kinds, o.Kinds) && slices.Equal(p.Questions, o.Questions)
}
