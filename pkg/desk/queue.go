package desk

import (
	"context"
	"database/sql"
	"fmt"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/input"
)

// Detail is a request as staff open it: the shared part, its history and
// its internal notes. The kind's own answers come from its package.
type Detail struct {
	Request StaffView `json:"request"`
	History []Event   `json:"history"`
	Notes   []Note    `json:"notes"`
	// Replies are what the client reads.
	Replies []Reply `json:"replies"`
}

// Queue reads the requests matching f for staff, nearest deadline first.
func (s *Service) Queue(ctx context.Context, actor account.Actor, f Filter) ([]StaffView, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	if err := s.checkFilter(f); err != nil {
		return nil, err
	}
	limit := f.Limit
	if limit <= 0 || limit > DefaultLimit {
		limit = DefaultLimit
	}
	where, args := f.where(actor.UID)
	var list []Request
	err := s.db.ReadTx(ctx, func(tx *sql.Tx) (err error) {
		list, err = queryRequests(ctx, tx, where, queueOrder+fmt.Sprintf(" LIMIT %d", limit), args...)
		return err
	})
	if err != nil {
		return nil, s.fail("file des demandes", err)
	}
	now := s.now()
	out := make([]StaffView, len(list))
	for i := range list {
		s.mark(&list[i], now)
		out[i] = staffView(&list[i], s.Machine(list[i].Kind))
	}
	return out, nil
}

// checkFilter refuses a kind or status the queue does not know, so a typo
// in a URL says so instead of answering an empty queue.
func (s *Service) checkFilter(f Filter) error {
	if f.Kind != "" {
		if _, ok := s.machines[f.Kind]; !ok {
			return apperr.FieldErrorf("kind", "Type de demande inconnu.")
		}
	}
	if f.Status != "" {
		known := false
		for _, m := range s.machines {
			if _, ok := m.Info(f.Status); ok && (f.Kind == "" || f.Kind == m.Kind) {
				known = true
			}
		}
		if !known {
			return apperr.FieldErrorf("status", "Statut inconnu.")
		}
	}
	switch f.State {
	case "", "open", "closed", "all":
	default:
		return apperr.FieldErrorf("state", "Choisissez les demandes en cours, terminées ou toutes.")
	}
	return nil
}

