package store

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"
)

// autoCheckpointOf reads the writer's wal_autocheckpoint.
func autoCheckpointOf(t *testing.T, db *DB) int {
	t.Helper()
	var pages int
	if err := db.write.QueryRow("PRAGMA wal_autocheckpoint").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	return pages
}

// TestCheckpointEveryTakesCheckpointsOutOfCommits writes past SQLite's
// automatic checkpoint with the checkpointer running: the commits leave
// the WAL growing, the checkpointer copies it into the database file, and
// at its end the writer checkpoints by itself again.
func TestCheckpointEveryTakesCheckpointsOutOfCommits(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if got := autoCheckpointOf(t, db); got != autoCheckpoint {
		t.Fatalf("wal_autocheckpoint %d before, want %d", got, autoCheckpoint)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		db.CheckpointEvery(runCtx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}()
	// The checkpointer has turned the writer's checkpoints off once the
	// pragma reads 0; wait for that before writing.
	for deadline := time.Now().Add(5 * time.Second); autoCheckpointOf(t, db) != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the writer still checkpoints by itself")
		}
	}
	walPages := func() int64 {
		st, err := os.Stat(db.Path() + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return st.Size() / 4096
	}
	// 1,500 transactions of a page or more each: past 1,000 WAL pages, a
	// commit would have checkpointed and the WAL would restart from its
	// beginning (its file keeps its size, so it would stay near 1,000).
	blob := make([]byte, 3000)
	for i := range 1500 {
		err := db.WriteTx(ctx, func(tx *Tx) error {
			_, err := tx.ExecContext(context.Background(), "INSERT INTO app_meta (key, value) VALUES (?, ?)", fmt.Sprint("k", i), string(blob))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := walPages(); n < 1500 {
		t.Fatalf("WAL of %d pages after 1,500 commits: a commit checkpointed", n)
	}
	copied, err := db.Checkpoint(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if copied < 1500 {
		t.Fatalf("the checkpoint copied %d pages, want the whole WAL", copied)
	}
	var n int
	if err := db.read.QueryRow("SELECT count(*) FROM app_meta WHERE key LIKE 'k%'").Scan(&n); err != nil || n != 1500 {
		t.Fatalf("%d rows (%v), want 1500", n, err)
	}
	stop()
	<-done
	if got := autoCheckpointOf(t, db); got != autoCheckpoint {
		t.Fatalf("wal_autocheckpoint %d after, want %d", got, autoCheckpoint)
	}
}
