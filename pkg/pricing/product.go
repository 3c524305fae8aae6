package pricing

import (
	"fmt"
	"slices"
	"strings"
)

// Risk is what a product insures: a vehicle of the catalogue (or one the
// client describes), or a dwelling.
type Risk string

// The risks a product may insure.
const (
	RiskVehicle  Risk = "vehicle"
	RiskDwelling Risk = "dwelling"
)

// ProductSpec is what Go knows of a product priced at once, beside its
// section of the rating file (its label, form, formulas, factors' tables,
// IPID and whether it is temporary): the one place that says how the
// engine prices it, how a contract of it is subscribed and kept, how a
// lead of it becomes a quote request, what its claims ask (Claims, whose
// natures and questions pkg/claim's form.json defines). Pricing,
// instant, contract and claim read it through the Tariff (Tariff.Spec);
// the site reads its public part through products.json (SiteProducts).
// The house's specs are HouseProducts; a new product is one more there.
type ProductSpec struct {
	// ID is the product's key in the rating file's products and in the
	// site's paths of data ("car", "home").
	ID string
	// Noun names the product after « une assurance » (« auto »,
	// « habitation », « VTC »).
	Noun string
	// Risk is what the product insures.
	Risk Risk
	// Parts are how the premium splits for the taxes, as the rating
	// file's parts name them.
	Parts []string
	// Factors are the factors the engine computes for the product, by
	// their key in the file, in the order the trace shows them.
	Factors []string

	// Subscribe: the client may subscribe a price of the product online
	// (documents, signature, mandate); otherwise an adviser writes the
	// contract with them.
	Subscribe bool
	// Hamon: the loi Hamon lets the client cancel at any time after the
	// first year (L113-15-2: car, motorbike and home insurance). A
	// temporary product (the rating file's "temporary") never has it and
	// has no withdrawal right under one month (L112-2-1).
	Hamon bool
	// Health: a health insurance (complémentaire santé), which the
	// client may end at any time after its first year, a month after
	// the insurer is told (loi 2019-733, L113-15-2 of the code des
	// assurances and L221-10-2 of the code de la mutualité); every avis
	// d'échéance recalls it. None of the house's products is one.
	Health bool
	// Proofs are the supporting documents a contract asks of a driver
	// who has been insured, by their kind in pkg/contract ("licence",
	// "registration", "record", "pro-card"); none for a home, whose
	// declaration is enough. A first-time driver's drop the « record ».
	Proofs []string
	// Attestations are the proofs of insurance a contract gets, by their
	// document kind in pkg/contract ("memo", "vtc", "attestation").
	Attestations []string
	// VehicleLabel is the kind of vehicle the documents name
	// (« Voiture », « Deux-roues motorisé »); empty for a dwelling.
	VehicleLabel string
	// LeavingNote replaces the advice given to a client insured
	// elsewhere, how to leave their insurer, when the loi Hamon does
	// not apply; empty for a product it applies to.
	LeavingNote string

	// Quote is the product of the quote request a lead of this product
	// becomes when staff turn it into one (pkg/quote: a motorbike is a
	// « car » request); empty when the lead's answers do not make one
	// (the request asks what the instant price did not).
	Quote string

	// Reference is the profile of the product's « à partir de » on the
	// site; nil for a product the site shows no starting price for.
	Reference *Reference

	// Claims is what a claim on a contract of the product may be and
	// asks; nil for a product whose claims are not declared online,
	// which claim.Service.CheckProducts refuses for a product
	// subscribed online.
	Claims *Claims
}

// Claims is a product's claims form: the natures of loss a claim on it
// may be and the questions it asks, by their id in pkg/claim's
// form.json, which defines them (labels, types, delays). The site reads
// the product's entry in form.json's products, which pkg/claim's tests
// check is the same.
type Claims struct {
	// Label names the product on a claim (« Auto », « Moto et scooter »).
	Label string
	// Kinds are the natures of loss, in the order the form offers them.
	Kinds []string
	// Questions are the questions, in the order the form asks them.
	Questions []string
}

