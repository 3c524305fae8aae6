package contract

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/document"
	"courtier/pkg/event"
	"courtier/pkg/store"
	"courtier/pkg/unpaid"
)

// The clock of a payment incident (article L113-3 of the code des
// assurances), in days.
const (
	// NoticeDays: the mise en demeure goes 10 days after the premium's due
	// date (« dans les dix jours de son échéance » the premium is owed;
	// the insurer may then send it).
	NoticeDays = 10
	// SuspendDays: the cover is suspended 30 days after the mise en
	// demeure is sent: day 40 after the due date when it went on day 10.
	SuspendDays = 30
	// TerminateDays: the contract is terminated 10 days after the
	// suspension: day 50.
	TerminateDays = 10
	// RepresentDays: the rejected debit is presented again in the debit
	// file of the day RepresentDays after the rejection is recorded, once:
	// long enough for the client, warned at once, to top up their
	// account, and before the mise en demeure of day 10 in the usual case
	// of a rejection known 2 to 5 days after the due date.
	RepresentDays = 5
)

// IncidentPrefix starts the reference of a transfer that pays an
// incident: IMP-CT-2026-000042-03.
const IncidentPrefix = "IMP"

// ReasonUnpaid is the Ending.Reason of a contract terminated for
// non-payment.
const ReasonUnpaid = "unpaid"

// The documents of a payment incident.
const (
	DocFormalNotice = "formal_notice"
	DocTermination  = "termination"
)

// The stages of an incident, as the API gives them.
const (
	StageOpen       = "open"
	StageNotice     = "notice"
	StageSuspended  = "suspended"
	StageTerminated = "terminated"
	StageClosed     = "closed"
)

// stageLabels are the stages in French.
var stageLabels = map[string]string{
	StageOpen: "Prélèvement rejeté", StageNotice: "Mise en demeure envoyée", StageSuspended: "Garanties suspendues",
	StageTerminated: "Contrat résilié pour non-paiement", StageClosed: "Régularisé",
}

// Incident is a payment incident as the contract's page shows it: the
// debit rejected, how to pay it, the dates of what follows. Days are
// YYYY-MM-DD; NoticeAt, SuspendAt and TerminateAt are the days the steps
// happened, or will happen without payment.
type Incident struct {
	DueDate     string `json:"dueDate"`
	AmountCents int64  `json:"amountCents"`
	ReasonLabel string `json:"reasonLabel"`
	Reference   string `json:"reference"`
	IBAN        string `json:"iban"`
	BIC         string `json:"bic"`
	// RepresentDate is when the debit is presented again, "" when not.
	RepresentDate string     `json:"representDate,omitempty"`
	NoticeAt      string     `json:"noticeAt"`
	SuspendAt     string     `json:"suspendAt"`
	TerminateAt   string     `json:"terminateAt"`
	Stage         string     `json:"stage"`
	StageLabel    string     `json:"stageLabel"`
	CoverBackAt   *time.Time `json:"coverBackAt,omitempty"`
	// Request is the desk's request staff follow it in (for staff only).
	Request string `json:"request,omitempty"`
}

// dueDay is i's due date as a civil day.
func (i *incident) dueDay() time.Time {
	d, _ := time.Parse(layout, i.dueDate)
	return d
}

// noticeDay is the day the mise en demeure goes: NoticeDays after the
// due date, or the day it went.
func (s *Service) noticeDay(i *incident) time.Time {
	if !i.noticeAt.IsZero() {
		return day(i.noticeAt, s.loc)
	}
	return i.dueDay().AddDate(0, 0, NoticeDays)
}

// suspendDay is the day the cover is suspended: SuspendDays after the
// mise en demeure was sent (never before, whatever the due date said:
// a notice sent late suspends late), or the day it was.
func (s *Service) suspendDay(i *incident) time.Time {
	if !i.suspendedAt.IsZero() {
		return day(i.suspendedAt, s.loc)
	}
	return s.noticeDay(i).AddDate(0, 0, SuspendDays)
}

// terminateDay is the day the contract is terminated: TerminateDays after
// the suspension.
func (s *Service) terminateDay(i *incident) time.Time {
	if !i.terminated.IsZero() {
		return day(i.terminated, s.loc)
	}
	return s.suspendDay(i).AddDate(0, 0, TerminateDays)
}

// stage is where i stands.
func (i *incident) stage() string {
	switch {
	case !i.terminated.IsZero():
		return StageTerminated
	case !i.closedAt.IsZero():
		return StageClosed
	case !i.suspendedAt.IsZero():
		return StageSuspended
	case !i.noticeAt.IsZero():
		return StageNotice
	}
	return StageOpen
}

