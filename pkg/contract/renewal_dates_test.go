package contract

import (
	"slices"
	"testing"
	"time"
)

// TestRenewalDates: the anniversary, the last day to refuse the renewal
// (endDate's: the last day whose date two months later is not after the
// anniversary) and the avis window of L113-15-1, at month ends and on 29
// February.
func TestRenewalDates(t *testing.T) {
	d := func(s string) time.Time { v, _ := time.Parse(layout, s); return v }
	cases := []struct {
		start                            string
		n                                int
		anniv, deadline, opens, lateFrom string
	}{
		{"2026-03-10", 1, "2027-03-10", "2027-01-10", "2026-10-10", "2026-12-27"},
		{"2028-02-29", 1, "2029-02-28", "2028-12-31", "2028-09-30", "2028-12-17"},
		{"2028-02-29", 4, "2032-02-29", "2031-12-31", "2031-09-30", "2031-12-17"},
		{"2026-04-30", 1, "2027-04-30", "2027-02-28", "2026-11-28", "2027-02-14"},
		{"2026-01-31", 2, "2028-01-31", "2027-11-30", "2027-08-30", "2027-11-16"},
	}
	for _, c := range cases {
		anniv := anniversary(d(c.start), c.n)
		deadline := renewalDeadline(anniv)
		if anniv.Format(layout) != c.anniv || deadline.Format(layout) != c.deadline || noticeOpens(deadline).Format(layout) != c.opens {
			t.Errorf("%s, year %d: anniversary %s, deadline %s, opens %s; want %s, %s, %s", c.start, c.n, anniv.Format(layout),
				deadline.Format(layout), noticeOpens(deadline).Format(layout), c.anniv, c.deadline, c.opens)
		}
		// The deadline agrees with a cancellation at the term: asked that
		// day it ends at the anniversary, the day after a year later.
		if end, _ := endDate(false, ReasonTerm, d(c.start), deadline); !end.Equal(anniv) {
			t.Errorf("%s: a cancellation on the deadline %s ends %s", c.start, c.deadline, end.Format(layout))
		}
		if end, _ := endDate(false, ReasonTerm, d(c.start), deadline.AddDate(0, 0, 1)); !end.After(anniv) {
			t.Errorf("%s: a cancellation the day after the deadline ends %s", c.start, end.Format(layout))
		}
		late := d(c.lateFrom)
		if !noticeLate(late, deadline) || noticeLate(late.AddDate(0, 0, -1), deadline) {
			t.Errorf("%s: late from %s wrong", c.start, c.lateFrom)
		}
	}
}

// TestTraceChanges pairs the trace lines by what they name, year after
// year, and keeps the others as added or gone.
func TestTraceChanges(t *testing.T) {
	before := []string{"Prime de base Tiers\u00a0: 460,00\u00a0€", "× âge du conducteur (45\u00a0ans)\u00a0: 1,00",
		"× classe (classe C\u00a0: valeur 7\u202f200\u00a0€), sur la part autres\u00a0: 1,00", "Remise fidélité\u00a0: −5\u00a0%", "Sans valeur"}
	after := []string{"Prime de base Tiers\u00a0: 480,00\u00a0€", "× âge du conducteur (46\u00a0ans)\u00a0: 1,00",
		"× classe (classe C\u00a0: valeur 6\u202f300\u00a0€), sur la part autres\u00a0: 1,00", "Sans valeur", "Nouvelle taxe\u00a0: 1,00\u00a0€"}
	want := [][3]string{
		{"Prime de base Tiers", "460,00\u00a0€", "480,00\u00a0€"},
		{"× âge du conducteur", "45\u00a0ans\u00a0: 1,00", "46\u00a0ans\u00a0: 1,00"},
		{"× classe, sur la part autres", "classe C\u00a0: valeur 7\u202f200\u00a0€\u00a0: 1,00", "classe C\u00a0: valeur 6\u202f300\u00a0€\u00a0: 1,00"},
		{"Nouvelle taxe", "", "1,00\u00a0€"},
		{"Remise fidélité", "−5\u00a0%", ""},
	}
	if got := traceChanges(before, after); !slices.Equal(got, want) {
		t.Errorf("changes\n%q\nwant\n%q", got, want)
	}
	if got := traceChanges(after, after); len(got) != 0 {
		t.Errorf("the same trace changes %q", got)
	}
}
