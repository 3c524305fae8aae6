package store

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// TestContractPeriodsBackfill runs the part of 0033 that gives every
// contract signed before it its first period, on the engine of the tests
// (SQLite, or PostgreSQL with COURTIER_TEST_POSTGRES): a year from the
// start, the anniversary of 29 February on 28 February, a temporary
// contract's days (its last day the one its cover ends, the day before
// when it ends at midnight), none for a contract never signed.
func TestContractPeriodsBackfill(t *testing.T) {
	ctx := context.Background()
	db := openEngine(t)
	all, err := loadMigrations(migrationFiles, "migrations/"+string(db.engine))
	if err != nil {
		t.Fatal(err)
	}
	m := all[32]
	if m.Version != 33 {
		t.Fatalf("migration %s", m.Name)
	}
	i := strings.Index(m.SQL, "INSERT INTO contract_periods")
	if i < 0 {
		t.Fatal("0033 fills no period")
	}
	backfill := m.SQL[i:]
	const at = "2026-03-02T09:00:00.000Z"
	contracts := []struct {
		id, start, risk, signed string
		yearly, monthly         int64
	}{
		{"c-year", "2026-03-10", `{"lines":[]}`, at, 69193, 5766},
		{"c-leap", "2028-02-29", `{"lines":[]}`, at, 50000, 0},
		{"c-temp-midnight", "2026-03-10", `{"lines":[],"days":7}`, at, 4200, 0},
		{"c-temp-hour", "2026-03-10", `{"lines":[],"days":3,"startHour":14}`, at, 2100, 0},
		{"c-unsigned", "2026-03-10", `{"lines":[]}`, "", 69193, 5766},
	}
	err = db.WriteTx(ctx, func(tx *Tx) error {
		for k, c := range contracts {
			var signed any
			status := "pending_signature"
			if c.signed != "" {
				signed, status = c.signed, "active"
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO contracts (id, number, source, source_id, product, insurer, formula, holder, risk, guarantees,
				start_date, yearly_cents, monthly_cents, taxes_cents, deductible_cents, rhythm, status, created_at, updated_at, signed_at)
				VALUES (?, ?, 'price', ?, 'car', 'ins', 'f', '{}', ?, '[]', ?, ?, ?, 0, 0, 'yearly', ?, ?, ?, ?)`,
				c.id, "CT-2026-00000"+string(rune('1'+k)), c.id, c.risk, c.start, c.yearly, c.monthly, status, at, at, signed)
			if err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, backfill)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = db.ReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT contract_id, n, start_date, end_date, yearly_cents, monthly_cents,
			COALESCE(notice_sent_at, '-'), notice_late, COALESCE(renewed_at, '-') FROM contract_periods ORDER BY contract_id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, start, end, sent, renewed string
			var n, yearly, monthly, late int64
			if err := rows.Scan(&id, &n, &start, &end, &yearly, &monthly, &sent, &late, &renewed); err != nil {
				return err
			}
			got = append(got, strings.Join([]string{id, strconv.FormatInt(n, 10), start, end, strconv.FormatInt(yearly, 10), strconv.FormatInt(monthly, 10), sent, strconv.FormatInt(late, 10), renewed}, " "))
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"c-leap 1 2028-02-29 2029-02-27 50000 0 - 0 -",
		"c-temp-hour 1 2026-03-10 2026-03-13 2100 0 - 0 -",
		"c-temp-midnight 1 2026-03-10 2026-03-16 4200 0 - 0 -",
		"c-year 1 2026-03-10 2027-03-09 69193 5766 - 0 -",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("periods on %s:\n%s\nwant\n%s", db.engine, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
