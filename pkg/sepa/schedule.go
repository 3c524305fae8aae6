package sepa

import (
	"time"

	"courtier/pkg/apperr"
)

// Rhythm is how often a contract's premium is debited.
type Rhythm string

// The rhythms of payment a contract may have.
const (
	Monthly Rhythm = "monthly"
	Yearly  Rhythm = "yearly"
)

// SeqType is the sequence type of a debit under its mandate (ISO 20022
// SequenceType1Code).
type SeqType string

// The sequence types. A recurrent mandate's first debit is FRST and the
// next ones RCUR; if a FRST is rejected or never sent, the next debit is
// FRST again. Since the 2016 rulebook a first debit may be sent as RCUR,
// but FRST stays accepted and tells the debtor's bank a mandate starts.
const (
	First     SeqType = "FRST"
	Recurrent SeqType = "RCUR"
	Final     SeqType = "FNAL"
	OneOff    SeqType = "OOFF"
)

// valid reports a known sequence type.
func (s SeqType) valid() bool {
	return s == First || s == Recurrent || s == Final || s == OneOff
}

// PreNotificationDays is the rulebook's default notice: the creditor tells
// the debtor the amount and date of a debit at least 14 calendar days
// before it, unless the two agreed on another period (in the contract's
// terms, for instance). One notice may announce a whole schedule.
const PreNotificationDays = 14

// PreNotificationDate returns the last day on which the debtor may be
// told of the debit due on debit under the default rule: 14 calendar days
// before it (calendar days, not working days, so no holiday moves it).
func PreNotificationDate(debit Date) Date {
	return debit.AddDays(-PreNotificationDays)
}

// Plan is what a contract says of its payment: the day it starts, the
// rhythm, and the premium for each rhythm in cents (only the one of the
// chosen rhythm is used).
type Plan struct {
	Start        Date
	Rhythm       Rhythm
	YearlyCents  int64
	MonthlyCents int64
}

// Debit is one collection of a schedule.
type Debit struct {
	Date        Date
	AmountCents int64
	SeqType     SeqType
}

// FirstYear returns the debits of the contract's first year. Yearly: one
// debit of the yearly premium on the start day. Monthly: twelve debits of
// the monthly premium, on the start day of each month from the start's
// month; in a month without that day (the 31st in April, the 30th in
// February) the debit falls on the month's last day, and the next month
// goes back to the start day. The first debit is FRST, the others RCUR.
// The dates are due dates: moving one off a bank holiday is the bank's
// TARGET2 calendar's job, not this function's.
func FirstYear(p Plan) ([]Debit, error) {
	if !p.Start.Valid() {
		return nil, apperr.FieldErrorf("start", "La date de début du contrat n’existe pas.")
	}
	count, amount := 0, int64(0)
	switch p.Rhythm {
	case Monthly:
		count, amount = 12, p.MonthlyCents
	case Yearly:
		count, amount = 1, p.YearlyCents
	default:
		return nil, apperr.FieldErrorf("rhythm", "Rythme de paiement inconnu «\u00a0%s\u00a0»\u00a0: choisissez monthly ou yearly.", p.Rhythm)
	}
	if amount <= 0 {
		return nil, apperr.FieldErrorf("amount", "Le montant d’un prélèvement doit être positif.")
	}
	debits := make([]Debit, count)
	for i := range debits {
		debits[i] = Debit{Date: sameDayMonthsLater(p.Start, i), AmountCents: amount, SeqType: Recurrent}
	}
	debits[0].SeqType = First
	return debits, nil
}

// sameDayMonthsLater returns the day d.Day of the month n months after d's,
// or that month's last day when it is shorter. Always counted from d, never
// from the previous result, so a 31st clipped to the 30th does not stay there.
func sameDayMonthsLater(d Date, n int) Date {
	first := time.Date(d.Year, d.Month+time.Month(n), 1, 12, 0, 0, 0, time.UTC)
	y, m := first.Year(), first.Month()
	return Date{y, m, min(d.Day, daysIn(y, m))}
}
