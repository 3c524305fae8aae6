package unpaid

import (
	"context"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// Kind is the desk's kind of the payment incidents.
const Kind desk.Kind = "unpaid"

// The statuses of a request « Impayé », as its incident moves.
const (
	// StatusOpen: the debit was rejected; the client was told how to pay.
	StatusOpen desk.Status = "open"
	// StatusNotice: the mise en demeure was sent (10 days after the due
	// date); it is to be sent by registered letter too.
	StatusNotice desk.Status = "notice"
	// StatusSuspended: the cover is suspended (30 days after the notice).
	StatusSuspended desk.Status = "suspended"
	// StatusClosed: paid, or the contract terminated.
	StatusClosed desk.Status = desk.StatusClosed
)

// Machine is the status machine of the requests « Impayé ». The incident
// moves them (Service.Move); staff take them, write notes and record the
// payment on the contract. By hand they may only close one whose
// contract ended otherwise (the client's cancellation took effect
// meanwhile, the debt followed elsewhere), or open one closed too soon;
// the incident's next step moves it again all the same.
var Machine = &desk.Machine{
	Kind: Kind, Prefix: "IP", Initial: StatusOpen,
	Statuses: []desk.StatusInfo{
		{Status: StatusOpen, Label: "Prélèvement rejeté", Client: "Paiement attendu", Waiting: true},
		{Status: StatusNotice, Label: "Mise en demeure envoyée", Client: "Mise en demeure envoyée", Waiting: true},
		{Status: StatusSuspended, Label: "Garanties suspendues", Client: "Garanties suspendues", Waiting: true},
		{Status: StatusClosed, Label: "Clos", Client: "Clos"},
	},
	Moves: map[desk.Status][]desk.Status{
		StatusOpen: {StatusClosed}, StatusNotice: {StatusClosed}, StatusSuspended: {StatusClosed}, StatusClosed: {StatusOpen},
	},
}

// Spec declares the requests « Impayé » to the desk (desk.KindSpec): the
// composition root registers it.
func (s *Service) Spec() desk.KindSpec {
	return desk.KindSpec{
		Machine: Machine, Label: "Impayé", Noun: "votre impayé",
		Lines: func(ctx context.Context, actor account.Actor, r *desk.Request) ([]desk.Line, error) {
			var lines []desk.Line
			if s.lines != nil {
				var err error
				if lines, err = s.lines(ctx, actor, r.ID); err != nil {
					return nil, err
				}
			}
			if len(lines) == 0 { // no incident names it (its contract gone): its summary
				lines = []desk.Line{{Label: "Incident", Value: r.Summary}}
			}
			return lines, nil
		},
		Export: &desk.Export{Key: "unpaid", Read: func(ctx context.Context, uid string) (any, error) {
			out := []string{}
			err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
				list, err := desk.Select(ctx, tx, desk.Selection{Kind: Kind, UID: uid})
				for _, r := range list {
					out = append(out, r.Ref+" · "+r.Summary+" · "+r.CreatedAt.UTC().Format(time.DateOnly))
				}
				return err
			})
			return out, err
		}},
	}
}
