package company

import (
	"fmt"
	"testing"
	"time"
)

// testCalendar is the calendar of the embedded profile: Monday to Friday
// 9h00 - 18h00, Saturday 9h00 - 12h00, closed on Sunday.
func testCalendar(t testing.TB) *Calendar {
	t.Helper()
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.Calendar()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// paris reads "2026-03-28 11:00" as a wall-clock time of Paris.
func paris(t testing.TB, s string) time.Time {
	t.Helper()
	loc, err := time.LoadLocation(Zone)
	if err != nil {
		t.Fatal(err)
	}
	v, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// checkParis fails unless got is the instant want and is expressed in Paris.
func checkParis(t *testing.T, c *Calendar, got, want time.Time) {
	t.Helper()
	if !got.Equal(want) {
		t.Errorf("got %s, want %s", got.Format("Mon 2006-01-02 15:04 MST"), want.Format("Mon 2006-01-02 15:04 MST"))
	}
	if got.Location() != c.Location() {
		t.Errorf("got a time in %s, want %s", got.Location(), c.Location())
	}
}

func TestAddWorkingHours(t *testing.T) {
	c := testCalendar(t)
	tests := []struct {
		name, from string
		hours      int
		want       string
	}{
		{"across a weekend, due at a closing time", "2026-03-06 15:00", 24, "2026-03-10 18:00"},
		{"Saturday morning", "2026-03-07 10:30", 24, "2026-03-11 13:30"},
		{"Friday evening counts Saturday morning", "2026-03-06 19:00", 24, "2026-03-11 12:00"},
		{"Sunday starts on Monday at opening", "2026-03-08 15:00", 24, "2026-03-11 15:00"},
		{"sent after closing", "2026-03-09 20:00", 24, "2026-03-12 15:00"},
		{"sent before opening", "2026-03-09 07:00", 24, "2026-03-11 15:00"},
		{"sent exactly at opening", "2026-03-09 09:00", 24, "2026-03-11 15:00"},
		{"sent exactly at closing", "2026-03-09 18:00", 24, "2026-03-12 15:00"},
		{"a day's hours end at closing, not next opening", "2026-03-06 09:00", 9, "2026-03-06 18:00"},
		{"one hour from Friday 17:30", "2026-03-06 17:30", 1, "2026-03-07 09:30"},
		{"one hour from Saturday's closing", "2026-03-07 12:00", 1, "2026-03-09 10:00"},
		{"1 May (Friday)", "2026-04-30 14:00", 24, "2026-05-05 17:00"},
		{"8 May, then Ascension 2026", "2026-05-07 16:00", 24, "2026-05-13 10:00"},
		{"Ascension 2026 (14 May)", "2026-05-13 10:00", 24, "2026-05-18 13:00"},
		{"Pentecost Monday 2026 (25 May)", "2026-05-23 09:00", 24, "2026-05-28 12:00"},
		{"14 July (Tuesday)", "2026-07-13 10:00", 24, "2026-07-16 16:00"},
		{"25 December (Friday)", "2026-12-24 12:00", 24, "2026-12-29 15:00"},
		{"1 January 2027 (Friday)", "2026-12-31 10:00", 24, "2027-01-05 13:00"},
		{"Easter Monday 2026 (6 April)", "2026-04-04 09:00", 24, "2026-04-09 12:00"},
		{"Easter Monday 2027 the day after summer time", "2027-03-27 11:00", 24, "2027-04-01 14:00"},
		{"Ascension 2027, then 8 May on a Saturday", "2027-05-05 14:00", 24, "2027-05-11 11:00"},
		{"Pentecost Monday 2027 (17 May)", "2027-05-14 17:00", 24, "2027-05-20 11:00"},
		{"the night of the change to summer time", "2026-03-28 11:00", 24, "2026-04-01 14:00"},
		{"the night of the change back to winter time", "2026-10-24 11:00", 24, "2026-10-28 14:00"},
		{"zero hours is the request's own time", "2026-03-08 15:00", 0, "2026-03-08 15:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkParis(t, c, c.AddWorkingHours(paris(t, tt.from), tt.hours), paris(t, tt.want))
		})
	}
}

// TestAddWorkingHoursInstants starts from instants given in UTC, including
// the hours of the two nights when the clocks change.
func TestAddWorkingHoursInstants(t *testing.T) {
	c := testCalendar(t)
	tests := []struct {
		name, from string // RFC 3339, UTC
		want       string // Paris
	}{
		{"Monday 09:00 in Paris, given in UTC", "2026-03-09T08:00:00Z", "2026-03-11 15:00"},
		{"03:30 summer time, the hour after the skipped one", "2026-03-29T01:30:00Z", "2026-04-01 15:00"},
		{"the first 02:30 of the night back to winter time", "2026-10-25T00:30:00Z", "2026-10-28 15:00"},
		{"the second 02:30 of that night", "2026-10-25T01:30:00Z", "2026-10-28 15:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from, err := time.Parse(time.RFC3339, tt.from)
			if err != nil {
				t.Fatal(err)
			}
			checkParis(t, c, c.AddWorkingHours(from, 24), paris(t, tt.want))
		})
	}
}