// incidentPayload is the event payload of incident i of c.
func (s *Service) incidentPayload(c *Contract, i *incident, detail string) event.IncidentPayload {
	p := event.IncidentPayload{ContractPayload: s.payload(c, detail), DueDate: i.dueDay(), AmountCents: i.amountCents, Reason: i.reason,
		Reference: i.reference, IBAN: s.creditor.IBAN, BIC: s.creditor.BIC,
		NoticeDate: s.noticeDay(i), SuspendDate: s.suspendDay(i), TerminateDate: s.terminateDay(i)}
	return p
}

// runIncidents moves the payment incidents' clocks to day: the mise en
// demeure NoticeDays after the due date, the suspension SuspendDays after
// the mise en demeure, the termination TerminateDays after that. Each
// step is recorded on the incident in the transaction that sends its
// e-mail, so a step runs once however often the day is run; a day caught
// up late does each step due, one after the other, each at its own date
// (a notice sent late suspends 30 days after it went).
func (s *Service) runIncidents(ctx context.Context, day time.Time) (int, error) {
	var list []*incident
	if err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		list, err = runningIncidents(ctx, tx)
		return err
	}); err != nil {
		return 0, err
	}
	n := 0
	for _, i := range list {
		// Counted once committed: PostgreSQL may run the function again.
		var moved int
		err := s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
			moved, err = s.advanceIncident(ctx, tx, i.contractID, i.seq, day)
			return err
		})
		if err != nil {
			return n, fmt.Errorf("incident %s-%d: %w", i.contractID, i.seq, err)
		}
		n += moved
	}
	return n, nil
}

