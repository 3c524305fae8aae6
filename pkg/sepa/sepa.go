// Package sepa holds the rules of SEPA direct debit (SDD Core) the broker
// needs to collect premiums: IBAN and BIC checks, the creditor identifier
// (ICS), mandate references (RUM), the first year's schedule of debits and
// the pain.008.001.02 file the bank takes, and the return files it sends
// back (pain.002.001.03, camt.054.001.02). It is pure: no I/O, no clock, no
// database; the caller passes the dates and writes the bytes.
package sepa

import (
	"strconv"
	"time"
)

// Date is a civil day without time or zone (a contract's start, a debit's
// due date, a mandate's signature), so that a debit never moves by a day
// when a time.Time crosses a zone. The zero Date is "no date".
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf returns the civil day of t in t's own location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// Valid reports whether d names a day of the calendar.
func (d Date) Valid() bool {
	return d.Month >= time.January && d.Month <= time.December && d.Day >= 1 && d.Day <= daysIn(d.Year, d.Month)
}

// AddDays returns the day n days after d (before it when n < 0).
func (d Date) AddDays(n int) Date {
	return DateOf(time.Date(d.Year, d.Month, d.Day+n, 12, 0, 0, 0, time.UTC))
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

// String writes d as YYYY-MM-DD, the ISO 20022 ISODate.
func (d Date) String() string {
	b := make([]byte, 0, 10)
	b = appendPadded(b, d.Year, 4)
	b = append(b, '-')
	b = appendPadded(b, int(d.Month), 2)
	b = append(b, '-')
	return string(appendPadded(b, d.Day, 2))
}

func appendPadded(b []byte, n, width int) []byte {
	s := strconv.Itoa(n)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// daysIn returns the number of days of month m in year y.
func daysIn(y int, m time.Month) int {
	// Day 0 of the next month is the last day of m; time.Date normalizes it.
	return time.Date(y, m+1, 0, 12, 0, 0, 0, time.UTC).Day()
}
