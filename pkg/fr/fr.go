// Package fr writes numbers, dates and times the French way, for the texts
// the services compose (mails, history lines). Spaces that must not break
// are written as such. It imports nothing of ours.
package fr

import (
	"fmt"
	"strconv"
	"time"
)

// NBSP is the no-break space that keeps a day with its month, a number with its unit.
const NBSP = "\u00a0"

var months = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
	"septembre", "octobre", "novembre", "décembre"}

var weekdays = [...]string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}

// Int writes n with thousands separated by a narrow no-break space: 5 000.
func Int(n int) string {
	if n < 0 {
		return "-" + Int(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "\u202f" + s[i:]
	}
	return s
}

// Date writes the date of t in loc: "23 novembre 2026", "1er mai 2026".
func Date(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	day := strconv.Itoa(t.Day())
	if t.Day() == 1 {
		day = "1er"
	}
	return day + NBSP + months[t.Month()-1] + NBSP + strconv.Itoa(t.Year())
}

// DayMonth writes the date of t in loc without the year: "23 novembre", "1er mai".
func DayMonth(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	day := strconv.Itoa(t.Day())
	if t.Day() == 1 {
		day = "1er"
	}
	return day + NBSP + months[t.Month()-1]
}

// Day writes the date of t in loc with its weekday: "mardi 24 novembre 2026".
func Day(t time.Time, loc *time.Location) string {
	return weekdays[t.In(loc).Weekday()] + " " + Date(t, loc)
}

// Clock writes the time of t in loc, 24-hour: "14:05".
func Clock(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	return fmt.Sprintf("%02d:%02d", t.Hour(), t.Minute())
}

// DateTime writes t in loc: "23 novembre 2026 à 14:05".
func DateTime(t time.Time, loc *time.Location) string {
	return Date(t, loc) + " à" + NBSP + Clock(t, loc)
}

// Slot writes a slot of one day: "mardi 24 novembre 2026, 14:00 – 15:00".
func Slot(start, end time.Time, loc *time.Location) string {
	return Day(start, loc) + ", " + Clock(start, loc) + NBSP + "–" + NBSP + Clock(end, loc)
}
