package complaint

import (
	"context"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
)

// Spec declares complaints to the desk (desk.KindSpec): the composition
// root registers it.
func (s *Service) Spec() desk.KindSpec {
	return desk.KindSpec{
		Machine: Machine, Label: "Réclamation", Noun: "votre réclamation",
		// A complaint reopened after its answer gets the acknowledgement's
		// delay again for a new answer; its legal 2 months ran from receipt.
		Delay: func(t time.Time) time.Time { return s.cal.AddWorkingDays(t, s.proc.AcknowledgeDays) },
		Lines: func(ctx context.Context, actor account.Actor, r *desk.Request) ([]desk.Line, error) {
			d, err := s.StaffDetail(ctx, actor, r.ID)
			if err != nil {
				return nil, err
			}
			return []desk.Line{{Label: "Objet", Value: d.Subject}, {Label: "Concerne", Value: d.Concerns}, {Label: "Faits", Value: d.Facts},
				{Label: "Demande", Value: d.Demand}, {Label: "Accusé de réception", Value: orDash(d.AcknowledgedAt)},
				{Label: "Réponse", Value: orDash(d.AnsweredAt)}}, nil
		},
		Export: &desk.Export{Key: "complaints", Read: func(ctx context.Context, uid string) (any, error) {
			return s.Export(ctx, account.Actor{UID: uid})
		}},
	}
}

// orDash writes an empty value as a dash.
func orDash(v string) string {
	if v == "" {
		return "—"
	}
	return v
}
