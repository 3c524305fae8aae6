package store

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// openUnmigrated opens a database like Open, without applying migrations.
func openUnmigrated(t *testing.T) *DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "courtier.db")
	db, err := openSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestSessionsDeviceMigrationKeepsSessions upgrades a database holding
// sessions from version 4: nobody is signed out, every session gets its own
// public ID of the form new ones have, and the new checks hold.
func TestSessionsDeviceMigrationKeepsSessions(t *testing.T) {
	ctx := context.Background()
	db := openUnmigrated(t)
	all, err := loadMigrations(migrationFiles, "migrations/sqlite")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.apply(ctx, all[:4]); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) error {
		return db.WriteTx(ctx, func(tx *Tx) error { _, err := tx.ExecContext(ctx, q, args...); return err })
	}
	const at = "2026-03-02T09:00:00.000Z"
	if err := exec(`INSERT INTO users (uid, email, password_hash, created_at, updated_at) VALUES ('u1', 'marie@exemple.fr', 'x', ?1, ?1)`, at); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"hash-a", "hash-b"} {
		if err := exec(`INSERT INTO sessions (id, uid, created_at, last_seen_at, expires_at, remember) VALUES (?1, 'u1', ?2, ?2, ?2, 1)`, id, at); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.apply(ctx, all); err != nil {
		t.Fatal(err)
	}
	rows, err := db.read.QueryContext(ctx, "SELECT id, public_id, user_agent, remember FROM sessions ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	hex32 := regexp.MustCompile(`^[0-9a-f]{32}$`)
	seen := map[string]bool{}
	var ids []string
	for rows.Next() {
		var id, public, ua string
		var remember bool
		if err := rows.Scan(&id, &public, &ua, &remember); err != nil {
			t.Fatal(err)
		}
		if !hex32.MatchString(public) || seen[public] || ua != "" || !remember {
			t.Errorf("session %s after the migration: public_id %q, user_agent %q, remember %v", id, public, ua, remember)
		}
		seen[public] = true
		ids = append(ids, id)
	}
	if strings.Join(ids, ",") != "hash-a,hash-b" {
		t.Fatalf("sessions after the migration: %v", ids)
	}
	for _, bad := range []struct{ name, publicID, ua string }{
		{"public ID not hex", strings.Repeat("Z", 32), ""},
		{"public ID taken", first(seen), ""},
		{"user agent over 512 bytes", strings.Repeat("a", 32), strings.Repeat("é", 257)},
	} {
		err := exec(`INSERT INTO sessions (id, public_id, uid, created_at, last_seen_at, expires_at, user_agent) VALUES ('hash-c', ?1, 'u1', ?3, ?3, ?3, ?2)`, bad.publicID, bad.ua, at)
		if err == nil {
			t.Errorf("%s: accepted", bad.name)
		}
	}
	var n int
	db.read.QueryRowContext(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name IN ('sessions_by_uid', 'sessions_by_expiry')").Scan(&n)
	if n != 2 {
		t.Errorf("%d of the 2 session indexes after the migration", n)
	}
}

func first(m map[string]bool) string {
	for k := range m {
		return k
	}
	return ""
}
