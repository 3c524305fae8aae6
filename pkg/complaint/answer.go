package complaint

import (
	"context"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// The labels of the replies the complainant reads on their dashboard.
const (
	LabelAcknowledgement = "Accusé de réception"
	LabelAnswer          = "Réponse à votre réclamation"
)

// Closing is the paragraph every answer ends with: the mediator the
// complainant may turn to, free of charge, if the answer does not satisfy
// them (ACPR 2022-R-01 asks the answer to say so).
func (s *Service) Closing() string {
	m := s.mediator
	where := m.Address
	if m.Website != "" {
		where += ", " + m.Website
	}
	return fmt.Sprintf("Si cette réponse ne vous satisfait pas, vous pouvez saisir gratuitement le médiateur\u00a0: %s, %s. "+
		"Le médiateur doit être saisi dans un délai d’un an à compter de votre réclamation écrite auprès de nous.", m.Name, where)
}

// withClosing adds the closing paragraph to an answer that does not name
// the mediator and say where to reach them (address or website): staff
// may rewrite the pre-filled paragraph, not drop it.
func (s *Service) withClosing(text string) string {
	m := s.mediator
	// Staff may type the name with a straight apostrophe where the profile
	// has ’ (« La Médiation de l’Assurance »): both name it.
	plain := strings.NewReplacer("’", "'").Replace
	typed := plain(text)
	reachable := (m.Address != "" && strings.Contains(typed, plain(m.Address))) || (m.Website != "" && strings.Contains(typed, m.Website))
	if strings.Contains(typed, plain(m.Name)) && reachable {
		return text
	}
	return text + "\n\n" + s.Closing()
}

// work reads complaint id for actor to act on it (desk.Work: an agent who
// took it, or an admin), refusing a closed one.
func (s *Service) work(ctx context.Context, tx *store.Tx, actor account.Actor, id string) (*desk.Request, *Complaint, error) {
	r, err := s.desk.Work(ctx, tx, actor, id, desk.KindComplaint)
	if err != nil {
		return nil, nil, err
	}
	if !r.Open() {
		return nil, nil, apperr.Errorf(apperr.ECONFLICT, "Cette réclamation est clôturée\u00a0: repassez-la «\u00a0En cours d’instruction\u00a0» pour lui répondre.")
	}
	c, err := findComplaint(ctx, tx, id)
	return r, c, err
}

// Acknowledge sends the complainant the acknowledgement text: the
// complaint is acknowledged and now due by its answer date.
func (s *Service) Acknowledge(ctx context.Context, actor account.Actor, id, text string) (*Detail, error) {
	return s.reply(ctx, actor, "accusé de réception", id, text, func(tx *store.Tx, r *desk.Request, c *Complaint, now, body string) error {
		if c.Acknowledged() {
			return apperr.Errorf(apperr.ECONFLICT, "L’accusé de réception de cette réclamation a déjà été envoyé.")
		}
		if _, err := s.desk.AddReply(ctx, tx, actor, id, LabelAcknowledgement, body); err != nil {
			return err
		}
		c.AcknowledgedAt = now
		due, err := store.ParseTime(c.AnswerDueAt)
		if err != nil {
			return err
		}
		to := r.Status
		if to == StatusReceived {
			to = StatusAcknowledged
		}
		if err := s.advance(ctx, tx, actor, r, to, due, "acknowledged"); err != nil {
			return err
		}
		return desk.Notify(ctx, tx, r, event.ComplaintAcknowledged, event.ReplyPayload{
			Recipient: r.Recipient(), ID: r.ID, Ref: r.Ref, Kind: string(r.Kind), Author: actor.Name, Body: body, Due: due,
		}, s.now())
	})
}

// Answer sends the complainant the answer, ending with the mediator's
// paragraph: the broker owes nothing more. An answer to a complaint not
// yet acknowledged stands for the acknowledgement too, and the history
// records both.
func (s *Service) Answer(ctx context.Context, actor account.Actor, id, text string) (*Detail, error) {
	return s.reply(ctx, actor, "réponse à une réclamation", id, text, func(tx *store.Tx, r *desk.Request, c *Complaint, now, body string) error {
		if r.Status == StatusAnswered {
			return apperr.Errorf(apperr.ECONFLICT, "Une réponse a déjà été envoyée\u00a0: repassez la réclamation «\u00a0En cours d’instruction\u00a0» pour répondre à nouveau.")
		}
		if !c.Acknowledged() {
			c.AcknowledgedAt = now
			if err := s.desk.Record(ctx, tx, actor, id, "acknowledged", "Accusé de réception compris dans la réponse"); err != nil {
				return err
			}
		}
		body = s.withClosing(body)
		if _, err := s.desk.AddReply(ctx, tx, actor, id, LabelAnswer, body); err != nil {
			return err
		}
		c.AnsweredAt = now
		if err := s.advance(ctx, tx, actor, r, StatusAnswered, time.Time{}, "answered"); err != nil {
			return err
		}
		// The answer carries the mediator's paragraph (withClosing).
		return desk.Notify(ctx, tx, r, event.ComplaintAnswered, event.ReplyPayload{
			Recipient: r.Recipient(), ID: r.ID, Ref: r.Ref, Kind: string(r.Kind), Author: actor.Name, Body: body,
		}, s.now())
	})
}

// reply cleans text, then runs fn on the complaint and the cleaned text
// in a write transaction and saves its dates; op names the operation in
// the logs.
func (s *Service) reply(ctx context.Context, actor account.Actor, op, id, text string,
	fn func(tx *store.Tx, r *desk.Request, c *Complaint, now, text string) error) (*Detail, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	text, err := s.fields.reply.Clean(text)
	if err != nil {
		return nil, err
	}
	var c *Complaint
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		var r *desk.Request
		if r, c, err = s.work(ctx, tx, actor, id); err != nil {
			return err
		}
		if err := fn(tx, r, c, store.FormatTime(s.now()), text); err != nil {
			return err
		}
		return setDates(ctx, tx, c)
	})
	if err != nil {
		return nil, s.fail(op, err, "id", id, "actor", actor.UID)
	}
	return s.detail(c), nil
}

// advance moves r to status `to` with its new deadline, the history
// saying from which status to which.
func (s *Service) advance(ctx context.Context, tx *store.Tx, actor account.Actor, r *desk.Request, to desk.Status, due time.Time, action string) error {
	from, _ := Machine.Info(r.Status)
	dest, _ := Machine.Info(to)
	detail := "Statut\u00a0: " + from.Label + " → " + dest.Label
	if from.Status == dest.Status {
		detail = "Statut inchangé\u00a0: " + from.Label
	}
	return s.desk.Advance(ctx, tx, actor, r, to, due, action, detail)
}
