package contact

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/fr"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// RequestCallback validates d and opens a callback request from actor, a
// visitor or a client. It is due at the end of the chosen slot (late once
// the slot has passed without a call), or within the company's
// CallbackWorkingHours working hours when the client asked to be called
// as soon as possible; staff are refused.
func (s *Service) RequestCallback(ctx context.Context, actor account.Actor, d CallbackDraft) (*Receipt, error) {
	if err := s.limits.AllowClient(ctx, ratelimit.Callbacks, "Vous avez demandé plusieurs rappels en peu de temps."); err != nil {
		return nil, err
	}
	if actor.IsStaff() {
		return nil, errStaffSender()
	}
	now := s.now()
	v, err := s.validateCallback(actor, d, now)
	if err != nil {
		return nil, err
	}
	rc := &Receipt{ID: rand.Text(), Kind: desk.KindCallback, to: v.phone}
	due := v.slot.End
	if due.IsZero() {
		due = s.cal.AddWorkingHours(now, s.company.AnswerDelays.CallbackWorkingHours)
	} else {
		rc.SlotStart, rc.SlotEnd = store.FormatTime(v.slot.Start), store.FormatTime(v.slot.End)
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := s.checkLimit(ctx, tx, desk.KindCallback, actor.UID, now, "demandes de rappel"); err != nil {
			return err
		}
		if err := s.purgeExpired(ctx, tx, now); err != nil {
			return err
		}
		r, err := s.desk.Open(ctx, tx, actor, desk.Draft{
			ID: rc.ID, Kind: desk.KindCallback, UID: actor.UID, Name: v.name, Email: actor.Email, Phone: v.phone,
			Product: v.product, Summary: s.callbackSummary(v), Due: due, Conversation: d.Conversation,
			ProductTitle: s.productTitle(v.product), SlotStart: v.slot.Start, SlotEnd: v.slot.End,
		})
		if err != nil {
			return err
		}
		rc.Ref = r.Ref
		return insertCallback(ctx, tx, rc.ID, v, now)
	})
	if err != nil {
		return nil, s.fail("demande de rappel", err, "uid", actor.UID)
	}
	rc.DueAt = store.FormatTime(due)
	s.log.Info("demande de rappel reçue", "id", rc.ID, "ref", rc.Ref, "uid", actor.UID, "product", v.product)
	return rc, nil
}

// slotLabel writes a callback's slot, or says there is none.
func (s *Service) slotLabel(start, end time.Time) string {
	if start.IsZero() {
		return "Dès que possible"
	}
	return frSlot(start, end, s.cal.Location())
}

// callbackSummary is the queue's line of a callback: its slot and product.
func (s *Service) callbackSummary(v *validCallback) string {
	summary := s.slotLabel(v.slot.Start, v.slot.End)
	if t := s.productTitle(v.product); t != "" {
		summary += " · " + t
	}
	return summary
}

// LogCall records a call made on callback id, and tells the client: an
// outcome "reached" moves the request to called and clears its deadline;
// "no_answer" counts the attempt and leaves it (or puts it) in progress,
// due again within RetryHours working hours. note, optional, is added to
// what the client reads. Staff only, an agent on a request they took.
func (s *Service) LogCall(ctx context.Context, actor account.Actor, id string, outcome Outcome, note string) (*desk.Reply, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	if outcome != OutcomeReached && outcome != OutcomeNoAnswer {
		return nil, apperr.FieldErrorf("outcome", "Indiquez si vous avez joint la personne.")
	}
	note, err := s.form.text("callNote", "note", "", true).Clean(note)
	if err != nil {
		return nil, err
	}
	var reply *desk.Reply
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := s.desk.Work(ctx, tx, actor, id, desk.KindCallback)
		if err != nil {
			return err
		}
		if !canCall(r.Status) {
			return apperr.Errorf(apperr.ECONFLICT, "Cette demande n’attend plus d’appel\u00a0: remettez-la «\u00a0En cours\u00a0» avant d’en noter un autre.")
		}
		c, err := findCallback(ctx, tx, id)
		if err != nil {
			return err
		}
		now := s.now()
		if err := recordCall(ctx, tx, id, outcome, now); err != nil {
			return err
		}
		label, body := s.callText(r, outcome, note, now)
		if reply, err = s.desk.AddReply(ctx, tx, actor, id, label, body); err != nil {
			return err
		}
		if outcome == OutcomeReached {
			return s.desk.Advance(ctx, tx, actor, r, StatusCalled, time.Time{}, "called", "Appel\u00a0: personne jointe")
		}
		return s.desk.Advance(ctx, tx, actor, r, StatusInProgress, s.cal.AddWorkingHours(now, RetryHours), "no_answer",
			fmt.Sprintf("Appel sans réponse (tentative n°\u00a0%d)", c.attempts+1))
	})
	if err != nil {
		return nil, s.fail("appel noté", err, "id", id, "actor", actor.UID)
	}
	return reply, nil
}

// callText is the reply a client reads about a call made at `at`.
func (s *Service) callText(r *desk.Request, outcome Outcome, note string, at time.Time) (label, body string) {
	when := fr.DateTime(at, s.cal.Location())
	phone := fr.Phone(r.Phone)
	if outcome == OutcomeReached {
		label, body = "Appel du "+when, "Nous vous avons appelé au "+phone+"."
	} else {
		label = "Tentative d’appel du " + when
		body = "Nous avons essayé de vous appeler au " + phone + ", sans réussir à vous joindre. Nous réessaierons\u00a0; vous pouvez aussi nous appeler au " + s.company.Phone + "."
	}
	if note != "" {
		body += "\n\n" + note
	}
	return label, body
}

// StaffCallback reads callback id's own part for staff.
func (s *Service) StaffCallback(ctx context.Context, actor account.Actor, id string) (*CallbackDetail, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	var c *callback
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		c, err = findCallback(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture d'une demande de rappel", err, "id", id)
	}
	return s.callbackDetail(c), nil
}

func (s *Service) callbackDetail(c *callback) *CallbackDetail {
	return &CallbackDetail{
		SlotStart: optTime(c.slot.Start), SlotEnd: optTime(c.slot.End), SlotLabel: s.slotLabel(c.slot.Start, c.slot.End),
		ProductLabel: s.productTitle(c.product), Note: c.note, Attempts: c.attempts, LastOutcome: c.lastOutcome,
		LastCallAt: optTime(c.lastCallAt), ConsentAt: store.FormatTime(c.consentAt),
	}
}

// optTime formats t, "" for the zero time.
func optTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return store.FormatTime(t)
}
