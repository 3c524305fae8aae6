package company

// INTERIM: replaced by the calendar branch (parsed opening hours, French
// public holidays, tested). Same API, so other packages build on it now.

import (
	"time"
	_ "time/tzdata"
)

// AnswerDelays are the answer delays the site promises.
type AnswerDelays struct {
	QuoteWorkingHours    int `json:"quoteWorkingHours"`
	CallbackWorkingHours int `json:"callbackWorkingHours"`
	ContactWorkingDays   int `json:"contactWorkingDays"`
}

// Complaints is the complaint procedure's contact and delays.
type Complaints struct {
	Email           string `json:"email"`
	Address         string `json:"address"`
	AcknowledgeDays int    `json:"acknowledgeDays"`
	AnswerMonths    int    `json:"answerMonths"`
}

// Slot is a one-hour callback slot.
type Slot struct{ Start, End time.Time }

// Calendar is the working-time arithmetic of the company.
type Calendar struct{ loc *time.Location }

// Calendar builds the company's calendar.
func (p Profile) Calendar() (*Calendar, error) {
	loc, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		return nil, err
	}
	return &Calendar{loc: loc}, nil
}

// Location is Europe/Paris.
func (c *Calendar) Location() *time.Location { return c.loc }

func (c *Calendar) hours(d time.Time) (open, close int) {
	switch d.Weekday() {
	case time.Sunday:
		return 0, 0
	case time.Saturday:
		return 9, 12
	}
	return 9, 18
}

// WorkingDay tells whether the company opens on t's day.
func (c *Calendar) WorkingDay(t time.Time) bool { o, cl := c.hours(t.In(c.loc)); return cl > o }

// OpenAt tells whether the company is open at t.
func (c *Calendar) OpenAt(t time.Time) bool {
	t = t.In(c.loc)
	o, cl := c.hours(t)
	return t.Hour() >= o && t.Hour() < cl
}

// AddWorkingHours adds h opening hours to t.
func (c *Calendar) AddWorkingHours(t time.Time, h int) time.Time {
	t = t.In(c.loc)
	left := time.Duration(h) * time.Hour
	for {
		o, cl := c.hours(t)
		day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, c.loc)
		start, end := day.Add(time.Duration(o)*time.Hour), day.Add(time.Duration(cl)*time.Hour)
		if t.Before(start) {
			t = start
		}
		if t.Before(end) {
			if t.Add(left).Compare(end) <= 0 {
				return t.Add(left)
			}
			left -= end.Sub(t)
		}
		t = time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, c.loc)
	}
}

// AddWorkingDays is the closing time of the n-th working day after t's day.
func (c *Calendar) AddWorkingDays(t time.Time, n int) time.Time {
	t = t.In(c.loc)
	for n > 0 {
		t = time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, c.loc)
		if c.WorkingDay(t) {
			n--
		}
	}
	_, cl := c.hours(t)
	return time.Date(t.Year(), t.Month(), t.Day(), cl, 0, 0, 0, c.loc)
}

// AddMonths is the same wall-clock time n months later.
func (c *Calendar) AddMonths(t time.Time, n int) time.Time { return t.In(c.loc).AddDate(0, n, 0) }

// SameDay tells whether a and b fall on the same day in Paris.
func (c *Calendar) SameDay(a, b time.Time) bool {
	a, b = a.In(c.loc), b.In(c.loc)
	return a.Year() == b.Year() && a.YearDay() == b.YearDay()
}

// Slots lists the one-hour callback slots of the next days working days.
func (c *Calendar) Slots(from time.Time, days int) []Slot {
	var out []Slot
	t := from.In(c.loc).Add(time.Hour)
	for d := 0; d < days+7 && days > 0; d++ {
		day := time.Date(t.Year(), t.Month(), t.Day()+d, 0, 0, 0, 0, c.loc)
		o, cl := c.hours(day)
		if cl <= o {
			continue
		}
		days--
		for h := o; h < cl; h++ {
			s := time.Date(day.Year(), day.Month(), day.Day(), h, 0, 0, 0, c.loc)
			if !s.Before(t) {
				out = append(out, Slot{s, s.Add(time.Hour)})
			}
		}
	}
	return out
}

// ValidSlot tells whether s is one of Slots(from, days).
func (c *Calendar) ValidSlot(from time.Time, s Slot, days int) bool {
	for _, x := range c.Slots(from, days) {
		if x.Start.Equal(s.Start) && x.End.Equal(s.End) {
			return true
		}
	}
	return false
}
