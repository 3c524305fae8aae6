package pricing

import "testing"

// claimFree is n periods without claim.
func claimFree(n int) []CRMYear { return make([]CRMYear, n) }

func years(ys ...CRMYear) []CRMYear { return ys }

func concat(parts ...[]CRMYear) []CRMYear {
	var out []CRMYear
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// TestComputeCRM checks worked examples of the clause annexed to
// A121-1, each computed by hand: every step × 0,95, × 1,25 or × 1,125,
// stopped at the second decimal, rounded down.
func TestComputeCRM(t *testing.T) {
	full, shared := CRMYear{Responsible: 1}, CRMYear{Shared: 1}
	tests := []struct {
		name  string
		start CRM
		years []CRMYear
		want  CRM
	}{
		{"a first contract", 100, nil, 100},
		{"one year without claim: 1,00 × 0,95", 100, claimFree(1), 95},
		{"two years: 0,95 × 0,95 = 0,9025 → 0,90", 100, claimFree(2), 90},
		{"three years: 0,90 × 0,95 = 0,855 → 0,85", 100, claimFree(3), 85},
		{"four years: 0,85 × 0,95 = 0,8075 → 0,80", 100, claimFree(4), 80},
		{"nine years: … 0,64 × 0,95 = 0,608 → 0,60", 100, claimFree(9), 60},
		{"twelve years: 0,54 × 0,95 = 0,513 → 0,51", 100, claimFree(12), 51},
		{"thirteen years reach the floor: 0,51 × 0,95 = 0,4845 → 0,50", 100, claimFree(13), 50},
		{"and stay there", 100, claimFree(20), 50},
		{"a responsible claim from 1,00: 1,25", 100, years(full), 125},
		{"a shared claim from 1,00: 1,125 → 1,12", 100, years(shared), 112},
		{"two responsible claims in a year: 1,25 × 1,25 = 1,5625 → 1,56", 100, years(CRMYear{Responsible: 2}), 156},
		{"full then shared in a year: 1,25 × 1,125 = 1,40625 → 1,40", 100, years(CRMYear{Responsible: 1, Shared: 1}), 140},
		{"a claim from 0,68: 0,68 × 1,25 = 0,85", 68, years(full), 85},
		{"a shared claim from 0,95: 0,95 × 1,125 = 1,06875 → 1,06", 95, years(shared), 106},
		{"the cap: 3,00 × 1,25 = 3,75 → 3,50", 300, years(full), 350},
		{"the cap holds year after year", 100, concat(years(CRMYear{Responsible: 9})), 350},
		{"back to 1 after two years without claim: 3,50 → 3,32 → 3,15 → 1,00", 350, claimFree(2), 100},
		{"one year without claim is not enough: 3,50 × 0,95 = 3,325 → 3,32", 350, claimFree(1), 332},
		{"a claim between restarts the count: 1,56 → 1,48 → 1,85 → 1,75 → 1,00", 156, concat(claimFree(1), years(full), claimFree(2)), 100},
		{"three years at 0,50 spare the first claim", 50, concat(claimFree(3), years(full)), 50},
		{"only the first: a second claim the same year raises 0,50 × 1,25 = 0,625 → 0,62", 50, concat(claimFree(3), years(CRMYear{Responsible: 2})), 62},
		{"two years at 0,50 do not: 0,50 × 1,25 = 0,625 → 0,62", 50, concat(claimFree(2), years(full)), 62},
		{"the floor at 0,50 for a start below it", 40, nil, 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ComputeCRM(tt.start, tt.years); got != tt.want {
				t.Errorf("ComputeCRM(%v, %d years) = %v, want %v", tt.start, len(tt.years), got, tt.want)
			}
		})
	}
}

// TestCRMBounds: whatever the history, the coefficient stays within 0,50 and 3,50.
func TestCRMBounds(t *testing.T) {
	for start := CRM(50); start <= 350; start += 7 {
		for claims := 0; claims < 6; claims++ {
			got := ComputeCRM(start, years(CRMYear{Responsible: claims}, CRMYear{Shared: claims}))
			if got < CRMMin || got > CRMMax {
				t.Fatalf("ComputeCRM(%v, %d claims) = %v, out of bounds", start, claims, got)
			}
		}
	}
}

func TestCRMHistory(t *testing.T) {
	tests := []struct {
		name string
		h    CRMHistory
		want CRM
		ok   bool
	}{
		{"new driver", CRMHistory{}, 100, true},
		{"13 years without claim", CRMHistory{InsuredYears: 13}, 50, true},
		// Ten years: nine without claim (0,60), then the last with a
		// shared claim: 0,60 × 1,125 = 0,675 → 0,67.
		{"a shared claim last year", CRMHistory{InsuredYears: 10, Claims: []PastClaim{{1, "shared"}}}, 67, true},
		// Three years: a claim in the first (1,25), then two without
		// (1,18, 1,12 capped at 1,00).
		{"a claim three years ago", CRMHistory{InsuredYears: 3, Claims: []PastClaim{{3, "full"}}}, 100, true},
		{"a claim before the first year", CRMHistory{InsuredYears: 2, Claims: []PastClaim{{3, "full"}}}, 0, false},
		{"an unknown responsibility", CRMHistory{InsuredYears: 2, Claims: []PastClaim{{1, "none"}}}, 0, false},
		{"too long", CRMHistory{InsuredYears: 61}, 0, false},
	}
	for _, tt := range tests {
		got, ok := tt.h.CRM()
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: CRM() = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCRMString(t *testing.T) {
	for c, want := range map[CRM]string{50: "0,50", 95: "0,95", 100: "1,00", 112: "1,12", 350: "3,50"} {
		if got := c.String(); got != want {
			t.Errorf("CRM(%d).String() = %q, want %q", int(c), got, want)
		}
	}
}

// TestReplayCRMYearByYear: a renewal applies one period a year, keeping
// the runs between years; it ends where ComputeCRM ends for the whole
// (the two claim-free years capping a malus at 1, the first claim after
// three years at 0,50 sparing nothing).
func TestReplayCRMYearByYear(t *testing.T) {
	full, shared := CRMYear{Responsible: 1}, CRMYear{Shared: 1}
	for _, tc := range []struct {
		name  string
		start CRM
		years []CRMYear
	}{
		{"claim-free from 1,00", 100, claimFree(20)},
		{"malus capped after two claim-free years", 100, concat(years(full, full, full), claimFree(3))},
		{"three years at 0,50 spare the first claim", 50, concat(claimFree(4), years(full, full), claimFree(2))},
		{"shared then full", 76, years(shared, full, CRMYear{}, CRMYear{Responsible: 2, Shared: 1})},
		{"the cap", 300, years(full, full, full)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, run := tc.start, CRMRun{}
			for _, y := range tc.years {
				c, run = ReplayCRM(c, run, []CRMYear{y})
			}
			if want := ComputeCRM(tc.start, tc.years); c != want {
				t.Errorf("year by year %s, at once %s", c, want)
			}
		})
	}
}
