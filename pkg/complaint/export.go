package complaint

import (
	"context"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// Export is a complaint in its client's data export: what they wrote, the
// procedure's dates, and the acknowledgement and answer they received.
// Internal notes are not theirs to read and stay out.
type Export struct {
	Ref              string       `json:"ref"`
	Status           string       `json:"status"`
	Subject          string       `json:"subject"`
	Concerns         string       `json:"concerns"`
	Facts            string       `json:"facts"`
	Demand           string       `json:"demand"`
	CreatedAt        string       `json:"createdAt"`
	ConsentAt        string       `json:"consentAt"`
	AcknowledgeDueAt string       `json:"acknowledgeDueAt"`
	AnswerDueAt      string       `json:"answerDueAt"`
	AcknowledgedAt   string       `json:"acknowledgedAt"`
	AnsweredAt       string       `json:"answeredAt"`
	Replies          []desk.Reply `json:"replies"`
}

// Export reads the complaints the actor filed while signed in, oldest
// first, for their data export.
func (s *Service) Export(ctx context.Context, actor account.Actor) ([]Export, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	out := []Export{}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		list, err := listOf(ctx, tx, actor.UID)
		if err != nil {
			return err
		}
		for _, o := range list {
			info, _ := Machine.Info(o.status)
			e := Export{
				Ref: o.ref, Status: info.Client, Subject: o.c.Subject, Concerns: o.c.Concerns, Facts: o.c.Facts,
				Demand: o.c.Demand, CreatedAt: o.created, ConsentAt: o.c.ConsentAt, AcknowledgeDueAt: o.c.AcknowledgeDueAt,
				AnswerDueAt: o.c.AnswerDueAt, AcknowledgedAt: o.c.AcknowledgedAt, AnsweredAt: o.c.AnsweredAt, Replies: []desk.Reply{},
			}
			replies, err := s.desk.Replies(ctx, tx, o.c.ID)
			if err != nil {
				return err
			}
			if replies != nil {
				e.Replies = replies
			}
			out = append(out, e)
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("export des réclamations", err, "uid", actor.UID)
	}
	return out, nil
}
