package claim

import (
	"fmt"
	"time"
)

// Holidays tells whether a day is a public holiday in France
// (company.Calendar.Holiday answers it).
type Holidays func(day time.Time) bool

// Deadline is the last day the law gives to declare a loss, and the rule
// that gives it. Day is zero for a natural disaster whose decree is not
// out yet: the delay runs from its publication.
type Deadline struct {
	Day  time.Time
	Rule string
}

// DeclareBy is the deadline to declare a loss of the nature k that
// occurred on the day occurred (a date at midnight UTC). The general
// delay and the theft's count "jours ouvrés" (Monday to Friday, public
// holidays aside) from the day after the loss (code des assurances,
// L113-2 4°); a natural disaster's counts calendar days from the
// publication of its decree, given as decree or zero (L125-2, 30 days
// since loi n° 2021-1837 of 28 December 2021; A125-1 still says ten).
func (d Delays) DeclareBy(k KindInfo, occurred, decree time.Time, holiday Holidays) Deadline {
	switch k.Delay {
	case "natural":
		rule := fmt.Sprintf("%d\u00a0jours après la publication de l’arrêté de catastrophe naturelle au Journal officiel (article L125-2 du code des assurances)", d.NaturalDisasterDays)
		if decree.IsZero() {
			return Deadline{Rule: rule + "\u00a0; déclarez sans attendre l’arrêté, votre dossier sera prêt"}
		}
		return Deadline{Day: decree.AddDate(0, 0, d.NaturalDisasterDays), Rule: rule}
	case "theft":
		return Deadline{Day: addWorkingDays(occurred, d.TheftWorkingDays, holiday),
			Rule: fmt.Sprintf("%d\u00a0jours ouvrés après le vol, ou après le jour où vous l’avez découvert (article L113-2 du code des assurances)", d.TheftWorkingDays)}
	}
	return Deadline{Day: addWorkingDays(occurred, d.GeneralWorkingDays, holiday),
		Rule: fmt.Sprintf("%d\u00a0jours ouvrés après le sinistre, ou après le jour où vous l’avez appris (article L113-2 du code des assurances)", d.GeneralWorkingDays)}
}

// addWorkingDays is the n-th "jour ouvré" after day.
func addWorkingDays(day time.Time, n int, holiday Holidays) time.Time {
	for n > 0 {
		day = day.AddDate(0, 0, 1)
		if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday || (holiday != nil && holiday(day)) {
			continue
		}
		n--
	}
	return day
}
