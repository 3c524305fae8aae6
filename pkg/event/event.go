// Package event holds the domain events: typed facts (a quote request
// received, offers sent, a password changed…) written to the outbox in the
// transaction of the change that causes them, and handed to each consumer
// after commit, once, in order per aggregate (see Dispatcher). A side
// effect that leaves the transaction (a mail, a wake-up of another
// instance) hangs on an event, never on the code that made the change: a
// rolled-back change sends nothing, a committed one is never forgotten.
package event

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// Kind names a type of event ("quote.received"); its payload is a struct
// that its recorder and its consumers share, encoded as a JSON object.
type Kind string

// Event is an event as a consumer receives it.
type Event struct {
	ID   int64
	Kind Kind
	// Aggregate is what the event concerns ("request:Q-2026-00042",
	// "account:uid"): the events of one aggregate reach each consumer in
	// the order they were written.
	Aggregate string
	Payload   json.RawMessage
	At        time.Time
}

// Decode reads the payload into v, the struct of the event's kind.
func (e Event) Decode(v any) error {
	if err := json.Unmarshal(e.Payload, v); err != nil {
		return fmt.Errorf("événement %d (%s) illisible: %w", e.ID, e.Kind, err)
	}
	return nil
}

// Topic is notified (store.Tx.Notify) by a transaction that records an
// event: its commit wakes the dispatchers of every instance.
const Topic = "events"

// Record writes an event of kind about aggregate in tx, with payload (a
// struct, encoded as a JSON object) and one pending delivery for each
// consumer of event_consumers. It takes effect with tx: nothing is handed
// to anyone before tx commits, and nothing at all if it rolls back.
func Record(ctx context.Context, tx *store.Tx, kind Kind, aggregate string, payload any, at time.Time) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("événement %s: %w", kind, err)
	}
	var id int64
	err = tx.QueryRowContext(ctx, "INSERT INTO events (kind, aggregate, payload, created_at) VALUES (?, ?, ?, ?) RETURNING id",
		string(kind), aggregate, string(body), store.FormatTime(at)).Scan(&id)
	if err != nil {
		return fmt.Errorf("enregistrement de l'événement %s: %w", kind, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO event_deliveries (consumer, event_id, aggregate)
		SELECT name, ?, ? FROM event_consumers`, id, aggregate); err != nil {
		return fmt.Errorf("distribution de l'événement %s: %w", kind, err)
	}
	return tx.Notify(ctx, Topic)
}
