package store_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

func init() { store.NewSchema = storetest.Schema }

const testTopic = "test_changes"

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// notifyWrite commits a transaction that notifies testTopic, or not.
func notifyWrite(t *testing.T, db *store.DB, notify bool) {
	t.Helper()
	notifyTopics(t, db, notify, testTopic)
}

// notifyTopics commits a transaction that writes a row and, when notify
// is set, notifies topics.
func notifyTopics(t *testing.T, db *store.DB, notify bool, topics ...string) {
	t.Helper()
	ctx := context.Background()
	err := db.WriteTx(ctx, func(tx *store.Tx) error {
		if notify {
			for _, topic := range topics {
				if err := tx.Notify(ctx, topic); err != nil {
					return err
				}
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO app_meta (key, value) VALUES ('changes_test', ?)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value`, time.Now().String())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// waitVersion waits up to a second for s's Version to be known and differ
// from old (a zero old: to be known).
func waitVersion(t *testing.T, s *store.Subscription, old store.Version) store.Version {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		v, err := s.Version(context.Background())
		if err == nil && v != old {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("version %v (%v), still %v after a second", v, err, old)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// open opens the store at dsn, closed when the test ends.
func open(t *testing.T, dsn string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// watch runs db's Watch until the test ends.
func watch(t *testing.T, db *store.DB) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { db.Watch(ctx, quiet) })
	t.Cleanup(func() {
		cancel()
		wg.Wait()
	})
}

// woken tells whether c holds a wake-up, and takes it.
func woken(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// wokenWithin tells whether c gets a wake-up within d.
func wokenWithin(c <-chan struct{}, d time.Duration) bool {
	select {
	case <-c:
		return true
	case <-time.After(d):
		return false
	}
}

// drain takes the wake-ups and signals already sent to the subscriptions
// (a listener that connects wakes everyone).
func drain(subs ...*store.Subscription) {
	time.Sleep(50 * time.Millisecond)
	for _, s := range subs {
		woken(s.C)
		for len(s.Signals) > 0 {
			<-s.Signals
		}
	}
}

// TestCommitWakesItsSubscribers: on both engines, a commit wakes this
// process's subscribers of the topics it notified, before WriteTx
// returns, and them only; wake-ups merge; a rolled back transaction, a
// write of a batch rolled back to its savepoint, a closed subscription
// and a subscription to the other instances' changes are not woken; a
// topic that is not a word is refused.
func TestCommitWakesItsSubscribers(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t)
	a, b, both := db.Subscribe("a"), db.Subscribe("b"), db.Subscribe("a", "b")
	others := db.SubscribeOthers("a")
	closed := db.Subscribe("a")
	closed.Close()
	defer a.Close()
	defer b.Close()
	defer both.Close()
	defer others.Close()

	notifyTopics(t, db, true, "a")
	if !woken(a.C) || woken(b.C) || !woken(both.C) || woken(others.C) || woken(closed.C) {
		t.Error("a commit of topic a: want a and both woken alone, before WriteTx returned")
	}
	notifyTopics(t, db, true, "a", "b")
	notifyTopics(t, db, true, "b")
	if !woken(a.C) || !woken(b.C) || !woken(both.C) || woken(both.C) {
		t.Error("three commits: want one pending wake-up for each subscriber concerned")
	}
	notifyTopics(t, db, false, "a")
	if woken(a.C) {
		t.Error("a commit that notified nothing woke a subscriber")
	}
	refused := errors.New("refusé")
	err := db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := tx.Notify(ctx, "a"); err != nil {
			return err
		}
		return refused
	})
	if !errors.Is(err, refused) || woken(a.C) {
		t.Errorf("a rolled back transaction (%v) woke a subscriber", err)
	}
	batch := store.NewBatcher(db, 0)
	err = batch.WriteTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := tx.Notify(ctx, "a"); err != nil {
			return err
		}
		return refused
	})
	if !errors.Is(err, refused) || woken(a.C) {
		t.Errorf("a write of a batch rolled back (%v) woke a subscriber", err)
	}
	for _, topic := range []string{"", "*", "deux mots"} {
		err := db.WriteTx(ctx, func(tx *store.Tx) error { return tx.Notify(ctx, topic) })
		if err == nil {
			t.Errorf("topic %q accepted", topic)
		}
	}
}

// TestSignalsReachEveryInstance: a signal reaches this process's
// subscribers of its topic, once, and not those of SubscribeOthers; on
// PostgreSQL it reaches every subscriber of another instance once, and
// never comes back to its sender.
func TestSignalsReachEveryInstance(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.DSN(t)
	db := open(t, dsn)
	mine, others, elsewhere := db.Subscribe(testTopic), db.SubscribeOthers(testTopic), db.Subscribe("autre")
	defer mine.Close()
	defer others.Close()
	defer elsewhere.Close()
	pg := db.Engine() == store.Postgres
	var far, farOthers *store.Subscription
	if pg {
		watch(t, db)
		other := open(t, dsn)
		watch(t, other)
		far, farOthers = other.Subscribe(testTopic), other.SubscribeOthers(testTopic)
		defer far.Close()
		defer farOthers.Close()
		waitVersion(t, far, store.Version{})
		waitVersion(t, mine, store.Version{})
		drain(mine, others, far, farOthers)
	}
	if err := db.Signal(ctx, testTopic, "écrit {\"n\": 1}"); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-mine.Signals:
		if p != "écrit {\"n\": 1}" {
			t.Errorf("signal %q", p)
		}
	default:
		t.Error("this process's subscriber did not get the signal at once")
	}
	if !pg {
		if len(others.Signals) != 0 || len(elsewhere.Signals) != 0 {
			t.Error("a signal reached a subscriber of the other instances' alone, or of another topic")
		}
		return
	}
	for _, s := range []*store.Subscription{far, farOthers} {
		select {
		case p := <-s.Signals:
			if p != "écrit {\"n\": 1}" {
				t.Errorf("signal %q on the other instance", p)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the other instance's subscriber never got the signal")
		}
	}
	time.Sleep(200 * time.Millisecond)
	if n := len(mine.Signals) + len(others.Signals) + len(elsewhere.Signals) + len(far.Signals) + len(farOthers.Signals); n != 0 {
		t.Errorf("%d more signals: a signal came twice or back to its sender", n)
	}
}

// TestOtherInstancesWake: on PostgreSQL, a commit wakes the subscribers
// of every other instance, those of SubscribeOthers included, within a
// second, through one notification for all its topics; the instance that
// committed wakes its own once, at its commit, never again from its
// listener.
func TestOtherInstancesWake(t *testing.T) {
	if storetest.Engine() != store.Postgres {
		t.Skip("PostgreSQL seulement: SQLite's processes share no notifications, each subscriber reads on its own period")
	}
	dsn := storetest.DSN(t)
	db, other := open(t, dsn), open(t, dsn)
	watch(t, db)
	watch(t, other)
	mine, mineOthers := db.Subscribe("a"), db.SubscribeOthers("a")
	a, b, c, farOthers := other.Subscribe("a"), other.Subscribe("b"), other.Subscribe("c"), other.SubscribeOthers("a", "b")
	waitVersion(t, mine, store.Version{})
	waitVersion(t, a, store.Version{})
	drain(mine, mineOthers, a, b, c, farOthers)

	notifyTopics(t, db, true, "a", "b")
	if !woken(mine.C) {
		t.Error("the committing instance's subscriber was not woken at its commit")
	}
	for name, s := range map[string]*store.Subscription{"a": a, "b": b, "others of a and b": farOthers} {
		if !wokenWithin(s.C, time.Second) {
			t.Errorf("the other instance's subscriber of %s was not woken within a second", name)
		}
	}
	time.Sleep(200 * time.Millisecond)
	for name, s := range map[string]*store.Subscription{"c": c, "mine": mine, "mine, others": mineOthers, "others of a and b": farOthers} {
		if woken(s.C) {
			t.Errorf("%s woken again: a subscriber of another topic was woken, or a wake-up came twice or back to its sender", name)
		}
	}
}

// TestSubscriptionVersion: the Version of a subscription moves, before
// WriteTx returns, when this process commits a transaction that notified
// its topic; a fraction of a second later when another instance does;
// and it is not known while nobody listens (PostgreSQL). A second Watch
// of one store returns at once: one connection listens.
func TestSubscriptionVersion(t *testing.T) {
	dsn := storetest.DSN(t)
	db := open(t, dsn)
	c := db.Subscribe(testTopic)
	defer c.Close()
	pg := db.Engine() == store.Postgres
	if _, err := c.Version(context.Background()); pg && err == nil {
		t.Fatal("a Version known before anything listens")
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { db.Watch(ctx, quiet) })
	v1 := waitVersion(t, c, store.Version{})
	second := make(chan struct{})
	go func() {
		defer close(second)
		db.Watch(ctx, quiet)
	}()
	select {
	case <-second:
	case <-time.After(5 * time.Second):
		t.Fatal("a second Watch of the store did not return at once")
	}

	notifyWrite(t, db, true)
	v2, err := c.Version(context.Background())
	if err != nil || !v1.Before(v2) {
		t.Fatalf("after a commit that notified: %v (%v), before %v", v2, err, v1)
	}
	if pg {
		// Its own notification comes back to the listener: wait for it,
		// so that the next readings start from a still Version.
		time.Sleep(50 * time.Millisecond)
		v2, _ = c.Version(context.Background())
		notifyWrite(t, db, false)
		if v, _ := c.Version(context.Background()); v != v2 {
			t.Errorf("a commit that notified nothing moved the Version: %v → %v", v2, v)
		}
		// Another instance of the same database.
		notifyWrite(t, open(t, dsn), true)
		waitVersion(t, c, v2)
	}
	cancel()
	wg.Wait()
	if _, err := c.Version(context.Background()); pg && err == nil {
		t.Error("a Version known after the listener stopped")
	}
}

// TestWatchAfterALostConnection: on PostgreSQL, when the listening
// connection is cut, every subscriber is woken (what is notified until
// the next connection listens is lost), the Version is unknown, and a
// second later a new connection listens: a newer Version, and the other
// instances' commits wake again.
func TestWatchAfterALostConnection(t *testing.T) {
	if storetest.Engine() != store.Postgres {
		t.Skip("PostgreSQL seulement: SQLite has no listening connection")
	}
	ctx := context.Background()
	dsn := storetest.DSN(t)
	db, other := open(t, dsn), open(t, dsn)
	watch(t, db)
	s := db.Subscribe(testTopic)
	defer s.Close()
	before := waitVersion(t, s, store.Version{})
	drain(s)
	var cut int
	err := other.WriteTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE application_name = ?`, store.ListenerName(db)).Scan(&cut)
	})
	if err != nil || cut != 1 {
		t.Fatalf("%d listening connections cut (%v), want 1", cut, err)
	}
	if !wokenWithin(s.C, 5*time.Second) {
		t.Error("the subscriber was not woken when the connection was lost")
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		v, err := s.Version(ctx)
		if err == nil && before.Before(v) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("version %v (%v) 5 s after the cut, want one after %v", v, err, before)
		}
		time.Sleep(10 * time.Millisecond)
	}
	drain(s)
	notifyWrite(t, other, true)
	if !wokenWithin(s.C, time.Second) {
		t.Error("after the new connection, another instance's commit did not wake the subscriber")
	}
}

