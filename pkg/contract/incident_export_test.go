package contract

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// The doors of the debits into the incidents, opened for the tests of
// contract_test until the bank's return files (RecordReturns) and the
// debits' settlement (settleDebits) call them: each records on the debit
// what those record, then calls the hook as they do, in one transaction.

// RejectForTest records debit seq of contract id rejected by the bank for
// reason at at, and opens its incident (openIncident).
func (s *Service) RejectForTest(ctx context.Context, id string, seq int, reason string, at time.Time) error {
	return s.db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE debits SET status = 'rejected', reason_code = 'AM04', reason_label = ?, returned_at = ? WHERE contract_id = ? AND seq = ?",
			reason, store.FormatTime(at), id, seq)
		if err != nil {
			return err
		}
		c, d, err := debitOf(ctx, tx, id, seq)
		if err != nil {
			return err
		}
		return s.openIncident(ctx, tx, c, d, at)
	})
}

// RepresentationPaidForTest records the new presentation of debit seq of
// contract id paid at at (representationPaid).
func (s *Service) RepresentationPaidForTest(ctx context.Context, id string, seq int, at time.Time) error {
	return s.db.WriteTx(ctx, func(tx *store.Tx) error {
		var again int
		if err := tx.QueryRowContext(ctx, "SELECT seq FROM debits WHERE contract_id = ? AND represents = ?", id, seq).Scan(&again); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE debits SET status = 'paid', paid_at = ? WHERE contract_id = ? AND seq = ?", at.Format(layout), id, again); err != nil {
			return err
		}
		c, d, err := debitOf(ctx, tx, id, again)
		if err != nil {
			return err
		}
		return s.representationPaid(ctx, tx, c, d, at)
	})
}

func debitOf(ctx context.Context, tx *store.Tx, id string, seq int) (*Contract, Debit, error) {
	c, err := findContract(ctx, tx, id)
	if err != nil {
		return nil, Debit{}, err
	}
	list, err := listDebits(ctx, tx, id)
	if err != nil {
		return nil, Debit{}, err
	}
	for _, d := range list {
		if d.Seq == seq {
			return c, d, nil
		}
	}
	return nil, Debit{}, fmt.Errorf("no debit %d", seq)
}
