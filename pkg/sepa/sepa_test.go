package sepa

import (
	"testing"
	"time"
)

func TestDate(t *testing.T) {
	tests := []struct {
		d      Date
		valid  bool
		str    string
		plus14 Date
	}{
		{Date{2026, 1, 5}, true, "2026-01-05", Date{2026, 1, 19}},
		{Date{2026, 12, 20}, true, "2026-12-20", Date{2027, 1, 3}},
		{Date{2028, 2, 29}, true, "2028-02-29", Date{2028, 3, 14}},
		{Date{2027, 2, 29}, false, "2027-02-29", Date{2027, 3, 15}},
		{Date{2026, 13, 1}, false, "2026-13-01", Date{2027, 1, 15}},
	}
	for _, tt := range tests {
		if got := tt.d.Valid(); got != tt.valid {
			t.Errorf("%v.Valid() = %v", tt.d, got)
		}
		if got := tt.d.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
		if got := tt.d.AddDays(14); got != tt.plus14 {
			t.Errorf("%s.AddDays(14) = %s, want %s", tt.d, got, tt.plus14)
		}
	}
	late := time.Date(2026, 3, 31, 23, 30, 0, 0, time.FixedZone("CEST", 2*3600))
	if got := DateOf(late); got != (Date{2026, 3, 31}) {
		t.Errorf("DateOf keeps the day of the time's own zone: %s", got)
	}
	if !(Date{2026, 3, 31}).Before(Date{2026, 4, 1}) || (Date{2026, 4, 1}).Before(Date{2026, 4, 1}) || !(Date{}).IsZero() || (Date{}).Valid() {
		t.Error("Before, IsZero or the zero Date valid")
	}
}
