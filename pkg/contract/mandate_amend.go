package contract

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// amendMandate moves c's mandate to the account holder, iban, bic from
// at: the mandate keeps its reference (RUM), as the SEPA rulebook lets a
// debtor change account under the same mandate. This minimal version
// only writes the new account; the bank branch of issue 43 replaces it
// with the amendment details the next pain.008 carries.
func (s *Service) amendMandate(ctx context.Context, tx *store.Tx, c *Contract, holder, iban, bic string, at time.Time) error {
	_ = at
	res, err := tx.ExecContext(ctx, "UPDATE mandates SET holder = ?, iban = ?, bic = ? WHERE contract_id = ?", holder, iban, bic, c.ID)
	if err != nil {
		return fmt.Errorf("mandat SEPA: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("mandat SEPA du contrat %s introuvable", c.Number)
	}
	return nil
}
