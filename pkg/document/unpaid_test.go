package document

import (
	"strings"
	"testing"
	"time"
)

// unpaidInput is a debit of 102,88 € due on 5 June 2026, rejected, its
// mise en demeure sent on 15 June.
func unpaidInput() UnpaidInput {
	day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 0, 0, 0, 0, time.UTC) }
	return UnpaidInput{Contract: "HC-2026-000123", Issued: time.Date(2026, 6, 15, 4, 0, 0, 0, time.UTC), Insurer: "Assureur Alpha",
		Product: "Assurance auto", Formula: "Tous risques Confort", Holder: chloe, DueDate: day(6, 5), AmountCents: 10288,
		Reason: "Provision insuffisante", Reference: "IMP-HC-2026-000123-02", IBAN: "FR7630006000011234567890189", BIC: "AGRIFRPP",
		NoticeDate: day(6, 15), SuspendDate: day(7, 15), TerminateDate: day(7, 25)}
}

// TestUnpaidLettersRefuseMissingInput: a letter of an incident without
// its sums, dates or means of payment is not made.
func TestUnpaidLettersRefuseMissingInput(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range []struct {
		name string
		in   func(*UnpaidInput)
		want string
	}{
		{"reference", func(in *UnpaidInput) { in.Reference = "" }, "missing reference"},
		{"iban", func(in *UnpaidInput) { in.IBAN = "" }, "missing iban"},
		{"amount", func(in *UnpaidInput) { in.AmountCents = 0 }, "no amount"},
		{"suspension", func(in *UnpaidInput) { in.SuspendDate = time.Time{} }, "issue time"},
	} {
		in := unpaidInput()
		c.in(&in)
		for _, build := range []func(UnpaidInput) (*Doc, error){r.NoticeLetter, r.TerminationLetter} {
			if _, err := build(in); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.want)
			}
		}
	}
	in := unpaidInput()
	in.NoticeDate = time.Time{}
	if _, err := r.TerminationLetter(in); err == nil {
		t.Error("a termination without a mise en demeure was made")
	}
}
