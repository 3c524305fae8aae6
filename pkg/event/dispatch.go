package event

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"courtier/pkg/store"
)

// Handler handles one event for its consumer inside tx, the transaction
// that records the delivery as done: what it writes (a mail to send)
// commits with that record, so that each event is handled once. An error
// that PostgreSQL or SQLite calls retryable runs the round again; any other
// is recorded as the delivery's error, logged, and the event counted as
// done, since an event its consumer cannot handle would otherwise hold
// every later event of its aggregate back for ever.
type Handler func(ctx context.Context, tx *store.Tx, e Event) error

// Consumer is a named Handler. Its name must be a row of event_consumers
// (added by a migration): the events recorded since then are kept for it.
type Consumer struct {
	Name   string
	Handle Handler
}

// DefaultBatch is how many events a round hands to a consumer at most.
const DefaultBatch = 32

// Dispatcher hands the recorded events to their consumers. With several
// instances on one PostgreSQL database each round claims its deliveries
// with FOR UPDATE SKIP LOCKED, so that an event goes to one instance; on
// SQLite the single writer runs the rounds one after the other.
type Dispatcher struct {
	db        *store.DB
	log       *slog.Logger
	now       func() time.Time
	consumers []Consumer
}

// NewDispatcher makes the dispatcher of consumers over db.
func NewDispatcher(db *store.DB, log *slog.Logger, now func() time.Time, consumers ...Consumer) *Dispatcher {
	return &Dispatcher{db: db, log: log, now: now, consumers: consumers}
}

// Run hands the pending events to the consumers until ctx ends: at once
// (what a stopped process left), whenever an event is recorded (the
// store's subscription to Topic: at once in this process, on PostgreSQL
// on every instance while store.DB.Watch runs) and every `every`
// otherwise (events another process recorded on SQLite, or whose
// notification was lost). App.Run runs it.
func (d *Dispatcher) Run(ctx context.Context, every time.Duration) {
	sub := d.db.Subscribe(Topic)
	defer sub.Close()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		d.drain(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-sub.C:
		}
	}
}

// drain runs rounds until one hands nothing; a failed round is logged and
// the next tick tries again. A round that concurrent writers kept from
// committing, past the store's retries (a serialization failure or a
// deadlock on PostgreSQL), is no failure: the events stay pending, and the
// next wake-up or tick hands them; it is logged at debug level only.
func (d *Dispatcher) drain(ctx context.Context) {
	for ctx.Err() == nil {
		n, err := d.Dispatch(ctx)
		switch {
		case err == nil:
		case ctx.Err() != nil:
			return
		case store.IsRetryable(err):
			d.log.Debug("distribution des événements remise: transactions concurrentes", "err", err)
			return
		default:
			d.log.Error("distribution des événements", "err", err)
			return
		}
		if n == 0 {
			return
		}
	}
}

// Dispatch runs one round: for each consumer, the oldest pending event of
// each aggregate, DefaultBatch at most, each handled and recorded in one
// transaction. It returns how many deliveries it recorded.
func (d *Dispatcher) Dispatch(ctx context.Context) (int, error) {
	total := 0
	for _, c := range d.consumers {
		n, err := d.dispatch(ctx, c)
		total += n
		if err != nil {
			return total, fmt.Errorf("consommateur %s: %w", c.Name, err)
		}
	}
	return total, nil
}

func (d *Dispatcher) dispatch(ctx context.Context, c Consumer) (int, error) {
	var n int
	var refused []refusal
	err := d.db.WriteTx(ctx, func(tx *store.Tx) error {
		n, refused = 0, refused[:0]
		events, err := claim(ctx, tx, c.Name, DefaultBatch)
		if err != nil {
			return err
		}
		now := d.now()
		for _, e := range events {
			herr, err := handle(ctx, tx, c, e)
			if err != nil {
				return err
			}
			if herr != nil {
				refused = append(refused, refusal{e, herr})
			}
			if err := markDone(ctx, tx, c.Name, e.ID, now, herr); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, r := range refused {
		d.log.Error("événement refusé par son consommateur", "consommateur", c.Name, "événement", r.e.ID,
			"type", string(r.e.Kind), "agrégat", r.e.Aggregate, "err", r.err)
	}
	return n, nil
}

// refusal is an event its consumer refused, logged once the round commits.
type refusal struct {
	e   Event
	err error
}

// handle runs c's Handler on e inside a savepoint (store.Tx.Try), so
// that a refusal undoes what the handler wrote and nothing else. It
// returns the handler's refusal, and as err what must end the round: a
// retryable error, a cancelled context, a savepoint that failed.
func handle(ctx context.Context, tx *store.Tx, c Consumer, e Event) (refused, err error) {
	refused, err = tx.Try(ctx, func() error { return safeHandle(ctx, tx, c, e) })
	if err != nil {
		return nil, errors.Join(refused, err)
	}
	if refused != nil && (store.IsRetryable(refused) || store.IsBusy(refused) || ctx.Err() != nil) {
		return nil, refused
	}
	return refused, nil
}

// safeHandle is c.Handle with a panic turned into a refusal.
func safeHandle(ctx context.Context, tx *store.Tx, c Consumer, e Event) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panique: %v", p)
		}
	}()
	return c.Handle(ctx, tx, e)
}