func TestAddWorkingDays(t *testing.T) {
	c := testCalendar(t)
	tests := []struct {
		name, from string
		days       int
		want       string
	}{
		{"Monday 10:00", "2026-03-09 10:00", 2, "2026-03-11 18:00"},
		{"Saturday morning", "2026-03-07 10:00", 2, "2026-03-10 18:00"},
		{"due on a Saturday, at its closing", "2026-03-05 10:00", 2, "2026-03-07 12:00"},
		{"Sunday", "2026-03-08 10:00", 2, "2026-03-10 18:00"},
		{"Friday evening counts Saturday", "2026-03-06 19:00", 2, "2026-03-09 18:00"},
		{"sent before opening, the day itself never counts", "2026-03-09 07:00", 1, "2026-03-10 18:00"},
		{"complaint over 1 May and 8 May", "2026-04-27 15:00", 10, "2026-05-11 18:00"},
		{"Ascension 2026", "2026-05-12 10:00", 2, "2026-05-15 18:00"},
		{"14 July", "2026-07-13 10:00", 2, "2026-07-16 18:00"},
		{"25 December, due on Saturday 26", "2026-12-23 10:00", 2, "2026-12-26 12:00"},
		{"Easter Monday 2027", "2027-03-26 10:00", 2, "2027-03-30 18:00"},
		{"across the change to summer time", "2026-03-27 16:00", 2, "2026-03-30 18:00"},
		{"across the change back to winter time", "2026-10-23 16:00", 2, "2026-10-26 18:00"},
		{"zero days is the request's own time", "2026-03-09 10:00", 0, "2026-03-09 10:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkParis(t, c, c.AddWorkingDays(paris(t, tt.from), tt.days), paris(t, tt.want))
		})
	}
}

func TestAddMonths(t *testing.T) {
	c := testCalendar(t)
	tests := []struct {
		name, from string
		months     int
		want       string
	}{
		{"31 January to the end of February", "2026-01-31 10:00", 1, "2026-02-28 10:00"},
		{"a leap February", "2028-01-31 10:00", 1, "2028-02-29 10:00"},
		{"across the change to summer time, same wall clock", "2026-03-15 10:00", 2, "2026-05-15 10:00"},
		{"across the change back, same wall clock", "2026-09-30 16:45", 2, "2026-11-30 16:45"},
		{"into the next year", "2026-11-15 09:00", 2, "2027-01-15 09:00"},
		{"31 December to the end of February", "2026-12-31 18:00", 2, "2027-02-28 18:00"},
		{"backwards", "2026-03-31 10:00", -1, "2026-02-28 10:00"},
		{"a skipped wall-clock time moves on an hour", "2026-01-29 02:30", 2, "2026-03-29 03:30"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkParis(t, c, c.AddMonths(paris(t, tt.from), tt.months), paris(t, tt.want))
		})
	}
}

func TestOpenAtAndWorkingDay(t *testing.T) {
	c := testCalendar(t)
	tests := []struct {
		at            string
		open, working bool
	}{
		{"2026-03-09 08:59", false, true},
		{"2026-03-09 09:00", true, true},
		{"2026-03-09 17:59", true, true},
		{"2026-03-09 18:00", false, true},
		{"2026-03-07 11:59", true, true}, // Saturday
		{"2026-03-07 12:00", false, true},
		{"2026-03-08 10:00", false, false}, // Sunday
		{"2026-05-01 10:00", false, false},
		{"2026-07-14 10:00", false, false},
		{"2026-07-13 10:00", true, true},
		{"2026-12-25 10:00", false, false},
		{"2027-05-08 10:00", false, false}, // 8 May on a Saturday
	}
	for _, tt := range tests {
		at := paris(t, tt.at)
		if got := c.OpenAt(at); got != tt.open {
			t.Errorf("OpenAt(%s) = %v, want %v", tt.at, got, tt.open)
		}
		if got := c.WorkingDay(at); got != tt.working {
			t.Errorf("WorkingDay(%s) = %v, want %v", tt.at, got, tt.working)
		}
	}
}

func TestSameDay(t *testing.T) {
	c := testCalendar(t)
	utc := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		name string
		a, b time.Time
		want bool
	}{
		{"morning and evening", paris(t, "2026-03-09 09:00"), paris(t, "2026-03-09 23:59"), true},
		{"either side of midnight", paris(t, "2026-03-09 23:30"), paris(t, "2026-03-10 00:10"), false},
		{"23:30 UTC is already the next day in Paris", utc("2026-03-09T23:30:00Z"), paris(t, "2026-03-10 10:00"), true},
		{"same UTC date, two Paris dates", utc("2026-07-13T21:00:00Z"), utc("2026-07-13T23:00:00Z"), false},
	}
	for _, tt := range tests {
		if got := c.SameDay(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: SameDay = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A quote request sent on the Saturday before the change to summer time.
func ExampleCalendar_AddWorkingHours() {
	p, _ := Default()
	c, _ := p.Calendar()
	sent := time.Date(2026, time.March, 28, 11, 0, 0, 0, c.Location())
	due := c.AddWorkingHours(sent, p.AnswerDelays.QuoteWorkingHours)
	fmt.Println(due.Format("Monday 2006-01-02 15:04 MST"))
	// Output: Wednesday 2026-04-01 14:00 CEST
}

func BenchmarkAddWorkingHours(b *testing.B) {
	c := testCalendar(b)
	from := paris(b, "2026-12-24 12:00")
	for b.Loop() {
		c.AddWorkingHours(from, 24)
	}
}

func BenchmarkAddWorkingDays(b *testing.B) {
	c := testCalendar(b)
	from := paris(b, "2026-04-27 15:00")
	for b.Loop() {
		c.AddWorkingDays(from, 10)
	}
}
