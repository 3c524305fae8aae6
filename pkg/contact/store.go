package contact

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/company"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// The SQL of the contact_messages and callback_requests tables (migration
// 0009), next to the code that scans it. What every request shares lives
// in requests, written by pkg/desk.

// nullTime stores the zero time as NULL.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return store.FormatTime(t)
}

// parseOpt reads a time stored as text or NULL (read as "").
func parseOpt(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	return store.ParseTime(s)
}

func insertMessage(ctx context.Context, tx *store.Tx, id string, d MessageDraft, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO contact_messages (id, subject, message, consent_at) VALUES (?, ?, ?, ?)`,
		id, d.Subject, d.Message, store.FormatTime(now))
	if err != nil {
		return fmt.Errorf("enregistrement du message %s: %w", id, err)
	}
	return nil
}

func insertCallback(ctx context.Context, tx *store.Tx, id string, v *validCallback, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO callback_requests (id, slot_start, slot_end, note, consent_at) VALUES (?, ?, ?, ?, ?)`,
		id, nullTime(v.slot.Start), nullTime(v.slot.End), v.note, store.FormatTime(now))
	if err != nil {
		return fmt.Errorf("enregistrement de la demande de rappel %s: %w", id, err)
	}
	return nil
}

// message is a stored message's own part.
type message struct {
	subject, body string
	consentAt     time.Time
}

// findMessage reads the own part of message id; desk.ErrNotFound when missing.
func findMessage(ctx context.Context, tx *store.Tx, id string) (*message, error) {
	var m message
	var consent string
	err := tx.QueryRowContext(ctx, `SELECT subject, message, consent_at FROM contact_messages WHERE id = ?`, id).
		Scan(&m.subject, &m.body, &consent)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, desk.ErrNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("lecture du message %s: %w", id, err)
	}
	m.consentAt, err = store.ParseTime(consent)
	return &m, err
}

// callback is a stored callback's own part.
type callback struct {
	slot        company.Slot
	product     string
	note        string
	consentAt   time.Time
	attempts    int
	lastOutcome string
	lastCallAt  time.Time
}

// findCallback reads the own part of callback id, and its product from
// the desk; desk.ErrNotFound when missing.
func findCallback(ctx context.Context, tx *store.Tx, id string) (*callback, error) {
	var c callback
	var start, end, consent, last string
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(c.slot_start, ''), COALESCE(c.slot_end, ''), c.note, c.consent_at,
		c.attempts, c.last_outcome, COALESCE(c.last_call_at, '') FROM callback_requests c WHERE c.id = ?`, id).
		Scan(&start, &end, &c.note, &consent, &c.attempts, &c.lastOutcome, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, desk.ErrNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("lecture de la demande de rappel %s: %w", id, err)
	}
	shared, err := desk.ByID(ctx, tx, desk.Selection{Kind: CallbackMachine.Kind, IDs: []string{id}})
	if err != nil {
		return nil, err
	}
	r, ok := shared[id]
	if !ok {
		return nil, desk.ErrNotFound()
	}
	c.product = r.Product
	for _, p := range []struct {
		dst *time.Time
		src string
	}{{&c.slot.Start, start}, {&c.slot.End, end}, {&c.consentAt, consent}, {&c.lastCallAt, last}} {
		if *p.dst, err = parseOpt(p.src); err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// recordCall counts a call made on callback id.
func recordCall(ctx context.Context, tx *store.Tx, id string, outcome Outcome, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE callback_requests SET attempts = attempts + 1, last_outcome = ?, last_call_at = ? WHERE id = ?`,
		outcome, store.FormatTime(at), id)
	if err != nil {
		return fmt.Errorf("appel de la demande de rappel %s: %w", id, err)
	}
	return nil
}

// nthLatestRequest reads when uid sent its nth latest request of kind
// after since; found is false when it sent fewer.
func nthLatestRequest(ctx context.Context, tx *store.Tx, kind desk.Kind, uid string, since time.Time, nth int) (at time.Time, found bool, err error) {
	list, err := desk.Select(ctx, tx, desk.Selection{Kind: kind, UID: uid, CreatedAfter: since})
	if err != nil || len(list) < nth || nth < 1 {
		return time.Time{}, false, err
	}
	return list[len(list)-nth].CreatedAt, true, nil
}

// deleteClosedBefore deletes the messages and callbacks answered, called
// or closed and last changed before before; their history, notes and
// replies go with them (foreign keys).
func deleteClosedBefore(ctx context.Context, tx *store.Tx, before time.Time) error {
	for _, m := range []*desk.Machine{MessageMachine, CallbackMachine} {
		_, err := desk.Delete(ctx, tx, desk.Selection{Kind: m.Kind, UpdatedBefore: before,
			Statuses: []desk.Status{StatusAnswered, StatusCalled, desk.StatusClosed}})
		if err != nil {
			return fmt.Errorf("purge des messages et rappels expirés: %w", err)
		}
	}
	return nil
}
