package store

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// The one way to wake up after a change. A write transaction names the
// topics it changed (Tx.Notify: "events", "mails", "chat", "sessions");
// whoever must react subscribes to them (Subscribe) and is woken once the
// transaction commits: in this process at once, by a broadcast before
// WriteTx returns; in the other instances on PostgreSQL by one NOTIFY per
// transaction on one channel, which one connection of each process
// listens to (Watch). A wake-up only says « read again »: the rows stay
// the truth, wake-ups merge, and a subscriber also reads on a period of
// its own, which finds what a lost notification or another process on
// SQLite (the CLI, the dashboard) wrote. Passing states that are never
// stored (an agent typing) go through the same subscriptions (Signal).

// busChannel is the PostgreSQL channel of every topic. Its payload is
// "c ORIGIN TOPIC…" for a commit, "s ORIGIN TOPIC PAYLOAD" for a signal;
// ORIGIN marks the handle that sent it, which skips its own.
const busChannel = "courtier"

// everyTopic stands for every topic in a commit's notification whose
// topics would not fit in one.
const everyTopic = "*"

// maxNotify is below PostgreSQL's bound on a notification's payload
// (8,000 bytes).
const maxNotify = 7900

// bus holds the subscriptions of one store handle.
type bus struct {
	// origin marks this handle's notifications.
	origin string
	mu     sync.Mutex
	topics map[string]map[*Subscription]struct{}
	// watching: a Watch runs. live: it listens (PostgreSQL), every
	// notification since the last connection has been delivered; conns
	// counts the connections.
	watching, live bool
	conns          uint64
}

func newBus() *bus {
	return &bus{origin: rand.Text(), topics: map[string]map[*Subscription]struct{}{}}
}

// signalRoom is how many signals a subscription holds for its reader: one
// subscriber may pass them on to many (the chat's watcher, to every stream
// of its process).
const signalRoom = 64

// Subscription is one subscriber's wake-ups and signals, from Subscribe
// or SubscribeOthers; Close ends it.
type Subscription struct {
	// C receives a wake-up after each commit that notified one of the
	// topics. It holds one: a reader woken reads everything newer than
	// what it holds, so wake-ups merge and none is lost.
	C <-chan struct{}
	// Signals receives the payloads of Signal on the topics; dropped for
	// a reader that lags, as a late typing indicator is worth nothing.
	Signals <-chan string

	db      *DB
	c       chan struct{}
	signals chan string
	topics  []string
	// others: only what other processes and instances did.
	others bool
	// n counts the wake-ups (bus.mu), for Version on PostgreSQL.
	n int64
}

// Subscribe opens a subscription to topics: it is woken by every commit
// that notified one of them, this process's (before its WriteTx returns)
// and, on PostgreSQL, every other instance's (once Watch has its
// notification, a fraction of a millisecond later), and gets the signals
// sent on them from anywhere. topics are constants of the code.
func (db *DB) Subscribe(topics ...string) *Subscription { return db.subscribe(false, topics) }

// SubscribeOthers is Subscribe for a subscriber that learns this
// process's own changes first hand (the chat wakes its streams as it
// writes): it is woken only by the commits and signals of other
// instances.
func (db *DB) SubscribeOthers(topics ...string) *Subscription { return db.subscribe(true, topics) }

func (db *DB) subscribe(others bool, topics []string) *Subscription {
	c, signals := make(chan struct{}, 1), make(chan string, signalRoom)
	s := &Subscription{C: c, Signals: signals, db: db, c: c, signals: signals, topics: slices.Clone(topics), others: others}
	b := db.bus
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, t := range topics {
		m := b.topics[t]
		if m == nil {
			m = map[*Subscription]struct{}{}
			b.topics[t] = m
		}
		m[s] = struct{}{}
	}
	return s
}

// Close ends the subscription: it is woken no more.
func (s *Subscription) Close() {
	b := s.db.bus
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, t := range s.topics {
		delete(b.topics[t], s)
		if len(b.topics[t]) == 0 {
			delete(b.topics, t)
		}
	}
}

// errNotWatching answers Subscription.Version on PostgreSQL while no
// connection listens.
var errNotWatching = errors.New("notifications non écoutées")

// Version returns the Version of what the subscription's topics stand
// for, for a cache of this process to rest on: two equal Versions mean
// that nothing they stand for changed between the two readings. On
// SQLite it is DataVersion: every commit of every process moves it,
// whatever it changed. On PostgreSQL it counts the subscription's
// wake-ups, and is known only while Watch listens: before, and after a
// lost connection until the next one listens, it fails, since
// notifications sent meanwhile are lost, and a cache resting on it stays
// off.
func (s *Subscription) Version(ctx context.Context) (Version, error) {
	if s.db.engine == SQLite {
		return s.db.DataVersion(ctx)
	}
	b := s.db.bus
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.live {
		return Version{}, errNotWatching
	}
	return Version{conn: b.conns, n: s.n}, nil
}

// Notify wakes the subscribers of topic, in this process and in every
// instance, once tx commits; nothing if it rolls back. topic is a
// constant of the code, a word without spaces.
func (t *Tx) Notify(_ context.Context, topic string) error {
	if topic == "" || topic == everyTopic || strings.ContainsAny(topic, " \t\n") {
		return fmt.Errorf("sujet de notification invalide %q", topic)
	}
	if t.notified == nil {
		t.notified = map[string]bool{}
	}
	t.notified[topic] = true
	return nil
}

