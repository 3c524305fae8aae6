package contract

import (
	"strings"
	"time"
)

// The follow-ups of staff's list, values of Filter.Status beside the
// statuses (as "proofs" is): the contracts whose premiums went unpaid, and
// those whose renewal comes.
const (
	// FollowUnpaid (« impayés »): suspended for non-payment, or with a
	// debit the bank rejected and not settled yet.
	FollowUnpaid = "unpaid"
	// FollowRenewal (« à renouveler »): renewed tacitly at their next
	// anniversary, whose avis d'échéance is due within RenewalWatchMonths,
	// until the last day to refuse the renewal.
	FollowRenewal = "renewal"
)

// RenewalWatchMonths is how far ahead « à renouveler » looks: the avis
// d'échéance may be sent 3 months before the last day to refuse at the
// earliest (L113-15-1), so staff see every contract whose window opens.
const RenewalWatchMonths = NoticeMaxMonths

// followWhere is the SQL condition on contracts (and its arguments) of a
// follow-up as of today; none matches a value that names no follow-up. Both are
// written against the tables of issue 42's shared design, in this one
// place so that they can be checked, or changed, together:
//
//   - unpaid: an open payment incident is a debit rejected and not settled
//     yet (RecordReturns makes it 'rejected' as it opens the incident; a
//     payment, or its re-presentation paid, makes it 'settled' as it
//     closes it), so debits.status answers without payment_incidents (a
//     re-presentation rejected in its turn leaves the debit it presents
//     rejected: it is not counted apart); a contract terminated for
//     non-payment stays listed while the premium is owed. With payment_incidents the same reads
//     `id IN (SELECT contract_id FROM payment_incidents WHERE closed_at IS NULL)`.
//   - renewal: the next anniversary (start + 12 months × n, n ≥ 1) is
//     one whose last day to refuse is today or later, and no later than
//     the one whose notice is due RenewalWatchMonths from today (once the
//     client may no longer refuse, the renewal needs no one's attention
//     and the contract leaves the list); it is found by its month and day,
//     which are the start's (a 29 February start renews on the 28th, one
//     day early in a leap year), so no period table is needed. Contracts
//     that cover and renew tacitly only: not pending, not ending
//     (cancel_requested, cancelled, withdrawn), not temporary.
func (s *Service) followWhere(follow string, today time.Time) (string, []any) {
	switch follow {
	case FollowUnpaid:
		return "(status = 'suspended' OR id IN (SELECT contract_id FROM debits WHERE status = 'rejected' AND represents IS NULL))", nil
	case FollowRenewal:
		first, last := addMonths(today, NoticeMonths), renewalWatchEnd(today)
		md := "CASE WHEN substr(start_date, 6) = '02-29' THEN '02-28' ELSE substr(start_date, 6) END"
		from, to := first.Format("01-02"), last.Format("01-02")
		window := md + " >= ? AND " + md + " <= ?"
		if from > to { // the window crosses the new year
			window = "(" + md + " >= ? OR " + md + " <= ?)"
		}
		where := "status IN ('active', 'awaiting_documents', 'suspended') AND start_date <= ? AND " + window
		args := []any{addMonths(last, -12).Format(layout), from, to}
		var temporary []string
		for _, p := range s.tariff().Products() {
			if s.tariff().Temporary(p) {
				temporary, args = append(temporary, "?"), append(args, p)
			}
		}
		if len(temporary) > 0 {
			where += " AND product NOT IN (" + strings.Join(temporary, ", ") + ")"
		}
		return where, args
	}
	return "1 = 0", nil
}

// renewalWatchEnd is the last anniversary « à renouveler » lists as of
// today: the one whose avis d'échéance is due RenewalWatchMonths from
// today (due 15 days before the last day to refuse, itself 2 months
// before the anniversary).
func renewalWatchEnd(today time.Time) time.Time {
	return addMonths(addMonths(today, RenewalWatchMonths).AddDate(0, 0, NoticeMinDays), NoticeMonths)
}
