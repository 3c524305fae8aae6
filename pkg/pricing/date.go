package pricing

import (
	"strconv"
	"time"
)

// Date is a calendar day without time or zone: a birth date, a licence
// date, or "today", which the caller passes in (the engine reads no clock).
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate reads a date written YYYY-MM-DD, as the API and the form send it.
func ParseDate(s string) (Date, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, false
	}
	y, err1 := strconv.Atoi(s[:4])
	m, err2 := strconv.Atoi(s[5:7])
	d, err3 := strconv.Atoi(s[8:])
	if err1 != nil || err2 != nil || err3 != nil || m < 1 || m > 12 || d < 1 || d > daysIn(time.Month(m), y) {
		return Date{}, false
	}
	return Date{y, time.Month(m), d}, true
}

// DateOf returns the calendar day of t in its own location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

func daysIn(m time.Month, y int) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// String writes the date as YYYY-MM-DD.
func (d Date) String() string {
	b := make([]byte, 0, 10)
	b = appendPadded(b, d.Year, 4)
	b = append(b, '-')
	b = appendPadded(b, int(d.Month), 2)
	b = append(b, '-')
	return string(appendPadded(b, d.Day, 2))
}

func appendPadded(b []byte, n, width int) []byte {
	var digits [20]byte
	s := strconv.AppendInt(digits[:0], int64(n), 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// Before reports whether d is strictly before o.
func (d Date) Before(o Date) bool {
	if d.Year != o.Year {
		return d.Year < o.Year
	}
	if d.Month != o.Month {
		return d.Month < o.Month
	}
	return d.Day < o.Day
}

// YearsUntil returns the number of whole years from d to later: an age
// on a birthday counts the new year. Someone born on 29 February has
// their birthday on 1 March in common years, as French civil law counts.
func (d Date) YearsUntil(later Date) int {
	years := later.Year - d.Year
	month, day := d.Month, d.Day
	if month == time.February && day == 29 && daysIn(time.February, later.Year) == 28 {
		month, day = time.March, 1
	}
	if later.Month < month || (later.Month == month && later.Day < day) {
		years--
	}
	return years
}

// AddDays returns the date n days after d.
func (d Date) AddDays(n int) Date {
	return DateOf(time.Date(d.Year, d.Month, d.Day+n, 12, 0, 0, 0, time.UTC))
}
