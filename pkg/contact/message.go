package contact

import (
	"context"
	"crypto/rand"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// errStaffSender refuses a form of the public site to the broker's own
// staff: a request in the queue is the voice of a visitor or a client.
func errStaffSender() error {
	return apperr.Errorf(apperr.EFORBIDDEN, "Ce formulaire est celui des visiteurs et des clients\u00a0: notez plutôt ce que vous avez à dire dans une note interne.")
}

// SendMessage validates d and opens a contact message from actor, a
// visitor or a client, due within the company's ContactWorkingDays
// working days; staff are refused.
func (s *Service) SendMessage(ctx context.Context, actor account.Actor, d MessageDraft) (*Receipt, error) {
	if err := s.limits.AllowClient(ctx, ratelimit.ContactMessages, "Vous avez envoyé plusieurs messages en peu de temps."); err != nil {
		return nil, err
	}
	if actor.IsStaff() {
		return nil, errStaffSender()
	}
	d, err := s.validateMessage(actor, d)
	if err != nil {
		return nil, err
	}
	now := s.now()
	rc := &Receipt{ID: rand.Text(), Kind: desk.KindContact, to: d.Email}
	due := s.cal.AddWorkingDays(now, s.company.AnswerDelays.ContactWorkingDays)
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		// Counted in the write transaction, so two tabs sending at once
		// cannot both pass the last free slot.
		if err := s.checkLimit(ctx, tx, desk.KindContact, actor.UID, now, "messages"); err != nil {
			return err
		}
		if err := s.purgeExpired(ctx, tx, now); err != nil {
			return err
		}
		r, err := s.desk.Open(ctx, tx, actor, desk.Draft{
			ID: rc.ID, Kind: desk.KindContact, UID: actor.UID, Name: d.Name, Email: d.Email, Phone: d.Phone,
			Summary: s.form.subjectLabel(d.Subject), Due: due, Conversation: d.Conversation,
		})
		if err != nil {
			return err
		}
		rc.Ref = r.Ref
		return insertMessage(ctx, tx, rc.ID, d, now)
	})
	if err != nil {
		return nil, s.fail("message de contact", err, "uid", actor.UID)
	}
	rc.DueAt = store.FormatTime(due)
	s.log.Info("message de contact reçu", "id", rc.ID, "ref", rc.Ref, "uid", actor.UID, "subject", d.Subject)
	return rc, nil
}

// ReplyLabel is the label of an answer to a message, as the client reads it.
const ReplyLabel = "Réponse"

// Reply answers message id with body, which a signed-in client reads on
// their dashboard: the message becomes answered and its deadline is
// cleared. Staff only, an agent on a message they took (desk.Work); a
// closed message must be reopened first.
func (s *Service) Reply(ctx context.Context, actor account.Actor, id, body string) (*desk.Reply, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	body, err := s.form.text("reply", "body", "Écrivez la réponse.", true).Clean(body)
	if err != nil {
		return nil, err
	}
	var reply *desk.Reply
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := s.desk.Work(ctx, tx, actor, id, desk.KindContact)
		if err != nil {
			return err
		}
		if !canReply(r.Status) {
			return apperr.Errorf(apperr.ECONFLICT, "Ce message est clôturé\u00a0: rouvrez-le avant d’y répondre.")
		}
		if reply, err = s.desk.AddReply(ctx, tx, actor, id, ReplyLabel, body); err != nil {
			return err
		}
		if err := s.desk.Advance(ctx, tx, actor, r, StatusAnswered, time.Time{}, "answered", "Message répondu"); err != nil {
			return err
		}
		// The answer goes by e-mail: a visitor has no dashboard to read it on.
		return desk.Notify(ctx, tx, r, event.RequestReplied, event.ReplyPayload{
			Recipient: r.Recipient(), ID: r.ID, Ref: r.Ref, Kind: string(r.Kind), Author: actor.Name, Body: body,
		}, s.desk.Now())
	})
	if err != nil {
		return nil, s.fail("réponse à un message", err, "id", id, "actor", actor.UID)
	}
	return reply, nil
}

// StaffMessage reads message id's own part for staff: any agent or admin
// may read it, as they read the queue.
func (s *Service) StaffMessage(ctx context.Context, actor account.Actor, id string) (*MessageDetail, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	var m *message
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		m, err = findMessage(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture d'un message", err, "id", id)
	}
	return &MessageDetail{
		Subject: m.subject, SubjectLabel: s.form.subjectLabel(m.subject), Message: m.body, ConsentAt: store.FormatTime(m.consentAt),
	}, nil
}
