package store

import (
	"context"
	"strings"
	"testing"
)

// TestPriceQuotesMigrationKeepsRows upgrades a database holding instant
// prices from version 29: price_quotes becomes a rowid table with every row
// and column kept, the links to kept prices stay and still go with their
// quote, and the indexes are back.
func TestPriceQuotesMigrationKeepsRows(t *testing.T) {
	ctx := context.Background()
	db := openUnmigrated(t)
	all, err := loadMigrations(migrationFiles, "migrations/sqlite")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.apply(ctx, all[:29]); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if err := db.WriteTx(ctx, func(tx *Tx) error { _, err := tx.ExecContext(ctx, q, args...); return err }); err != nil {
			t.Fatal(err)
		}
	}
	const at = "2026-03-02T09:00:00.000Z"
	exec(`INSERT INTO users (uid, email, password_hash, created_at, updated_at) VALUES ('u1', 'marie@exemple.fr', 'x', ?1, ?1)`, at)
	exec(`INSERT INTO requests (id, kind, ref, uid, status, created_at, updated_at) VALUES ('r1', 'online', 'DL-2026-000001', 'u1', 'new', ?1, ?1)`, at)
	const insert = `INSERT INTO price_quotes (id, product, answers, needs, result, tariff_version, key_hash, created_at, valid_until,
		uid, email, consent, chosen, kept_at, request_id) VALUES (?, 'car', '{"postalCode":"45000"}', '{}', ?, '2026-11', ?, ?, '2026-04-01', ?, ?, ?, ?, ?, ?)`
	big := `{"prices":["` + strings.Repeat("Prime de base Tiers : 460,00 €. ", 700) + `"]}` // 23 KB, on overflow pages
	exec(insert, "Q-kept", big, "hash-kept", at, "u1", "marie@exemple.fr", 1, "Q-kept-3", at, "r1")
	exec(insert, "Q-visitor", `{"prices":[]}`, "hash-visitor", at, nil, "paul@exemple.fr", 0, nil, at, nil)
	exec(insert, "Q-unkept", `{}`, "hash-unkept", at, nil, nil, 0, nil, nil, nil)
	exec(`INSERT INTO price_links (hash, quote_id, created_at) VALUES ('link-paul', 'Q-visitor', ?1)`, at)

	if err := db.apply(ctx, all); err != nil {
		t.Fatal(err)
	}
	var sqlText string
	if err := db.read.QueryRowContext(ctx, `SELECT sql FROM sqlite_schema WHERE name = 'price_quotes'`).Scan(&sqlText); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sqlText, "WITHOUT ROWID") || !strings.Contains(sqlText, "STRICT") {
		t.Errorf("price_quotes is still: %s", sqlText)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT id || '|' || result || '|' || key_hash || '|' || coalesce(uid, '-') || '|' || coalesce(email, '-') || '|' ||
		consent || '|' || coalesce(chosen, '-') || '|' || coalesce(kept_at, '-') || '|' || coalesce(request_id, '-') || '|' || valid_until FROM price_quotes ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	rows.Close()
	want := []string{
		"Q-kept|" + big + "|hash-kept|u1|marie@exemple.fr|1|Q-kept-3|" + at + "|r1|2026-04-01",
		"Q-unkept|{}|hash-unkept|-|-|0|-|-|-|2026-04-01",
		"Q-visitor|{\"prices\":[]}|hash-visitor|-|paul@exemple.fr|0|-|" + at + "|-|2026-04-01",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows after the migration:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var indexes int
	err = db.read.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL AND name IN
		('price_quotes_by_uid', 'price_quotes_by_expiry', 'price_quotes_by_request', 'price_links_by_quote')`).Scan(&indexes)
	if err != nil || indexes != 4 {
		t.Errorf("%d of the 4 indexes, %v", indexes, err)
	}
	// The keys stay unique and the link still goes with its quote.
	err = db.WriteTx(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, insert, "Q-unkept", "{}", "h", at, nil, nil, 0, nil, nil, nil)
		return err
	})
	if err == nil {
		t.Error("a second quote Q-unkept was accepted")
	}
	var link string
	if err := db.read.QueryRowContext(ctx, `SELECT quote_id FROM price_links WHERE hash = 'link-paul'`).Scan(&link); err != nil || link != "Q-visitor" {
		t.Fatalf("Paul's link after the migration: %q, %v", link, err)
	}
	exec(`DELETE FROM price_quotes WHERE id = 'Q-visitor'`)
	var links int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM price_links`).Scan(&links); err != nil || links != 0 {
		t.Errorf("%d links after their quote went, %v", links, err)
	}
	var fkErrors int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM pragma_foreign_key_check`).Scan(&fkErrors); err != nil || fkErrors != 0 {
		t.Errorf("%d foreign key errors, %v", fkErrors, err)
	}
}