// advanceIncident does the steps of incident seq of contract id due by
// day, read again inside tx (another instance may have done them).
func (s *Service) advanceIncident(ctx context.Context, tx *store.Tx, id string, seq int, today time.Time) (int, error) {
	i, err := claimIncident(ctx, tx, id, seq)
	if err != nil || i == nil || !i.running() {
		return 0, err
	}
	c, err := findContract(ctx, tx, id)
	if err != nil {
		return 0, err
	}
	if !c.Status.InForce() && c.Status != StatusSuspended {
		return 0, nil // ended otherwise (withdrawn, cancelled): staff settle what is owed
	}
	at := s.tickTime(today)
	n := 0
	if i.noticeAt.IsZero() && !today.Before(s.noticeDay(i)) {
		if err := s.sendFormalNotice(ctx, tx, c, i, at); err != nil {
			return n, err
		}
		n++
	}
	if !i.noticeAt.IsZero() && i.suspendedAt.IsZero() && !today.Before(s.suspendDay(i)) {
		if err := s.suspend(ctx, tx, c, i, at); err != nil {
			return n, err
		}
		n++
	}
	if !i.suspendedAt.IsZero() && !today.Before(s.terminateDay(i)) {
		if err := s.terminate(ctx, tx, c, i, at); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// letter makes, seals and stores the letter kind of incident i of c.
func (s *Service) letter(ctx context.Context, tx *store.Tx, c *Contract, i *incident, kind string, at time.Time) error {
	in := document.UnpaidInput{Contract: c.Number, Issued: at, Insurer: s.insurerName(c), Product: s.tariff().ProductLabel(c.Product), Formula: c.Formula,
		Holder: s.person(c), DueDate: i.dueDay(), AmountCents: i.amountCents, Reason: i.reason, Reference: i.reference,
		IBAN: s.creditor.IBAN, BIC: s.creditor.BIC, NoticeDate: s.noticeDay(i), SuspendDate: s.suspendDay(i), TerminateDate: s.terminateDay(i)}
	var d *document.Doc
	var err error
	if kind == DocFormalNotice {
		d, err = s.papers.Renderer.NoticeLetter(in)
	} else {
		d, err = s.papers.Renderer.TerminationLetter(in)
	}
	if err != nil {
		return err
	}
	p, err := s.seal(ctx, d, kind, false, at)
	if err != nil {
		return err
	}
	_, err = storeDocs(ctx, tx, c.ID, []pdf{p}, at)
	return err
}

// sendFormalNotice sends the mise en demeure of i: the sealed letter stored
// with the contract's documents, e-mailed, and listed for the registered
// letter (Notices).
func (s *Service) sendFormalNotice(ctx context.Context, tx *store.Tx, c *Contract, i *incident, at time.Time) error {
	i.noticeAt = at
	if err := s.letter(ctx, tx, c, i, DocFormalNotice, at); err != nil {
		return err
	}
	if err := updateIncident(ctx, tx, i); err != nil {
		return err
	}
	detail := fmt.Sprintf("Mise en demeure envoyée (%s dû le %s)\u00a0: garanties suspendues le %s sans paiement", euros(i.amountCents), frDay(i.dueDate), frDate(s.suspendDay(i)))
	if err := s.record(ctx, tx, account.Actor{}, c, "notice_sent", detail, at); err != nil {
		return err
	}
	if err := s.moveRequest(ctx, tx, i, unpaid.StatusNotice, s.suspendDay(i), "Mise en demeure envoyée par courriel, à envoyer en lettre recommandée électronique"); err != nil {
		return err
	}
	p := s.incidentPayload(c, i, "")
	var err error
	if p.Attachments, err = attachments(ctx, tx, c, []string{DocFormalNotice}); err != nil {
		return err
	}
	return event.Record(ctx, tx, event.ContractFormalNotice, event.ContractAggregate(c.ID), p, at)
}

// suspend suspends c's cover for i: « Suspendu », no attestation.
func (s *Service) suspend(ctx context.Context, tx *store.Tx, c *Contract, i *incident, at time.Time) error {
	i.suspendedAt = at
	if err := updateIncident(ctx, tx, i); err != nil {
		return err
	}
	if c.Status != StatusSuspended {
		if err := s.moveTo(ctx, tx, c, StatusSuspended, at); err != nil {
			return err
		}
	}
	detail := fmt.Sprintf("Garanties suspendues pour non-paiement (%s dû le %s)\u00a0: résiliation le %s sans paiement", euros(i.amountCents), frDay(i.dueDate), frDate(s.terminateDay(i)))
	if err := s.record(ctx, tx, account.Actor{}, c, "suspended", detail, at); err != nil {
		return err
	}
	if err := s.moveRequest(ctx, tx, i, unpaid.StatusSuspended, s.terminateDay(i), "Garanties du contrat suspendues"); err != nil {
		return err
	}
	return event.Record(ctx, tx, event.ContractSuspended, event.ContractAggregate(c.ID), s.incidentPayload(c, i, ""), at)
}

// terminate ends c for non-payment: « Résilié », the debits to come
// cancelled, every incident of c still running ended with it, the letter.
func (s *Service) terminate(ctx context.Context, tx *store.Tx, c *Contract, i *incident, at time.Time) error {
	end := day(at, s.loc).Format(layout)
	c.Ending = &Ending{Reason: ReasonUnpaid, Text: "résiliation pour non-paiement", AskedAt: at, Date: end}
	if err := s.moveTo(ctx, tx, c, StatusCancelled, at); err != nil {
		return err
	}
	if err := cancelDebits(ctx, tx, c.ID, end); err != nil {
		return err
	}
	i.terminated = at
	if err := s.letter(ctx, tx, c, i, DocTermination, at); err != nil {
		return err
	}
	others, err := contractIncidents(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	for _, o := range others {
		if o.seq == i.seq {
			o = i
		} else if !o.running() {
			continue
		}
		o.terminated = at
		if err := updateIncident(ctx, tx, o); err != nil {
			return err
		}
		if err := s.moveRequest(ctx, tx, o, unpaid.StatusClosed, time.Time{}, "Contrat résilié pour non-paiement"); err != nil {
			return err
		}
	}
	if err := s.record(ctx, tx, account.Actor{}, c, "terminated", "Contrat résilié pour non-paiement le "+frDay(end), at); err != nil {
		return err
	}
	p := s.incidentPayload(c, i, "")
	if p.Attachments, err = attachments(ctx, tx, c, []string{DocTermination}); err != nil {
		return err
	}
	return event.Record(ctx, tx, event.ContractTerminated, event.ContractAggregate(c.ID), p, at)
}

// moveRequest moves the desk's request of i, when it has one.
func (s *Service) moveRequest(ctx context.Context, tx *store.Tx, i *incident, to desk.Status, due time.Time, detail string) error {
	if s.unpaid == nil || i.requestID == "" {
		return nil
	}
	if !due.IsZero() {
		due = time.Date(due.Year(), due.Month(), due.Day(), 9, 0, 0, 0, s.loc)
	}
	return s.unpaid.Move(ctx, tx, account.Actor{}, i.requestID, to, due, detail)
}
