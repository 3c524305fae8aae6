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
	// The debits' money, each euro owed in one of them: CollectedCents
	// the premiums received (debits paid, and rejected ones settled since,
	// by their re-presentation or a payment to staff); RejectedCents the
	// debits rejected and not settled yet, Rejected how many;
	// OutstandingCents the debits to come or sent and not paid yet, not
	// cancelled. A debit that presents a rejected one again counts in none
	// of them: its money is the rejected one's, still owed or settled.
	CollectedCents   int64 `json:"collectedCents"`
	RejectedCents    int64 `json:"rejectedCents"`
	Rejected         int   `json:"rejected"`
	OutstandingCents int64 `json:"outstandingCents"`
	// AmendmentsSignedThisMonth counts the amendments signed since the
	// first of the month; AmendmentDrafts those prepared, by the client
	// or by staff, and not signed nor cancelled yet.
	AmendmentsSignedThisMonth int `json:"amendmentsSignedThisMonth"`
	AmendmentDrafts           int `json:"amendmentDrafts"`
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
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM proofs WHERE status = 'sent'").Scan(&c.ProofsToCheck); err != nil {
			return fmt.Errorf("justificatifs à vérifier: %w", err)
		}
		if err := debitCounts(ctx, tx, &c); err != nil {
			return err
		}
		return amendmentCounts(ctx, tx, month, &c)
	})
	if err != nil {
		return nil, s.fail("chiffres des contrats", err, "uid", actor.UID)
	}
	return &c, nil
}

// debitCounts adds to c the premiums collected, rejected and outstanding,
// from the debits' status. The debits presenting a rejected one again are
// left out: were they counted, a re-presentation paid would count its
// money twice (it, and the rejected debit it settles), and one waiting
// would count as outstanding what RejectedCents already counts as owed.
func debitCounts(ctx context.Context, tx *store.Tx, c *Counts) error {
	err := tx.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN status IN ('paid', 'settled') THEN amount_cents END), 0),
		COALESCE(SUM(CASE WHEN status = 'rejected' THEN amount_cents END), 0),
		COUNT(CASE WHEN status = 'rejected' THEN 1 END),
		COALESCE(SUM(CASE WHEN status IN ('scheduled', 'sent') AND cancelled = 0 THEN amount_cents END), 0)
		FROM debits WHERE represents IS NULL`).Scan(&c.CollectedCents, &c.RejectedCents, &c.Rejected, &c.OutstandingCents)
	if err != nil {
		return fmt.Errorf("primes encaissées: %w", err)
	}
	return nil
}

// amendmentCounts adds to c the amendments signed since month (the first
// of the month, stored as a time) and the drafts waiting for a signature.
func amendmentCounts(ctx context.Context, tx *store.Tx, month string, c *Counts) error {
	err := tx.QueryRowContext(ctx, `SELECT
		COUNT(CASE WHEN status = 'signed' AND signed_at >= ? THEN 1 END),
		COUNT(CASE WHEN status = 'draft' THEN 1 END)
		FROM amendments`, month).Scan(&c.AmendmentsSignedThisMonth, &c.AmendmentDrafts)
	if err != nil {
		return fmt.Errorf("avenants: %w", err)
	}
	return nil
}
