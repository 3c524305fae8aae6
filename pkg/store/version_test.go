package store

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
)

// TestDataVersion: the Version moves with every commit, this store's
// writer's and another handle's on the same file (another process, as the
// CLI is to serve), and only with them.
func TestDataVersion(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	other, err := Open(ctx, db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	put := func(h *DB, key string) func() error {
		return func() error {
			return h.WriteTx(ctx, func(tx *Tx) error {
				_, err := tx.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES (?, 'v')", key)
				return err
			})
		}
	}
	steps := []struct {
		name    string
		do      func() error
		changes bool
	}{
		{"nothing", func() error { return nil }, false},
		{"a read", func() error { var n int; return db.QueryRow(ctx, "SELECT count(*) FROM app_meta").Scan(&n) }, false},
		{"a read in a transaction", func() error {
			return db.ReadTx(ctx, func(tx *Tx) error {
				if _, err := readMeta(ctx, db, tx, "absente"); err != sql.ErrNoRows {
					return fmt.Errorf("readMeta: %v", err)
				}
				return nil
			})
		}, false},
		{"a commit of this store", put(db, "a"), true},
		{"a commit of another handle", put(other, "b"), true},
		{"a rolled back write", func() error {
			_ = db.WriteTx(ctx, func(tx *Tx) error {
				if _, err := tx.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES ('c', 'v')"); err != nil {
					return err
				}
				return fmt.Errorf("annulée")
			})
			return nil
		}, false},
		{"a passive checkpoint", func() error { _, err := db.read.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)"); return err }, false},
		{"a delete of another handle after a checkpoint", func() error {
			return other.WriteTx(ctx, func(tx *Tx) error {
				_, err := tx.ExecContext(ctx, "DELETE FROM app_meta WHERE key = 'a'")
				return err
			})
		}, true},
	}
	prev, err := db.DataVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		v, err := db.DataVersion(ctx)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if changed := v != prev; changed != s.changes {
			t.Errorf("after %s: version %v -> %v, changed %v, want %v", s.name, prev, v, changed, s.changes)
		}
		if s.changes && !prev.Before(v) {
			t.Errorf("after %s: %v is not after %v", s.name, v, prev)
		}
		prev = v
	}
}

// TestDataVersionNewConnection: after a failure the connection is opened
// again, and its Versions come after every earlier one even though
// SQLite's number starts again.
func TestDataVersionNewConnection(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	first, err := db.DataVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The connection fails under the reader (as a lost one would).
	db.version.conn.Close()
	if _, err := db.DataVersion(ctx); err == nil {
		t.Fatal("a reading on a closed connection succeeded")
	}
	second, err := db.DataVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Before(second) {
		t.Fatalf("version on the new connection %v is not after %v", second, first)
	}
	db.Close()
	if _, err := db.DataVersion(ctx); err == nil {
		t.Fatal("a closed store answered a version")
	}
}
