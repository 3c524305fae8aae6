package store

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

func openTemp(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "sub", "courtier.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestOpenAppliesMigrationsOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "courtier.db")
	for range 2 {
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		v, err := db.SchemaVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		all, _ := loadMigrations(migrationFiles, "migrations/sqlite")
		if v != len(all) {
			t.Errorf("schema version %d, want %d", v, len(all))
		}
		var n int
		if err := db.read.QueryRowContext(ctx, "SELECT COUNT(*) FROM app_meta WHERE key = 'created_at'").Scan(&n); err != nil || n != 1 {
			t.Errorf("app_meta created_at rows = %d (%v), want 1", n, err)
		}
		db.Close()
	}
}

func TestPragmas(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	for _, conn := range []struct {
		name string
		q    func(string, any) error
	}{
		{"read", func(q string, v any) error { return db.read.QueryRowContext(ctx, q).Scan(v) }},
		{"write", func(q string, v any) error { return db.write.QueryRowContext(ctx, q).Scan(v) }},
	} {
		var mode string
		var fk, timeout int
		if err := conn.q("PRAGMA journal_mode", &mode); err != nil || mode != "wal" {
			t.Errorf("%s: journal_mode %q (%v), want wal", conn.name, mode, err)
		}
		if err := conn.q("PRAGMA foreign_keys", &fk); err != nil || fk != 1 {
			t.Errorf("%s: foreign_keys %d (%v), want 1", conn.name, fk, err)
		}
		if err := conn.q("PRAGMA busy_timeout", &timeout); err != nil || timeout != 5000 {
			t.Errorf("%s: busy_timeout %d (%v), want 5000", conn.name, timeout, err)
		}
	}
}

func TestLoadMigrationsRejects(t *testing.T) {
	tests := []struct {
		name  string
		files fstest.MapFS
		want  string
	}{
		{"gap", fstest.MapFS{"migrations/0001_a.sql": {}, "migrations/0003_c.sql": {}}, "version 2 attendue"},
		{"duplicate", fstest.MapFS{"migrations/0001_a.sql": {}, "migrations/0001_b.sql": {}}, "version 2 attendue"},
		{"bad name", fstest.MapFS{"migrations/first.sql": {}}, "NNNN_description.sql"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadMigrations(tt.files, "migrations")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestFailedMigrationKeepsEarlierOnes(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	before, _ := db.SchemaVersion(ctx)
	ms := []Migration{
		{Version: before + 1, Name: "ok.sql", SQL: "CREATE TABLE ok_table (id INTEGER PRIMARY KEY)"},
		{Version: before + 2, Name: "bad.sql", SQL: "CREATE TABLE half (id INTEGER); CREATE TABLE broken ("},
	}
	if err := db.apply(ctx, ms); err == nil || !strings.Contains(err.Error(), "bad.sql") {
		t.Fatalf("err = %v, want the failing migration named", err)
	}
	v, _ := db.SchemaVersion(ctx)
	if v != before+1 {
		t.Errorf("schema version %d, want %d", v, before+1)
	}
	var n int
	db.read.QueryRowContext(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'").Scan(&n)
	if n != 0 {
		t.Error("the failed migration left a table behind")
	}
}

func TestPingFailsWhenClosed(t *testing.T) {
	db := openTemp(t)
	if err := db.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := db.Ping(context.Background()); err == nil {
		t.Fatal("ping on a closed store succeeded")
	}
}

// TestReadersStayOpen runs as many reads at once as the pool holds, many
// times: no connection is closed and opened again between them (each one
// opened costs its pragmas, its prepared statements and a cold page cache).
func TestReadersStayOpen(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	for range 20 {
		var wg, ready sync.WaitGroup
		start := make(chan struct{})
		for range readers {
			wg.Add(1)
			ready.Add(1)
			go func() {
				defer wg.Done()
				err := db.ReadTx(ctx, func(tx *Tx) error {
					ready.Done()
					<-start
					var n int
					return tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM app_meta").Scan(&n)
				})
				if err != nil {
					t.Error(err)
				}
			}()
		}
		ready.Wait() // every connection of the pool is in use
		close(start)
		wg.Wait()
	}
	if s := db.read.Stats(); s.MaxIdleClosed != 0 || s.OpenConnections > readers {
		t.Errorf("reader pool: %d connections closed for want of idle room, %d open", s.MaxIdleClosed, s.OpenConnections)
	}
}
