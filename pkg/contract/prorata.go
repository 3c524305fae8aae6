package contract

import "time"

// prorata is the adjustment of an amendment that moves the yearly premium
// from yearlyBefore to yearlyAfter (cents) from the day effective on, in
// the period [periodStart, periodEnd): the difference for the days left,
// positive when the client owes it, negative when it is refunded.
//
// The days are civil days, each read in its time's own location, so that
// a change of hour never adds or takes a day:
//   - periodStart is the period's first day, periodEnd its anniversary, the
//     first day of the next period (excluded), as a contract's term is the
//     day its cover ends: the period counts its own days, 366 when it
//     holds a 29 February, 365 otherwise;
//   - effective is the first day at the new premium (included): the days
//     left run from it to the period's last day, periodEnd − effective;
//     on periodStart the whole difference is due, on the last day one day;
//   - an effective day before the period counts from its start, one on or
//     after its end gives nothing, and an empty period gives nothing (the
//     caller refuses such dates with the client's words; this only stays
//     within the period).
//
// The result is (yearlyAfter − yearlyBefore) × days left / days of the
// period, rounded to the cent, halves away from zero, so that a refund is
// the exact opposite of the charge of the reverse change.
func prorata(yearlyBefore, yearlyAfter int64, effective, periodStart, periodEnd time.Time) int64 {
	start, end, from := epochDay(periodStart), epochDay(periodEnd), epochDay(effective)
	if end <= start {
		return 0
	}
	from = max(from, start)
	if from >= end {
		return 0
	}
	return divRoundHalfAway((yearlyAfter-yearlyBefore)*(end-from), end-start)
}

// epochDay numbers t's calendar day in t's location: days since 1 January
// 1970, whatever the hour or the zone's offset.
func epochDay(t time.Time) int64 {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// divRoundHalfAway is n / d rounded to the nearest integer, halves away from
// zero; d is positive.
func divRoundHalfAway(n, d int64) int64 {
	q, r := n/d, n%d
	if r < 0 {
		r = -r
	}
	if 2*r >= d {
		if n < 0 {
			return q - 1
		}
		return q + 1
	}
	return q
}
