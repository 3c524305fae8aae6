package contract

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// This file is the debits branch's stand-in for the payment incidents of
// issue 42: the incidents branch replaces it with the incident itself
// (its e-mail, its desk request, its clocks), keeping both signatures.

// openIncident opens the payment incident of c's debit d, returned by the
// bank at at; called by RecordReturns in the transaction that records the
// return. Here it only writes in c's history that an incident is open.
func (s *Service) openIncident(ctx context.Context, tx *store.Tx, c *Contract, d Debit, at time.Time) error {
	detail := fmt.Sprintf("Incident de paiement ouvert pour le prélèvement de %s du %s", euros(d.AmountCents), frDay(d.Date))
	return s.record(ctx, tx, account.Operator, c, "incident_opened", detail, at)
}

// representationPaid ends the incident of the rejected debit that d
// presented again, now paid; called by settleDebits in the transaction
// that marks d paid. Here it only writes it in c's history.
func (s *Service) representationPaid(ctx context.Context, tx *store.Tx, c *Contract, d Debit, at time.Time) error {
	detail := fmt.Sprintf("Nouvelle présentation de %s du %s payée", euros(d.AmountCents), frDay(d.Date))
	return s.record(ctx, tx, account.Operator, c, "representation_paid", detail, at)
}
