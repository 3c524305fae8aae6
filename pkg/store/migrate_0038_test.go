package store

import (
	"context"
	"testing"
)

// TestClaimResponsibility: after 0038 a claim's responsibility is ”
// until staff set it, and takes only the insurer's three answers, on the
// engine of the tests (SQLite, or PostgreSQL with COURTIER_TEST_POSTGRES).
func TestClaimResponsibility(t *testing.T) {
	ctx := context.Background()
	db := openEngine(t)
	exec := func(q string, args ...any) error {
		return db.WriteTx(ctx, func(tx *Tx) error { _, err := tx.ExecContext(ctx, q, args...); return err })
	}
	const at = "2026-03-02T09:00:00.000Z"
	if err := exec(`INSERT INTO requests (id, kind, ref, status, created_at, updated_at) VALUES ('r1', 'claim', 'SN-2026-000001', 'declared', ?, ?)`, at, at); err != nil {
		t.Fatal(err)
	}
	if err := exec(`INSERT INTO claims (id, contract_number, insurer, policy_number, assistance, product, kind, occurred_on, declare_by, declare_rule,
			description, answers, declared_at) VALUES ('r1', 'CT-2026-000001', 'mfo', '', '', 'car', 'collision', '2026-02-27', '2026-03-06', '',
			'Accrochage sur un parking', '{}', ?)`, at); err != nil {
		t.Fatal(err)
	}
	var got string
	err := db.ReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRowContext(ctx, "SELECT responsibility FROM claims WHERE id = 'r1'").Scan(&got)
	})
	if err != nil || got != "" {
		t.Fatalf("a new claim's responsibility %q, %v", got, err)
	}
	for _, tc := range []struct {
		value string
		ok    bool
	}{{"none", true}, {"shared", true}, {"full", true}, {"", true}, {"partial", false}, {"FULL", false}} {
		err := exec("UPDATE claims SET responsibility = ? WHERE id = 'r1'", tc.value)
		if (err == nil) != tc.ok {
			t.Errorf("responsibility %q: %v", tc.value, err)
		}
	}
	if err := exec(`UPDATE contract_periods SET notice_crm = '{"crm":72}' WHERE contract_id = 'none'`); err != nil {
		t.Errorf("notice_crm: %v", err)
	}
}
