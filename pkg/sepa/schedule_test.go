package sepa

import (
	"strings"
	"testing"
)

// dates writes the debits as "2026-01-31 FRST 1250" lines, to compare at a glance.
func dates(debits []Debit) string {
	var b strings.Builder
	for _, d := range debits {
		b.WriteString(d.Date.String() + " " + string(d.SeqType) + " " + FormatCents(d.AmountCents) + "\n")
	}
	return b.String()
}

func TestFirstYear(t *testing.T) {
	tests := []struct {
		name string
		plan Plan
		want []string // the dates; the first is FRST, the others RCUR
	}{
		{"monthly on the 15th, across the new year", Plan{Start: Date{2026, 9, 15}, Rhythm: Monthly, MonthlyCents: 4210},
			[]string{"2026-09-15", "2026-10-15", "2026-11-15", "2026-12-15", "2027-01-15", "2027-02-15", "2027-03-15",
				"2027-04-15", "2027-05-15", "2027-06-15", "2027-07-15", "2027-08-15"}},
		{"monthly on the 31st: the last day of short months, back to the 31st after", Plan{Start: Date{2026, 1, 31}, Rhythm: Monthly, MonthlyCents: 4210},
			[]string{"2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31",
				"2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30", "2026-12-31"}},
		{"monthly on the 30th, February of a leap year", Plan{Start: Date{2027, 12, 30}, Rhythm: Monthly, MonthlyCents: 4210},
			[]string{"2027-12-30", "2028-01-30", "2028-02-29", "2028-03-30", "2028-04-30", "2028-05-30", "2028-06-30",
				"2028-07-30", "2028-08-30", "2028-09-30", "2028-10-30", "2028-11-30"}},
		{"monthly from 29 February", Plan{Start: Date{2028, 2, 29}, Rhythm: Monthly, MonthlyCents: 4210},
			[]string{"2028-02-29", "2028-03-29", "2028-04-29", "2028-05-29", "2028-06-29", "2028-07-29", "2028-08-29",
				"2028-09-29", "2028-10-29", "2028-11-29", "2028-12-29", "2029-01-29"}},
		{"monthly, 2100 is not a leap year", Plan{Start: Date{2100, 1, 29}, Rhythm: Monthly, MonthlyCents: 1},
			[]string{"2100-01-29", "2100-02-28", "2100-03-29", "2100-04-29", "2100-05-29", "2100-06-29", "2100-07-29",
				"2100-08-29", "2100-09-29", "2100-10-29", "2100-11-29", "2100-12-29"}},
		{"yearly: one debit on the start day", Plan{Start: Date{2028, 2, 29}, Rhythm: Yearly, YearlyCents: 48900, MonthlyCents: 4210},
			[]string{"2028-02-29"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			debits, err := FirstYear(tt.plan)
			if err != nil {
				t.Fatal(err)
			}
			amount := tt.plan.MonthlyCents
			if tt.plan.Rhythm == Yearly {
				amount = tt.plan.YearlyCents
			}
			var want strings.Builder
			for i, d := range tt.want {
				seq := Recurrent
				if i == 0 {
					seq = First
				}
				want.WriteString(d + " " + string(seq) + " " + FormatCents(amount) + "\n")
			}
			if got := dates(debits); got != want.String() {
				t.Errorf("FirstYear:\n%s\nwant:\n%s", got, want.String())
			}
		})
	}
}

func TestFirstYearRefuses(t *testing.T) {
	tests := []struct {
		name  string
		plan  Plan
		field string
	}{
		{"no start", Plan{Rhythm: Monthly, MonthlyCents: 100}, "start"},
		{"31 April", Plan{Start: Date{2026, 4, 31}, Rhythm: Monthly, MonthlyCents: 100}, "start"},
		{"29 February of a common year", Plan{Start: Date{2027, 2, 29}, Rhythm: Yearly, YearlyCents: 100}, "start"},
		{"unknown rhythm", Plan{Start: Date{2026, 4, 1}, Rhythm: "weekly", MonthlyCents: 100}, "rhythm"},
		{"monthly without a monthly amount", Plan{Start: Date{2026, 4, 1}, Rhythm: Monthly, YearlyCents: 1200}, "amount"},
		{"negative", Plan{Start: Date{2026, 4, 1}, Rhythm: Yearly, YearlyCents: -1}, "amount"},
	}
	for _, tt := range tests {
		debits, err := FirstYear(tt.plan)
		if field, _ := fieldError(t, err); field != tt.field || debits != nil {
			t.Errorf("%s: FirstYear = %v, %v, want a field error on %s", tt.name, debits, err, tt.field)
		}
	}
}

func TestPreNotificationDate(t *testing.T) {
	tests := []struct{ debit, want Date }{
		{Date{2026, 3, 15}, Date{2026, 3, 1}},
		{Date{2026, 3, 5}, Date{2026, 2, 19}},
		{Date{2028, 3, 10}, Date{2028, 2, 25}},
		{Date{2027, 1, 10}, Date{2026, 12, 27}},
	}
	for _, tt := range tests {
		if got := PreNotificationDate(tt.debit); got != tt.want {
			t.Errorf("PreNotificationDate(%s) = %s, want %s", tt.debit, got, tt.want)
		}
	}
}
