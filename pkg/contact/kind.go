package contact

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
)

// MessageSpec declares contact messages to the desk (desk.KindSpec): the
// composition root registers it.
func (s *Service) MessageSpec() desk.KindSpec {
	return desk.KindSpec{
		Machine: MessageMachine, Label: "Message", Noun: "votre message",
		// A message reopened is owed an answer as a new one is.
		Delay: func(t time.Time) time.Time { return s.cal.AddWorkingDays(t, s.company.AnswerDelays.ContactWorkingDays) },
		Lines: func(ctx context.Context, actor account.Actor, r *desk.Request) ([]desk.Line, error) {
			m, err := s.StaffMessage(ctx, actor, r.ID)
			if err != nil {
				return nil, err
			}
			return []desk.Line{{Label: "Objet", Value: m.SubjectLabel}, {Label: "Message", Value: m.Message}}, nil
		},
		Export: &desk.Export{Key: "contactMessages", Read: func(ctx context.Context, uid string) (any, error) {
			e, err := s.export(ctx, uid, true, false)
			if err != nil {
				return nil, err
			}
			return e.Messages, nil
		}},
	}
}

// CallbackSpec declares callback requests to the desk (desk.KindSpec):
// the composition root registers it.
func (s *Service) CallbackSpec() desk.KindSpec {
	return desk.KindSpec{
		Machine: CallbackMachine, Label: "Rappel", Noun: "votre demande de rappel",
		// A callback reopened is owed a call as a new one is.
		Delay: func(t time.Time) time.Time {
			return s.cal.AddWorkingHours(t, s.company.AnswerDelays.CallbackWorkingHours)
		},
		Lines: func(ctx context.Context, actor account.Actor, r *desk.Request) ([]desk.Line, error) {
			c, err := s.StaffCallback(ctx, actor, r.ID)
			if err != nil {
				return nil, err
			}
			slot := c.SlotLabel
			if slot == "" {
				slot = "Dès que possible"
			}
			return []desk.Line{{Label: "Créneau", Value: slot}, {Label: "Produit", Value: c.ProductLabel}, {Label: "Note", Value: c.Note},
				{Label: "Appels", Value: fmt.Sprint(c.Attempts)}, {Label: "Dernier appel", Value: c.LastOutcome}}, nil
		},
		Export: &desk.Export{Key: "callbackRequests", Read: func(ctx context.Context, uid string) (any, error) {
			e, err := s.export(ctx, uid, false, true)
			if err != nil {
				return nil, err
			}
			return e.Callbacks, nil
		}},
	}
}
