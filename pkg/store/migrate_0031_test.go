package store

import (
	"context"
	"os"
	"strings"
	"testing"
)

// openUnmigratedEngine opens a database without migrations on the engine
// the tests run on: SQLite, or a schema of its own on the PostgreSQL of
// COURTIER_TEST_POSTGRES.
func openUnmigratedEngine(t *testing.T) *DB {
	t.Helper()
	base := os.Getenv("COURTIER_TEST_POSTGRES")
	if base == "" {
		return openUnmigrated(t)
	}
	db, err := open(context.Background(), NewSchema(t, base))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestDebitStatusesMigration upgrades a database holding debits from
// version 30, on both engines: the debits already in a file become sent
// with the end-to-end id and the message id their file gave them (two
// files of one day numbered 1 and 2), the others stay scheduled, every
// debit is of the first period, and the new CHECK and unique index hold.
func TestDebitStatusesMigration(t *testing.T) {
	ctx := context.Background()
	db := openUnmigratedEngine(t)
	all, err := db.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.apply(ctx, all[:30]); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) error {
		return db.WriteTx(ctx, func(tx *Tx) error { _, err := tx.ExecContext(ctx, q, args...); return err })
	}
	must := func(q string, args ...any) {
		t.Helper()
		if err := exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	const at = "2026-03-02T09:00:00.000Z"
	for _, c := range [][2]string{{"c1", "CT-2026-000001"}, {"c2", "CT-2026-000002"}} {
		must(`INSERT INTO contracts (id, number, source, source_id, product, insurer, formula, holder, risk, guarantees, start_date,
			yearly_cents, monthly_cents, taxes_cents, deductible_cents, rhythm, status, created_at, updated_at)
			VALUES (?, ?, 'price', ?, 'car', 'Assureur', 'Tiers', '{}', '{}', '[]', '2026-03-10', 34080, 2840, 0, 0, 'monthly', 'active', ?, ?)`,
			c[0], c[1], c[0]+"-1", at, at)
	}
	const insert = `INSERT INTO debits (contract_id, seq, due_date, amount_cents, sequence, exported_at, cancelled) VALUES (?, ?, ?, 2840, ?, ?, ?)`
	must(insert, "c1", 1, "2026-03-10", "FRST", "2026-03-05T08:00:00.000Z", 0)
	must(insert, "c1", 2, "2026-04-10", "RCUR", nil, 0)
	must(insert, "c1", 12, "2027-02-10", "RCUR", nil, 1)
	must(insert, "c2", 1, "2026-03-10", "FRST", "2026-03-06T08:00:00.000Z", 0) // a second file that day
	must(insert, "c2", 11, "2026-04-10", "RCUR", "2026-04-05T08:00:00.000Z", 0)

	if err := db.apply(ctx, all); err != nil {
		t.Fatal(err)
	}
	var got []string
	err = db.ReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT contract_id || ' ' || seq || ' ' || status || ' ' || period || ' ' || COALESCE(end_to_end, '-') || ' ' ||
			COALESCE(msg_id, '-') || ' ' || COALESCE(reason_code, '-') || ' ' || COALESCE(paid_at, '-') || ' ' || COALESCE(represents, 0)
			FROM debits ORDER BY contract_id, seq`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				return err
			}
			got = append(got, s)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"c1 1 sent 1 CT-2026-000001-01 COURTIER-20260310-1 - - 0",
		"c1 2 scheduled 1 - - - - 0",
		"c1 12 scheduled 1 - - - - 0",
		"c2 1 sent 1 CT-2026-000002-01 COURTIER-20260310-2 - - 0",
		"c2 11 sent 1 CT-2026-000002-11 COURTIER-20260410-1 - - 0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("debits after the migration:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if err := exec(`UPDATE debits SET status = 'lost' WHERE contract_id = 'c1' AND seq = 2`); err == nil {
		t.Error("a status out of the CHECK was accepted")
	}
	if err := exec(`UPDATE debits SET end_to_end = 'CT-2026-000001-01' WHERE contract_id = 'c2' AND seq = 1`); err == nil {
		t.Error("two debits with one end-to-end id were accepted")
	}
	for _, st := range []string{"scheduled", "sent", "paid", "rejected", "settled"} {
		if err := exec(`UPDATE debits SET status = ? WHERE contract_id = 'c1' AND seq = 2`, st); err != nil {
			t.Errorf("status %s: %v", st, err)
		}
	}
}
