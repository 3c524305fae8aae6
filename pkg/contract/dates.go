package contract

import (
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// The delays of the law and of the broker, in days or months.
const (
	// WithdrawalDays: distance selling gives 14 calendar days to withdraw
	// from the day the contract is concluded (code des assurances L112-2-1).
	WithdrawalDays = 14
	// ProvisionalDays: a signed contract covers for 30 days while staff
	// check the supporting documents.
	ProvisionalDays = 30
	// NoticeMonths: a cancellation at the term must reach the insurer two
	// months before it (L113-12).
	NoticeMonths = 2
	// MaxStartDays: the furthest a start date may be chosen.
	MaxStartDays = 90
)

// Reasons of a cancellation (POST /api/contracts/{id}/cancellation).
const (
	ReasonTerm  = "term"
	ReasonHamon = "hamon"
	ReasonOther = "other"
)

// layout is a civil date as the API and the database write it.
const layout = time.DateOnly

// day is t's calendar day at midnight UTC: dates here are civil dates
// read in the broker's time zone, compared and added as such.
func day(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// parseDay reads a YYYY-MM-DD date of field.
func parseDay(field, s, what string) (time.Time, error) {
	d, err := time.Parse(layout, s)
	if err != nil {
		return time.Time{}, apperr.FieldErrorf(field, "Indiquez %s au format AAAA-MM-JJ.", what)
	}
	return d, nil
}

// addMonths adds n months to d, the last day of the month when d's day
// does not exist there (31 January + 1 month = 28 or 29 February).
func addMonths(d time.Time, n int) time.Time {
	y, m, dd := d.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	if dd > last {
		dd = last
	}
	return time.Date(first.Year(), first.Month(), dd, 0, 0, 0, 0, time.UTC)
}

// CheckStart checks a start date chosen on today: not before tomorrow,
// nor after MaxStartDays; for a switch under the loi Hamon, not before
// the old contract ends, a month after its insurer is told (tomorrow).
func CheckStart(start, today time.Time, switching bool) error {
	earliest := today.AddDate(0, 0, 1)
	if switching {
		earliest = addMonths(earliest, 1)
	}
	if start.Before(earliest) {
		if switching {
			return apperr.FieldErrorf("startDate", "Votre contrat actuel prend fin au plus tôt le %s (un mois après que votre assureur en est informé)\u00a0: choisissez cette date ou une date plus tardive.", frDate(earliest))
		}
		return apperr.FieldErrorf("startDate", "Le contrat peut commencer au plus tôt demain, le %s.", frDate(earliest))
	}
	if latest := today.AddDate(0, 0, MaxStartDays); start.After(latest) {
		return apperr.FieldErrorf("startDate", "Choisissez une date de début avant le %s (%d\u00a0jours au plus).", frDate(latest), MaxStartDays)
	}
	return nil
}

// term is the first anniversary (« échéance ») of a contract started on
// start that is not before from.
func term(start, from time.Time) time.Time {
	k := 1
	for addMonths(start, 12*k).Before(from) {
		k++
	}
	return addMonths(start, 12*k)
}

// EndDate is the day a cancellation asked on today ends the cover of a
// contract of product started on start, by reason:
//   - term: the next anniversary at least NoticeMonths ahead (L113-12);
//   - hamon: a month after the insurer is told (today), once the contract
//     is a year old, for car, motorbike and home (L113-15-2);
//   - other: the loi Hamon's date where it applies, the term otherwise;
//     the broker checks the reason given against the law (L113-16).
//
// The product is one of the house's (pricing.HouseProduct); endDate
// takes whether the loi Hamon applies to it.
func EndDate(product, reason string, start, today time.Time) (time.Time, error) {
	spec, _ := pricing.HouseProduct(product)
	return endDate(spec.Hamon, reason, start, today)
}

// endDate is EndDate for a product the loi Hamon applies to, or not
// (its spec's Hamon: car, motorbike, home; L113-15-2).
func endDate(hamonProduct bool, reason string, start, today time.Time) (time.Time, error) {
	yearOld := !addMonths(start, 12).After(today)
	hamon := hamonProduct && yearOld
	switch reason {
	case ReasonHamon:
		if !hamonProduct {
			return time.Time{}, apperr.FieldErrorf("reason", "La loi Hamon ne s’applique pas à ce contrat\u00a0: choisissez la résiliation à l’échéance.")
		}
		if !yearOld {
			return time.Time{}, apperr.FieldErrorf("reason", "La loi Hamon permet de résilier après un an de contrat, soit à partir du %s\u00a0: d’ici là, choisissez la résiliation à l’échéance.", frDate(addMonths(start, 12)))
		}
		return addMonths(today, 1), nil
	case ReasonOther:
		if hamon {
			return addMonths(today, 1), nil
		}
		return term(start, addMonths(today, NoticeMonths)), nil
	case ReasonTerm:
		return term(start, addMonths(today, NoticeMonths)), nil
	}
	return time.Time{}, apperr.FieldErrorf("reason", "Choisissez le motif de la résiliation.")
}

// WithdrawalEnd is the last day a contract concluded on signed may be
// withdrawn from.
func WithdrawalEnd(signed time.Time) time.Time { return signed.AddDate(0, 0, WithdrawalDays) }

// DueForCover is the premium owed for the days covered between start and
// end (none before the start), of a yearly premium: what the insurer may
// keep when the client withdraws (L112-2-1).
func DueForCover(yearlyCents int64, start, end time.Time) int64 {
	if !end.After(start) {
		return 0
	}
	days := int64(end.Sub(start).Hours() / 24)
	return (yearlyCents*days + 182) / 365
}

// frDate is « 1er mars 2027 », « 14 mars 2027 ».
func frDate(d time.Time) string { return fr.Date(d, time.UTC) }
