package event

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// The SQL of the outbox, next to the code that scans it.

// claim reads, for consumer, the oldest pending event of each aggregate
// whose earlier events are all handled, at most limit, oldest first; on
// PostgreSQL the deliveries are locked, those another instance holds
// passed over (store.Tx.SkipLocked).
func claim(ctx context.Context, tx *store.Tx, consumer string, limit int) ([]Event, error) {
	rows, err := tx.QueryContext(ctx, `SELECT e.id, e.kind, e.aggregate, e.payload, e.created_at
		FROM event_deliveries d JOIN events e ON e.id = d.event_id
		WHERE d.consumer = ? AND d.done_at IS NULL
		AND NOT EXISTS (SELECT 1 FROM event_deliveries p WHERE p.consumer = d.consumer
			AND p.aggregate = d.aggregate AND p.done_at IS NULL AND p.event_id < d.event_id)
		ORDER BY d.event_id LIMIT ?`+tx.SkipLocked("d"), consumer, limit)
	if err != nil {
		return nil, fmt.Errorf("événements en attente: %w", err)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var kind, payload, at string
		if err := rows.Scan(&e.ID, &kind, &e.Aggregate, &payload, &at); err != nil {
			return nil, fmt.Errorf("lecture des événements: %w", err)
		}
		e.Kind, e.Payload = Kind(kind), []byte(payload)
		if e.At, err = store.ParseTime(at); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// markDone records that consumer handled event id at now, or refused it
// with herr.
func markDone(ctx context.Context, tx *store.Tx, consumer string, id int64, now time.Time, herr error) error {
	var msg sql.NullString
	if herr != nil {
		msg = sql.NullString{String: herr.Error(), Valid: true}
	}
	_, err := tx.ExecContext(ctx, "UPDATE event_deliveries SET done_at = ?, error = ? WHERE consumer = ? AND event_id = ?",
		store.FormatTime(now), msg, consumer, id)
	if err != nil {
		return fmt.Errorf("remise de l'événement %d: %w", id, err)
	}
	return nil
}

// Pending counts the events not yet handled by consumer.
func Pending(ctx context.Context, q store.RowReader, consumer string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, "SELECT count(*) FROM event_deliveries WHERE consumer = ? AND done_at IS NULL", consumer).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("événements en attente: %w", err)
	}
	return n, nil
}

// Redact takes the single-use secret (the payload's "token") out of event
// id once the consumer that needed it has written it where it goes: the
// outbox keeps events for a while, and a secret kept there would outlive
// its use.
func Redact(ctx context.Context, tx *store.Tx, id int64) error {
	var payload string
	if err := tx.QueryRowContext(ctx, "SELECT payload FROM events WHERE id = ?", id).Scan(&payload); err != nil {
		return fmt.Errorf("événement %d: %w", id, err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(payload), &fields); err != nil {
		return fmt.Errorf("événement %d illisible: %w", id, err)
	}
	if _, ok := fields["token"]; !ok {
		return nil
	}
	delete(fields, "token")
	body, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE events SET payload = ? WHERE id = ?", string(body), id); err != nil {
		return fmt.Errorf("événement %d: %w", id, err)
	}
	return nil
}

// PurgeHandled deletes the events recorded before `before` that every
// consumer has handled (their deliveries go with them): the outbox is a
// queue, not an archive; what a change did stays in its own tables.
func PurgeHandled(ctx context.Context, tx *store.Tx, before time.Time) (int, error) {
	res, err := tx.ExecContext(ctx, `DELETE FROM events WHERE created_at < ? AND NOT EXISTS (
		SELECT 1 FROM event_deliveries d WHERE d.event_id = events.id AND d.done_at IS NULL)`, store.FormatTime(before))
	if err != nil {
		return 0, fmt.Errorf("purge des événements traités: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