// notifyOthers sends, just before tx's commit, the notification of the
// topics it notified to the other instances (PostgreSQL): delivered at
// commit, dropped with a rollback.
func (t *Tx) notifyOthers(ctx context.Context) error {
	if t.db.engine != Postgres || len(t.notified) == 0 {
		return nil
	}
	topics := slices.Collect(maps.Keys(t.notified))
	slices.Sort(topics)
	payload := "c " + t.db.bus.origin + " " + strings.Join(topics, " ")
	if len(payload) > maxNotify {
		payload = "c " + t.db.bus.origin + " " + everyTopic
	}
	if _, err := t.tx.ExecContext(ctx, "SELECT pg_notify($1, $2)", busChannel, payload); err != nil {
		return fmt.Errorf("notification des autres serveurs: %w", err)
	}
	return nil
}

// committed wakes this process's subscribers of the topics a transaction
// of db notified, once it committed.
func (db *DB) committed(t *Tx) {
	if len(t.notified) == 0 {
		return
	}
	b := db.bus
	b.mu.Lock()
	defer b.mu.Unlock()
	b.wakeLocked(slices.Collect(maps.Keys(t.notified)), true)
}

// Signal sends payload to the subscribers of topic in this process and in
// every instance, at once and outside any transaction: a passing state
// that is never stored (an agent typing). PostgreSQL refuses a payload of
// 8,000 bytes or more.
func (db *DB) Signal(ctx context.Context, topic, payload string) error {
	b := db.bus
	b.mu.Lock()
	b.signalLocked(topic, payload, true)
	b.mu.Unlock()
	if db.engine != Postgres {
		return nil
	}
	if _, err := db.write.ExecContext(ctx, "SELECT pg_notify($1, $2)", busChannel, "s "+b.origin+" "+topic+" "+payload); err != nil {
		return fmt.Errorf("signal %s: %w", topic, err)
	}
	return nil
}

// wakeLocked wakes the subscribers of topics once each, every subscriber
// for everyTopic; here tells a change of this process, which the
// subscriptions of SubscribeOthers pass over. b.mu is held.
func (b *bus) wakeLocked(topics []string, here bool) {
	if len(topics) == 1 {
		// The usual case: nobody is woken twice.
		if topics[0] == everyTopic {
			b.wakeAllLocked()
			return
		}
		for s := range b.topics[topics[0]] {
			if !here || !s.others {
				s.wake()
			}
		}
		return
	}
	woken := map[*Subscription]bool{}
	for _, topic := range topics {
		if topic == everyTopic {
			b.wakeAllLocked()
			return
		}
		for s := range b.topics[topic] {
			if !woken[s] && (!here || !s.others) {
				woken[s] = true
				s.wake()
			}
		}
	}
}

// wakeAllLocked wakes every subscriber once: what was notified while no
// connection listened is lost. b.mu is held.
func (b *bus) wakeAllLocked() {
	woken := map[*Subscription]bool{}
	for _, m := range b.topics {
		for s := range m {
			if !woken[s] {
				woken[s] = true
				s.wake()
			}
		}
	}
}

// wake counts a wake-up and sends it unless one is pending; bus.mu is held.
func (s *Subscription) wake() {
	s.n++
	select {
	case s.c <- struct{}{}:
	default:
	}
}

// signalLocked passes payload to the subscribers of topic, dropping it
// for a lagging one; b.mu is held.
func (b *bus) signalLocked(topic, payload string, here bool) {
	for s := range b.topics[topic] {
		if here && s.others {
			continue
		}
		select {
		case s.signals <- payload:
		default:
		}
	}
}

// received takes a notification of busChannel from the listener.
func (b *bus) received(payload string) {
	kind, rest, _ := strings.Cut(payload, " ")
	origin, rest, _ := strings.Cut(rest, " ")
	if origin == b.origin {
		return // delivered here at its commit, or when it was sent
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch kind {
	case "c":
		b.wakeLocked(strings.Fields(rest), false)
	case "s":
		topic, body, _ := strings.Cut(rest, " ")
		b.signalLocked(topic, body, false)
	}
}

// listening records that a new connection listens: from there on every
// notification is seen. Every subscriber is woken, for what was committed
// before.
func (b *bus) listening() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.conns++
	b.live = true
	b.wakeAllLocked()
}

// lost records that the connection is gone; every subscriber is woken,
// since what is notified until the next one listens is lost.
func (b *bus) lost() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.live = false
	b.wakeAllLocked()
}

// Watch listens to the other instances' notifications until ctx ends
// (PostgreSQL; on SQLite it returns at once: its processes share one
// machine, and each subscriber's own period finds what another wrote).
// It holds one connection of its own, outside the pool, for every topic,
// and opens it again a second after a failure (logged). App.Run runs it;
// a second Watch of the same store while one runs returns at once.
func (db *DB) Watch(ctx context.Context, log *slog.Logger) {
	if db.engine != Postgres {
		return
	}
	b := db.bus
	b.mu.Lock()
	if b.watching {
		b.mu.Unlock()
		return
	}
	b.watching = true
	b.mu.Unlock()
	for ctx.Err() == nil {
		err := db.listenOnce(ctx)
		if ctx.Err() != nil {
			break
		}
		log.Warn("écoute des notifications interrompue", "err", err)
		b.lost()
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	b.mu.Lock()
	b.watching, b.live = false, false
	b.mu.Unlock()
}

// listenOnce listens on one connection until it fails or ctx ends.
func (db *DB) listenOnce(ctx context.Context) error {
	cfg, err := pgx.ParseConfig(db.dsn)
	if err != nil {
		return err
	}
	// Named, so that an operator (and a test) can tell it among the
	// connections of pg_stat_activity.
	cfg.RuntimeParams["application_name"] = listenerName(db.bus.origin)
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{busChannel}.Sanitize()); err != nil {
		return err
	}
	db.bus.listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		db.bus.received(n.Payload)
	}
}

// listenerName is the application_name of the listening connection of
// the handle whose bus has origin.
func listenerName(origin string) string { return "courtier-listen-" + origin[:8] }
