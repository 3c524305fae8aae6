// Package fr writes numbers, dates and times the French way, for the texts
// the services compose (mails, history lines). Spaces that must not break
// are written as such. It imports nothing of ours.
package fr

import (
	"fmt"
	"strconv"
	"strings"
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

// Phone writes a phone number the French way: a national number in pairs,
// "06 39 98 12 34", and a number of France in international form as
// "+33 6 39 98 12 34", whatever spaces, dots or dashes it was stored or
// typed with ("00 33" is read as "+33", "+33 (0)6…" as "+33 6…"). Any
// other text, a foreign number included, is returned as it came: it is
// shown, never lost.
func Phone(raw string) string {
	digits := make([]byte, 0, len(raw))
	plus := false
	for i, r := range strings.TrimSpace(raw) {
		switch {
		case r >= '0' && r <= '9':
			digits = append(digits, byte(r))
		case r == '+' && i == 0 && !plus:
			plus = true
		case r == ' ' || r == '.' || r == '-' || r == '\u00a0' || r == '\u202f' || r == '(' || r == ')':
		default:
			return raw
		}
	}
	s := string(digits)
	if !plus && strings.HasPrefix(s, "0033") {
		s, plus = s[2:], true
	}
	if plus {
		rest, ok := strings.CutPrefix(s, "33")
		rest = strings.TrimPrefix(rest, "0")
		if !ok || len(rest) != 9 || rest[0] == '0' {
			return raw
		}
		return "+33" + NBSP + rest[:1] + pairs(rest[1:])
	}
	if len(s) != 10 || s[0] != '0' || s[1] == '0' {
		return raw
	}
	return s[:2] + pairs(s[2:])
}

// pairs writes digits two by two, each pair after a no-break space.
func pairs(digits string) string {
	var b strings.Builder
	for i := 0; i+1 < len(digits); i += 2 {
		b.WriteString(NBSP + digits[i:i+2])
	}
	return b.String()
}
