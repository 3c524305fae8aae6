package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"courtier/pkg/store"
)

// Main runs a package's tests (from its TestMain) and then drops the
// PostgreSQL schemas they left to the pool. Without it, each test's
// database is a schema created, migrated and dropped for that test alone.
//
// Migrating a PostgreSQL schema costs a quarter of a second of catalog
// work, and the migrations take one advisory lock for the whole database,
// so that tests running side by side wait for each other's: pkg/web opens
// more than a thousand. Within Main, a test's schema goes back to a pool
// when it ends, emptied of its rows (a few milliseconds), and the next
// test takes it as it is, migrated, just as a SQLite test copies a
// migrated file.
func Main(m *testing.M) {
	pool.enabled.Store(true)
	code := m.Run()
	if err := pool.drain(); err != nil {
		fmt.Fprintln(os.Stderr, "storetest:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// pool holds the migrated schemas of one test binary, per PostgreSQL URL.
var pool = &schemaPool{bases: map[string]*basePool{}}

type schemaPool struct {
	enabled atomic.Bool // set by Main
	mu      sync.Mutex  // guards bases
	bases   map[string]*basePool
}

// basePool is the pool of one PostgreSQL database: a template schema,
// migrated once and never handed out, whose tables and seeded rows say
// what an emptied schema must hold, and the schemas free to take.
type basePool struct {
	base   string
	admin  *sql.DB
	prefix string // of every schema of this binary: t_<random>_
	tpl    string
	tables []string   // the template's tables, sorted
	seeded []string   // those of them the migrations fill (app_meta…)
	seqs   []string   // the template's sequences
	mu     sync.Mutex // guards n and free
	n      int
	free   []string
}

// pooledSchema returns a migrated schema of base for t, from the pool when
// one is free, and gives it back emptied when t ends.
func pooledSchema(t testing.TB, base string) string {
	t.Helper()
	bp, err := pool.base(base)
	if err != nil {
		t.Fatalf("réserve de schémas sur %s: %v", base, err)
	}
	name, err := bp.take()
	if err != nil {
		t.Fatalf("schéma de test sur %s: %v", base, err)
	}
	t.Cleanup(func() {
		if err := bp.give(name); err != nil {
			t.Logf("schéma %s: %v", name, err)
		}
	})
	dsn, err := searchPath(base, name)
	if err != nil {
		t.Fatal(err)
	}
	return dsn
}

// base returns the pool of base, made on first use.
func (p *schemaPool) base(base string) (*basePool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if bp, ok := p.bases[base]; ok {
		return bp, nil
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	bp := &basePool{base: base, admin: admin, prefix: "t_" + hex.EncodeToString(b) + "_"}
	bp.tpl = bp.prefix + "tpl"
	if err := bp.makeTemplate(); err != nil {
		admin.Close()
		return nil, err
	}
	p.bases[base] = bp
	return bp, nil
}

// makeTemplate creates and migrates the template schema and reads what
// an emptied schema must look like from it.
func (bp *basePool) makeTemplate() error {
	if err := bp.migrate(bp.tpl); err != nil {
		return err
	}
	ctx := context.Background()
	var err error
	if bp.tables, err = names(ctx, bp.admin, "SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1", bp.tpl); err != nil {
		return err
	}
	if bp.seqs, err = names(ctx, bp.admin, "SELECT sequencename FROM pg_sequences WHERE schemaname = $1 ORDER BY 1", bp.tpl); err != nil {
		return err
	}
	for _, tbl := range bp.tables {
		var any bool
		q := fmt.Sprintf("SELECT EXISTS (SELECT 1 FROM %s.%s)", ident(bp.tpl), ident(tbl))
		if err := bp.admin.QueryRowContext(ctx, q).Scan(&any); err != nil {
			return err
		}
		if any {
			bp.seeded = append(bp.seeded, tbl)
		}
	}
	return nil
}

// migrate creates schema name and applies every migration to it.
func (bp *basePool) migrate(name string) error {
	ctx := context.Background()
	if _, err := bp.admin.ExecContext(ctx, "CREATE SCHEMA "+ident(name)); err != nil {
		return err
	}
	dsn, err := searchPath(bp.base, name)
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return err
	}
	return db.Close()
}

// take hands out a free schema, or a new one migrated for the purpose.
func (bp *basePool) take() (string, error) {
	bp.mu.Lock()
	if n := len(bp.free); n > 0 {
		name := bp.free[n-1]
		bp.free = bp.free[:n-1]
		bp.mu.Unlock()
		return name, nil
	}
	bp.n++
	name := fmt.Sprintf("%s%d", bp.prefix, bp.n)
	bp.mu.Unlock()
	return name, bp.migrate(name)
}

// give empties schema name and returns it to the pool; a schema whose
// tables or sequences are no longer the template's is dropped instead.
func (bp *basePool) give(name string) error {
	ctx := context.Background()
	tables, err := names(ctx, bp.admin, "SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1", name)
	if err != nil {
		return err
	}
	seqs, err := names(ctx, bp.admin, "SELECT sequencename FROM pg_sequences WHERE schemaname = $1 ORDER BY 1", name)
	if err != nil {
		return err
	}
	if !slices.Equal(tables, bp.tables) || !slices.Equal(seqs, bp.seqs) {
		return bp.drop(name)
	}
	// One transaction: rows out (foreign keys and triggers off, as the
	// order of deletion does not matter when everything goes), the
	// migrations' own rows back from the template, sequences from 1.
	var b strings.Builder
	b.WriteString("BEGIN; SET LOCAL session_replication_role = replica;")
	for _, tbl := range tables {
		fmt.Fprintf(&b, "DELETE FROM %s.%s;", ident(name), ident(tbl))
	}
	for _, tbl := range bp.seeded {
		fmt.Fprintf(&b, "INSERT INTO %s.%s SELECT * FROM %s.%s;", ident(name), ident(tbl), ident(bp.tpl), ident(tbl))
	}
	for _, seq := range seqs {
		fmt.Fprintf(&b, "ALTER SEQUENCE %s.%s RESTART;", ident(name), ident(seq))
	}
	b.WriteString("COMMIT;")
	if _, err := bp.admin.ExecContext(ctx, b.String()); err != nil {
		_, _ = bp.admin.ExecContext(ctx, "ROLLBACK")
		return bp.drop(name)
	}
	bp.mu.Lock()
	bp.free = append(bp.free, name)
	bp.mu.Unlock()
	return nil
}

func (bp *basePool) drop(name string) error {
	_, err := bp.admin.ExecContext(context.Background(), "DROP SCHEMA "+ident(name)+" CASCADE")
	return err
}

// drain drops every schema of the pools, the templates too.
func (p *schemaPool) drain() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	for _, bp := range p.bases {
		bp.mu.Lock()
		defer bp.mu.Unlock()
		for _, name := range append(bp.free, bp.tpl) {
			if err := bp.drop(name); err != nil {
				errs = append(errs, fmt.Errorf("suppression du schéma %s: %w", name, err))
			}
		}
		bp.free = nil
		bp.admin.Close()
	}
	p.bases = map[string]*basePool{}
	if len(errs) > 0 {
		return fmt.Errorf("%v", errs)
	}
	return nil
}

func names(ctx context.Context, db *sql.DB, q string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// ident quotes a PostgreSQL identifier.
func ident(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
