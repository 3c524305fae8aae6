package contract_test

import (
	"reflect"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/contract"
)

// TestListFollowUps: « impayés » lists the contracts with a debit rejected
// and not settled; « à renouveler » those whose avis d'échéance is due
// within three months, until the last day to refuse, across the new year,
// and not once they end, before they are signed, or when temporary.
func TestListFollowUps(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t)) // from 10 March 2026: the last day to refuse is 10 January 2027, the notice due by 26 December 2026
	f.draft(t)                 // never signed: followed by neither
	list := func(status string) []string {
		t.Helper()
		l, err := f.app.Contracts.List(f.ctx, f.agent, contract.Filter{Status: status})
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, c := range l {
			out = append(out, c.Number)
		}
		return out
	}
	none, it := []string{}, []string{c.Number}
	for _, st := range []struct {
		name             string
		day              string
		stmts            []string
		unpaid, renewals []string
	}{
		{"signed", "2026-03-02", nil, none, none},
		{"a debit sent", "2026-03-02", []string{"UPDATE debits SET status = 'sent' WHERE seq = 1"}, none, none},
		{"rejected", "2026-04-15", []string{"UPDATE debits SET status = 'rejected' WHERE seq = 1"}, it, none},
		{"settled by staff, its re-presentation rejected since", "2026-04-20", []string{"UPDATE debits SET status = 'settled' WHERE seq = 1",
			"INSERT INTO debits (contract_id, seq, due_date, amount_cents, sequence, status, represents) " +
				"SELECT contract_id, 13, '2026-04-17', amount_cents, 'RCUR', 'rejected', 1 FROM debits WHERE seq = 1"}, none, none},
		{"the day before the notice is due in 3 months", "2026-09-25", nil, none, none},
		{"the notice due in 3 months", "2026-09-26", nil, none, it},
		{"across the new year", "2026-10-15", nil, none, it},
		{"within the year", "2026-12-01", nil, none, it},
		{"a temporary product", "2026-12-01", []string{"UPDATE contracts SET product = 'temp' WHERE status = 'awaiting_documents'"}, none, none},
		{"back to a car", "2026-12-01", []string{"UPDATE contracts SET product = 'car' WHERE product = 'temp'"}, none, it},
		{"cancelled at its term", "2026-12-01", []string{"UPDATE contracts SET status = 'cancel_requested' WHERE status = 'awaiting_documents'"}, none, none},
		{"covering again, a debit rejected", "2026-12-02", []string{"UPDATE contracts SET status = 'active' WHERE status = 'cancel_requested'",
			"UPDATE debits SET status = 'rejected' WHERE seq = 9"}, it, it},
		{"the last day to refuse", "2027-01-10", []string{"UPDATE debits SET status = 'settled' WHERE seq = 9"}, none, it},
		{"the day after", "2027-01-11", nil, none, none},
		{"the day before the anniversary", "2027-03-09", nil, none, none},
		{"the anniversary", "2027-03-10", nil, none, none},
		{"the next one far", "2027-06-01", nil, none, none},
	} {
		day, err := time.Parse(time.DateOnly, st.day)
		if err != nil {
			t.Fatal(err)
		}
		if d := day.Add(9 * time.Hour).Sub(f.clock.Now()); d > 0 {
			f.clock.Advance(d)
		}
		f.setDebits(t, st.stmts...)
		if got := list(contract.FollowUnpaid); !reflect.DeepEqual(got, st.unpaid) {
			t.Errorf("%s (%s): impayés %v, want %v", st.name, st.day, got, st.unpaid)
		}
		if got := list(contract.FollowRenewal); !reflect.DeepEqual(got, st.renewals) {
			t.Errorf("%s (%s): à renouveler %v, want %v", st.name, st.day, got, st.renewals)
		}
	}
	if _, err := f.app.Contracts.List(f.ctx, account.Visitor, contract.Filter{Status: contract.FollowUnpaid}); err == nil {
		t.Error("a visitor listed the unpaid contracts")
	}
}