// Get reads request id with its history and notes, for staff.
func (s *Service) Get(ctx context.Context, actor account.Actor, id string) (*Detail, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	d := Detail{Replies: []Reply{}}
	err := s.db.ReadTx(ctx, func(tx *sql.Tx) error {
		r, err := s.find(ctx, tx, id, "")
		if err != nil {
			return err
		}
		d.Request = staffView(r, s.Machine(r.Kind))
		if d.History, err = listEvents(ctx, tx, id); err != nil {
			return err
		}
		if d.Notes, err = listNotes(ctx, tx, id); err != nil {
			return err
		}
		if r, err := s.Replies(ctx, tx, id); err != nil || r != nil {
			d.Replies = r
			return err
		}
		return nil
	})
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
	err := s.db.ReadTx(ctx, func(tx *sql.Tx) (err error) {
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
		out[i] = clientView(&list[i], s.Machine(list[i].Kind))
		if r := replies[list[i].ID]; r != nil {
			out[i].Replies = r
		}
	}
	return out, nil
}

// ClientView writes r as its client reads it.
func (s *Service) ClientView(r *Request) ClientView { return clientView(r, s.Machine(r.Kind)) }

// StaffView writes r as staff read it.
func (s *Service) StaffView(r *Request) StaffView {
	s.mark(r, s.now())
	return staffView(r, s.Machine(r.Kind))
}

// change runs fn on request id in a write transaction, for staff, and
// logs a failure under op.
func (s *Service) change(ctx context.Context, actor account.Actor, op, id string, fn func(tx *sql.Tx, r *Request) error) (*StaffView, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	var v StaffView
	err := s.db.WriteTx(ctx, func(tx *sql.Tx) error {
		r, err := s.find(ctx, tx, id, "")
		if err != nil {
			return err
		}
		if err := fn(tx, r); err != nil {
			return err
		}
		r, err = s.find(ctx, tx, id, "")
		if err == nil {
			v = staffView(r, s.Machine(r.Kind))
		}
		return err
	})
	if err != nil {
		return nil, s.fail(op, err, "id", id, "actor", actor.UID)
	}
	return &v, nil
}

// Take makes the actor the request's assignee ("Prendre en charge"). An
// agent takes a request nobody holds; an admin may take any.
func (s *Service) Take(ctx context.Context, actor account.Actor, id string) (*StaffView, error) {
	return s.change(ctx, actor, "prise en charge", id, func(tx *sql.Tx, r *Request) error {
		if r.Assignee == actor.UID {
			return nil
		}
		if r.Assignee != "" && !actor.IsAdmin() {
			return apperr.Errorf(apperr.ECONFLICT, "%s suit déjà cette demande.", nameOr(r.AssigneeName))
		}
		if !r.Open() {
			return errClosed()
		}
		r.Assignee = actor.UID
		return s.save(ctx, tx, actor, r, "taken", "Prise en charge")
	})
}

// Release gives the request back to the queue; only its assignee or an admin may.
func (s *Service) Release(ctx context.Context, actor account.Actor, id string) (*StaffView, error) {
	return s.change(ctx, actor, "remise dans la file", id, func(tx *sql.Tx, r *Request) error {
		if r.Assignee == "" {
			return nil
		}
		if r.Assignee != actor.UID && !actor.IsAdmin() {
			return apperr.Errorf(apperr.EFORBIDDEN, "Seule la personne qui suit cette demande, ou un administrateur, peut la remettre dans la file.")
		}
		r.Assignee = ""
		return s.save(ctx, tx, actor, r, "released", "Remise dans la file")
	})
}

// Assign hands the request to another agent or admin: its assignee may
// hand it on, an admin may hand any.
func (s *Service) Assign(ctx context.Context, actor account.Actor, id, to string) (*StaffView, error) {
	return s.change(ctx, actor, "attribution", id, func(tx *sql.Tx, r *Request) error {
		if r.Assignee != actor.UID && !actor.IsAdmin() {
			return apperr.Errorf(apperr.EFORBIDDEN, "Seule la personne qui suit cette demande, ou un administrateur, peut la confier à quelqu'un d'autre.")
		}
		if !r.Open() {
			return errClosed()
		}
		target, err := s.accounts.Get(ctx, to)
		if err != nil || !s.accounts.IsAdminOrAgent(ctx, to) {
			return apperr.FieldErrorf("assignee", "Choisissez un conseiller ou un administrateur actif.")
		}
		if r.Assignee == to {
			return nil
		}
		r.Assignee = to
		return s.save(ctx, tx, actor, r, "assigned", "Confiée à "+nameOr(target.DisplayName))
	})
}

// SetStatus moves the request by hand, as its machine allows; an agent
// only on a request they took. A request put back in a waiting status
// keeps its deadline.
func (s *Service) SetStatus(ctx context.Context, actor account.Actor, id string, to Status) (*StaffView, error) {
	return s.change(ctx, actor, "changement de statut", id, func(tx *sql.Tx, r *Request) error {
		if _, err := s.Work(ctx, tx, actor, id, ""); err != nil {
			return err
		}
		m := s.Machine(r.Kind)
		if r.Status == to {
			return nil
		}
		if !m.CanMove(r.Status, to) {
			from, _ := m.Info(r.Status)
			dest, _ := m.Info(to)
			return apperr.FieldErrorf("status", "Une demande «\u00a0%s\u00a0» ne peut pas passer à «\u00a0%s\u00a0».", from.Label, dest.Label)
		}
		from, _ := m.Info(r.Status)
		dest, _ := m.Info(to)
		r.Status = to
		return s.save(ctx, tx, actor, r, "status", fmt.Sprintf("Statut\u00a0: %s → %s", from.Label, dest.Label))
	})
}

// noteField bounds an internal note.
var noteField = input.Field{Name: "body", Max: 4000, Multiline: true,
	Required: "Écrivez la note.", Invalid: "La note contient des caractères non autorisés.", TooLong: "La note ne peut pas dépasser 4\u00a0000\u00a0caractères."}

// AddNote adds an internal note to the request; any agent or admin may.
func (s *Service) AddNote(ctx context.Context, actor account.Actor, id, body string) (*Note, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	body, err := noteField.Clean(body)
	if err != nil {
		return nil, err
	}
	n := &Note{At: s.now(), AuthorUID: actor.UID, AuthorName: actor.Name, Body: body}
	err = s.db.WriteTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.find(ctx, tx, id, ""); err != nil {
			return err
		}
		if err := insertNote(ctx, tx, id, n); err != nil {
			return err
		}
		return s.Record(ctx, tx, actor, id, "note", "Note interne ajoutée")
	})
	if err != nil {
		return nil, s.fail("note interne", err, "id", id)
	}
	return n, nil
}

// save writes r's change and records it.
func (s *Service) save(ctx context.Context, tx *sql.Tx, actor account.Actor, r *Request, action, detail string) error {
	touch(r, s.now())
	if err := updateRequest(ctx, tx, r); err != nil {
		return err
	}
	return s.Record(ctx, tx, actor, r.ID, action, detail)
}

func errClosed() error {
	return apperr.Errorf(apperr.ECONFLICT, "Cette demande est clôturée.")
}

// nameOr names a person, or says who when the name is empty.
func nameOr(name string) string {
	if name == "" {
		return "Un autre conseiller"
	}
	return name
}
