package contract

import (
	"fmt"
	"slices"

	"courtier/pkg/pricing"
)

// attestationDocs are the documents a product's spec may name as its
// proofs of insurance (ProductSpec.Attestations).
var attestationDocs = []string{DocMemo, DocVTC, DocAttestation}

// CheckProducts refuses the specs of the rating file's products whose
// supporting documents or proofs of insurance this package does not
// know, or cannot make for them: a new product names those that exist,
// or brings its own here. app.App.Warm calls it, so that serve stops
// on a product it could not subscribe.
func (s *Service) CheckProducts() error {
	t := s.tariff()
	for _, spec := range t.Specs() {
		if err := checkSpec(spec, t.Temporary(spec.ID)); err != nil {
			return err
		}
	}
	return nil
}

// checkSpec is CheckProducts for one product, temporary or not.
func checkSpec(spec pricing.ProductSpec, temporary bool) error {
	for _, k := range spec.Proofs {
		if proofLabels[k] == "" {
			return fmt.Errorf("produit %s : justificatif inconnu « %s »", spec.ID, k)
		}
	}
	for _, k := range spec.Attestations {
		if !slices.Contains(attestationDocs, k) {
			return fmt.Errorf("produit %s : document inconnu « %s »", spec.ID, k)
		}
		// The attestation is a home's, or a temporary vehicle's; the
		// Mémo and the VTC certificate a vehicle's of a year.
		if (k == DocAttestation) != (!spec.Vehicle() || temporary) {
			return fmt.Errorf("produit %s : le document « %s » n’est pas celui de ce produit", spec.ID, k)
		}
	}
	if spec.Subscribe && len(spec.Attestations) == 0 {
		return fmt.Errorf("produit %s : un produit souscrit en ligne a son attestation d’assurance", spec.ID)
	}
	return nil
}
