package contract

import (
	"context"
	"math"
	"time"

	"courtier/pkg/pricing"
)

// The bonus-malus of a car, motorbike or VTC contract moves at each
// renewal (clause annexed to A121-1 of the code des assurances): the avis
// d'échéance prices the new year with the coefficient the clause gives
// from the claims of the reference period, and the renewal stores it in
// the contract's answers, so that the next year (and an amendment priced
// after) starts from it.
//
// The reference period of an anniversary is the 12 months ending 2
// months before it (art. 2), the first year from the start date. The avis
// is sent up to 5 months before the anniversary, before that period ends:
// it counts the claims known on its day, and records their ids on its
// period (contract_periods.notice_crm). The next avis counts every claim
// of the contract not counted yet whose loss is on or before the end of
// its own reference period: a claim declared after an avis, even one
// that occurred before it, is counted once, by the next one. Ids rather
// than a last day counted, because a loss may be declared days after it
// occurred, when the avis is out already.

// BonusMalusClaim is a claim declared on a contract that may move its
// bonus-malus: its loss's day (YYYY-MM-DD) and the responsibility the
// insurer retained ("" not known yet, "none", "shared", "full").
type BonusMalusClaim struct {
	ID             string
	OccurredAt     string
	Responsibility string
}

// BonusMalusClaims lists the claims declared on contract id that may move
// its bonus-malus (pkg/claim's BonusMalusClaims: those of a nature that
// never engages the driver's responsibility are left out).
type BonusMalusClaims func(ctx context.Context, id string) ([]BonusMalusClaim, error)

// CountClaims gives the service the claims its renewals count; app sets
// it once the claims' service is built (it reads contracts). Without it,
// a renewal counts no claim.
func (s *Service) CountClaims(f BonusMalusClaims) { s.claims = f }

// bonusMalus is what an avis d'échéance applied to the bonus-malus,
// stored on its period (JSON).
type bonusMalus struct {
	// From is the coefficient of the year ending, CRM the new year's.
	From pricing.CRM `json:"from"`
	CRM  pricing.CRM `json:"crm"`
	// Run is what the clause remembers after the new coefficient.
	Run pricing.CRMRun `json:"run"`
	// Counted are the ids of the claims this avis counted.
	Counted []string `json:"counted,omitempty"`
	// Note is what the avis says when the coefficient is kept for a
	// claim whose responsibility is not known yet.
	Note string `json:"note,omitempty"`
}

// crmOf is the coefficient the engine reads in answers a: the relevé's
// when given (the engine prefers it to the history), else the one
// computed from the history; ok is false for answers without one (a
// home's) or out of bounds.
func crmOf(a *pricing.Answers) (c pricing.CRM, ok bool) {
	switch {
	case a == nil:
		return 0, false
	case a.BonusMalus != 0:
		return pricing.CRM(math.Round(a.BonusMalus * 100)), true
	case a.CRMHistory != nil:
		return a.CRMHistory.CRM()
	}
	return 0, false
}

// firstRun is what the clause remembers when c's first renewal comes:
// replayed from the client's history when the engine computed the
// coefficient from it. From a relevé's coefficient alone the runs before
// the contract are unknown: they start at the contract (an approximation
// for a client already at 0,50, or back from a malus, that
// docs/pricing.md states).
func firstRun(a *pricing.Answers) pricing.CRMRun {
	if a.BonusMalus == 0 && a.CRMHistory != nil {
		if years, ok := a.CRMHistory.Years(); ok {
			_, run := pricing.ReplayCRM(pricing.CRMStart, pricing.CRMRun{}, years)
			return run
		}
	}
	return pricing.CRMRun{}
}

// referenceEnd is the last day of the reference period of the
// anniversary anniv: 2 months before it (art. 2 of the clause).
func referenceEnd(anniv time.Time) string {
	return addMonths(anniv, -2).AddDate(0, 0, -1).Format(layout)
}

// nextBonusMalus is the bonus-malus of the year after period n of c,
// renewing at anniv, with the claims known now: nil for a contract
// without one. list are c's periods.
func (s *Service) nextBonusMalus(ctx context.Context, c *Contract, list []period, n int, anniv time.Time) (*bonusMalus, error) {
	from, ok := crmOf(c.Risk.Answers)
	if !ok || c.Risk.FormulaID == "" || s.temporary(c) {
		return nil, nil
	}
	run, counted := firstRun(c.Risk.Answers), map[string]bool{}
	for _, p := range list {
		if p.n >= n || p.noticeCRM == nil {
			continue
		}
		run = p.noticeCRM.Run
		for _, id := range p.noticeCRM.Counted {
			counted[id] = true
		}
	}
	var claims []BonusMalusClaim
	if s.claims != nil {
		var err error
		if claims, err = s.claims(ctx, c.ID); err != nil {
			return nil, err
		}
	}
	return applyClaims(from, run, claims, counted, referenceEnd(anniv)), nil
}

// applyClaims is the bonus-malus after one more period from coefficient
// from and the runs run: the claims not counted yet whose loss is on or
// before refEnd count ('full' × 1,25, 'shared' × 1,125, 'none' nothing),
// none gives × 0,95 (ComputeCRM's arithmetic). One whose responsibility
// is not known yet keeps the coefficient as it is, and counts nothing:
// the next avis counts them all, the responsibility known by then.
func applyClaims(from pricing.CRM, run pricing.CRMRun, claims []BonusMalusClaim, counted map[string]bool, refEnd string) *bonusMalus {
	var year pricing.CRMYear
	var ids []string
	for _, cl := range claims {
		if counted[cl.ID] || cl.OccurredAt > refEnd {
			continue
		}
		switch cl.Responsibility {
		case "":
			when, _ := time.Parse(layout, cl.OccurredAt)
			return &bonusMalus{From: from, CRM: from, Run: run, Note: "Votre coefficient de bonus-malus reste à " + from.String() +
				" en attendant la responsabilité retenue pour votre sinistre du " + frDate(when) + "."}
		case "full":
			year.Responsible++
		case "shared":
			year.Shared++
		}
		ids = append(ids, cl.ID)
	}
	crm, after := pricing.ReplayCRM(from, run, []pricing.CRMYear{year})
	return &bonusMalus{From: from, CRM: crm, Run: after, Counted: ids}
}

// withCRM is a copy of answers a with the coefficient crm, as the
// engine reads it (the relevé's, preferred to a history).
func withCRM(a pricing.Answers, crm pricing.CRM) pricing.Answers {
	a.BonusMalus = crm.Float()
	return a
}

// historyText is what the contract's history adds about bm: the
// coefficient that moves, or the note of one kept; "" for none.
func (bm *bonusMalus) historyText() string {
	switch {
	case bm == nil:
		return ""
	case bm.Note != "":
		return "\u00a0; " + bm.Note
	}
	return "\u00a0; bonus-malus " + bm.From.String() + " → " + bm.CRM.String()
}
