package company

import (
	"errors"
	"fmt"
	"time"

	// The Paris time zone is built into the binary: a container without
	// /usr/share/zoneinfo would otherwise compute every deadline in UTC.
	_ "time/tzdata"
)

// Zone is the broker's time zone: opening hours, deadlines and "today" are
// all counted on the wall clock of Paris.
const Zone = "Europe/Paris"

// Calendar is the broker's working time: the opening hours of the company
// profile and the public holidays of metropolitan France, in Europe/Paris.
// It turns the delays the site promises ("sous 24 heures ouvrées", "10 jours
// ouvrables") into due dates. Every method takes instants in any location
// and returns them in Paris. Build it with NewCalendar or Profile.Calendar;
// it is read-only afterwards, so safe for concurrent use.
//
// All arithmetic is done on Paris dates and wall-clock times, never by
// adding 24-hour durations, so deadlines stay right across the changes to
// summer time (last Sunday of March) and back (last Sunday of October).
type Calendar struct {
	loc  *time.Location
	week [7][]span // opening periods by time.Weekday
}

// NewCalendar parses the opening hours of the profile ("9h00 - 18h00",
// "9h - 12h", "9:00-18:00", "Fermé"). A string it cannot read is an error,
// and so are hours that never open.
func NewCalendar(h Hours) (*Calendar, error) {
	loc, err := time.LoadLocation(Zone)
	if err != nil {
		return nil, fmt.Errorf("fuseau horaire %s introuvable: %w", Zone, err)
	}
	c := &Calendar{loc: loc}
	days := []struct {
		label, text string
		weekdays    []time.Weekday
	}{
		{"du lundi au vendredi", h.Weekdays, []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday}},
		{"du samedi", h.Saturday, []time.Weekday{time.Saturday}},
		{"du dimanche", h.Sunday, []time.Weekday{time.Sunday}},
	}
	open := false
	for _, d := range days {
		spans, err := parseDay(d.text)
		if err != nil {
			return nil, fmt.Errorf("horaires %s: %w", d.label, err)
		}
		for _, wd := range d.weekdays {
			c.week[wd] = spans
		}
		open = open || len(spans) > 0
	}
	if !open {
		return nil, errors.New("horaires: la société n’ouvre aucun jour de la semaine")
	}
	return c, nil
}

// Location is Europe/Paris, for callers that show or compare dates.
func (c *Calendar) Location() *time.Location { return c.loc }

// dateOf is the Paris date of an instant.
func (c *Calendar) dateOf(t time.Time) date {
	y, m, d := t.In(c.loc).Date()
	return date{y, m, d}
}

// at is the instant of a Paris date at a wall-clock time in minutes.
func (c *Calendar) at(d date, minute int) time.Time {
	return time.Date(d.year, d.month, d.day, minute/60, minute%60, 0, 0, c.loc)
}

// spans are the opening periods of a date: none on a closed day or a
// public holiday.
func (c *Calendar) spans(d date) []span {
	if _, ok := holiday(d); ok {
		return nil
	}
	return c.week[d.weekday()]
}

// Holiday names the French public holiday on the Paris date of t ("Lundi de
// Pâques", "Fête nationale"…), for the 11 holidays of metropolitan France.
func (c *Calendar) Holiday(t time.Time) (name string, ok bool) {
	return holiday(c.dateOf(t))
}

// WorkingDay tells whether the broker opens on the Paris date of t: a day
// with opening hours that is not a public holiday. Saturday is a working
// day here, since the broker opens on Saturday morning; this matches the
// "jours ouvrables" of ACPR's complaint delays, which count Saturdays too.
func (c *Calendar) WorkingDay(t time.Time) bool {
	return len(c.spans(c.dateOf(t))) > 0
}

// OpenAt tells whether the broker is open at t: opening time counts,
// closing time does not (open 9:00 to 17:59:59 for "9h00 - 18h00").
func (c *Calendar) OpenAt(t time.Time) bool {
	d := c.dateOf(t)
	for _, sp := range c.spans(d) {
		if !t.Before(c.at(d, sp.open)) && t.Before(c.at(d, sp.close)) {
			return true
		}
	}
	return false
}

// AddWorkingHours is the instant when h hours of opening time have passed
// after t: time before opening, after closing, on closed days and public
// holidays does not count, so a request sent on Sunday starts counting on
// Monday at opening. A result that falls exactly at a closing time stays
// there (Friday 9:00 + 9 hours is Friday 18:00, not Saturday 9:00).
// h <= 0 returns t.
func (c *Calendar) AddWorkingHours(t time.Time, h int) time.Time {
	t = t.In(c.loc)
	if h <= 0 {
		return t
	}
	left := time.Duration(h) * time.Hour
	for d := c.dateOf(t); ; d = d.add(1) {
		for _, sp := range c.spans(d) {
			start, end := c.at(d, sp.open), c.at(d, sp.close)
			if !end.After(t) {
				continue
			}
			if t.After(start) {
				start = t
			}
			if avail := end.Sub(start); left > avail {
				left -= avail
				continue
			}
			return start.Add(left)
		}
	}
}

// AddWorkingDays is the closing time of the n-th working day after the day
// of t, whatever the time of t: a request on Monday at 10:00 with n = 2 is
// due on Wednesday at 18:00, one on Saturday is due on Tuesday at 18:00,
// and a due day that is a Saturday ends at Saturday's closing time, 12:00.
// n <= 0 returns t.
func (c *Calendar) AddWorkingDays(t time.Time, n int) time.Time {
	if n <= 0 {
		return t.In(c.loc)
	}
	d := c.dateOf(t)
	for n > 0 {
		d = d.add(1)
		if len(c.spans(d)) > 0 {
			n--
		}
	}
	spans := c.spans(d)
	return c.at(d, spans[len(spans)-1].close)
}

// AddMonths is the same Paris wall-clock time n calendar months after t
// (before it when n < 0), on the last day of the month when that month is
// shorter: 31 January + 1 month is 28 (or 29) February. A wall-clock time
// that does not exist that day (2:30 on the day of the change to summer
// time) moves on by the hour that was skipped.
func (c *Calendar) AddMonths(t time.Time, n int) time.Time {
	t = t.In(c.loc)
	y, m, d := t.Date()
	if last := time.Date(y, m+time.Month(n)+1, 0, 12, 0, 0, 0, time.UTC).Day(); d > last {
		d = last
	}
	return time.Date(y, m+time.Month(n), d, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), c.loc)
}

// SameDay tells whether a and b fall on the same Paris date: a request is
// "due today" when SameDay(due, now).
func (c *Calendar) SameDay(a, b time.Time) bool {
	return c.dateOf(a) == c.dateOf(b)
}
