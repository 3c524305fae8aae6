package contact

import (
	"context"
	"fmt"

	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// The SQL of a sender's data export (Export), next to the code that scans it.

// eachMessageExport calls fn with each message uid sent, oldest first,
// and its raw status; m.Subject is the stored key, not its label. An
// error of fn ends the reading and is returned as is.
func eachMessageExport(ctx context.Context, tx *store.Tx, uid string, fn func(m MessageExport, status desk.Status) error) error {
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.ref, r.status, m.subject, m.message, r.name, r.email, r.phone, r.created_at, m.consent_at
		FROM contact_messages m JOIN requests r ON r.id = m.id WHERE r.uid = ? ORDER BY r.created_at, r.ref`, uid)
	if err != nil {
		return fmt.Errorf("export des messages: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var m MessageExport
		var status desk.Status
		if err := rows.Scan(&m.id, &m.Ref, &status, &m.Subject, &m.Message, &m.Name, &m.Email, &m.Phone, &m.CreatedAt, &m.ConsentAt); err != nil {
			return fmt.Errorf("export des messages: %w", err)
		}
		if err := fn(m, status); err != nil {
			return err
		}
	}
	return rows.Err()
}

// eachCallbackExport calls fn with each callback uid asked for, oldest
// first, its raw status and its product's key; c.Slot is left empty. An
// error of fn ends the reading and is returned as is.
func eachCallbackExport(ctx context.Context, tx *store.Tx, uid string, fn func(c CallbackExport, status desk.Status, product string) error) error {
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.ref, r.status, r.name, r.phone, r.product, COALESCE(c.slot_start, ''), COALESCE(c.slot_end, ''),
		c.note, c.attempts, r.created_at, c.consent_at
		FROM callback_requests c JOIN requests r ON r.id = c.id WHERE r.uid = ? ORDER BY r.created_at, r.ref`, uid)
	if err != nil {
		return fmt.Errorf("export des rappels: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c CallbackExport
		var status desk.Status
		var product string
		if err := rows.Scan(&c.id, &c.Ref, &status, &c.Name, &c.Phone, &product, &c.SlotStart, &c.SlotEnd,
			&c.Note, &c.Attempts, &c.CreatedAt, &c.ConsentAt); err != nil {
			return fmt.Errorf("export des rappels: %w", err)
		}
		if err := fn(c, status, product); err != nil {
			return err
		}
	}
	return rows.Err()
}
