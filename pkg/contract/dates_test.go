package contract

import (
	"errors"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

func d(s string) time.Time {
	t, err := time.Parse(layout, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestEndDate checks the effective date of a cancellation on the
// boundaries of each rule: the two months' notice before the term, the
// loi Hamon's first year, the month after notification.
func TestEndDate(t *testing.T) {
	cases := []struct {
		name, product, reason, start, today, want, field string
	}{
		{"term far ahead", "car", ReasonTerm, "2026-03-15", "2026-06-01", "2027-03-15", ""},
		{"term exactly two months ahead", "car", ReasonTerm, "2026-03-15", "2027-01-15", "2027-03-15", ""},
		{"term a day too late: next year", "car", ReasonTerm, "2026-03-15", "2027-01-16", "2028-03-15", ""},
		{"term of a contract not started yet", "home", ReasonTerm, "2026-12-01", "2026-11-27", "2027-12-01", ""},
		{"term from 29 February", "car", ReasonTerm, "2028-02-29", "2028-06-01", "2029-02-28", ""},
		{"term from 29 February, four years on", "car", ReasonTerm, "2028-02-29", "2031-12-31", "2032-02-29", ""},
		{"term of VTC, notice too short", "vtc", ReasonTerm, "2026-01-10", "2026-11-27", "2028-01-10", ""},
		{"hamon the day the year is over", "car", ReasonHamon, "2025-11-27", "2026-11-27", "2026-12-27", ""},
		{"hamon a day before the year", "car", ReasonHamon, "2025-11-28", "2026-11-27", "", "reason"},
		{"hamon on the 31st: end of next month", "home", ReasonHamon, "2024-01-31", "2026-01-31", "2026-02-28", ""},
		{"hamon not for VTC", "vtc", ReasonHamon, "2020-01-01", "2026-11-27", "", "reason"},
		{"other within the first year: term", "moto", ReasonOther, "2026-06-01", "2026-11-27", "2027-06-01", ""},
		{"other after a year: a month", "moto", ReasonOther, "2025-06-01", "2026-11-27", "2026-12-27", ""},
		{"other for VTC: term", "vtc", ReasonOther, "2024-06-01", "2026-11-27", "2027-06-01", ""},
		{"no reason", "car", "", "2025-06-01", "2026-11-27", "", "reason"},
		{"unknown reason", "car", "because", "2025-06-01", "2026-11-27", "", "reason"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := EndDate(c.product, c.reason, d(c.start), d(c.today))
			if c.field != "" {
				var e *apperr.Error
				if err == nil || !asErr(err, &e) || e.Field != c.field {
					t.Fatalf("EndDate = %v, %v; want an error on %s", got, err, c.field)
				}
				return
			}
			if err != nil || got.Format(layout) != c.want {
				t.Fatalf("EndDate = %v, %v; want %s", got.Format(layout), err, c.want)
			}
		})
	}
}

// TestCheckStart checks the first and last days a contract may start.
func TestCheckStart(t *testing.T) {
	today := d("2026-11-27")
	cases := []struct {
		start   string
		switch_ bool
		ok      bool
	}{
		{"2026-11-27", false, false},
		{"2026-11-28", false, true},
		{"2027-02-25", false, true},
		{"2027-02-26", false, false},
		{"2026-12-27", true, false},
		{"2026-12-28", true, true},
	}
	for _, c := range cases {
		err := CheckStart(d(c.start), today, c.switch_)
		if (err == nil) != c.ok {
			t.Errorf("CheckStart(%s, switch %v) = %v, want ok %v", c.start, c.switch_, err, c.ok)
		}
		if err != nil && apperr.CodeOf(err) != apperr.EINVALID {
			t.Errorf("CheckStart(%s) code %s", c.start, apperr.CodeOf(err))
		}
	}
}

// TestWithdrawal checks the 14 days and the premium due for the days
// covered.
func TestWithdrawal(t *testing.T) {
	if got := WithdrawalEnd(d("2026-11-27")).Format(layout); got != "2026-12-11" {
		t.Errorf("WithdrawalEnd = %s", got)
	}
	cases := []struct {
		yearly     int64
		start, end string
		want       int64
	}{
		{36500, "2026-12-01", "2026-11-30", 0},
		{36500, "2026-12-01", "2026-12-01", 0},
		{36500, "2026-12-01", "2026-12-11", 1000},
		{63300, "2026-12-01", "2026-12-02", 173},
		{63300, "2026-12-01", "2027-12-01", 63300},
	}
	for _, c := range cases {
		if got := DueForCover(c.yearly, d(c.start), d(c.end)); got != c.want {
			t.Errorf("DueForCover(%d, %s, %s) = %d, want %d", c.yearly, c.start, c.end, got, c.want)
		}
	}
}

func TestFrDate(t *testing.T) {
	for in, want := range map[string]string{"2027-03-01": "1er\u00a0mars\u00a02027", "2026-12-14": "14\u00a0décembre\u00a02026"} {
		if got := frDate(d(in)); got != want {
			t.Errorf("frDate(%s) = %q, want %q", in, got, want)
		}
	}
}

func asErr(err error, target **apperr.Error) bool { return errors.As(err, target) }
