package contract

import (
	"context"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/event"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// moveTo moves c to status to, checked against the machine, and saves it.
func (s *Service) moveTo(ctx context.Context, tx *store.Tx, c *Contract, to Status, now time.Time) error {
	if err := move(c.Status, to); err != nil {
		return err
	}
	c.Status, c.UpdatedAt = to, now
	return updateContract(ctx, tx, c)
}

// activate makes c « Actif » once every supporting document is accepted:
// the Mémo Véhicule Assuré is issued again for the whole year.
func (s *Service) activate(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract, now time.Time) error {
	c.ProvisionalUntil = ""
	if err := s.moveTo(ctx, tx, c, StatusActive, now); err != nil {
		return err
	}
	if err := s.issueMemo(ctx, tx, c, now); err != nil {
		return err
	}
	if err := s.record(ctx, tx, actor, c, "activated", "Tous les justificatifs sont acceptés\u00a0: contrat actif", now); err != nil {
		return err
	}
	p := s.payload(c, "")
	var err error
	if p.Attachments, err = attachments(ctx, tx, c, s.spec(c.Product).Attestations); err != nil {
		return err
	}
	return event.Record(ctx, tx, event.ContractActivated, event.ContractAggregate(c.ID), p, now)
}

// payload is c's event payload for its holder.
func (s *Service) payload(c *Contract, detail string) event.ContractPayload {
	return event.ContractPayload{
		Recipient: event.Recipient{Email: c.Holder.Email, Name: c.Holder.Name},
		ID:        c.ID, Number: c.Number, Product: s.tariff().ProductLabel(c.Product),
		Offer: c.Formula + " chez " + c.Insurer, Status: c.Status.Label(), Detail: detail,
	}
}

// publish records event kind of c in tx, dated with the day that matters.
func (s *Service) publish(ctx context.Context, tx *store.Tx, c *Contract, kind event.Kind, detail string, now time.Time) error {
	p := s.payload(c, detail)
	switch {
	case c.Ending != nil:
		p.Date, _ = time.ParseInLocation(layout, c.Ending.Date, s.loc)
		p.RefundCents = c.Ending.RefundCents
	case c.ProvisionalUntil != "":
		p.Date, _ = time.ParseInLocation(layout, c.ProvisionalUntil, s.loc)
	}
	return event.Record(ctx, tx, kind, event.ContractAggregate(c.ID), p, now)
}

// euros is « 41,20 € ».
func euros(cents int64) string { return pricing.Euros(cents) }
