package quote

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/store"
)

// TestQuoteDeadlines: a quote request is due 24 working hours after it
// arrives, counted in the opening hours of company.json (Monday to Friday
// 9:00–18:00, Saturday 9:00–12:00) in Paris, without the public holidays.
func TestQuoteDeadlines(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	at := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, paris) }
	tests := []struct {
		name      string
		sent, due time.Time
	}{
		// 9 h Monday, 9 h Tuesday, 6 h Wednesday.
		{"Monday at opening", at(2026, time.March, 2, 9, 0), at(2026, time.March, 4, 15, 0)},
		// Friday 17:00: 1 h, Saturday 3 h, Monday 9 h, Tuesday 9 h, Wednesday 2 h.
		{"Friday evening, over the weekend", at(2026, time.March, 6, 17, 0), at(2026, time.March, 11, 11, 0)},
		// Saturday 10:00: 2 h, Monday 9, Tuesday 9, Wednesday 4.
		{"Saturday morning", at(2026, time.March, 7, 10, 0), at(2026, time.March, 11, 13, 0)},
		// Sunday: Monday 9 h, Tuesday 9 h, Wednesday 6 h.
		{"Sunday counts from Monday 9:00", at(2026, time.March, 8, 15, 0), at(2026, time.March, 11, 15, 0)},
		// Thursday 30 April 10:00: 8 h, Friday 1 May closed, Saturday 3, Monday 9, Tuesday 4.
		{"over 1 May", at(2026, time.April, 30, 10, 0), at(2026, time.May, 5, 13, 0)},
		// Monday 13 July 14:00: 4 h, Tuesday 14 July closed, Wednesday 9, Thursday 9, Friday 2.
		{"over 14 July", at(2026, time.July, 13, 14, 0), at(2026, time.July, 17, 11, 0)},
		// Thursday 24 December 16:00: 2 h, Christmas closed, Saturday 3, Monday 9, Tuesday 9, Wednesday 1.
		{"over Christmas", at(2026, time.December, 24, 16, 0), at(2026, time.December, 30, 10, 0)},
		// Saturday 28 March 11:00 (winter time): 1 h, Sunday the clocks go forward, Monday 9, Tuesday 9, Wednesday 5.
		{"over the change to summer time", at(2026, time.March, 28, 11, 0), at(2026, time.April, 1, 14, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixtureAt(t, DefaultLimit(), tt.sent)
			r := f.create(t, f.user(t, "marie@exemple.fr"), ProductCar)
			var due string
			if err := f.db.ReadTx(context.Background(), func(tx *store.Tx) error {
				return tx.QueryRowContext(context.Background(), `SELECT due_at FROM requests WHERE id = ?`, r.ID).Scan(&due)
			}); err != nil {
				t.Fatal(err)
			}
			got, err := store.ParseTime(due)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Equal(tt.due) {
				t.Errorf("sent %s: due %s, want %s", tt.sent, got.In(paris), tt.due)
			}
		})
	}
}
