package contract

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/store"
	"courtier/pkg/unpaid"
)

// PaymentReceived is a payment staff record on a contract with an incident
// (POST /api/desk/contracts/{id}/payments): the sum received in cents,
// the day it was received (YYYY-MM-DD) and how.
type PaymentReceived struct {
	AmountCents int64  `json:"amountCents"`
	Date        string `json:"date"`
	Way         string `json:"way"`
}

// paymentWays are the ways a payment is received, in French.
var paymentWays = map[string]string{"transfer": "virement", "cheque": "chèque", "card": "carte bancaire", "cash": "espèces"}

// maxPaymentCents bounds a payment typed by staff: a slip of the keyboard
// (a million euros) is refused rather than recorded.
const maxPaymentCents = 10_000_000

// payment is how an incident ends: by staff's payment or by the new
// presentation of its debit, paid.
type payment struct {
	how, way, date string
	cents          int64
}

// check reads p, every wrong field at once.
func (s *Service) checkPayment(p PaymentReceived) error {
	var errs []error
	if p.AmountCents <= 0 || p.AmountCents > maxPaymentCents {
		errs = append(errs, apperr.FieldErrorf("amountCents", "Indiquez le montant reçu, entre 0,01\u00a0€ et %s.", euros(maxPaymentCents)))
	}
	if d, err := parseDay("date", p.Date, "la date du paiement"); err != nil {
		errs = append(errs, err)
	} else if d.After(s.today()) {
		errs = append(errs, apperr.FieldErrorf("date", "La date du paiement ne peut pas être après aujourd’hui."))
	}
	if _, ok := paymentWays[p.Way]; !ok {
		errs = append(errs, apperr.FieldErrorf("way", "Choisissez le moyen de paiement\u00a0: virement, chèque, carte bancaire ou espèces."))
	}
	return joinFields(errs)
}

// RecordPayment records a payment received for contract id's payment
// incidents, by staff: it must cover every sum still unpaid. The
// incidents end, the rejected debits are « Régularisé », their new
// presentations not yet sent are cancelled, a suspended contract covers
// again at noon the day after the payment (L113-3, alinéa 4) and its
// attestations come back, and the client is told.
func (s *Service) RecordPayment(ctx context.Context, actor account.Actor, id string, p PaymentReceived) (*Contract, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	if err := s.checkPayment(p); err != nil {
		return nil, err
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := findContract(ctx, tx, id)
		if errors.Is(err, sql.ErrNoRows) {
			return errNotFound()
		}
		if err != nil {
			return err
		}
		all, err := contractIncidents(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		var open []*incident
		var due int64
		for _, i := range all {
			if i.running() {
				open, due = append(open, i), due+i.amountCents
			}
		}
		if len(open) == 0 {
			if c.Ending != nil && c.Ending.Reason == ReasonUnpaid {
				return apperr.Errorf(apperr.ECONFLICT, "Ce contrat est résilié pour non-paiement depuis le %s\u00a0: le paiement ne le remet pas en vigueur. Notez-le dans la demande « Impayé ».", frDay(c.Ending.Date))
			}
			return apperr.Errorf(apperr.ECONFLICT, "Ce contrat n’a pas d’impayé en cours.")
		}
		if p.AmountCents < due {
			return apperr.FieldErrorf("amountCents", "Il reste %s à payer sur ce contrat\u00a0: un paiement partiel ne met pas fin à l’impayé.", euros(due))
		}
		if paid, _ := time.Parse(layout, p.Date); paid.Before(day(open[0].openedAt, s.loc)) && paid.Before(open[0].dueDay()) {
			return apperr.FieldErrorf("date", "Le paiement ne peut pas précéder l’échéance impayée du %s.", frDay(open[0].dueDate))
		}
		return s.closeIncidents(ctx, tx, actor, c, open, payment{how: "payment", way: p.Way, date: p.Date, cents: p.AmountCents}, s.now())
	})
	if err != nil {
		return nil, s.fail("paiement d'un impayé", err, "uid", actor.UID, "id", id)
	}
	return s.Get(ctx, actor, id)
}

// coverBack is when the cover resumes after a payment on day (YYYY-MM-DD):
// noon the day after, in the broker's time zone (L113-3, alinéa 4).
func (s *Service) coverBack(paid string) time.Time {
	d, _ := time.Parse(layout, paid)
	d = d.AddDate(0, 0, 1)
	return time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, s.loc).UTC()
}

