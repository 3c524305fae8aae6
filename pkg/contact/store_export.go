package contact

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// The SQL of a sender's data export (Export), next to the code that scans
// it; the shared part of each request comes from the desk (desk.Select).

// eachMessageExport calls fn with each message uid sent, oldest first,
// and its raw status; m.Subject is the stored key, not its label. An
// error of fn ends the reading and is returned as is.
func eachMessageExport(ctx context.Context, tx *store.Tx, uid string, fn func(m MessageExport, status desk.Status) error) error {
	list, err := desk.Select(ctx, tx, desk.Selection{Kind: MessageMachine.Kind, UID: uid})
	if err != nil {
		return fmt.Errorf("export des messages: %w", err)
	}
	for _, r := range list {
		m := MessageExport{id: r.ID, Ref: r.Ref, Name: r.Name, Email: r.Email, Phone: r.Phone, CreatedAt: store.FormatTime(r.CreatedAt)}
		err := tx.QueryRowContext(ctx, `SELECT subject, message, consent_at FROM contact_messages WHERE id = ?`, r.ID).
			Scan(&m.Subject, &m.Message, &m.ConsentAt)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return fmt.Errorf("export des messages: %w", err)
		}
		if err := fn(m, r.Status); err != nil {
			return err
		}
	}
	return nil
}

// eachCallbackExport calls fn with each callback uid asked for, oldest
// first, its raw status and its product's key; c.Slot is left empty. An
// error of fn ends the reading and is returned as is.
func eachCallbackExport(ctx context.Context, tx *store.Tx, uid string, fn func(c CallbackExport, status desk.Status, product string) error) error {
	list, err := desk.Select(ctx, tx, desk.Selection{Kind: CallbackMachine.Kind, UID: uid})
	if err != nil {
		return fmt.Errorf("export des rappels: %w", err)
	}
	for _, r := range list {
		c := CallbackExport{id: r.ID, Ref: r.Ref, Name: r.Name, Phone: r.Phone, CreatedAt: store.FormatTime(r.CreatedAt)}
		err := tx.QueryRowContext(ctx, `SELECT COALESCE(slot_start, ''), COALESCE(slot_end, ''), note, attempts, consent_at
			FROM callback_requests WHERE id = ?`, r.ID).Scan(&c.SlotStart, &c.SlotEnd, &c.Note, &c.Attempts, &c.ConsentAt)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return fmt.Errorf("export des rappels: %w", err)
		}
		if err := fn(c, r.Status, r.Product); err != nil {
			return err
		}
	}
	return nil
}
