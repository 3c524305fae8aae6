package claim

import (
	"context"
	"slices"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// The responsibility the insurer retained for a vehicle's claim, which
// moves the bonus-malus at the contract's renewal (clause annexed to
// A121-1 of the code des assurances, art. 5 and 6): "" until staff know
// it.
const (
	ResponsibilityUnknown = ""
	ResponsibilityNone    = "none"
	ResponsibilityShared  = "shared"
	ResponsibilityFull    = "full"
)

// responsibilityLabels are the values' words, as the history says them.
var responsibilityLabels = map[string]string{
	ResponsibilityUnknown: "pas encore connue",
	ResponsibilityNone:    "aucune",
	ResponsibilityShared:  "partagée",
	ResponsibilityFull:    "entière",
}

// vehicleProducts are the products with a bonus-malus when the tariff
// cannot be read (its specs say it otherwise: pricing.ProductSpec.Vehicle).
var vehicleProducts = []string{"car", "moto", "vtc", "temp"}

// weighs tells a claim whose responsibility staff set: a vehicle's
// claim declared on one of the house's contracts.
func (s *Service) weighs(c *Claim) bool {
	if c.ContractID == "" {
		return false
	}
	if s.tariff != nil {
		if t, err := s.tariff(); err == nil {
			if spec, ok := t.Spec(c.Product); ok {
				return spec.Vehicle()
			}
		}
	}
	return slices.Contains(vehicleProducts, c.Product)
}

// ResponsibilityInput is what staff send to set a claim's responsibility
// (POST /api/desk/requests/{id}/claim/responsibility).
type ResponsibilityInput struct {
	Responsibility string `json:"responsibility"`
}

// SetResponsibility records the responsibility the insurer retained for
// claim id, with a line of its history: the agent who took it, or an
// admin, as for Move. Only a vehicle's claim on one of the house's
// contracts takes one; the same value again changes nothing.
func (s *Service) SetResponsibility(ctx context.Context, actor account.Actor, id string, in ResponsibilityInput) (*StaffClaim, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	label, known := responsibilityLabels[in.Responsibility]
	if !known {
		return nil, apperr.FieldErrorf("responsibility", "Choisissez la responsabilité retenue par l’assureur\u00a0: aucune, partagée, entière, ou pas encore connue.")
	}
	var out *StaffClaim
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := s.desk.Work(ctx, tx, actor, id, desk.KindClaim)
		if err != nil {
			return err
		}
		c, err := findClaim(ctx, tx, id)
		if err != nil {
			return err
		}
		if !s.weighs(c) {
			return apperr.FieldErrorf("responsibility", "Seul un sinistre de véhicule déclaré sur l’un de nos contrats a une responsabilité retenue pour le bonus-malus.")
		}
		if c.responsibility != in.Responsibility {
			c.responsibility = in.Responsibility
			if err := updateClaim(ctx, tx, c); err != nil {
				return err
			}
			text := "Responsabilité retenue par l’assureur\u00a0: " + label
			if err := insertStep(ctx, tx, c.ID, Step{At: s.now(), Status: string(r.Status), Text: text}); err != nil {
				return err
			}
			if err := s.desk.Record(ctx, tx, actor, id, "responsibility", text); err != nil {
				return err
			}
		}
		full, err := s.read(ctx, tx, id)
		if err != nil {
			return err
		}
		out, err = s.staffView(ctx, tx, actor, full)
		return err
	})
	if err != nil {
		return nil, s.fail("responsabilité d'un sinistre", err, "id", id, "actor", actor.UID)
	}
	return out, nil
}

// BonusMalusClaims are the claims declared on contract id that may move
// its bonus-malus, with the responsibility retained: those of a nature
// that never engages the driver's responsibility (theft, glass,
// vandalism, fire, natural disaster: form.json's noFault, art. 6 and 8 of
// the clause) are left out. contract.Service.CountClaims reads them.
func (s *Service) BonusMalusClaims(ctx context.Context, id string) ([]contract.BonusMalusClaim, error) {
	var out []contract.BonusMalusClaim
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		list, err := claimsOnContract(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, c := range list {
			if k := s.form().kind(c.Kind); k != nil && k.NoFault {
				continue
			}
			out = append(out, contract.BonusMalusClaim{ID: c.ID, OccurredAt: c.OccurredAt, Responsibility: c.responsibility})
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("sinistres du bonus-malus", err, "contract", id)
	}
	return out, nil
}
