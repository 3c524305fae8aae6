package contract_test

import (
	"strconv"
	"time"

	"testing"

	"courtier/pkg/contract"
	"courtier/pkg/store"
)

// setDebits runs the statements on the store: the tests' way to put the
// debits where the bank's answers would (the debits' own steps come with
// their part of issue 42).
func (f *fixture) setDebits(t *testing.T, stmts ...string) {
	t.Helper()
	err := f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error {
		for _, s := range stmts {
			if _, err := tx.ExecContext(f.ctx, s); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestCountsDebits: the premiums collected, rejected and outstanding, each
// euro counted once as the debits move (a re-presentation's money is the
// rejected debit's).
func TestCountsDebits(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	if len(c.Schedule) != 12 {
		t.Fatalf("%d debits, want a monthly schedule of 12", len(c.Schedule))
	}
	amount := func(seqs ...int) int64 {
		var n int64
		for _, s := range seqs {
			n += c.Schedule[s-1].AmountCents
		}
		return n
	}
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	id := "'" + c.ID + "'"
	for _, tt := range []struct {
		name                             string
		stmts                            []string
		collected, rejected, outstanding int64
		nRejected                        int
	}{
		{"signed: all to come", nil, 0, 0, amount(all...), 0},
		{"the first two sent", []string{"UPDATE debits SET status = 'sent' WHERE seq <= 2"}, 0, 0, amount(all...), 0},
		{"the first paid, the second rejected", []string{"UPDATE debits SET status = 'paid' WHERE seq = 1", "UPDATE debits SET status = 'rejected' WHERE seq = 2"},
			amount(1), amount(2), amount(3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 1},
		{"the rejected one presented again", []string{"INSERT INTO debits (contract_id, seq, due_date, amount_cents, sequence, represents) " +
			"SELECT contract_id, 13, '2026-05-10', amount_cents, 'RCUR', 2 FROM debits WHERE contract_id = " + id + " AND seq = 2"},
			amount(1), amount(2), amount(3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 1},
		{"the re-presentation rejected too", []string{"UPDATE debits SET status = 'rejected' WHERE seq = 13"},
			amount(1), amount(2), amount(3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 1},
		{"settled, the third paid", []string{"UPDATE debits SET status = 'settled' WHERE seq = 2", "UPDATE debits SET status = 'paid' WHERE seq IN (3, 13)"},
			amount(1, 2, 3), 0, amount(4, 5, 6, 7, 8, 9, 10, 11, 12), 0},
		{"the last ones cancelled", []string{"UPDATE debits SET cancelled = 1 WHERE seq >= 11 AND seq <= 12"},
			amount(1, 2, 3), 0, amount(4, 5, 6, 7, 8, 9, 10), 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f.setDebits(t, tt.stmts...)
			got, err := f.app.Contracts.Counts(f.ctx, f.agent)
			if err != nil {
				t.Fatal(err)
			}
			want := contract.Counts{CollectedCents: tt.collected, RejectedCents: tt.rejected, Rejected: tt.nRejected, OutstandingCents: tt.outstanding}
			if got.CollectedCents != want.CollectedCents || got.RejectedCents != want.RejectedCents || got.Rejected != want.Rejected || got.OutstandingCents != want.OutstandingCents {
				t.Errorf("collected %d, rejected %d (%d), outstanding %d; want %d, %d (%d), %d", got.CollectedCents, got.RejectedCents, got.Rejected,
					got.OutstandingCents, want.CollectedCents, want.RejectedCents, want.Rejected, want.OutstandingCents)
			}
		})
	}
}

// TestCountsAmendments: the amendments signed this month and the drafts,
// from the rows of the design's amendments table (the core helper's
// service writes them; here they are put as it would, with the lines
// column migration 0034 added beside the design).
func TestCountsAmendments(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	now := f.clock.Now()
	at := func(d time.Duration) string { return "'" + store.FormatTime(now.Add(d)) + "'" }
	row := func(id string, n int, status, signedAt string) string {
		return "INSERT INTO amendments (id, contract_id, n, kind, effective_date, changes, status, yearly_before, yearly_after, " +
			"monthly_after, adjustment_cents, trace, lines, created_by, created_by_staff, created_at, signed_at) VALUES ('" + id + "', '" + c.ID + "', " +
			strconv.Itoa(n) + ", 'address', '2026-03-10', '{}', '" + status + "', 50000, 52000, 4333, 1500, '[]', '[]', 'u', 0, " + at(-time.Hour) + ", " + signedAt + ")"
	}
	for _, tt := range []struct {
		name           string
		stmts          []string
		signed, drafts int
	}{
		{"none", nil, 0, 0},
		{"a draft", []string{row("a1", 1, "draft", "NULL")}, 0, 1},
		{"signed today", []string{"UPDATE amendments SET status = 'signed', signed_at = " + at(0) + " WHERE id = 'a1'"}, 1, 0},
		{"one signed last month", []string{row("a2", 2, "signed", at(-40*24*time.Hour))}, 1, 0},
		{"a draft cancelled, another waiting", []string{row("a3", 3, "cancelled", "NULL"), row("a4", 4, "draft", "NULL")}, 1, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f.setDebits(t, tt.stmts...)
			got, err := f.app.Contracts.Counts(f.ctx, f.agent)
			if err != nil {
				t.Fatal(err)
			}
			if got.AmendmentsSignedThisMonth != tt.signed || got.AmendmentDrafts != tt.drafts {
				t.Errorf("%d signed this month, %d drafts; want %d, %d", got.AmendmentsSignedThisMonth, got.AmendmentDrafts, tt.signed, tt.drafts)
			}
		})
	}
}
