package event

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

var (
	testNow = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	quiet   = slog.New(slog.NewTextHandler(io.Discard, nil))
)

// testPayload is the payload of the tests' events.
type testPayload struct {
	N int `json:"n"`
}

// setUp opens a database with the table the tests' handler writes: one
// row per handling, its key the event, so that an event handled twice
// fails the handler.
func setUp(t *testing.T, dsn string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	err = db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), `CREATE TABLE IF NOT EXISTS handled (
			event_id BIGINT PRIMARY KEY, aggregate TEXT NOT NULL, n BIGINT NOT NULL, seq BIGINT NOT NULL)`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// record writes one event per aggregate named in aggs, in order, each in
// its own transaction; the payload numbers them from first.
func record(t *testing.T, db *store.DB, first int, aggs ...string) {
	t.Helper()
	for i, agg := range aggs {
		err := db.WriteTx(context.Background(), func(tx *store.Tx) error {
			return Record(context.Background(), tx, "test.happened", agg, testPayload{N: first + i}, testNow)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// writer is the tests' Handler: it writes a row of handled, numbered in
// the order of handling; refuse refuses the events it names.
func writer(refuse map[int]error) Handler {
	return func(ctx context.Context, tx *store.Tx, e Event) error {
		var p testPayload
		if err := e.Decode(&p); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO handled (event_id, aggregate, n, seq)
			SELECT ?, ?, ?, COALESCE(MAX(seq), 0) + 1 FROM handled`, e.ID, e.Aggregate, p.N)
		if err != nil {
			return err
		}
		return refuse[p.N]
	}
}

// handledOrder lists the payload numbers of handled in the order of handling.
func handledOrder(t *testing.T, db *store.DB) (all []int, byAgg map[string][]int) {
	t.Helper()
	byAgg = map[string][]int{}
	err := db.ReadTx(context.Background(), func(tx *store.Tx) error {
		rows, err := tx.QueryContext(context.Background(), "SELECT aggregate, n FROM handled ORDER BY seq")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var agg string
			var n int
			if err := rows.Scan(&agg, &n); err != nil {
				return err
			}
			all, byAgg[agg] = append(all, n), append(byAgg[agg], n)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return all, byAgg
}

// drainAll dispatches until a round hands nothing.
func drainAll(t *testing.T, d *Dispatcher) int {
	t.Helper()
	total := 0
	for {
		n, err := d.Dispatch(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return total
		}
		total += n
	}
}

func TestRecordTakesEffectWithItsTransaction(t *testing.T) {
	db := setUp(t, storetest.DSN(t))
	ctx := context.Background()
	undone := errors.New("annulé")
	err := db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := Record(ctx, tx, "test.happened", "a", testPayload{N: 1}, testNow); err != nil {
			return err
		}
		return undone
	})
	if !errors.Is(err, undone) {
		t.Fatal(err)
	}
	d := NewDispatcher(db, quiet, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: writer(nil)})
	if n := drainAll(t, d); n != 0 {
		t.Fatalf("%d events handled from a rolled-back transaction", n)
	}
	record(t, db, 1, "a")
	if n, err := Pending(ctx, db.Reader(), "mail"); err != nil || n != 1 {
		t.Fatalf("pending %d (%v), want 1", n, err)
	}
	if n := drainAll(t, d); n != 1 {
		t.Fatalf("%d events handled, want 1", n)
	}
	if n, err := Pending(ctx, db.Reader(), "mail"); err != nil || n != 0 {
		t.Fatalf("pending %d (%v) after the round, want 0", n, err)
	}
}

// TestDispatchOnceInOrderPerAggregate: each event is handled once, those
// of one aggregate in the order they were recorded, across rounds and
// across a new Dispatcher (a restart); a refused event is undone alone,
// recorded with its error, and does not hold its aggregate back.
func TestDispatchOnceInOrderPerAggregate(t *testing.T) {
	db := setUp(t, storetest.DSN(t))
	aggs := []string{"a", "b", "a", "c", "a", "b", "c", "c", "a"}
	record(t, db, 1, aggs[:5]...)
	refused := errors.New("adresse inconnue")
	d := NewDispatcher(db, quiet, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: writer(map[int]error{3: refused})})
	if n, err := d.Dispatch(context.Background()); err != nil || n != 3 {
		t.Fatalf("first round: %d (%v), want the first event of a, b and c", n, err)
	}
	record(t, db, 6, aggs[5:]...)
	restarted := NewDispatcher(db, quiet, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: writer(map[int]error{3: refused})})
	if n := drainAll(t, restarted); n != len(aggs)-3 {
		t.Fatalf("after the restart %d events handled, want %d", n, len(aggs)-3)
	}
	all, byAgg := handledOrder(t, db)
	want := map[string][]int{"a": {1, 5, 9}, "b": {2, 6}, "c": {4, 7, 8}} // 3 refused: undone
	if fmt.Sprint(byAgg) != fmt.Sprint(want) || len(all) != 8 {
		t.Errorf("handled %v (%v), want %v", byAgg, all, want)
	}
	var msg string
	err := db.QueryRow(context.Background(), `SELECT COALESCE(d.error, '') FROM event_deliveries d
		JOIN events e ON e.id = d.event_id WHERE e.payload LIKE '%"n":3%'`).Scan(&msg)
	if err != nil || msg != refused.Error() {
		t.Errorf("the refused delivery's error: %q (%v)", msg, err)
	}
}

// TestDispatchCancelledRecordsNothing: a round whose context ends while
// a handler runs is rolled back whole (the handler's writes and the
// deliveries); the next round hands the same events.
func TestDispatchCancelledRecordsNothing(t *testing.T) {
	db := setUp(t, storetest.DSN(t))
	record(t, db, 1, "a", "b")
	ctx, cancel := context.WithCancel(context.Background())
	h := func(hctx context.Context, tx *store.Tx, e Event) error {
		if err := writer(nil)(hctx, tx, e); err != nil {
			return err
		}
		cancel()
		return ctx.Err()
	}
	d := NewDispatcher(db, quiet, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: h})
	if n, err := d.Dispatch(ctx); err == nil || n != 0 {
		t.Fatalf("a cancelled round: %d, %v", n, err)
	}
	if all, _ := handledOrder(t, db); len(all) != 0 {
		t.Fatalf("a cancelled round left %v", all)
	}
	d = NewDispatcher(db, quiet, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: writer(nil)})
	// On PostgreSQL a cancelled transaction's connection is closed rather
	// than rolled back in place: its row locks last until the server
	// notices, and a round meanwhile skips those events (SKIP LOCKED), as
	// it skips another instance's. They are handled once the locks go.
	n := 0
	for deadline := time.Now().Add(10 * time.Second); n < 2 && time.Now().Before(deadline); {
		if n += drainAll(t, d); n < 2 {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if n != 2 {
		t.Fatalf("%d handled after the cancelled round, want 2", n)
	}
}

// TestDispatchersShareTheWork: two dispatchers on two handles of one
// database (two instances) handle every event once, in order per
// aggregate, whoever takes which.
func TestDispatchersShareTheWork(t *testing.T) {
	dsn := storetest.DSN(t)
	db, other := setUp(t, dsn), setUp(t, dsn)
	var aggs []string
	for i := range 120 {
		aggs = append(aggs, fmt.Sprintf("agg-%d", i%7))
	}
	record(t, db, 1, aggs...)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, h := range []*store.DB{db, other} {
		d := NewDispatcher(h, quiet, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: writer(nil)})
		wg.Go(func() {
			for {
				n, err := d.Dispatch(context.Background())
				if err != nil {
					errs[i] = err
					return
				}
				if n == 0 {
					if p, err := Pending(context.Background(), h.Reader(), "mail"); err != nil || p == 0 {
						errs[i] = err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	all, byAgg := handledOrder(t, db)
	if len(all) != len(aggs) {
		t.Fatalf("%d handled, want %d", len(all), len(aggs))
	}
	for agg, ns := range byAgg {
		for i := 1; i < len(ns); i++ {
			if ns[i] <= ns[i-1] {
				t.Errorf("%s handled out of order: %v", agg, ns)
				break
			}
		}
	}
}

// TestRunHandlesWhatIsRecorded: Run hands an event recorded while it runs
// within a second, and returns when its context ends.
func TestRunHandlesWhatIsRecorded(t *testing.T) {
	db := setUp(t, storetest.DSN(t))
	d := NewDispatcher(db, quiet, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: writer(nil)})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.Run(ctx, time.Minute)
	}()
	record(t, db, 1, "a")
	deadline := time.Now().Add(time.Second)
	for {
		if all, _ := handledOrder(t, db); len(all) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the event was not handled within a second")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return when its context ended")
	}
}

// conflicting is next, made to fail with a serialization failure raised by
// PostgreSQL in the round's transaction while fail is above zero (each
// failure takes one off); runs counts its calls.
func conflicting(next Handler, fail, runs *atomic.Int32) Handler {
	return func(ctx context.Context, tx *store.Tx, e Event) error {
		runs.Add(1)
		if fail.Add(-1) >= 0 {
			_, err := tx.ExecContext(ctx, `DO $$ BEGIN RAISE EXCEPTION 'conflit forcé' USING ERRCODE = '40001'; END $$`)
			return err
		}
		return next(ctx, tx, e)
	}
}

// TestDispatchRunsAgainAfterASerializationFailure: a round that PostgreSQL
// could not serialize runs again from the start, and each event is handled
// once. PostgreSQL only: SQLite's single writer never fails to serialize.
func TestDispatchRunsAgainAfterASerializationFailure(t *testing.T) {
	if storetest.Engine() != store.Postgres {
		t.Skip("PostgreSQL seulement: SQLite's single writer never fails to serialize a transaction")
	}
	db := setUp(t, storetest.DSN(t))
	record(t, db, 1, "a", "b")
	var fail, runs atomic.Int32
	fail.Store(3)
	d := NewDispatcher(db, quiet, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: conflicting(writer(nil), &fail, &runs)})
	if n := drainAll(t, d); n != 2 {
		t.Errorf("%d deliveries, want 2", n)
	}
	if all, _ := handledOrder(t, db); fmt.Sprint(all) != "[1 2]" {
		t.Errorf("handled %v, want [1 2] once each", all)
	}
	// Three rounds stopped at their first event, then one with both.
	if runs.Load() != 5 {
		t.Errorf("%d runs of the handler, want 5", runs.Load())
	}
}

// TestRunYieldsQuietlyToConcurrentWriters: when the failure to serialize
// outlasts the store's retries, Run logs no error, only a debug line, and
// hands the events at its next wake-up.
func TestRunYieldsQuietlyToConcurrentWriters(t *testing.T) {
	if storetest.Engine() != store.Postgres {
		t.Skip("PostgreSQL seulement: SQLite's single writer never fails to serialize a transaction")
	}
	db := setUp(t, storetest.DSN(t))
	record(t, db, 1, "a")
	var fail, runs atomic.Int32
	fail.Store(1 << 30)
	logs := &storetest.Buffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	d := NewDispatcher(db, log, func() time.Time { return testNow }, Consumer{Name: "mail", Handle: conflicting(writer(nil), &fail, &runs)})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.Run(ctx, time.Minute)
	}()
	defer func() {
		cancel()
		<-done
	}()
	waitFor(t, 10*time.Second, "the round given up", func() bool { return strings.Contains(logs.String(), "distribution des événements") })
	if out := logs.String(); strings.Contains(out, "level=ERROR") || strings.Contains(out, "level=WARN") || !strings.Contains(out, "level=DEBUG") {
		t.Errorf("logged:\n%s", out)
	}
	fail.Store(0)
	// A commit that notifies Topic wakes Run, as an event recorded would.
	if err := db.WriteTx(context.Background(), func(tx *store.Tx) error { return tx.Notify(context.Background(), Topic) }); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 5*time.Second, "the event handled", func() bool { all, _ := handledOrder(t, db); return len(all) == 1 })
}

// waitFor polls cond until it holds, failing the test after limit.
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, limit)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
