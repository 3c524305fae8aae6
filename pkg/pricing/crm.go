package pricing

import "strconv"

// CRM is a bonus-malus coefficient (coefficient de réduction-majoration,
// Code des assurances, art. A121-1 and its annexed clause) in hundredths:
// 100 is 1,00, 50 the best bonus, 350 the worst malus. Hundredths keep
// the clause's rounding exact: it stops every result at the second
// decimal, rounded down.
type CRM int

// The bounds of the clause (art. 4 and 5 of the annex to A121-1) and the
// coefficient of a first contract (art. 1).
const (
	CRMMin   CRM = 50
	CRMMax   CRM = 350
	CRMStart CRM = 100
)

// String writes the coefficient the French way: « 0,95 ».
func (c CRM) String() string {
	b := strconv.AppendInt(make([]byte, 0, 4), int64(c/100), 10)
	return string(append(b, ',', byte('0'+c%100/10), byte('0'+c%10)))
}

// Float returns the coefficient as a multiplier.
func (c CRM) Float() float64 { return float64(c) / 100 }

// CRMYear is one annual period of insurance as the client remembers it:
// the claims in which they were fully responsible, and those in which
// the responsibility was shared. Claims without responsibility (theft,
// glass, a parked car hit by a known third party) do not count (art. 6).
type CRMYear struct {
	Responsible int `json:"responsible"`
	Shared      int `json:"shared"`
}

// ComputeCRM applies annual periods, oldest first, to a starting
// coefficient (1,00 for a first contract), as the clause annexed to
// A121-1 says:
//   - a period without claim multiplies by 0,95 (art. 4), down to 0,50;
//   - each fully responsible claim multiplies by 1,25, each shared one by
//     1,125 (art. 5), up to 3,50; fully responsible claims are applied
//     first when a period has both (the clause does not order them);
//   - every result is stopped at the second decimal and rounded down;
//   - after two consecutive periods without claim the coefficient is at
//     most 1 (art. 5);
//   - the first claim after at least three periods at 0,50 raises
//     nothing (art. 4). We read « premier sinistre » as once per such
//     run: the count of periods at 0,50 starts again after it.
func ComputeCRM(start CRM, years []CRMYear) CRM {
	c, _ := ReplayCRM(start, CRMRun{}, years)
	return c
}

// CRMRun is what the clause remembers beyond the coefficient: how many
// consecutive periods ended without claim (art. 5's two years), and how
// many consecutive periods started at 0,50 (art. 4's three years). A
// renewal that prices one period at a time keeps it from year to year,
// so that one more period gives what ComputeCRM gives for the whole.
type CRMRun struct {
	ClaimFree int `json:"claimFree"`
	AtFloor   int `json:"atFloor"`
}

// ReplayCRM applies years to start as ComputeCRM does, the runs starting
// from run, and returns the coefficient with the runs after the last.
func ReplayCRM(start CRM, run CRMRun, years []CRMYear) (CRM, CRMRun) {
	c := min(max(start, CRMMin), CRMMax)
	for _, y := range years {
		c, run = nextCRM(c, run, y)
	}
	return c, run
}

// nextCRM applies one period y to c.
func nextCRM(c CRM, run CRMRun, y CRMYear) (CRM, CRMRun) {
	floorBefore := run.AtFloor
	if c == CRMMin {
		run.AtFloor++
	} else {
		run.AtFloor = 0
	}
	if y.Responsible <= 0 && y.Shared <= 0 {
		run.ClaimFree++
		c = max(c*95/100, CRMMin)
		if run.ClaimFree >= 2 {
			c = min(c, CRMStart)
		}
		return c, run
	}
	run.ClaimFree = 0
	spared := c == CRMMin && floorBefore >= 3
	for i := 0; i < y.Responsible+y.Shared; i++ {
		if spared {
			spared = false
			run.AtFloor = 0
			continue
		}
		if i < y.Responsible {
			c = c * 125 / 100
		} else {
			c = c * 1125 / 1000
		}
		c = min(c, CRMMax)
	}
	return c, run
}

// CRMHistory is the history a client knows, from which the form computes
// the bonus-malus when the relevé d'information is not at hand: how many
// annual periods they have been insured (the most recent last), and in
// which of them they had claims.
type CRMHistory struct {
	// InsuredYears is the number of full annual periods insured, 0 to 60.
	InsuredYears int `json:"insuredYears"`
	// Claims lists the responsible or shared claims.
	Claims []PastClaim `json:"claims,omitempty"`
}

// PastClaim is a claim of the history: in which period (1 is the last
// full period, 2 the one before…) and whether the responsibility was
// "full" or "shared".
type PastClaim struct {
	YearsAgo       int    `json:"yearsAgo"`
	Responsibility string `json:"responsibility"`
}

// maxHistoryYears bounds a history: nobody has been insured longer.
const maxHistoryYears = 60

// CRM computes the coefficient of the history from 1,00. ok is false for
// a history out of bounds (a claim outside the insured periods, an
// unknown responsibility).
func (h CRMHistory) CRM() (c CRM, ok bool) {
	if h.InsuredYears < 0 || h.InsuredYears > maxHistoryYears || len(h.Claims) > 5*maxHistoryYears {
		return 0, false
	}
	years, ok := h.Years()
	if !ok {
		return 0, false
	}
	return ComputeCRM(CRMStart, years), true
}

// Years are the history's annual periods, oldest first; ok is false for
// a history out of bounds, as CRM says.
func (h CRMHistory) Years() (years []CRMYear, ok bool) {
	if h.InsuredYears < 0 || h.InsuredYears > maxHistoryYears || len(h.Claims) > 5*maxHistoryYears {
		return nil, false
	}
	years = make([]CRMYear, h.InsuredYears)
	for _, claim := range h.Claims {
		if claim.YearsAgo < 1 || claim.YearsAgo > h.InsuredYears {
			return nil, false
		}
		y := &years[h.InsuredYears-claim.YearsAgo]
		switch claim.Responsibility {
		case "full":
			y.Responsible++
		case "shared":
			y.Shared++
		default:
			return nil, false
		}
	}
	return years, true
}
