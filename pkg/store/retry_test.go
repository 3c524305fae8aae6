package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// openPostgresOnly is openEngine on PostgreSQL, the test skipped on
// SQLite: its single writer makes every writer wait its turn, so no
// transaction ever fails to serialize there.
func openPostgresOnly(t *testing.T) *DB {
	t.Helper()
	db := openEngine(t)
	if db.engine != Postgres {
		t.Skip("PostgreSQL seulement: SQLite's single writer never fails to serialize a transaction")
	}
	return db
}

// failFirst makes PostgreSQL fail, with SQLSTATE state, the first n
// writes of a row into table (and every one when n < 0), counting in a
// sequence, which a rollback does not move back; when text is given, a
// row whose text column equals it passes. atCommit fails the commit
// instead of the statement (a deferred constraint trigger): as
// PostgreSQL reports a serialization failure found only at commit. It
// returns how many writes have been tried so far.
func failFirst(t *testing.T, db *DB, table string, n int, state string, atCommit bool, pass string) func() int {
	t.Helper()
	limit := int64(n)
	if n < 0 {
		limit = 1 << 62
	}
	when := ""
	if pass != "" {
		when = "WHEN (NEW.text <> '" + pass + "')"
	}
	trigger := "CREATE TRIGGER fail_first BEFORE INSERT OR UPDATE ON " + table
	if atCommit {
		trigger = "CREATE CONSTRAINT TRIGGER fail_first AFTER INSERT OR UPDATE ON " + table + " DEFERRABLE INITIALLY DEFERRED"
	}
	ctx := context.Background()
	err := db.WriteTx(ctx, func(tx *Tx) error {
		_, err := tx.tx.ExecContext(ctx, fmt.Sprintf(`CREATE SEQUENCE fail_runs;
			CREATE FUNCTION fail_first() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN
				IF nextval('fail_runs') <= %d THEN
					RAISE EXCEPTION 'échec forcé' USING ERRCODE = '%s';
				END IF;
				RETURN NEW;
			END $$;
			%s FOR EACH ROW %s EXECUTE FUNCTION fail_first()`, limit, state, trigger, when))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return func() int {
		var tried int
		var called bool
		if err := db.read.QueryRow("SELECT last_value, is_called FROM fail_runs").Scan(&tried, &called); err != nil {
			t.Fatal(err)
		}
		if !called {
			return 0
		}
		return tried
	}
}

// lost is how many runs in a row the tests' writes lose: more than the
// ten that the store once allowed (90 ms of pauses at most), which two
// cores under a burst of sign-ups used up (500 on POST /api/auth/register).
const lost = 12

// quickRetry is a policy that gives up within a test's patience.
func quickRetry() retryPolicy {
	return retryPolicy{first: time.Millisecond, most: 5 * time.Millisecond, budget: 60 * time.Millisecond}
}

// TestWriteTxRunsAgain forces serialization failures and deadlocks on a
// write transaction, in its statements and in its commit: it runs again
// until it commits, once per failure plus one.
func TestWriteTxRunsAgain(t *testing.T) {
	for _, tc := range []struct {
		name     string
		state    string
		atCommit bool
	}{
		{"a serialization failure", "40001", false},
		{"a deadlock", "40P01", false},
		{"a serialization failure at commit", "40001", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openPostgresOnly(t)
			batchTable(t, db)
			tried := failFirst(t, db, "batch_note", lost, tc.state, tc.atCommit, "")
			runs := 0
			err := db.WriteTx(context.Background(), func(tx *Tx) error {
				runs++
				_, err := tx.ExecContext(context.Background(), "INSERT INTO batch_note (text) VALUES ('a')")
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if runs != lost+1 || tried() != lost+1 {
				t.Errorf("%d runs, %d writes tried, want %d and %d", runs, tried(), lost+1, lost+1)
			}
			if got := notes(t, db); strings.Join(got, ",") != "a" {
				t.Errorf("notes %q, want one a", got)
			}
		})
	}
}

// TestWriteTxGivesUp: a failure that persists past the budget becomes
// the error, still told as retryable, and nothing is written; an error
// of another kind is returned at once.
func TestWriteTxGivesUp(t *testing.T) {
	db := openPostgresOnly(t)
	batchTable(t, db)
	db.retry = quickRetry()
	failFirst(t, db, "batch_note", -1, "40001", false, "")
	runs := 0
	start := time.Now()
	err := db.WriteTx(context.Background(), func(tx *Tx) error {
		runs++
		_, err := tx.ExecContext(context.Background(), "INSERT INTO batch_note (text) VALUES ('a')")
		return err
	})
	if !IsRetryable(err) || !strings.Contains(err.Error(), fmt.Sprintf("%d essais", runs)) {
		t.Errorf("error %v after %d runs, want a serialization failure that says the runs", err, runs)
	}
	if runs < 3 || time.Since(start) > time.Second {
		t.Errorf("%d runs in %v: the policy waits %v at most", runs, time.Since(start), db.retry.budget)
	}
	if got := notes(t, db); len(got) != 0 {
		t.Errorf("notes %q, want none", got)
	}
	runs = 0
	refused := errors.New("refusé")
	if err := db.WriteTx(context.Background(), func(*Tx) error { runs++; return refused }); err != refused || runs != 1 {
		t.Errorf("another error: %v after %d runs, want it after 1", err, runs)
	}
}

// TestBatcherRunsAgain forces serialization failures on a lone write and
// on a batch of writes: every write commits once; when the failure
// persists, every write of the batch gets it.
func TestBatcherRunsAgain(t *testing.T) {
	t.Run("a lone write", func(t *testing.T) {
		db := openPostgresOnly(t)
		batchTable(t, db)
		tried := failFirst(t, db, "batch_note", lost, "40001", false, "")
		if err := NewBatcher(db, 0).WriteTx(context.Background(), batchWrite{text: "a"}.insert); err != nil {
			t.Fatal(err)
		}
		if got := notes(t, db); strings.Join(got, ",") != "a" || tried() != lost+1 {
			t.Errorf("notes %q after %d writes tried, want one a after %d", got, tried(), lost+1)
		}
	})
	t.Run("a batch", func(t *testing.T) {
		db := openPostgresOnly(t)
		batchTable(t, db)
		tried := failFirst(t, db, "batch_note", lost, "40001", false, "tenue")
		errs, _ := runBatch(t, NewBatcher(db, 0), []batchWrite{{text: "a"}, {text: "b"}, {text: "c"}})
		for i, err := range errs {
			if err != nil {
				t.Errorf("write %d: %v", i, err)
			}
		}
		// The first write fails each run; then the three pass.
		if got := notes(t, db); strings.Join(got, ",") != "tenue,a,b,c" || tried() != lost+3 {
			t.Errorf("notes %q after %d writes tried, want tenue,a,b,c after %d", got, tried(), lost+3)
		}
	})
	t.Run("a batch whose failure persists", func(t *testing.T) {
		db := openPostgresOnly(t)
		batchTable(t, db)
		db.retry = quickRetry()
		failFirst(t, db, "batch_note", -1, "40001", true, "tenue")
		errs, _ := runBatch(t, NewBatcher(db, 0), []batchWrite{{text: "a"}, {text: "b"}})
		for i, err := range errs {
			if !IsRetryable(err) {
				t.Errorf("write %d: %v, want the serialization failure", i, err)
			}
		}
		if got := notes(t, db); strings.Join(got, ",") != "tenue" {
			t.Errorf("notes %q, want the held write alone", got)
		}
	})
}

// TestClaimRunsAgain forces serialization failures on the claim of a
// periodic task: it is held, once.
func TestClaimRunsAgain(t *testing.T) {
	db := openPostgresOnly(t)
	tried := failFirst(t, db, "task_runs", lost, "40001", false, "")
	now := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	got, err := db.Claim(context.Background(), "purge", "a", now, time.Hour)
	if err != nil || !got {
		t.Fatalf("claim: %v, %v; want it held", got, err)
	}
	if tried() != lost+1 {
		t.Errorf("%d writes tried, want %d", tried(), lost+1)
	}
	if got, err := db.Claim(context.Background(), "purge", "b", now, time.Hour); err != nil || got {
		t.Errorf("second claim in the period: %v, %v; want it refused", got, err)
	}
}

// TestRetryPolicy checks the policy alone, on any engine: the pauses
// grow and stay within their bound, a cancelled context ends the wait,
// and an error that is no serialization failure is not run again.
func TestRetryPolicy(t *testing.T) {
	conflict := &pgconn.PgError{Code: "40001", Message: "could not serialize access"}
	p := retryPolicy{first: time.Millisecond, most: 4 * time.Millisecond, budget: 10 * time.Second, alone: 4}
	var runs atomic.Int32
	var alone []bool
	start := time.Now()
	err := p.do(context.Background(), func(a bool) error {
		alone = append(alone, a)
		if runs.Add(1) <= 5 {
			return fmt.Errorf("écriture: %w", conflict)
		}
		return nil
	})
	if err != nil || runs.Load() != 6 {
		t.Errorf("%v after %d runs, want success after 6", err, runs.Load())
	}
	if fmt.Sprint(alone) != "[false false false true true true]" {
		t.Errorf("runs alone: %v, want from the 4th on", alone)
	}
	// 5 pauses of at most 1, 2, 4, 4, 4 ms; a loaded machine may be late.
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("5 pauses took %v", d)
	}

	// Runs slower than half the budget, as on a loaded machine: the policy
	// runs alone before the 8th run, and gives up only after a run alone.
	var slow []bool
	err = retryPolicy{first: time.Millisecond, most: time.Millisecond, budget: 20 * time.Millisecond, alone: 8}.do(
		context.Background(), func(a bool) error { slow = append(slow, a); time.Sleep(15 * time.Millisecond); return conflict })
	if !IsRetryable(err) || len(slow) < 2 || len(slow) >= 8 || !slow[len(slow)-1] || slow[0] {
		t.Errorf("slow runs: %v alone, then %v; want the last alone, before the 8th", slow, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	runs.Store(0)
	err = retryPolicy{first: time.Second, most: time.Second, budget: time.Minute}.do(ctx, func(bool) error { runs.Add(1); return conflict })
	if !errors.Is(err, context.Canceled) || !IsRetryable(err) || runs.Load() != 1 {
		t.Errorf("cancelled: %v after %d runs, want the failure and the cancellation after 1", err, runs.Load())
	}

	runs.Store(0)
	unique := &pgconn.PgError{Code: "23505"}
	if err := p.do(context.Background(), func(bool) error { runs.Add(1); return unique }); err != unique || runs.Load() != 1 {
		t.Errorf("a unique violation: %v after %d runs, want it after 1", err, runs.Load())
	}
}

// TestAloneWaitsForTheWritesUnderWay: a run alone starts once the write
// transactions under way have ended, and commits.
func TestAloneWaitsForTheWritesUnderWay(t *testing.T) {
	db := openPostgresOnly(t)
	batchTable(t, db)
	ctx := context.Background()
	held, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- db.WriteTx(ctx, func(tx *Tx) error {
			close(held)
			<-release
			_, err := tx.ExecContext(ctx, "INSERT INTO batch_note (text) VALUES ('premier')")
			return err
		})
	}()
	<-held
	alone := make(chan error, 1)
	go func() {
		alone <- db.pgWriteOnce(ctx, func(tx *Tx) error {
			_, err := tx.ExecContext(ctx, "INSERT INTO batch_note (text) VALUES ('seul')")
			return err
		}, true)
	}()
	select {
	case err := <-alone:
		t.Fatalf("the run alone did not wait for the write under way: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-alone; err != nil {
		t.Fatal(err)
	}
	if got := notes(t, db); strings.Join(got, ",") != "premier,seul" {
		t.Errorf("notes %q, want premier then seul", got)
	}
}

// TestHotRowEveryWriteCommits: writers that all increment one row, each
// losing to the others again and again on PostgreSQL, all commit within a
// short budget, since a writer that lost often runs alone. (Without the
// runs alone, one in three of these tests saw a writer give up.)
func TestHotRowEveryWriteCommits(t *testing.T) {
	db := openEngine(t)
	batchTable(t, db)
	db.retry = retryPolicy{first: time.Millisecond, most: 5 * time.Millisecond, budget: time.Second, alone: 3}
	ctx := context.Background()
	err := db.WriteTx(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO batch_parent (id) VALUES (0)")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	const writers, each = 8, 10
	errs := make(chan error, writers*each)
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			for range each {
				errs <- db.WriteTx(ctx, func(tx *Tx) error {
					var n int
					if err := tx.QueryRowContext(ctx, "SELECT id FROM batch_parent").Scan(&n); err != nil {
						return err
					}
					// Work between the read and the write, as a claim has.
					time.Sleep(2 * time.Millisecond)
					_, err := tx.ExecContext(ctx, "UPDATE batch_parent SET id = ?", n+1)
					return err
				})
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := db.read.QueryRow("SELECT id FROM batch_parent").Scan(&n); err != nil || n != writers*each {
		t.Errorf("counter %d (%v), want %d", n, err, writers*each)
	}
}
