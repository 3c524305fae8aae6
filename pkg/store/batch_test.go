package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// batchTable makes the table the batch tests write: a note may name a
// parent, checked only at commit (a deferred foreign key), so a test can
// make a commit fail after every write of its batch succeeded.
func batchTable(t *testing.T, db *DB) {
	t.Helper()
	key := "INTEGER PRIMARY KEY"
	if db.engine == Postgres {
		key = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
	}
	err := db.WriteTx(context.Background(), func(tx *Tx) error {
		_, err := tx.tx.ExecContext(context.Background(), `CREATE TABLE batch_parent (id INTEGER PRIMARY KEY);
			CREATE TABLE batch_note (id `+key+`, text TEXT NOT NULL UNIQUE,
				parent INTEGER REFERENCES batch_parent(id) DEFERRABLE INITIALLY DEFERRED)`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// notes lists the texts of batch_note in order of insertion.
func notes(t *testing.T, db *DB) []string {
	t.Helper()
	rows, err := db.read.Query("SELECT text FROM batch_note ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// batchWrite is one write of a batch test.
type batchWrite struct {
	text string
	// parent, when not 0, names a batch_parent that does not exist: the commit fails.
	parent int
	// fail returns this error after the insert; panic panics after it.
	fail  error
	panic bool
	// cancelled writes come with a context already done.
	cancelled bool
}

// insert is w's write: one note, then w's failure if any.
func (w batchWrite) insert(ctx context.Context, tx *Tx) error {
	var parent any
	if w.parent != 0 {
		parent = w.parent
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO batch_note (text, parent) VALUES (?, ?)", w.text, parent); err != nil {
		return err
	}
	if w.panic {
		panic("écriture en panique")
	}
	return w.fail
}

// runBatch submits writes while the writer is held by a first write, so
// that they all queue and share the next transaction; it returns each
// write's error, and the panic, as text, of those that panicked.
func runBatch(t *testing.T, b *Batcher, writes []batchWrite) (errs []error, panics []string) {
	t.Helper()
	hold, held := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- b.WriteTx(context.Background(), func(ctx context.Context, tx *Tx) error {
			close(held)
			<-hold
			_, err := tx.ExecContext(ctx, "INSERT INTO batch_note (text) VALUES ('tenue')")
			return err
		})
	}()
	<-held
	errs, panics = make([]error, len(writes)), make([]string, len(writes))
	var wg sync.WaitGroup
	for i, w := range writes {
		ctx, cancel := context.WithCancel(context.Background())
		if w.cancelled {
			cancel()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer cancel()
			defer func() {
				if p := recover(); p != nil {
					panics[i] = fmt.Sprint(p)
				}
			}()
			errs[i] = b.WriteTx(ctx, w.insert)
		}()
		// One at a time, so that the batch keeps the order of writes.
		for queued := 0; queued <= i; {
			time.Sleep(time.Millisecond)
			b.mu.Lock()
			queued = len(b.queue)
			b.mu.Unlock()
		}
	}
	close(hold)
	if err := <-first; err != nil {
		t.Fatalf("première écriture: %v", err)
	}
	wg.Wait()
	return errs, panics
}

// TestBatcherWritesFailAlone: the writes of one batch succeed or fail
// each on its own, on either engine (on PostgreSQL the batch first runs
// with no savepoint, and again with one a write after a failure).
func TestBatcherWritesFailAlone(t *testing.T) {
	refused := errors.New("refusé")
	for _, tc := range []struct {
		name   string
		writes []batchWrite
		// want is what batch_note holds after the held write.
		want []string
		// failed are the writes that return an error; panicked, those that panic.
		failed, panicked []int
	}{
		{
			name:   "every write commits",
			writes: []batchWrite{{text: "a"}, {text: "b"}, {text: "c"}},
			want:   []string{"a", "b", "c"},
		},
		{
			name:   "a write that fails is rolled back alone",
			writes: []batchWrite{{text: "a"}, {text: "b", fail: refused}, {text: "c"}},
			want:   []string{"a", "c"}, failed: []int{1},
		},
		{
			name:   "a statement that fails fails its write alone",
			writes: []batchWrite{{text: "a"}, {text: "a"}, {text: "c"}},
			want:   []string{"a", "c"}, failed: []int{1},
		},
		{
			name:   "a write that panics panics in its caller alone",
			writes: []batchWrite{{text: "a", panic: true}, {text: "b"}},
			want:   []string{"b"}, panicked: []int{0},
		},
		{
			name:   "a write cancelled before its turn is not run",
			writes: []batchWrite{{text: "a"}, {text: "b", cancelled: true}, {text: "c"}},
			want:   []string{"a", "c"}, failed: []int{1},
		},
		{
			name:   "a failed commit fails every write of the batch",
			writes: []batchWrite{{text: "a"}, {text: "b", parent: 7}, {text: "c"}},
			want:   nil, failed: []int{0, 1, 2},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openEngine(t)
			batchTable(t, db)
			errs, panics := runBatch(t, NewBatcher(db, 0), tc.writes)
			for i := range tc.writes {
				wantErr, wantPanic := contains(tc.failed, i), contains(tc.panicked, i)
				if (errs[i] != nil) != wantErr {
					t.Errorf("écriture %d: erreur %v, attendue: %v", i, errs[i], wantErr)
				}
				if (panics[i] != "") != wantPanic {
					t.Errorf("écriture %d: panique %q, attendue: %v", i, panics[i], wantPanic)
				}
			}
			// The held write committed alone, before the batch.
			want := append([]string{"tenue"}, tc.want...)
			if got := notes(t, db); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("notes %q, want %q", got, want)
			}
		})
	}
}

func contains(list []int, i int) bool {
	for _, v := range list {
		if v == i {
			return true
		}
	}
	return false
}

// TestBatcherSplitsAtMax checks that a queue longer than max is committed
// in several transactions, each write acknowledged once.
func TestBatcherSplitsAtMax(t *testing.T) {
	db := openEngine(t)
	batchTable(t, db)
	writes := make([]batchWrite, 7)
	for i := range writes {
		writes[i] = batchWrite{text: strconv.Itoa(i)}
	}
	errs, _ := runBatch(t, NewBatcher(db, 3), writes)
	for i, err := range errs {
		if err != nil {
			t.Errorf("écriture %d: %v", i, err)
		}
	}
	if got := notes(t, db); len(got) != 8 {
		t.Errorf("%d notes, want 8: %q", len(got), got)
	}
}

// batchChildEnv names the database the child process of
// TestBatcherKilledMidBatch writes to.
const batchChildEnv = "COURTIER_BATCH_CHILD_DB"

// TestBatcherKilledMidBatch kills, with SIGKILL, a process that commits
// batched writes continuously (each write holds its transaction a little,
// so the kill lands in the middle of one), then checks that every write the
// process acknowledged is in the database and that the database is sound.
func TestBatcherKilledMidBatch(t *testing.T) {
	if path := os.Getenv(batchChildEnv); path != "" {
		batchChild(path)
		return
	}
	path := filepath.Join(t.TempDir(), "killed.db")
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	batchTable(t, db)
	db.Close()

	cmd := exec.Command(os.Args[0], "-test.run=^TestBatcherKilledMidBatch$")
	cmd.Env = append(os.Environ(), batchChildEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked := map[string]bool{}
	lines := bufio.NewScanner(out)
	deadline := time.AfterFunc(30*time.Second, func() { _ = cmd.Process.Kill() })
	defer deadline.Stop()
	for len(acked) < 300 && lines.Scan() {
		if text, ok := strings.CutPrefix(lines.Text(), "ack "); ok {
			acked[text] = true
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	// What was written before the kill was seen is acknowledged too.
	for lines.Scan() {
		if text, ok := strings.CutPrefix(lines.Text(), "ack "); ok {
			acked[text] = true
		}
	}
	_ = cmd.Wait()
	if len(acked) < 300 {
		t.Fatalf("le processus n'a confirmé que %d écritures", len(acked))
	}

	db, err = Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.read.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check: %q %v", check, err)
	}
	stored := map[string]bool{}
	for _, text := range notes(t, db) {
		stored[text] = true
	}
	for text := range acked {
		if !stored[text] {
			t.Errorf("écriture confirmée %s absente de la base", text)
		}
	}
	t.Logf("%d écritures confirmées, %d dans la base", len(acked), len(stored))
}

// batchChild writes notes from 8 goroutines until it is killed, printing
// "ack TEXT" once each write is acknowledged.
func batchChild(path string) {
	db, err := Open(context.Background(), path)
	if err != nil {
		fmt.Println("erreur", err)
		os.Exit(1)
	}
	b := NewBatcher(db, 0)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				text := fmt.Sprintf("%d-%d", g, n)
				err := b.WriteTx(context.Background(), func(ctx context.Context, tx *Tx) error {
					_, err := tx.ExecContext(ctx, "INSERT INTO batch_note (text) VALUES (?)", text)
					time.Sleep(200 * time.Microsecond)
					return err
				})
				if err != nil {
					fmt.Println("erreur", err)
					os.Exit(1)
				}
				mu.Lock()
				fmt.Println("ack", text)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}
