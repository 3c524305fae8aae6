package desk

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// The staff a request can be handed to, read in the queue's own
// transaction so that an account disabled a moment ago cannot receive it.

const staffSQL = `SELECT uid, COALESCE(NULLIF(display_name, ''), email) FROM users
	WHERE status = 'active' AND role IN ('agent', 'admin')`

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
	rows, err := tx.QueryContext(ctx, staffSQL+` ORDER BY lower(COALESCE(NULLIF(display_name, ''), email)), uid`)
	if err != nil {
		return nil, fmt.Errorf("liste des conseillers: %w", err)
	}
	defer rows.Close()
	out := []Person{}
	for rows.Next() {
		var p Person
		if err := rows.Scan(&p.UID, &p.Name); err != nil {
			return nil, fmt.Errorf("liste des conseillers: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// activeStaff reads uid if it is an active agent or admin, or answers
// the field error of "Confier à…".
func activeStaff(ctx context.Context, tx *store.Tx, uid string) (*Person, error) {
	p := Person{UID: uid}
	err := tx.QueryRowContext(ctx, staffSQL+` AND uid = ?`, uid).Scan(&p.UID, &p.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.FieldErrorf("uid", "Choisissez un conseiller ou un administrateur actif.")
	}
	if err != nil {
		return nil, fmt.Errorf("lecture du conseiller: %w", err)
	}
	return &p, nil
}
