package desk

import (
	"context"
	"fmt"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// The staff a request can be handed to, read in the queue's own
// transaction so that an account disabled a moment ago cannot receive it.

// Staff lists the active agents and admins a request can be handed to, by name.
func (s *Service) Staff(ctx context.Context, actor account.Actor) ([]Person, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	var out []Person
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		out, err = listStaff(ctx, tx)
		return err
	})
	if err != nil {
		return nil, s.fail("liste des conseillers", err)
	}
	return out, nil
}

func listStaff(ctx context.Context, tx *store.Tx) ([]Person, error) {
	staff, err := account.Staff(ctx, tx)
	if err != nil {
		return nil, err
	}
	out := make([]Person, 0, len(staff))
	for _, p := range staff {
		out = append(out, Person{UID: p.UID, Name: p.Name})
	}
	return out, nil
}

// activeStaff reads uid if it is an active agent or admin, or answers
// the field error of "Confier à…".
func activeStaff(ctx context.Context, tx *store.Tx, uid string) (*Person, error) {
	p, ok, err := account.PersonOf(ctx, tx, uid)
	if err != nil {
		return nil, fmt.Errorf("lecture du conseiller: %w", err)
	}
	if !ok || !p.IsStaff() {
		return nil, apperr.FieldErrorf("uid", "Choisissez un conseiller ou un administrateur actif.")
	}
	return &Person{UID: p.UID, Name: p.Name}, nil
}
