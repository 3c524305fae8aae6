package company

import "time"

// date is a day of the calendar, without a time or a zone: the unit of the
// working-day arithmetic, so that no step ever adds 24 hours to an instant
// (a day of Paris lasts 23 hours in March and 25 in October).
type date struct {
	year  int
	month time.Month
	day   int
}

// noon is the date at noon UTC: a reference instant for computing weekdays
// and distances between dates, free of any change of time.
func (d date) noon() time.Time {
	return time.Date(d.year, d.month, d.day, 12, 0, 0, 0, time.UTC)
}

// add is the date n days later (earlier if n < 0); time.Date normalises
// "32 January" into "1 February".
func (d date) add(n int) date {
	y, m, day := time.Date(d.year, d.month, d.day+n, 12, 0, 0, 0, time.UTC).Date()
	return date{y, m, day}
}

func (d date) weekday() time.Weekday { return d.noon().Weekday() }

// daysAfter is how many days d is after e (negative when before).
func (d date) daysAfter(e date) int {
	return int(d.noon().Sub(e.noon()).Hours() / 24)
}

// fixedHolidays are the public holidays of metropolitan France on a fixed
// date (Code du travail, article L. 3133-1).
var fixedHolidays = map[[2]int]string{
	{1, 1}:   "Jour de l’an",
	{5, 1}:   "Fête du Travail",
	{5, 8}:   "Victoire 1945",
	{7, 14}:  "Fête nationale",
	{8, 15}:  "Assomption",
	{11, 1}:  "Toussaint",
	{11, 11}: "Armistice 1918",
	{12, 25}: "Noël",
}

// easterHolidays are the public holidays that follow Easter Sunday, by
// their distance to it in days. Easter Sunday and Pentecost Sunday are
// Sundays, closed anyway. Alsace-Moselle's Good Friday and 26 December are
// left out: the broker is in Lyon.
var easterHolidays = map[int]string{
	1:  "Lundi de Pâques",
	39: "Ascension",
	50: "Lundi de Pentecôte",
}

// holiday is the name of the public holiday on d, if it is one.
func holiday(d date) (string, bool) {
	if name, ok := fixedHolidays[[2]int{int(d.month), d.day}]; ok {
		return name, true
	}
	// Every Easter holiday falls between 23 March and 14 June.
	if d.month < time.March || d.month > time.June {
		return "", false
	}
	name, ok := easterHolidays[d.daysAfter(easter(d.year))]
	return name, ok
}

// easter is Easter Sunday of a Gregorian year, by the anonymous Gregorian
// algorithm (Meeus/Jones/Butcher), valid for every year from 1583.
func easter(year int) date {
	a := year % 19
	b, c := year/100, year%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return date{year, time.Month(month), day}
}
