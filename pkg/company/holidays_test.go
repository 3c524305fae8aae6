package company

import (
	"testing"
	"time"
)

// TestHoliday checks the public holidays of 2026 and 2027 against the
// official calendar (service-public.fr, "Jours fériés"), and the days
// around them that are not holidays.
func TestHoliday(t *testing.T) {
	c := testCalendar(t)
	holidays := map[string]string{
		"2026-01-01": "Jour de l’an",
		"2026-04-06": "Lundi de Pâques", // Easter Sunday 5 April
		"2026-05-01": "Fête du Travail",
		"2026-05-08": "Victoire 1945",
		"2026-05-14": "Ascension",
		"2026-05-25": "Lundi de Pentecôte",
		"2026-07-14": "Fête nationale",
		"2026-08-15": "Assomption",
		"2026-11-01": "Toussaint",
		"2026-11-11": "Armistice 1918",
		"2026-12-25": "Noël",
		"2027-01-01": "Jour de l’an",
		"2027-03-29": "Lundi de Pâques", // Easter Sunday 28 March
		"2027-05-01": "Fête du Travail",
		"2027-05-06": "Ascension",
		"2027-05-08": "Victoire 1945",
		"2027-05-17": "Lundi de Pentecôte",
		"2027-07-14": "Fête nationale",
		"2027-08-15": "Assomption",
		"2027-11-01": "Toussaint",
		"2027-11-11": "Armistice 1918",
		"2027-12-25": "Noël",
	}
	// Every day of both years: the holidays above, and no other day.
	count := 0
	for d := paris(t, "2026-01-01 10:00"); d.Year() < 2028; d = d.AddDate(0, 0, 1) {
		day := d.Format("2006-01-02")
		name, ok := c.Holiday(d)
		want, wantOK := holidays[day]
		if ok != wantOK || name != want {
			t.Errorf("Holiday(%s) = %q, %v; want %q, %v", day, name, ok, want, wantOK)
		}
		if ok {
			count++
		}
	}
	if count != 22 {
		t.Errorf("%d holidays in 2026 and 2027, want 11 a year", count)
	}
}

// TestHolidayInstants: a holiday is a Paris date, whatever the location of
// the instant asked about.
func TestHolidayInstants(t *testing.T) {
	c := testCalendar(t)
	tests := []struct {
		utc  string
		want bool
	}{
		{"2026-12-24T23:30:00Z", true},  // 00:30 on 25 December in Paris
		{"2026-12-25T23:30:00Z", false}, // 00:30 on 26 December
		{"2026-07-13T22:30:00Z", true},  // 00:30 on 14 July, summer time
		{"2026-07-13T21:30:00Z", false}, // 23:30 on 13 July
	}
	for _, tt := range tests {
		at, err := time.Parse(time.RFC3339, tt.utc)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := c.Holiday(at); ok != tt.want {
			t.Errorf("Holiday(%s) = %v, want %v", tt.utc, ok, tt.want)
		}
	}
}

// TestEaster checks the algorithm on years whose Easter is known, including
// the earliest (22 March) and latest (25 April) dates it can take.
func TestEaster(t *testing.T) {
	tests := []struct {
		year  int
		month time.Month
		day   int
	}{
		{1818, time.March, 22},
		{1943, time.April, 25},
		{2000, time.April, 23},
		{2019, time.April, 21},
		{2024, time.March, 31},
		{2025, time.April, 20},
		{2026, time.April, 5},
		{2027, time.March, 28},
		{2028, time.April, 16},
		{2038, time.April, 25},
		{2285, time.March, 22},
	}
	for _, tt := range tests {
		if got, want := easter(tt.year), (date{tt.year, tt.month, tt.day}); got != want {
			t.Errorf("easter(%d) = %v, want %v", tt.year, got, want)
		}
	}
}
