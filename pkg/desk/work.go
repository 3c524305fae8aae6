package desk

import (
	"context"
	"fmt"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/input"
	"courtier/pkg/store"
)

// change runs fn on request id in a write transaction, for staff, and
// logs a failure under op.
func (s *Service) change(ctx context.Context, actor account.Actor, op, id string, fn func(tx *store.Tx, r *Request) error) (*StaffView, error) {
	if err := s.accounts.ConfirmStaff(ctx, actor); err != nil {
		return nil, err
	}
	var v StaffView
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := s.find(ctx, tx, id, "")
		if err != nil {
			return err
		}
		if err := fn(tx, r); err != nil {
			return err
		}
		r, err = s.find(ctx, tx, id, "")
		if err == nil {
			v = s.staffView(r)
		}
		return err
	})
	if err != nil {
		return nil, s.fail(op, err, "id", id, "actor", actor.UID)
	}
	return &v, nil
}

// Take makes the actor the request's assignee ("Prendre en charge"). An
// agent takes a request nobody holds; an admin may take any open one.
// Taking a request still in its kind's first status starts the work: it
// moves to the machine's Started status (« Nouvelle » → « En cours
// d'étude »), in the same history entry. Both statuses are ones in which
// the broker owes the next step, so the deadline stays.
func (s *Service) Take(ctx context.Context, actor account.Actor, id string) (*StaffView, error) {
	return s.change(ctx, actor, "prise en charge", id, func(tx *store.Tx, r *Request) error {
		if r.Assignee == actor.UID {
			return nil
		}
		if err := takeError(actor, r); err != nil {
			return err
		}
		detail := "Prise en charge"
		if r.Assignee != "" {
			detail += " (suivie jusque-là par " + nameOr(r.AssigneeName) + ")"
		}
		r.Assignee = actor.UID
		if m := s.Machine(r.Kind); r.Status == m.Initial && m.Started != "" {
			from, _ := m.Info(r.Status)
			to, _ := m.Info(m.Started)
			r.Status = m.Started
			detail += fmt.Sprintf(" · Statut\u00a0: %s → %s", from.Label, to.Label)
		}
		return s.save(ctx, tx, actor, r, "taken", detail)
	})
}

// Release gives the request back to the queue; only its assignee or an admin may.
func (s *Service) Release(ctx context.Context, actor account.Actor, id string) (*StaffView, error) {
	return s.change(ctx, actor, "remise dans la file", id, func(tx *store.Tx, r *Request) error {
		if r.Assignee == "" {
			return nil
		}
		if err := releaseError(actor, r); err != nil {
			return err
		}
		r.Assignee = ""
		return s.save(ctx, tx, actor, r, "released", "Remise dans la file")
	})
}

// Assign hands the request to another agent or admin: its assignee may
// hand it on, an admin may hand any.
func (s *Service) Assign(ctx context.Context, actor account.Actor, id, to string) (*StaffView, error) {
	return s.change(ctx, actor, "attribution", id, func(tx *store.Tx, r *Request) error {
		if err := assignError(actor, r); err != nil {
			return err
		}
		target, err := activeStaff(ctx, tx, to)
		if err != nil {
			return err
		}
		if r.Assignee == to {
			return nil
		}
		r.Assignee = to
		return s.save(ctx, tx, actor, r, "assigned", "Confiée à "+target.Name)
	})
}

// SetStatus moves the request by hand, as its machine allows; an agent
// only on a request they took. A request moved between two statuses in
// which the broker owes the next step keeps its deadline; one that comes
// back to the broker's side (reopened, offers to rework) gets a new one
// from its kind's delay (KindSpec.Delay).
func (s *Service) SetStatus(ctx context.Context, actor account.Actor, id string, to Status) (*StaffView, error) {
	return s.change(ctx, actor, "changement de statut", id, func(tx *store.Tx, r *Request) error {
		if err := workError(actor, r); err != nil {
			return err
		}
		m := s.Machine(r.Kind)
		dest, known := m.Info(to)
		if !known {
			return apperr.FieldErrorf("status", "Statut inconnu.")
		}
		if r.Status == to {
			return nil
		}
		from, _ := m.Info(r.Status)
		if !m.CanMove(r.Status, to) {
			return apperr.FieldErrorf("status", "Une demande «\u00a0%s\u00a0» ne peut pas passer à «\u00a0%s\u00a0».", from.Label, dest.Label)
		}
		if delay := s.specs[r.Kind].Delay; dest.Waiting && !from.Waiting && delay != nil {
			r.Due = delay(s.now())
		}
		r.Status = to
		return s.save(ctx, tx, actor, r, "status", fmt.Sprintf("Statut\u00a0: %s → %s", from.Label, dest.Label))
	})
}

// noteField bounds an internal note.
var noteField = input.Field{Name: "body", Max: 4000, Multiline: true,
	Required: "Écrivez la note.", Invalid: "La note contient des caractères non autorisés.", TooLong: "La note ne peut pas dépasser 4\u00a0000\u00a0caractères."}

// AddNote adds an internal note to the request; any agent or admin may.
func (s *Service) AddNote(ctx context.Context, actor account.Actor, id, body string) (*Note, error) {
	if err := s.accounts.ConfirmStaff(ctx, actor); err != nil {
		return nil, err
	}
	body, err := noteField.Clean(body)
	if err != nil {
		return nil, err
	}
	n := &Note{At: s.now(), AuthorUID: actor.UID, AuthorName: actor.Name, Body: body}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
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
func (s *Service) save(ctx context.Context, tx *store.Tx, actor account.Actor, r *Request, action, detail string) error {
	touch(r, s.now())
	if err := updateRequest(ctx, tx, r); err != nil {
		return err
	}
	return s.Record(ctx, tx, actor, r.ID, action, detail)
}
