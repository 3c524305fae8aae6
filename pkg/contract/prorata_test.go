package contract

import (
	"testing"
	"time"
)

// TestProrata checks the adjustment of an amendment on the boundaries of
// its period: the first day, the last day, past the end, a period with a
// 29 February (366 days) and one starting on a 29 February.
func TestProrata(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name                  string
		before, after         int64
		effective, start, end time.Time
		want                  int64
	}{
		// 2026-03-01 → 2027-03-01: 365 days, February 2027 has 28.
		{"first day: the whole difference", 60000, 73000, d("2026-03-01"), d("2026-03-01"), d("2027-03-01"), 13000},
		{"first day, a refund", 73000, 60000, d("2026-03-01"), d("2026-03-01"), d("2027-03-01"), -13000},
		{"last day: one day of 365", 60000, 73000, d("2027-02-28"), d("2026-03-01"), d("2027-03-01"), 36}, // 35.62
		{"last day, refunded: the opposite", 73000, 60000, d("2027-02-28"), d("2026-03-01"), d("2027-03-01"), -36},
		{"the anniversary is the next period's", 60000, 73000, d("2027-03-01"), d("2026-03-01"), d("2027-03-01"), 0},
		{"before the period: counted from its start", 60000, 73000, d("2026-02-15"), d("2026-03-01"), d("2027-03-01"), 13000},
		{"no change of premium", 60000, 60000, d("2026-09-10"), d("2026-03-01"), d("2027-03-01"), 0},
		{"an empty period", 60000, 73000, d("2026-03-01"), d("2026-03-01"), d("2026-03-01"), 0},
		{"half of the year", 0, 36500, d("2026-08-30"), d("2026-03-01"), d("2027-03-01"), 18300}, // 183 days
		// 2027-06-01 → 2028-06-01 holds 29 February 2028: 366 days.
		{"on 29 February, inside a leap period", 60000, 96600, d("2028-02-29"), d("2027-06-01"), d("2028-06-01"), 9300}, // 93 days of 366
		{"the day after 29 February", 60000, 96600, d("2028-03-01"), d("2027-06-01"), d("2028-06-01"), 9200},            // 92
		{"the day before 29 February", 60000, 96600, d("2028-02-28"), d("2027-06-01"), d("2028-06-01"), 9400},           // 94
		{"last day of a leap period", 0, 36600, d("2028-05-31"), d("2027-06-01"), d("2028-06-01"), 100},
		{"a half cent rounds away from zero", 0, 1, d("2027-12-01"), d("2027-06-01"), d("2028-06-01"), 1}, // 183/366
		{"a half cent refunded rounds away from zero", 1, 0, d("2027-12-01"), d("2027-06-01"), d("2028-06-01"), -1},
		{"just under a half cent", 0, 1, d("2027-12-02"), d("2027-06-01"), d("2028-06-01"), 0}, // 182/366
		// A period starting on 29 February ends on 28 February (addMonths): 365 days.
		{"a period starting on 29 February, first day", 36500, 73000, d("2028-02-29"), d("2028-02-29"), addMonths(d("2028-02-29"), 12), 36500},
		{"a period starting on 29 February, last day", 0, 36500, d("2029-02-27"), d("2028-02-29"), addMonths(d("2028-02-29"), 12), 100},
		{"a period starting on 29 February, its end", 0, 36500, d("2029-02-28"), d("2028-02-29"), addMonths(d("2028-02-29"), 12), 0},
		// Days are civil days in each time's zone: half past midnight on
		// 26 October in Paris (the night after the clocks go back) is still
		// 25 October in UTC, but 26 October here: 126 days left, not 127.
		{"an effective time just after midnight in Paris", 0, 36500, time.Date(2026, 10, 26, 0, 30, 0, 0, paris), d("2026-03-01"), d("2027-03-01"), 12600},
		// Midnight in Paris is the day before in UTC: read in UTC, the
		// period would end on 28 February and its last day be worth nothing.
		{"a period given in Paris time", 0, 73000, d("2027-02-28"), time.Date(2026, 3, 1, 0, 0, 0, 0, paris), time.Date(2027, 3, 1, 0, 0, 0, 0, paris), 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := prorata(c.before, c.after, c.effective, c.start, c.end); got != c.want {
				t.Errorf("prorata(%d, %d, %s, %s, %s) = %d, want %d", c.before, c.after,
					c.effective.Format(time.RFC3339), c.start.Format(layout), c.end.Format(layout), got, c.want)
			}
		})
	}
}

// TestProrataEveryDay checks, on every day of a leap period, that a
// change and its reverse cancel out, that the adjustment never grows as
// the effective day moves on, and that it stays within the difference.
func TestProrataEveryDay(t *testing.T) {
	start, end := d("2027-06-01"), d("2028-06-01")
	prev := int64(1 << 62)
	for day := start; day.Before(end); day = day.AddDate(0, 0, 1) {
		up := prorata(61733, 70999, day, start, end)
		if down := prorata(70999, 61733, day, start, end); up != -down {
			t.Errorf("%s: %d up but %d down", day.Format(layout), up, down)
		}
		if up > prev || up < 0 || up > 70999-61733 {
			t.Errorf("%s: %d after %d the day before", day.Format(layout), up, prev)
		}
		prev = up
	}
	if prev == 0 {
		t.Error("the last day owes nothing")
	}
}
