package store

import (
	"context"
	"strings"
	"testing"
)

// TestIncidentMigrationsKeepDebits upgrades a database holding a signed
// contract from version 30: its debits stay, each with the status it had
// in fact (exported: sent; the others: scheduled), the contracts' status
// takes « suspended » and still refuses a status it does not know, and
// nothing cascaded from the contracts' table edited in place.
func TestIncidentMigrationsKeepDebits(t *testing.T) {
	ctx := context.Background()
	db := openUnmigrated(t)
	all, err := loadMigrations(migrationFiles, "migrations/sqlite")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.apply(ctx, all[:30]); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) error {
		return db.WriteTx(ctx, func(tx *Tx) error { _, err := tx.ExecContext(ctx, q, args...); return err })
	}
	const at = "2026-03-02T09:00:00.000Z"
	for _, q := range []string{
		`INSERT INTO contracts (id, number, source, source_id, product, insurer, formula, holder, risk, guarantees, start_date, yearly_cents,
			monthly_cents, taxes_cents, deductible_cents, rhythm, status, created_at, updated_at)
			VALUES ('c1', 'CT-2026-000001', 'price', 'Q-1', 'car', 'mfo', 'Tiers', '{}', '{}', '[]', '2026-03-10', 70572, 5881, 0, 30000, 'monthly', 'active', ?1, ?1)`,
		`INSERT INTO debits (contract_id, seq, due_date, amount_cents, sequence, exported_at) VALUES ('c1', 1, '2026-03-10', 5881, 'FRST', ?1)`,
		`INSERT INTO debits (contract_id, seq, due_date, amount_cents, sequence) VALUES ('c1', 2, '2026-04-10', 5881, 'RCUR')`,
	} {
		if err := exec(q, at); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.apply(ctx, all); err != nil {
		t.Fatal(err)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT seq || ' ' || status || ' ' || period || ' ' || coalesce(represents, '-') FROM debits ORDER BY seq`)
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
	if strings.Join(got, "|") != "1 sent 1 -|2 scheduled 1 -" {
		t.Errorf("debits %q", got)
	}
	if err := exec(`UPDATE contracts SET status = 'suspended' WHERE id = 'c1'`); err != nil {
		t.Errorf("suspended refused: %v", err)
	}
	if err := exec(`UPDATE contracts SET status = 'lost' WHERE id = 'c1'`); err == nil {
		t.Error("an unknown status was taken")
	}
	if err := exec(`UPDATE debits SET status = 'lost' WHERE seq = 1`); err == nil {
		t.Error("an unknown debit status was taken")
	}
	if err := exec(`INSERT INTO payment_incidents (contract_id, seq, opened_at, due_date, amount_cents, reason_label, reference, payment_way)
		VALUES ('c1', 1, ?1, '2026-03-10', 5881, 'Provision insuffisante', 'IMP-CT-2026-000001-01', 'bitcoin')`, at); err == nil {
		t.Error("an unknown way of payment was taken")
	}
}