// TestBatchRollbackTakesAgain: a write of a batch rolled back to its
// savepoint gives up the table lock and the notification it took, and
// PostgreSQL with them; the next write of the batch must take them again.
func TestBatchRollbackTakesAgain(t *testing.T) {
	if storetest.Engine() != store.Postgres {
		t.Skip("PostgreSQL seulement: LockWriters et Notify n'y font rien sur SQLite")
	}
	ctx := context.Background()
	dsn := storetest.DSN(t)
	db, other := open(t, dsn), open(t, dsn)
	watched := other.Subscribe(testTopic)
	defer watched.Close()
	wctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	wg.Go(func() { other.Watch(wctx, quiet) })
	before := waitVersion(t, watched, store.Version{})

	b := store.NewBatcher(db, 0)
	hold, held := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- b.WriteTx(ctx, func(context.Context, *store.Tx) error {
			close(held)
			<-hold
			return nil
		})
	}()
	<-held
	refused := errors.New("refusé")
	take := func(ctx context.Context, tx *store.Tx) error {
		if err := tx.LockWriters(ctx, "app_meta"); err != nil {
			return err
		}
		return tx.Notify(ctx, testTopic)
	}
	var locks int
	writes := []func(context.Context, *store.Tx) error{
		func(ctx context.Context, tx *store.Tx) error {
			if err := take(ctx, tx); err != nil {
				return err
			}
			return refused
		},
		func(ctx context.Context, tx *store.Tx) error {
			if err := take(ctx, tx); err != nil {
				return err
			}
			return tx.QueryRowContext(ctx, `SELECT count(*) FROM pg_locks WHERE pid = pg_backend_pid()
				AND relation = 'app_meta'::regclass AND mode = 'ShareRowExclusiveLock'`).Scan(&locks)
		},
	}
	errs := make([]error, len(writes))
	var jobs sync.WaitGroup
	for i, w := range writes {
		jobs.Go(func() { errs[i] = b.WriteTx(ctx, w) })
		for store.Queued(b) <= i {
			time.Sleep(time.Millisecond)
		}
	}
	close(hold)
	jobs.Wait()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if !errors.Is(errs[0], refused) || errs[1] != nil {
		t.Fatalf("errors %v, want %v then none", errs, refused)
	}
	if locks != 1 {
		t.Errorf("the second write holds %d locks of app_meta, want 1", locks)
	}
	waitVersion(t, watched, before)
}
