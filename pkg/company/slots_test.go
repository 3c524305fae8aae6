package company

import (
	"testing"
	"time"
)

func TestSlots(t *testing.T) {
	c := testCalendar(t)
	tests := []struct {
		name, from  string
		days        int
		count       int
		first, last string // start of the first and of the last slot
	}{
		{"the next hour is never offered", "2026-03-09 10:15", 1, 6, "2026-03-09 12:00", "2026-03-09 17:00"},
		{"a slot exactly an hour ahead is", "2026-03-09 10:00", 1, 7, "2026-03-09 11:00", "2026-03-09 17:00"},
		{"a day with no slot left does not count", "2026-03-09 17:30", 2, 18, "2026-03-10 09:00", "2026-03-11 17:00"},
		{"Friday afternoon and Saturday morning", "2026-03-06 16:00", 2, 4, "2026-03-06 17:00", "2026-03-07 11:00"},
		{"late on Saturday, Monday", "2026-03-07 11:30", 1, 9, "2026-03-09 09:00", "2026-03-09 17:00"},
		{"Sunday, Monday", "2026-03-08 10:00", 1, 9, "2026-03-09 09:00", "2026-03-09 17:00"},
		{"1 May skipped", "2026-04-30 17:30", 1, 3, "2026-05-02 09:00", "2026-05-02 11:00"},
		{"after the change to summer time", "2026-03-28 11:30", 1, 9, "2026-03-30 09:00", "2026-03-30 17:00"},
		{"after the change back", "2026-10-24 11:30", 1, 9, "2026-10-26 09:00", "2026-10-26 17:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slots := c.Slots(paris(t, tt.from), tt.days)
			if len(slots) != tt.count {
				t.Fatalf("%d slots, want %d: %v", len(slots), tt.count, slots)
			}
			checkParis(t, c, slots[0].Start, paris(t, tt.first))
			checkParis(t, c, slots[len(slots)-1].Start, paris(t, tt.last))
			for i, s := range slots {
				if s.End.Sub(s.Start) != time.Hour || !c.OpenAt(s.Start) || !c.OpenAt(s.End.Add(-time.Nanosecond)) {
					t.Errorf("slot %v is not an hour within opening hours", s)
				}
				if i > 0 && !s.Start.After(slots[i-1].Start) {
					t.Errorf("slot %v is not after %v", s, slots[i-1])
				}
			}
		})
	}
	if slots := c.Slots(paris(t, "2026-03-09 10:00"), 0); slots != nil {
		t.Errorf("Slots(0 days) = %v, want none", slots)
	}
}

// TestSlotsShortHours: hours without a whole hour have no slot, and the
// search ends.
func TestSlotsShortHours(t *testing.T) {
	c, err := NewCalendar(Hours{"9h00 - 9h30", "Fermé", "Fermé"})
	if err != nil {
		t.Fatal(err)
	}
	if slots := c.Slots(paris(t, "2026-03-09 10:00"), 3); len(slots) != 0 {
		t.Errorf("Slots = %v, want none", slots)
	}
}

func TestValidSlot(t *testing.T) {
	c := testCalendar(t)
	from := paris(t, "2026-04-30 10:00") // Thursday before 1 May
	slot := func(start string, minutes int) Slot {
		s := paris(t, start)
		return Slot{Start: s, End: s.Add(time.Duration(minutes) * time.Minute)}
	}
	offered := c.Slots(from, 2)[0]
	tests := []struct {
		name string
		slot Slot
		want bool
	}{
		{"the first slot offered", offered, true},
		{"the same slot in UTC", Slot{offered.Start.UTC(), offered.End.UTC()}, true},
		{"Saturday's last slot", slot("2026-05-02 11:00", 60), true},
		{"within the hour", slot("2026-04-30 10:30", 60), false},
		{"exactly an hour ahead", slot("2026-04-30 11:00", 60), true},
		{"not on the hour", slot("2026-04-30 14:30", 60), false},
		{"two hours long", slot("2026-04-30 14:00", 120), false},
		{"ends after closing", slot("2026-04-30 17:30", 60), false},
		{"on 1 May", slot("2026-05-01 10:00", 60), false},
		{"on Sunday", slot("2026-05-03 10:00", 60), false},
		{"beyond the two working days", slot("2026-05-04 10:00", 60), false},
		{"in the past", slot("2026-04-29 10:00", 60), false},
		{"empty", Slot{}, false},
	}
	for _, tt := range tests {
		if got := c.ValidSlot(from, tt.slot, 2); got != tt.want {
			t.Errorf("%s: ValidSlot(%v) = %v, want %v", tt.name, tt.slot, got, tt.want)
		}
	}
}

func BenchmarkSlots(b *testing.B) {
	c := testCalendar(b)
	from := paris(b, "2026-04-30 10:00")
	for b.Loop() {
		c.Slots(from, 5)
	}
}
