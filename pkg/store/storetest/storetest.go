// Package storetest gives tests of the packages over the store a temporary
// database, on the engine the environment chooses, a clock they move by
// hand, and a buffer for the logs their programs write (Buffer).
//
// With COURTIER_TEST_POSTGRES set to a PostgreSQL URL (scripts/pg-cluster.sh
// starts a throwaway cluster and prints it), every database is a schema of
// its own in that database, dropped when the test ends, or emptied and kept
// for the next test of a package whose TestMain calls Main; without it, a
// SQLite file in the test's temporary folder.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the schemas are made through pgx

	"courtier/pkg/store"
)

// EnvPostgres is the environment variable naming the PostgreSQL server of the tests.
const EnvPostgres = "COURTIER_TEST_POSTGRES"

// Engine is the engine the tests run on.
func Engine() store.Engine {
	if os.Getenv(EnvPostgres) != "" {
		return store.Postgres
	}
	return store.SQLite
}

// DSN returns a new database for the test on the chosen engine, with no
// data: a file path or a postgres:// URL, removed when the test ends. A
// SQLite file comes with every migration applied, copied from one made
// once per test binary: migrating takes two seconds under -race (the
// race detector instruments the whole SQLite engine, which is Go), a
// copy a few milliseconds; opening it finds nothing left to apply. On
// PostgreSQL, in a package whose TestMain calls Main, the schema too comes
// migrated, from a pool (see Main); elsewhere it is a new empty schema.
func DSN(t testing.TB) string {
	t.Helper()
	if base := os.Getenv(EnvPostgres); base != "" {
		if pool.enabled.Load() {
			return pooledSchema(t, base)
		}
		return Schema(t, base)
	}
	path := filepath.Join(t.TempDir(), "courtier.db")
	tpl, err := migrated()
	if err != nil {
		t.Fatalf("base SQLite des tests: %v", err)
	}
	if err := os.WriteFile(path, tpl, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// template is the migrated SQLite database the tests copy, made once.
var template struct {
	once sync.Once
	data []byte
	err  error
}

// migrated is a SQLite database with every migration applied and nothing
// else, as bytes (VACUUM INTO: one file, no WAL beside it).
func migrated() ([]byte, error) {
	template.once.Do(func() {
		dir, err := os.MkdirTemp("", "courtier-storetest-")
		if err != nil {
			template.err = err
			return
		}
		defer os.RemoveAll(dir)
		ctx := context.Background()
		db, err := store.Open(ctx, filepath.Join(dir, "migrated.db"))
		if err != nil {
			template.err = err
			return
		}
		out := filepath.Join(dir, "template.db")
		if template.err = db.Backup(ctx, out); template.err == nil {
			template.data, template.err = os.ReadFile(out)
		}
		if err := db.Close(); template.err == nil {
			template.err = err
		}
	})
	return template.data, template.err
}

// Schema creates a schema of its own in the PostgreSQL database at base
// and returns base's URL set to use it; the schema is dropped when the
// test ends (after the cleanups registered later, such as closing the store).
func Schema(t testing.TB, base string) string {
	t.Helper()
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	name := "t_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+name); err != nil {
		admin.Close()
		t.Fatalf("schéma de test sur %s: %v", base, err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.ExecContext(ctx, "DROP SCHEMA "+name+" CASCADE"); err != nil {
			t.Logf("suppression du schéma %s: %v", name, err)
		}
	})
	dsn, err := searchPath(base, name)
	if err != nil {
		t.Fatal(err)
	}
	return dsn
}

// searchPath is base's URL set to use schema name.
func searchPath(base, name string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// Open opens a store with every migration applied on a new database of
// the chosen engine, closed when the test ends.
func Open(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), DSN(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// SQLiteOnly skips a test that only the SQLite engine can run, with why.
func SQLiteOnly(t testing.TB, why string) {
	t.Helper()
	if Engine() != store.SQLite {
		t.Skip("SQLite seulement: " + why)
	}
}

// Clock is a clock the test moves; safe for concurrent use.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock stopped at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
