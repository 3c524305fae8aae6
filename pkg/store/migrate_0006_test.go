package store

import (
	"context"
	"database/sql"
	"testing"
)

// TestRequestsMigrationKeepsQuotes upgrades a database holding quote
// requests from version 5: each joins the queue with its own reference,
// numbered per year in the order they came, its status carried over
// (answered becomes offered) and the counter set past the last number.
func TestRequestsMigrationKeepsQuotes(t *testing.T) {
	ctx := context.Background()
	db := openUnmigrated(t)
	all, err := loadMigrations(migrationFiles, "migrations/sqlite")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.apply(ctx, all[:5]); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if err := db.WriteTx(ctx, func(tx *Tx) error { _, err := tx.ExecContext(ctx, q, args...); return err }); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO users (uid, email, display_name, password_hash, created_at, updated_at) VALUES ('u1', 'marie@exemple.fr', 'Marie', 'x', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`)
	quotes := []struct{ id, status, at string }{
		{"q3", "received", "2026-03-02T09:00:00.000Z"},
		{"q1", "answered", "2025-12-30T09:00:00.000Z"},
		{"q2", "in_review", "2026-01-05T09:00:00.000Z"},
	}
	for _, q := range quotes {
		exec(`INSERT INTO quote_requests (id, uid, product, status, details, contact_method, created_at, updated_at) VALUES (?1, 'u1', 'car', ?2, '{}', 'email', ?3, ?3)`, q.id, q.status, q.at)
	}
	if err := db.apply(ctx, all); err != nil {
		t.Fatal(err)
	}
	want := map[string][3]string{
		"q1": {"DV-2025-000001", "offered", ""},
		"q2": {"DV-2026-000001", "in_review", "2026-01-05T09:00:00.000Z"},
		"q3": {"DV-2026-000002", "received", "2026-03-02T09:00:00.000Z"},
	}
	for id, w := range want {
		var ref, status, name string
		var due sql.NullString
		err := db.read.QueryRowContext(ctx, `SELECT ref, status, due_at, name FROM requests WHERE id = ? AND kind = 'quote' AND uid = 'u1'`, id).Scan(&ref, &status, &due, &name)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if ref != w[0] || status != w[1] || due.String != w[2] || name != "Marie" {
			t.Errorf("%s = %s %s %q %s, want %v", id, ref, status, due.String, name, w)
		}
	}
	var last int
	if err := db.read.QueryRowContext(ctx, `SELECT last FROM request_refs WHERE prefix = 'DV' AND year = 2026`).Scan(&last); err != nil || last != 2 {
		t.Errorf("counter 2026 = %d, %v; want 2", last, err)
	}
	err = db.WriteTx(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO request_events (request_id, at, action) VALUES ('q1', 'x', 'created')`)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE request_events SET action = 'forged'`)
		return err
	})
	if err == nil {
		t.Error("the history could be rewritten")
	}
}
