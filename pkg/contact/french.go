package contact

import (
	"fmt"
	"strconv"
	"time"
)

// French writing of numbers, dates and phone numbers in the texts this
// package composes (history lines, the replies a client reads). Spaces
// that must not break are written as such: these texts are shown as they
// are, in the queue, on the dashboard and in the data export.

const nbsp = "\u00a0"

var months = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
	"septembre", "octobre", "novembre", "décembre"}

// frInt writes n the French way, thousands separated by a narrow
// no-break space: 5 000.
func frInt(n int) string {
	if n < 0 {
		return "-" + frInt(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "\u202f" + s[i:]
	}
	return s
}

// frDate writes the date of t in loc: "23 novembre 2026", "1er mai 2026".
func frDate(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	day := strconv.Itoa(t.Day())
	if t.Day() == 1 {
		day = "1er"
	}
	return day + nbsp + months[t.Month()-1] + nbsp + strconv.Itoa(t.Year())
}

// frClock writes the time of t in loc, 24-hour: "14:05".
func frClock(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	return fmt.Sprintf("%02d:%02d", t.Hour(), t.Minute())
}

// frDateTime writes t in loc: "23 novembre 2026 à 14:05".
func frDateTime(t time.Time, loc *time.Location) string {
	return frDate(t, loc) + " à" + nbsp + frClock(t, loc)
}

// frSlot writes a callback slot: "23 novembre 2026, 14:00 – 15:00".
func frSlot(start, end time.Time, loc *time.Location) string {
	return frDate(start, loc) + ", " + frClock(start, loc) + nbsp + "–" + nbsp + frClock(end, loc)
}

// frPhone writes a French number in pairs, "06 39 98 12 34"; others as stored.
func frPhone(p string) string {
	if len(p) != 10 || p[0] != '0' {
		return p
	}
	out := p[:2]
	for i := 2; i < 10; i += 2 {
		out += nbsp + p[i:i+2]
	}
	return out
}

// frDay writes the date of t in loc without the year: "23 novembre".
func frDay(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	day := strconv.Itoa(t.Day())
	if t.Day() == 1 {
		day = "1er"
	}
	return day + nbsp + months[t.Month()-1]
}
