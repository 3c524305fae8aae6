package contract

import (
	"context"
	"time"

	"courtier/pkg/store"
)

// AmendMandateForTest changes the account of contract id's mandate at at,
// in one transaction, as the signature of an amendment of kind « bank »
// does (amendMandate), for the tests of contract_test until that
// signature calls it.
func (s *Service) AmendMandateForTest(ctx context.Context, id, holder, iban, bic string, at time.Time) error {
	return s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := findContract(ctx, tx, id)
		if err != nil {
			return err
		}
		return s.amendMandate(ctx, tx, c, holder, iban, bic, at)
	})
}
