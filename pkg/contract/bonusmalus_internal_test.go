package contract

import (
	"strings"
	"testing"
	"time"

	"courtier/pkg/pricing"
)

// TestApplyClaims: one reference period of the clause annexed to A121-1,
// from the coefficient of the answers; the claims come already without
// the natures that never engage the driver (pkg/claim leaves theft,
// glass, vandalism, fire and natural disasters out).
func TestApplyClaims(t *testing.T) {
	const refEnd = "2027-01-09" // anniversary 2027-03-10
	claim := func(id, day, resp string) BonusMalusClaim {
		return BonusMalusClaim{ID: id, OccurredAt: day, Responsibility: resp}
	}
	for _, tc := range []struct {
		name    string
		from    pricing.CRM
		run     pricing.CRMRun
		claims  []BonusMalusClaim
		counted map[string]bool
		want    pricing.CRM
		ids     string
		note    string
	}{
		{name: "no claim", from: 76, want: 72},
		{name: "a full claim", from: 76, claims: []BonusMalusClaim{claim("a", "2026-05-12", "full")}, want: 95, ids: "a"},
		{name: "a shared claim", from: 76, claims: []BonusMalusClaim{claim("a", "2026-05-12", "shared")}, want: 85, ids: "a"},
		{name: "full and shared", from: 100, claims: []BonusMalusClaim{claim("a", "2026-05-12", "shared"), claim("b", "2026-06-01", "full")}, want: 140, ids: "a b"},
		{name: "none is counted, raises nothing", from: 76, claims: []BonusMalusClaim{claim("a", "2026-05-12", "none")}, want: 72, ids: "a"},
		{name: "unknown keeps it and says so", from: 76, claims: []BonusMalusClaim{claim("a", "2026-04-01", "full"), claim("b", "2026-05-12", "")}, want: 76,
			note: "Votre coefficient de bonus-malus reste à 0,76 en attendant la responsabilité retenue pour votre sinistre du 12\u00a0mai\u00a02026."},
		{name: "after the reference period: next year", from: 76, claims: []BonusMalusClaim{claim("a", "2027-01-10", "full")}, want: 72},
		{name: "the first year counts from the start", from: 100, claims: []BonusMalusClaim{claim("a", "2026-03-10", "full")}, want: 125, ids: "a"},
		{name: "counted by an earlier avis", from: 95, claims: []BonusMalusClaim{claim("a", "2026-05-12", "full")}, counted: map[string]bool{"a": true}, want: 90},
		{name: "a claim after the last avis", from: 72, claims: []BonusMalusClaim{claim("a", "2026-05-12", "full"), claim("b", "2026-12-01", "full")},
			counted: map[string]bool{"a": true}, want: 90, ids: "b"},
		{name: "the floor", from: 50, want: 50},
		{name: "the cap", from: 300, claims: []BonusMalusClaim{claim("a", "2026-05-12", "full")}, want: 350, ids: "a"},
		{name: "a malus after two claim-free years", from: 105, run: pricing.CRMRun{ClaimFree: 1}, want: 99},
		{name: "three years at 0,50 spare a claim", from: 50, run: pricing.CRMRun{AtFloor: 3, ClaimFree: 3}, claims: []BonusMalusClaim{claim("a", "2026-05-12", "full")}, want: 50, ids: "a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := applyClaims(tc.from, tc.run, tc.claims, tc.counted, refEnd)
			if got.CRM != tc.want || got.From != tc.from || strings.Join(got.Counted, " ") != tc.ids || got.Note != tc.note {
				t.Errorf("got %s (from %s, counted %v, note %q), want %s, counted %q, note %q", got.CRM, got.From, got.Counted, got.Note, tc.want, tc.ids, tc.note)
			}
			if tc.note != "" && got.Run != tc.run {
				t.Errorf("a kept year moved the runs: %+v", got.Run)
			}
		})
	}
}

// TestReferenceEnd: the reference period ends 2 months before the
// anniversary (art. 2 of the clause), the end of a shorter month when
// the day is missing there.
func TestReferenceEnd(t *testing.T) {
	for anniv, want := range map[string]string{"2027-03-10": "2027-01-09", "2027-04-30": "2027-02-27", "2028-03-01": "2027-12-31"} {
		d, _ := time.Parse(layout, anniv)
		if got := referenceEnd(d); got != want {
			t.Errorf("anniversary %s: %s, want %s", anniv, got, want)
		}
	}
}
