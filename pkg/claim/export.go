package claim

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"courtier/pkg/account"
	"courtier/pkg/blob"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// Export reads the actor's claims whole for their data export: what they
// declared, the steps, the messages and the list of their files (the
// files themselves are on « Mes sinistres »). Internal notes stay out.
func (s *Service) Export(ctx context.Context, actor account.Actor) ([]*Claim, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	out := []*Claim{}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		list, err := claimsOf(ctx, tx, actor.UID)
		if err != nil {
			return err
		}
		for _, c := range list {
			full, err := s.read(ctx, tx, c.ID)
			if err != nil {
				return err
			}
			full.Actions = []string{}
			out = append(out, full)
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("export des sinistres", err, "uid", actor.UID)
	}
	return out, nil
}

// Forget is the claims' part of an account's erasure (account.Eraser):
// the claims stay, without their account, for Retention after they end,
// as the privacy page says, since they may found an action at law
// (RGPD article 17.3.e); then PurgeExpired deletes them.
func (s *Service) Forget(ctx context.Context, tx *store.Tx, uid string) error {
	return detach(ctx, tx, uid)
}

// PurgeExpired deletes the claims that ended more than Retention ago,
// with their files no other row names; it returns how many claims went.
func (s *Service) PurgeExpired(ctx context.Context) (int, error) {
	var n int64
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		var err error
		if n, err = purgeEnded(ctx, tx, s.now().Add(-Retention)); err != nil || n == 0 {
			return err
		}
		_, err = purgeFiles(ctx, tx)
		return err
	})
	if err != nil {
		return 0, s.fail("purge des sinistres", err)
	}
	return int(n), nil
}

// purgeFiles sweeps the files nothing names any more.
func purgeFiles(ctx context.Context, tx *store.Tx) (int64, error) {
	return blob.Purge(ctx, tx)
}

// Kept is what an account's erasure leaves of its claims
// (account.Keeper): an open one is still followed with the insurer; each
// is kept for Retention after it ends.
func (s *Service) Kept(ctx context.Context, tx *store.Tx, uid string) ([]string, error) {
	requests, err := desk.Select(ctx, tx, desk.Selection{Kind: Machine.Kind, UID: uid})
	if err != nil {
		return nil, fmt.Errorf("sinistres conservés: %w", err)
	}
	var out []string
	for _, r := range requests {
		ref, status := r.Ref, r.Status
		var kind string
		err := tx.QueryRowContext(ctx, `SELECT kind FROM claims WHERE id = ?`, r.ID).Scan(&kind)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("sinistres conservés: %w", err)
		}
		label := kind
		if k := s.form().kind(kind); k != nil {
			label = k.Label
		}
		line := fmt.Sprintf("Le dossier de sinistre %s (%s), pendant 5\u00a0ans après sa clôture.", ref, label)
		if !ended(status) {
			line = fmt.Sprintf("Le dossier de sinistre %s (%s), toujours en cours\u00a0: il reste suivi jusqu’à sa clôture, puis conservé 5\u00a0ans.", ref, label)
		}
		out = append(out, line)
	}
	return out, nil
}
