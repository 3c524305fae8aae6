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

const testChannel = "courtier_test_changes"

// notifyWrite commits a transaction that notifies testChannel, or not.
func notifyWrite(t *testing.T, db *store.DB, notify bool) {
	t.Helper()
	ctx := context.Background()
	err := db.WriteTx(ctx, func(tx *store.Tx) error {
		if notify {
			if err := tx.Notify(ctx, testChannel); err != nil {
				return err
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

// waitVersion waits up to a second for c's Version to be known and differ
// from old (a zero old: to be known).
func waitVersion(t *testing.T, c *store.Changes, old store.Version) store.Version {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		v, err := c.Version(context.Background())
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

// TestChangesVersion: the Version of a channel moves, before WriteTx
// returns, when this process commits a transaction that notified it; a
// fraction of a second later when another instance does; and it is not
// known while nobody listens (PostgreSQL).
func TestChangesVersion(t *testing.T) {
	dsn := storetest.DSN(t)
	db := open(t, dsn)
	c := db.Changes(testChannel)
	if db.Changes(testChannel) != c {
		t.Fatal("two Changes for one channel")
	}
	pg := db.Engine() == store.Postgres
	if _, err := c.Version(context.Background()); pg && err == nil {
		t.Fatal("a Version known before anything listens")
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { c.Watch(ctx, slog.New(slog.NewTextHandler(io.Discard, nil))) })
	v1 := waitVersion(t, c, store.Version{})

	notifyWrite(t, db, true)
	v2, err := c.Version(context.Background())
	if err != nil || !v1.Before(v2) {
		t.Fatalf("after a commit that notified: %v (%v), before %v", v2, err, v1)
	}
	if pg {
		// Its own notification comes back through the listener: wait for
		// it, so that the next readings start from a still Version.
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
	watched := other.Changes(testChannel)
	wctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	wg.Go(func() { watched.Watch(wctx, slog.New(slog.NewTextHandler(io.Discard, nil))) })
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
		return tx.Notify(ctx, testChannel)
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
