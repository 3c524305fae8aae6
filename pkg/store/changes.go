package store

import (
	"context"
	"errors"
	"log/slog"
	"sync"
)

// Changes is the Version of what one notification channel stands for (the
// sessions and accounts, say), for a cache of this process to rest on.
//
// On SQLite it is DataVersion: every commit moves it, whatever it changed.
// On PostgreSQL, which has no such number, this process counts instead:
// the count moves when a transaction of this process that notified
// channel (Tx.Notify) commits, before its WriteTx returns, and when a
// notification on channel arrives from any instance, a fraction of a
// millisecond after that instance's commit. It is known only while Watch
// listens: before, after a lost connection and until the next one is
// listening, Version fails and a cache resting on it stays off, since
// notifications sent meanwhile are lost.
type Changes struct {
	db      *DB
	channel string

	mu sync.Mutex
	// live: Watch is listening, every notification since n last moved
	// has moved it.
	live bool
	// conns counts the connections Watch listened on, n the moves on the
	// current one: a Version read over a new connection comes after every
	// older one.
	conns uint64
	n     int64
}

// errNotWatching answers Changes.Version on PostgreSQL while no connection
// listens to the channel.
var errNotWatching = errors.New("notifications non écoutées")

// Changes returns the Changes of channel, one per channel and store.
// channel is a constant of the code, never input.
func (db *DB) Changes(channel string) *Changes {
	db.changesMu.Lock()
	defer db.changesMu.Unlock()
	if c, ok := db.changes[channel]; ok {
		return c
	}
	if db.changes == nil {
		db.changes = map[string]*Changes{}
	}
	c := &Changes{db: db, channel: channel}
	db.changes[channel] = c
	return c
}

// Version returns the current Version of the channel's content, or an
// error when it is not known (PostgreSQL, not listening).
func (c *Changes) Version(ctx context.Context) (Version, error) {
	if c.db.engine == SQLite {
		return c.db.DataVersion(ctx)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.live {
		return Version{}, errNotWatching
	}
	return Version{conn: c.conns, n: c.n}, nil
}

// Watch listens to the channel's notifications until ctx ends (PostgreSQL;
// on SQLite it returns at once). App.Run runs it.
func (c *Changes) Watch(ctx context.Context, log *slog.Logger) {
	if c.db.engine != Postgres {
		return
	}
	c.db.listen(ctx, c.channel, c.listening, func(string) { c.move() }, c.stop, log)
	c.stop()
}

// listening is called once the channel is listened to on a new
// connection: from there on, every change is seen.
func (c *Changes) listening() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.conns++
	c.n = 0
	c.live = true
}

// stop forgets the connection: until the next one listens, nothing is known.
func (c *Changes) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.live = false
}

// move records a change.
func (c *Changes) move() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

// committed moves the Changes of the channels a transaction of db notified,
// once it committed, and calls their OnCommit functions.
func (db *DB) committed(t *Tx) {
	if len(t.notified) == 0 {
		return
	}
	var wake []func()
	db.changesMu.Lock()
	for ch := range t.notified {
		if c, ok := db.changes[ch]; ok {
			c.move()
		}
		wake = append(wake, db.onCommit[ch]...)
	}
	db.changesMu.Unlock()
	for _, fn := range wake {
		fn()
	}
}
