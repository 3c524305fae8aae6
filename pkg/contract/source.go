package contract

import (
	"context"
	"strings"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// Where contracts come from: a kept instant price or an accepted offer.

func sourceLabel(c *Contract) string {
	if c.Source == "offer" {
		return "une offre acceptée"
	}
	return "un prix immédiat"
}

// fromPrice fills c from the kept price id of actor, while it holds.
func (s *Service) fromPrice(ctx context.Context, actor account.Actor, c *Contract, id string) error {
	cut := strings.LastIndexByte(id, '-')
	if cut <= 0 {
		return apperr.FieldErrorf("priceId", "Ce prix est introuvable.")
	}
	q, err := s.prices.Get(ctx, actor, id[:cut])
	if apperr.CodeOf(err) == apperr.ENOTFOUND {
		return apperr.Errorf(apperr.ENOTFOUND, "Ce prix est introuvable\u00a0: gardez d’abord vos prix dans votre compte.")
	}
	if err != nil {
		return err
	}
	if s.today().Format(layout) > q.ValidUntil {
		return apperr.FieldErrorf("priceId", "Ce prix n’est plus valable depuis le %s\u00a0: refaites votre demande de prix.", q.ValidUntil)
	}
	var p *pricing.Price
	for i := range q.Prices {
		if q.Prices[i].ID == id {
			p = &q.Prices[i]
		}
	}
	if p == nil {
		return apperr.Errorf(apperr.ENOTFOUND, "Ce prix est introuvable.")
	}
	spec, ok := s.tariff().Spec(q.Product)
	if !ok || !spec.Subscribe {
		return apperr.FieldErrorf("priceId", "Ce produit ne se souscrit pas en ligne\u00a0: demandez un devis, un conseiller prépare le contrat avec vous.")
	}
	c.Source, c.SourceID, c.Product = "price", id, q.Product
	c.Insurer, c.Formula, c.Guarantees = p.Insurer, p.Formula, p.Guarantees
	c.YearlyCents, c.MonthlyCents, c.TaxesCents, c.DeductibleCents = p.YearlyCents, p.MonthlyCents, p.TaxesCents, p.DeductibleCents
	c.Holder.PostalCode = q.Answers.PostalCode
	c.Risk.Lines = s.answerLines(q.Product, q.Answers)
	c.Risk.FormulaID, c.Risk.InsurerID = p.FormulaID, p.InsurerID
	c.Risk.Days = q.Answers.Days
	for _, d := range p.Deductibles {
		c.Risk.Deductibles = append(c.Risk.Deductibles, Deductible{Label: d.Label, Cents: d.Cents})
	}
	answers, needs := q.Answers, q.Needs
	c.Risk.Answers, c.Risk.Needs = &answers, &needs
	c.Risk.Quoted = &Quoted{YearlyCents: p.YearlyCents, MonthlyCents: p.MonthlyCents, Answers: q.Answers, Trace: p.Trace}
	s.riskVehicle(c, q.Answers)
	s.riskDwelling(c, q.Answers)
	c.Risk.Advice = s.advice(q.Result, q.Needs, id)
	if firstDriver(q.Answers, q.Needs) {
		c.proofKinds = firstDriverProofs(spec.Proofs, q.Answers.SupervisedDriving && s.asks(q.Product, "supervisedDriving"))
	}
	return nil
}

// riskVehicle makes c's vehicle the one answers a price: a version of
// the catalogue, or a vehicle the client described (flagged); the
// registration already given stays.
func (s *Service) riskVehicle(c *Contract, a pricing.Answers) {
	var v *Vehicle
	if known, ok := s.tariff().Catalogue().Vehicle(a.VehicleID); ok {
		v = &Vehicle{ID: known.ID, Make: known.Make, Model: known.Model, Version: known.Version, Energy: known.Energy}
	} else if a.Described() {
		v = &Vehicle{Make: strings.TrimSpace(a.VehicleMake), Model: strings.TrimSpace(a.VehicleModel), Energy: a.VehicleEnergy}
	} else {
		return
	}
	if c.Risk.Vehicle != nil {
		v.Registration = c.Risk.Vehicle.Registration
	}
	c.Risk.Vehicle, c.Risk.VehicleDescribed = v, v.ID == ""
}

// riskDwelling makes c's dwelling the one answers describe, for a
// product that insures a dwelling.
func (s *Service) riskDwelling(c *Contract, a pricing.Answers) {
	if s.spec(c.Product).Risk != pricing.RiskDwelling {
		return
	}
	c.Risk.Dwelling = &Dwelling{Kind: s.choiceLabel(c.Product, "dwelling", a.Dwelling),
		Status: s.choiceLabel(c.Product, "occupant", a.Occupant), Surface: a.Surface, Rooms: a.Rooms}
}

// firstDriver tells a driver who has no relevé d'information to give:
// they said they are not insured yet (« Non, pas encore »: never, or not
// in the last three years), or their history counts no insured year.
func firstDriver(a pricing.Answers, n pricing.Needs) bool {
	return n.ExistingCover == "none" || (a.BonusMalus == 0 && a.CRMHistory != nil && a.CRMHistory.InsuredYears == 0)
}

// asks tells whether product's price form has the field key.
func (s *Service) asks(product, key string) bool {
	fields, _ := s.tariff().Form(product)
	for _, f := range fields {
		if f.Key == key {
			return true
		}
	}
	return false
}

// advice records the duty to advise of a priced quote: the needs, the
// formulas compared, the one recommended and the one chosen.
func (s *Service) advice(r *pricing.Result, n pricing.Needs, chosen string) *Advice {
	a := &Advice{Needs: s.tariff().NeedsLines(r.Product, n), Recommended: -1, Chosen: -1}
	if r.Recommended != nil {
		a.Reason = r.Recommended.Reason
	}
	for i, p := range r.Prices {
		a.Offers = append(a.Offers, AdviceOffer{Insurer: p.Insurer, Formula: p.Formula, YearlyCents: p.YearlyCents,
			MonthlyCents: p.MonthlyCents, DeductibleCents: p.DeductibleCents, Guarantees: p.Guarantees})
		if r.Recommended != nil && p.ID == r.Recommended.ID {
			a.Recommended = i
		}
		if p.ID == chosen {
			a.Chosen = i
		}
	}
	return a
}

// choiceLabel is the French label of a choice of the price form.
func (s *Service) choiceLabel(product, key, id string) string {
	fields, _ := s.tariff().Form(product)
	for _, f := range fields {
		if f.Key != key {
			continue
		}
		for _, c := range f.Choices {
			if c.ID == id {
				return c.Label
			}
		}
	}
	return id
}

// fromOffer fills c from the accepted offer id of actor.
func (s *Service) fromOffer(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract, id string) error {
	o, r, err := s.quotes.AcceptedOffer(ctx, tx, actor, id)
	if err != nil {
		return err
	}
	c.Source, c.SourceID, c.Product = "offer", id, string(r.Product)
	c.Insurer, c.Formula, c.Guarantees = o.Insurer, o.ProductName, o.Guarantees
	c.YearlyCents, c.MonthlyCents, c.DeductibleCents = o.YearlyCents, o.MonthlyCents, o.DeductibleCents
	if c.YearlyCents == 0 {
		c.YearlyCents = o.MonthlyCents * 12
	}
	c.Risk.Lines = s.quotes.AnswerLines(r)
	if c.Guarantees == nil {
		c.Guarantees = []string{}
	}
	if t, ok := r.Details.(*quote.Temp); ok && t.Days != nil {
		c.Risk.Days = *t.Days
	}
	// The quote requests of a product priced at once share its id and its
	// spec (a motorbike's is the « car » one); the others' contracts are
	// written with the insurer by an adviser.
	spec, ok := s.tariff().Spec(string(r.Product))
	if !ok || !spec.Subscribe {
		spec.Risk = ""
	}
	switch spec.Risk {
	case pricing.RiskVehicle:
		c.Risk.Vehicle = &Vehicle{}
		// The brand as the form names it (« Peugeot »), the model as typed.
		for _, l := range c.Risk.Lines {
			switch l[0] {
			case "Marque", "Autre marque":
				c.Risk.Vehicle.Make = l[1]
			case "Modèle":
				c.Risk.Vehicle.Model = l[1]
			}
		}
	case pricing.RiskDwelling:
		c.Risk.Dwelling = &Dwelling{}
	default:
		// Health, life, pro and fleet contracts are written with the
		// insurer by an adviser: their documents are not the site's.
		return apperr.FieldErrorf("offerId", "Ce contrat se souscrit avec votre conseiller : il vous contacte pour la signature.")
	}
	c.Risk.Advice = &Advice{Needs: c.Risk.Lines, Reason: o.Note, Recommended: 0, Chosen: 0, Offers: []AdviceOffer{{
		Insurer: o.Insurer, Formula: o.ProductName, YearlyCents: c.YearlyCents, MonthlyCents: o.MonthlyCents,
		DeductibleCents: o.DeductibleCents, Guarantees: c.Guarantees}}}
	return nil
}