// closeIncidents ends incidents list of c, paid by pay: each debit
// settled, each request closed; c, when suspended, back to the status it
// had (a cancellation asked keeps its date, a provisional cover its end);
// the history, and the client told, with their attestations again.
func (s *Service) closeIncidents(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract, list []*incident, pay payment, at time.Time) error {
	back := s.coverBack(pay.date)
	var total int64
	for _, i := range list {
		i.closedAt, i.closedHow, i.paidCents, i.paidDate, i.paidWay, i.coverBackAt = at, pay.how, pay.cents, pay.date, pay.way, back
		if err := updateIncident(ctx, tx, i); err != nil {
			return err
		}
		if err := settleDebit(ctx, tx, c.ID, i.seq, pay.date); err != nil {
			return err
		}
		if err := s.moveRequest(ctx, tx, i, unpaid.StatusClosed, time.Time{}, "Impayé réglé le "+frDay(pay.date)); err != nil {
			return err
		}
		total += i.amountCents
	}
	// Another incident of c still running keeps it suspended.
	rest, err := listIncidents(ctx, tx, "contract_id = ? AND closed_at IS NULL AND terminated_at IS NULL", c.ID)
	if err != nil {
		return err
	}
	resumed := c.Status == StatusSuspended && len(rest) == 0
	if resumed {
		to := StatusActive
		switch {
		case c.Ending != nil:
			to = StatusCancelRequested
		case c.ProvisionalUntil != "":
			to = StatusAwaiting
		}
		if err := s.moveTo(ctx, tx, c, to, at); err != nil {
			return err
		}
	}
	how := "par la nouvelle présentation du prélèvement"
	if pay.how == "payment" {
		how = "par " + paymentWays[pay.way] + " (" + euros(pay.cents) + ")"
	}
	detail := fmt.Sprintf("Impayé de %s réglé le %s %s", euros(total), frDay(pay.date), how)
	if resumed {
		detail += "\u00a0: garanties de nouveau en vigueur le " + frTime(back, s.loc)
	}
	if err := s.record(ctx, tx, actor, c, "payment_received", detail, at); err != nil {
		return err
	}
	p := s.incidentPayload(c, list[0], "")
	p.AmountCents, p.PaymentCents, p.PaymentWay, p.Resumed, p.CoverBackAt = total, pay.cents, paymentWays[pay.way], resumed, back
	p.PaymentDate, _ = time.Parse(layout, pay.date)
	if resumed {
		if p.Attachments, err = attachments(ctx, tx, c, s.spec(c.Product).Attestations); err != nil {
			return err
		}
	}
	return event.Record(ctx, tx, event.ContractPaymentReceived, event.ContractAggregate(c.ID), p, at)
}

// frTime is « 12 mars 2026 à 12:00 » in the broker's time zone.
func frTime(t time.Time, loc *time.Location) string {
	return frDate(day(t, loc)) + " à " + t.In(loc).Format("15:04")
}

// incidentView is what c's page shows of its incidents: the oldest still
// running (with the sum of all those running), else the termination, else
// the last one paid while its cover is not yet back. nil when none.
func (s *Service) incidentView(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract) (*Incident, error) {
	all, err := contractIncidents(ctx, tx, c.ID)
	if err != nil || len(all) == 0 {
		return nil, err
	}
	var shown *incident
	var total int64
	for _, i := range all {
		if i.running() {
			if shown == nil {
				shown = i
			}
			total += i.amountCents
		}
	}
	if shown == nil {
		for _, i := range all {
			if !i.terminated.IsZero() || (!i.closedAt.IsZero() && s.now().Before(i.coverBackAt)) {
				shown, total = i, i.amountCents
			}
		}
	}
	if shown == nil {
		return nil, nil
	}
	v := &Incident{DueDate: shown.dueDate, AmountCents: total, ReasonLabel: shown.reason, Reference: shown.reference,
		IBAN: s.creditor.IBAN, BIC: s.creditor.BIC, NoticeAt: s.noticeDay(shown).Format(layout), SuspendAt: s.suspendDay(shown).Format(layout),
		TerminateAt: s.terminateDay(shown).Format(layout), Stage: shown.stage()}
	v.StageLabel = stageLabels[v.Stage]
	if !shown.coverBackAt.IsZero() {
		back := shown.coverBackAt
		v.CoverBackAt = &back
	}
	if shown.running() {
		if date, sent, err := representationOf(ctx, tx, c.ID, shown.seq); err != nil {
			return nil, err
		} else if !sent {
			v.RepresentDate = date
		}
	}
	if actor.IsStaff() || actor.IsOperator() {
		v.Request = shown.requestID
	}
	return v, nil
}

// IncidentLines describe the incident of request id (« Impayé ») to
// staff, for the desk and the TUI (unpaid.Service.Describe).
func (s *Service) IncidentLines(ctx context.Context, actor account.Actor, requestID string) ([]desk.Line, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	var out []desk.Line
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		i, err := incidentOfRequest(ctx, tx, requestID)
		if err != nil || i == nil {
			return err
		}
		c, err := findContract(ctx, tx, i.contractID)
		if err != nil {
			return err
		}
		out = []desk.Line{{Label: "Contrat", Value: c.Number + " (" + c.Status.Label() + ")"},
			{Label: "Échéance impayée", Value: frDay(i.dueDate) + " · " + euros(i.amountCents)}, {Label: "Motif du rejet", Value: i.reason},
			{Label: "Référence de virement", Value: i.reference}, {Label: "Étape", Value: stageLabels[i.stage()]},
			{Label: "Mise en demeure", Value: s.dayOrPlanned(i.noticeAt, s.noticeDay(i), "envoyée")},
			{Label: "Suspension", Value: s.dayOrPlanned(i.suspendedAt, s.suspendDay(i), "faite")},
			{Label: "Résiliation", Value: s.dayOrPlanned(i.terminated, s.terminateDay(i), "faite")}}
		if !i.closedAt.IsZero() {
			out = append(out, desk.Line{Label: "Réglé", Value: frDay(i.paidDate) + " · " + euros(i.paidCents) + " (" + closedHow(i) + ")"})
		}
		return nil
	})
	return out, err
}

// dayOrPlanned is « envoyée le 20 mars 2026 » for a step done,
// « prévue le 20 mars 2026 » for one to come.
func (s *Service) dayOrPlanned(done, planned time.Time, verb string) string {
	if !done.IsZero() {
		return verb + " le " + frDate(day(done, s.loc))
	}
	return "prévue le " + frDate(planned)
}

func closedHow(i *incident) string {
	if i.closedHow == "representation" {
		return "nouvelle présentation du prélèvement"
	}
	return paymentWays[i.paidWay]
}
