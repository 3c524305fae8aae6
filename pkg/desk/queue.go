package desk

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/input"
	"courtier/pkg/store"
)

// Detail is a request as staff open it: the shared part, its history,
// its internal notes, the replies the client reads, and what the actor
// may do on it. The kind's own answers come from its package.
type Detail struct {
	Request StaffView `json:"request"`
	History []Event   `json:"history"`
	Notes   []Note    `json:"notes"`
	// Replies are what the client reads.
	Replies []Reply `json:"replies"`
	// Lines are what its kind says of it beyond the shared part (KindSpec.Lines).
	Lines []Line `json:"lines"`
	// Moves are the statuses the request may be moved to by hand now.
	Moves []Option `json:"moves"`
	// Can is what the actor may do on it.
	Can Can `json:"can"`
}

// Queue reads the requests matching f for staff, nearest deadline first.
func (s *Service) Queue(ctx context.Context, actor account.Actor, f Filter) ([]StaffView, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	f, err := s.checkFilter(f)
	if err != nil {
		return nil, err
	}
	limit := f.Limit
	if limit <= 0 || limit > DefaultLimit {
		limit = DefaultLimit
	}
	where, args := f.where(actor.UID)
	where, args = s.dueWhere(f.Due, where, args)
	var list []Request
	err = s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		list, err = queryRequests(ctx, tx, where, s.queueOrder()+fmt.Sprintf(" LIMIT %d", limit), args...)
		return err
	})
	if err != nil {
		return nil, s.fail("file des demandes", err)
	}
	now := s.now()
	out := make([]StaffView, len(list))
	for i := range list {
		s.mark(&list[i], now)
		out[i] = s.staffView(&list[i])
	}
	return out, nil
}

// queryField bounds the queue's search.
var queryField = input.Field{Name: "q", Max: 100,
	Invalid: "La recherche contient des caractères non autorisés.", TooLong: "La recherche ne peut pas dépasser 100\u00a0caractères."}

// checkFilter refuses a kind, status, state, assignee or product the
// queue does not know, so a typo in a URL says so instead of answering an
// empty queue, and cleans the search text.
func (s *Service) checkFilter(f Filter) (Filter, error) {
	if f.Kind != "" {
		if !s.known(f.Kind) {
			return f, apperr.FieldErrorf("kind", "Type de demande inconnu.")
		}
	}
	if f.Status != "" && !s.knownStatus(f.Kind, f.Status) {
		return f, apperr.FieldErrorf("status", "Statut inconnu.")
	}
	switch f.State {
	case "", "open", "closed", "all":
	default:
		return f, apperr.FieldErrorf("state", "Choisissez les demandes en cours, terminées ou toutes.")
	}
	if !plainWord(f.Assignee, 64) {
		return f, apperr.FieldErrorf("assignee", "Choisissez «\u00a0Moi\u00a0», «\u00a0Non attribuées\u00a0» ou un conseiller.")
	}
	if !plainWord(f.Product, 32) {
		return f, apperr.FieldErrorf("product", "Produit inconnu.")
	}
	switch f.Due {
	case "", "overdue", "today":
	default:
		return f, apperr.FieldErrorf("due", "Choisissez les demandes en retard ou à traiter aujourd’hui.")
	}
	q, err := queryField.Clean(f.Query)
	f.Query = q
	return f, err
}

// dueWhere adds to where the deadline condition of due, with the same
// meaning as mark's Overdue and DueToday: passed now, or still to come
// before the next midnight of the company's time zone.
func (s *Service) dueWhere(due, where string, args []any) (string, []any) {
	now := s.now()
	switch due {
	case "overdue":
		return where + " AND (" + s.dueSQL + ") < ?", append(args, store.FormatTime(now))
	case "today":
		n := now.In(s.loc)
		midnight := time.Date(n.Year(), n.Month(), n.Day()+1, 0, 0, 0, 0, s.loc)
		return where + " AND (" + s.dueSQL + ") >= ? AND (" + s.dueSQL + ") < ?",
			append(args, store.FormatTime(now), store.FormatTime(midnight))
	}
	return where, args
}

// knownStatus tells whether status belongs to the machine of kind, or of any kind when kind is "".
func (s *Service) knownStatus(kind Kind, status Status) bool {
	for _, spec := range s.specs {
		if _, ok := spec.Machine.Info(status); ok && (kind == "" || kind == spec.Kind()) {
			return true
		}
	}
	return false
}

// plainWord tells whether v is at most max ASCII letters, digits, "-"
// and "_": the shape of a product id or a uid.
func plainWord(v string, max int) bool {
	if len(v) > max {
		return false
	}
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// Get reads request id with its history, notes and replies, for staff,
// with the hand moves its status allows, what the actor may do, and the
// lines its kind describes it with (KindSpec.Lines, read after the
// queue's own transaction, in the kind's).
func (s *Service) Get(ctx context.Context, actor account.Actor, id string) (*Detail, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	d := Detail{Replies: []Reply{}}
	var r *Request
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if r, err = s.find(ctx, tx, id, ""); err != nil {
			return err
		}
		d.Request, d.Moves, d.Can = s.staffView(r), moves(s.Machine(r.Kind), r), canOf(actor, r)
		if d.History, err = listEvents(ctx, tx, id); err != nil {
			return err
		}
		if d.Notes, err = listNotes(ctx, tx, id); err != nil {
			return err
		}
		replies, err := s.Replies(ctx, tx, id)
		if replies != nil {
			d.Replies = replies
		}
		return err
	})
	if err == nil {
		d.Lines, err = s.lines(ctx, actor, r)
	}
	if err != nil {
		return nil, s.fail("lecture d'une demande", err, "id", id)
	}
	return &d, nil
}

// Mine reads the requests the actor sent, of every kind, newest first, as
// a client reads them.
func (s *Service) Mine(ctx context.Context, actor account.Actor) ([]ClientView, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	var list []Request
	var replies map[string][]Reply
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if list, err = queryRequests(ctx, tx, "r.uid = ?", "r.created_at DESC, r.id", actor.UID); err != nil {
			return err
		}
		ids := make([]string, len(list))
		for i := range list {
			ids[i] = list[i].ID
		}
		replies, err = repliesOf(ctx, tx, ids)
		return err
	})
	if err != nil {
		return nil, s.fail("demandes du client", err, "uid", actor.UID)
	}
	out := make([]ClientView, len(list))
	for i := range list {
		out[i] = s.clientView(&list[i])
		if r := replies[list[i].ID]; r != nil {
			out[i].Replies = r
		}
	}
	return out, nil
}

// ClientView writes r as its client reads it.
func (s *Service) ClientView(r *Request) ClientView { return s.clientView(r) }

// StaffView writes r as staff read it.
func (s *Service) StaffView(r *Request) StaffView {
	s.mark(r, s.now())
	return s.staffView(r)
}
