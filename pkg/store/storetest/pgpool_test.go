package storetest

import (
	"context"
	"database/sql"
	"os"
	"slices"
	"testing"
)

// TestPoolEmptiesAndReusesSchemas gives a schema back full of rows and
// takes it again: the rows are gone, the migrations' own rows are back as
// the template holds them, sequences start from 1; a schema whose tables
// a test changed is dropped, never handed out again.
func TestPoolEmptiesAndReusesSchemas(t *testing.T) {
	base := os.Getenv(EnvPostgres)
	if base == "" {
		t.Skip("PostgreSQL seulement: la réserve de schémas est celle de PostgreSQL")
	}
	ctx := context.Background()
	p := &schemaPool{bases: map[string]*basePool{}}
	t.Cleanup(func() {
		if err := p.drain(); err != nil {
			t.Error(err)
		}
	})
	bp, err := p.base(base)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(bp.tables, "users") || !slices.Contains(bp.seeded, "app_meta") || len(bp.seqs) == 0 {
		t.Fatalf("template read wrong: tables %v, seeded %v, sequences %v", bp.tables, bp.seeded, bp.seqs)
	}
	seed := func(db *sql.DB) (meta string) {
		t.Helper()
		if err := db.QueryRowContext(ctx, "SELECT string_agg(key || '=' || value, ',' ORDER BY key) FROM app_meta").Scan(&meta); err != nil {
			t.Fatal(err)
		}
		return meta
	}
	name, err := bp.take()
	if err != nil {
		t.Fatal(err)
	}
	tpl := open(t, bp.base, bp.tpl)
	wantMeta := seed(tpl) // a schema emptied holds the template's rows, as a SQLite copy does
	tpl.Close()
	if wantMeta == "" {
		t.Fatal("app_meta is empty after the migrations")
	}
	db := open(t, bp.base, name)
	seq := bp.seqs[0]
	for _, q := range []string{
		"INSERT INTO users (uid, email, password_hash, created_at, updated_at) VALUES ('u1', 'a@exemple.fr', 'x', 't', 't')",
		"INSERT INTO sessions (id, public_id, uid, created_at, last_seen_at, expires_at) VALUES ('s1', repeat('a', 32), 'u1', 't', 't', 't')",
		"UPDATE app_meta SET value = 'changé'",
		"SELECT nextval('" + seq + "'), nextval('" + seq + "')",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	if err := bp.give(name); err != nil {
		t.Fatal(err)
	}

	again, err := bp.take()
	if err != nil || again != name {
		t.Fatalf("took %q (%v), want the schema given back, %q", again, err, name)
	}
	db = open(t, bp.base, again)
	var users, sessions, next int
	if err := db.QueryRowContext(ctx, "SELECT (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM sessions), nextval('"+seq+"')").Scan(&users, &sessions, &next); err != nil {
		t.Fatal(err)
	}
	if users != 0 || sessions != 0 || next != 1 {
		t.Errorf("schema given back holds %d users and %d sessions, %s starts at %d", users, sessions, seq, next)
	}
	if got := seed(db); got != wantMeta {
		t.Errorf("app_meta = %q, want the migrations' %q", got, wantMeta)
	}
	if _, err := db.ExecContext(ctx, "CREATE TABLE extra (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := bp.give(again); err != nil {
		t.Fatal(err)
	}
	var exists bool
	if err := bp.admin.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)", again).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	if exists || slices.Contains(bp.free, again) {
		t.Errorf("a schema with a table of its own was kept (exists %v, free %v)", exists, bp.free)
	}
}

func open(t *testing.T, base, name string) *sql.DB {
	t.Helper()
	dsn, err := searchPath(base, name)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	return db
}
