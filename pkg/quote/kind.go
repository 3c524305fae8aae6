package quote

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/fr"
)

// Spec declares quote requests to the desk (desk.KindSpec): the composition
// root registers it.
func (s *Service) Spec() desk.KindSpec {
	return desk.KindSpec{
		Machine: Machine, Label: "Devis", Noun: "votre demande de devis",
		// Offers to rework, or a request reopened, are owed an answer as a new one is.
		Delay: func(t time.Time) time.Time { return s.cal.AddWorkingHours(t, s.hours) },
		Lines: s.lines,
		Page:  &desk.Page{Label: "Voir ce devis dans Mes devis", Path: "/my-quotes"},
		Export: &desk.Export{Key: "quoteRequests", Read: func(ctx context.Context, uid string) (any, error) {
			return s.List(ctx, account.Actor{UID: uid})
		}},
		Purge: &desk.Purge{Name: "purge-quote-requests", Every: PurgeEvery, Run: s.PurgeExpired,
			Done: "demandes de devis expirées supprimées", Unit: "demandes_supprimées"},
	}
}

// lines are the client's answers, the offers and the client's refusal.
func (s *Service) lines(ctx context.Context, actor account.Actor, d *desk.Request) ([]desk.Line, error) {
	r, err := s.StaffDetail(ctx, actor, d.ID)
	if err != nil {
		return nil, err
	}
	var lines []desk.Line
	for _, l := range s.AnswerLines(r) {
		if l[0] == "Téléphone" {
			l[1] = fr.Phone(l[1])
		}
		lines = append(lines, desk.Line{Label: l[0], Value: l[1]})
	}
	if r.Message != "" {
		lines = append(lines, desk.Line{Label: "Message", Value: r.Message})
	}
	for i, o := range r.Offers {
		lines = append(lines, desk.Line{Label: fmt.Sprintf("Offre %d", i+1), Value: o.Summary()})
	}
	if r.DeclineReason != "" {
		lines = append(lines, desk.Line{Label: "Refus du client", Value: r.DeclineReason})
	}
	return lines, nil
}