// Vehicle tells a product that insures a vehicle.
func (s ProductSpec) Vehicle() bool { return s.Risk == RiskVehicle }

// factorIDs are the factors of the spec; an unknown name is an error.
func (s ProductSpec) factorIDs() ([]factorID, error) {
	out := make([]factorID, 0, len(s.Factors))
	for _, name := range s.Factors {
		i := slices.IndexFunc(factorSpecs[:], func(f factorSpec) bool { return f.name == name })
		if i < 0 {
			return nil, fmt.Errorf("produit %s : facteur inconnu « %s »", s.ID, name)
		}
		out = append(out, factorID(i))
	}
	return out, nil
}

// check refuses a spec the engine cannot use.
func (s ProductSpec) check() error {
	switch {
	case s.ID == "" || strings.TrimSpace(s.ID) != s.ID:
		return fmt.Errorf("un produit doit avoir un identifiant")
	case strings.TrimSpace(s.Noun) == "":
		return fmt.Errorf("produit %s : son nom après « une assurance » manque (« Noun »)", s.ID)
	case s.Risk != RiskVehicle && s.Risk != RiskDwelling:
		return fmt.Errorf("produit %s : le risque doit être %s ou %s", s.ID, RiskVehicle, RiskDwelling)
	case len(s.Parts) == 0:
		return fmt.Errorf("produit %s : aucune part de prime", s.ID)
	case s.Vehicle() != (s.VehicleLabel != ""):
		return fmt.Errorf("produit %s : un véhicule a un libellé (« VehicleLabel »), un logement n’en a pas", s.ID)
	case s.Hamon && s.Health:
		return fmt.Errorf("produit %s : un produit est de santé (« Health ») ou relève de la loi Hamon, pas les deux", s.ID)
	case s.Hamon && s.LeavingNote != "":
		return fmt.Errorf("produit %s : la note de départ vaut pour un produit sans loi Hamon", s.ID)
	case s.Reference != nil && (s.Reference.Answers == nil || strings.TrimSpace(s.Reference.Profile) == ""):
		return fmt.Errorf("produit %s : le profil de référence doit avoir ses réponses et sa description", s.ID)
	case s.Claims != nil && (strings.TrimSpace(s.Claims.Label) == "" || len(s.Claims.Kinds) == 0):
		return fmt.Errorf("produit %s : le formulaire de sinistre doit avoir son libellé et ses natures de sinistre", s.ID)
	}
	_, err := s.factorIDs()
	return err
}

// Spec returns the spec of a product the tariff prices.
func (t *Tariff) Spec(product string) (ProductSpec, bool) {
	if p := t.products[product]; p != nil {
		return p.spec, true
	}
	return ProductSpec{}, false
}

// Specs are the specs of the products the tariff prices, in the site's
// order.
func (t *Tariff) Specs() []ProductSpec {
	out := make([]ProductSpec, 0, len(t.order))
	for _, id := range t.order {
		out = append(out, t.products[id].spec)
	}
	return out
}

// SiteProduct is what the site reads of a product priced at once
// (products.json, through the JSON views of site/vite.config.ts): its
// spec's public part and the rating file's « temporary ».
type SiteProduct struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Noun  string `json:"noun"`
	Risk  Risk   `json:"risk"`
	// Vehicle: the contract asks the vehicle's registration.
	Vehicle bool `json:"vehicle"`
	// Temporary: the contract may start on the day it is signed.
	Temporary bool `json:"temporary"`
	Subscribe bool `json:"subscribe"`
	// Hamon: the client may switch insurer under the loi Hamon.
	Hamon bool `json:"hamon"`
}

// SiteProducts are the products t prices as the site reads them, in
// its order.
func (t *Tariff) SiteProducts() []SiteProduct {
	out := make([]SiteProduct, 0, len(t.order))
	for _, id := range t.order {
		p := t.products[id]
		s := p.spec
		out = append(out, SiteProduct{ID: id, Label: p.label, Noun: s.Noun, Risk: s.Risk, Vehicle: s.Vehicle(),
			Temporary: p.temporary, Subscribe: s.Subscribe, Hamon: s.Hamon})
	}
	return out
}
