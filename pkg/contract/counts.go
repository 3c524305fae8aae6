package contract

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// Counts are the contracts' figures of the admin dashboard.
type Counts struct {
	// SignedThisMonth and CancelledThisMonth count the contracts signed,
	// and ended by a cancellation or a withdrawal, since the first of the
	// month (the broker's time).
	SignedThisMonth    int `json:"signedThisMonth"`
	CancelledThisMonth int `json:"cancelledThisMonth"`
	// Active counts the contracts that cover now or soon (signed, not
	// ended); Awaiting those of them still waiting for supporting
	// documents; Pending those waiting for their signature.
	Active   int `json:"active"`
	Awaiting int `json:"awaiting"`
	Pending  int `json:"pending"`
	// ProofsToCheck counts the supporting documents sent and not checked.
	ProofsToCheck int `json:"proofsToCheck"`
	// PremiumsCents is the yearly premiums of the active contracts.
	PremiumsCents int64 `json:"premiumsCents"`
}

// Counts gives staff the contracts' figures.
func (s *Service) Counts(ctx context.Context, actor account.Actor) (*Counts, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	local := s.now().In(s.loc)
	month := store.FormatTime(time.Date(local.Year(), local.Month(), 1, 0, 0, 0, 0, s.loc))
	var c Counts
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT
			COUNT(CASE WHEN signed_at >= ? THEN 1 END),
			COUNT(CASE WHEN status IN ('cancelled', 'withdrawn') AND updated_at >= ? THEN 1 END),
			COUNT(CASE WHEN status IN ('active', 'awaiting_documents', 'cancel_requested') THEN 1 END),
			COUNT(CASE WHEN status = 'awaiting_documents' THEN 1 END),
			COUNT(CASE WHEN status = 'pending_signature' THEN 1 END),
			COALESCE(SUM(CASE WHEN status IN ('active', 'awaiting_documents', 'cancel_requested') THEN yearly_cents END), 0)
			FROM contracts`, month, month).Scan(&c.SignedThisMonth, &c.CancelledThisMonth, &c.Active, &c.Awaiting, &c.Pending, &c.PremiumsCents)
		if err != nil {
			return fmt.Errorf("chiffres des contrats: %w", err)
		}
		return tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM proofs WHERE status = 'sent'").Scan(&c.ProofsToCheck)
	})
	if err != nil {
		return nil, s.fail("chiffres des contrats", err, "uid", actor.UID)
	}
	return &c, nil
}
