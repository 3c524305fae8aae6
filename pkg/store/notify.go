package store

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Notify tells every instance listening on channel (Listen) that this
// transaction changed what channel stands for, once it commits: a wake-up
// only, the rows stay the truth and the listeners read them again. On
// PostgreSQL it is NOTIFY, delivered at commit and dropped at rollback;
// on SQLite, whose instances share one machine and poll, it sends nothing.
// On both, the functions given to OnCommit run after the commit.
// channel is a constant of the code, never input.
func (t *Tx) Notify(ctx context.Context, channel string) error {
	if t.notified[channel] {
		// PostgreSQL would merge the same notification sent twice in one
		// transaction; not sending it saves the round trip.
		return nil
	}
	if t.db.engine == Postgres {
		if _, err := t.tx.ExecContext(ctx, "SELECT pg_notify($1, '')", channel); err != nil {
			return fmt.Errorf("notification %s: %w", channel, err)
		}
	}
	if t.notified == nil {
		t.notified = map[string]bool{}
	}
	t.notified[channel] = true
	return nil
}

// Publish sends payload to every instance listening on channel, at once
// and outside any transaction: a passing state that is never stored (an
// agent typing). Nothing on SQLite. PostgreSQL refuses a payload of 8,000
// bytes or more.
func (db *DB) Publish(ctx context.Context, channel, payload string) error {
	if db.engine != Postgres {
		return nil
	}
	if _, err := db.write.ExecContext(ctx, "SELECT pg_notify($1, $2)", channel, payload); err != nil {
		return fmt.Errorf("notification %s: %w", channel, err)
	}
	return nil
}

// Listening tells whether Listen delivers other instances' notifications
// (PostgreSQL); without it, a reader polls.
func (db *DB) Listening() bool { return db.engine == Postgres }

// Listen calls wake with the payload of each notification on channel
// from any instance (its own included), until ctx ends. It holds a
// connection of its own, outside the pool, and opens it again after a
// failure (logged), calling wake("") then too, since notifications sent
// while it was away are lost. On SQLite it returns at once: there is
// nothing to listen to.
func (db *DB) Listen(ctx context.Context, channel string, wake func(payload string), log *slog.Logger) {
	if db.engine != Postgres {
		return
	}
	db.listen(ctx, channel, func() {}, wake, func() { wake("") }, log)
}

// listen listens to channel until ctx ends, on a connection opened again a
// second after each failure: ready is called once LISTEN holds on a new
// connection, wake with each notification, lost after each failure.
func (db *DB) listen(ctx context.Context, channel string, ready func(), wake func(string), lost func(), log *slog.Logger) {
	for ctx.Err() == nil {
		err := db.listenOnce(ctx, channel, ready, wake)
		if ctx.Err() != nil {
			return
		}
		log.Warn("écoute des notifications interrompue", "canal", channel, "err", err)
		lost()
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

func (db *DB) listenOnce(ctx context.Context, channel string, ready func(), wake func(string)) error {
	conn, err := pgx.Connect(ctx, db.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	ready()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		wake(n.Payload)
	}
}

// OnCommit calls fn after each commit, by this process, of a transaction
// that notified channel, on both engines: the wake-up of this process's
// own workers (the dispatcher of the events) at once, where other
// instances have Listen on PostgreSQL and their poll on SQLite. fn must
// not block.
func (db *DB) OnCommit(channel string, fn func()) {
	db.changesMu.Lock()
	defer db.changesMu.Unlock()
	if db.onCommit == nil {
		db.onCommit = map[string][]func(){}
	}
	db.onCommit[channel] = append(db.onCommit[channel], fn)
}
