package contract

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/event"
	"courtier/pkg/store"
	"courtier/pkg/unpaid"
)

// The two doors of the debits into the payment incidents: RecordReturns
// opens an incident for each debit the bank rejects, settleDebits ends
// one when the new presentation of its debit is paid.

// openIncident opens the payment incident of debit d of c, just rejected
// by the bank (RecordReturns, in its transaction): the client is told at
// once what happened and how to pay (d presented again once, or a
// transfer with the incident's reference), staff get a request
// « Impayé », and the clock starts (runIncidents). A new presentation
// rejected in its turn is told to the client, who must then pay by
// transfer; a debit whose incident is open already changes nothing.
func (s *Service) openIncident(ctx context.Context, tx *store.Tx, c *Contract, d Debit, at time.Time) error {
	reason, represents, err := debitFacts(ctx, tx, c.ID, d.Seq)
	if err != nil {
		return err
	}
	if reason == "" {
		reason = "Prélèvement rejeté par la banque"
	}
	if represents > 0 {
		return s.representationRejected(ctx, tx, c, represents, reason, at)
	}
	if i, err := findIncident(ctx, tx, c.ID, d.Seq); err != nil || i != nil {
		return err
	}
	i := &incident{contractID: c.ID, seq: d.Seq, openedAt: at, dueDate: d.Date, amountCents: d.AmountCents, reason: reason,
		reference: fmt.Sprintf("%s-%s-%02d", IncidentPrefix, c.Number, d.Seq)}
	// A return read before the due date (a bank's early reject) is
	// presented again after the due date, never before it.
	from := day(at, s.loc)
	if due, err := time.Parse(layout, d.Date); err == nil && due.After(from) {
		from = due
	}
	again := from.AddDate(0, 0, RepresentDays).Format(layout)
	if err := insertRepresentation(ctx, tx, c.ID, d, again); err != nil {
		return err
	}
	if s.unpaid != nil {
		i.requestID = rand.Text()
		_, err := s.unpaid.Open(ctx, tx, unpaid.Filing{ID: i.requestID, UID: c.uid, Name: c.Holder.Name, Email: c.Holder.Email, Phone: c.Holder.Phone,
			Product: c.Product, Due: time.Date(s.noticeDay(i).Year(), s.noticeDay(i).Month(), s.noticeDay(i).Day(), 9, 0, 0, 0, s.loc),
			Summary: fmt.Sprintf("%s · prélèvement de %s du %s rejeté (%s)", c.Number, euros(d.AmountCents), frDay(d.Date), reason)})
		if err != nil {
			return err
		}
	}
	if err := insertIncident(ctx, tx, i); err != nil {
		return err
	}
	detail := fmt.Sprintf("Prélèvement de %s du %s rejeté (%s)\u00a0: nouvelle présentation le %s, ou virement avec la référence %s",
		euros(d.AmountCents), frDay(d.Date), reason, frDay(again), i.reference)
	if err := s.record(ctx, tx, account.Actor{}, c, "payment_rejected", detail, at); err != nil {
		return err
	}
	p := s.incidentPayload(c, i, "")
	p.RepresentDate, _ = time.Parse(layout, again)
	return event.Record(ctx, tx, event.ContractPaymentRejected, event.ContractAggregate(c.ID), p, at)
}

// representationRejected tells the client that the new presentation of
// debit seq was rejected too: the transfer is the way left.
func (s *Service) representationRejected(ctx context.Context, tx *store.Tx, c *Contract, seq int, reason string, at time.Time) error {
	i, err := findIncident(ctx, tx, c.ID, seq)
	if err != nil || i == nil || !i.running() {
		return err
	}
	if told, err := toldAgain(ctx, tx, c.ID, i.reference); err != nil || told {
		return err
	}
	detail := fmt.Sprintf("Nouvelle présentation du prélèvement du %s rejetée (%s)\u00a0: paiement attendu par virement (référence %s)", frDay(i.dueDate), reason, i.reference)
	if err := s.record(ctx, tx, account.Actor{}, c, "payment_rejected_again", detail, at); err != nil {
		return err
	}
	if s.unpaid != nil && i.requestID != "" {
		if err := s.unpaid.Note(ctx, tx, i.requestID, "Nouvelle présentation rejetée ("+reason+")"); err != nil {
			return err
		}
	}
	p := s.incidentPayload(c, i, "")
	p.Again, p.RepresentDate = true, time.Time{}
	p.Reason = reason
	return event.Record(ctx, tx, event.ContractPaymentRejected, event.ContractAggregate(c.ID), p, at)
}

// representationPaid ends the incident of the debit that d presented
// again, now paid (settleDebits, in its transaction, once d's return
// window passed without a return): the rejected debit « Régularisé »,
// the cover back at noon the day after d's due date, the client told.
func (s *Service) representationPaid(ctx context.Context, tx *store.Tx, c *Contract, d Debit, at time.Time) error {
	_, represents, err := debitFacts(ctx, tx, c.ID, d.Seq)
	if err != nil || represents == 0 {
		return err
	}
	i, err := findIncident(ctx, tx, c.ID, represents)
	if err != nil || i == nil || !i.running() {
		return err
	}
	return s.closeIncidents(ctx, tx, account.Actor{}, c, []*incident{i}, payment{how: "representation", cents: d.AmountCents, date: d.Date}, at)
}
