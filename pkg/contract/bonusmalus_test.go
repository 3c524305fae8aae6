package contract_test

import (
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/claim"
	"courtier/pkg/contract"
)

// declare declares a loss of kind on c on day (the clock moved there
// when behind) and, when resp is not "-", has the agent record the
// responsibility the insurer retained.
func (f *fixture) declare(t *testing.T, c *contract.Contract, kind, day, resp string) {
	t.Helper()
	at, _ := time.Parse(time.DateOnly, day)
	if d := at.Add(12 * time.Hour).Sub(f.clock.Now()); d > 0 {
		f.clock.Advance(d)
	}
	answers := map[string]string{"place": "Rue de la République, Lyon", "injured": "no", "otherParty": "no", "constat": "none"}
	if kind == "theft" {
		answers = map[string]string{"place": "Rue de la République, Lyon", "policeReport": "yes"}
	}
	k, err := f.app.Claims.Declare(f.ctx, f.marie, claim.Draft{ContractID: c.ID, Kind: kind, OccurredAt: day,
		Description: "Sinistre des tests du bonus-malus, décrit assez longuement.", Answers: answers})
	if err != nil {
		t.Fatal(err)
	}
	if resp == "-" {
		return
	}
	if _, err := f.app.Desk.Take(f.ctx, f.agent, k.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Claims.SetResponsibility(f.ctx, f.agent, k.ID, claim.ResponsibilityInput{Responsibility: resp}); err != nil {
		t.Fatal(err)
	}
}

// TestRenewalBonusMalus: the avis d'échéance prices the new year with the
// coefficient the clause gives from the claims of the reference period
// (the tests' answers say 0,60), and the renewal stores it in the
// answers: a responsible claim renews at the malus premium the engine
// gives, theft and claims without responsibility never count, a
// responsibility not known yet keeps 0,60 and the avis says why, and a
// loss after the avis is counted by the next one.
func TestRenewalBonusMalus(t *testing.T) {
	type claimAt struct{ kind, day, resp string }
	for _, tc := range []struct {
		name   string
		before []claimAt // declared before the first avis
		after  []claimAt // declared after it
		first  float64   // the coefficient of the second year
		second float64   // of the third year (0 not checked)
		note   string
	}{
		{name: "without claim", first: 0.57, second: 0.54},
		{name: "a responsible claim", before: []claimAt{{"collision", "2026-05-12", "full"}}, first: 0.75, second: 0.71},
		{name: "a shared one", before: []claimAt{{"collision", "2026-05-12", "shared"}}, first: 0.67},
		{name: "a theft", before: []claimAt{{"theft", "2026-05-12", "-"}}, first: 0.57},
		{name: "no responsibility", before: []claimAt{{"collision", "2026-05-12", "none"}}, first: 0.57},
		{name: "not known yet", before: []claimAt{{"collision", "2026-05-12", "-"}}, first: 0.60,
			note: "Votre coefficient de bonus-malus reste à 0,60 en attendant la responsabilité retenue pour votre sinistre du 12\u00a0mai\u00a02026."},
		{name: "a loss after the avis, counted next year", after: []claimAt{{"collision", "2026-12-01", "full"}}, first: 0.57, second: 0.71},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			c := f.sign(t, f.draft(t))
			for _, k := range tc.before {
				f.declare(t, c, k.kind, k.day, k.resp)
			}
			if f.tick(t, "2026-10-10")["notices"] != 1 {
				t.Fatal("no avis d'échéance")
			}
			for _, k := range tc.after {
				f.declare(t, c, k.kind, k.day, k.resp)
			}
			r := f.get(t, c.ID).Renewal
			want := f.enginePrice(t, withBonus(c, tc.first), "2027-03-10")
			if r == nil || r.YearlyCents != want.YearlyCents || r.MonthlyCents != want.MonthlyCents || r.BonusMalusNote != tc.note {
				t.Fatalf("the avis %+v, the engine's %d/%d at %v, note %q", r, want.YearlyCents, want.MonthlyCents, tc.first, tc.note)
			}
			if ps := f.payloads(t, c.ID, "contract.notice_sent"); len(ps) != 1 || ps[0].BonusMalus != tc.note {
				t.Errorf("the avis' e-mail %+v", ps)
			}
			if f.tick(t, "2027-03-10")["renewals"] != 1 {
				t.Fatal("not renewed")
			}
			c = f.get(t, c.ID)
			if c.YearlyCents != want.YearlyCents || c.Risk.Answers.BonusMalus != tc.first {
				t.Fatalf("renewed at %d with %v, want %d with %v", c.YearlyCents, c.Risk.Answers.BonusMalus, want.YearlyCents, tc.first)
			}
			if tc.second == 0 {
				return
			}
			if f.tick(t, "2027-10-10")["notices"] != 1 {
				t.Fatal("no second avis")
			}
			want = f.enginePrice(t, withBonus(c, tc.second), "2028-03-10")
			if r := f.get(t, c.ID).Renewal; r == nil || r.YearlyCents != want.YearlyCents {
				t.Fatalf("the second avis %+v, the engine's %d at %v", r, want.YearlyCents, tc.second)
			}
			staff, err := f.app.Contracts.Get(f.ctx, account.Operator, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !containsDetail(staff.History, "notice_sent", "bonus-malus") {
				t.Errorf("the history does not say the bonus-malus: %+v", staff.History)
			}
		})
	}
}

// containsDetail tells whether history has an event of action whose
// detail contains text.
func containsDetail(history []contract.Event, action, text string) bool {
	for _, e := range history {
		if e.Action == action && strings.Contains(e.Detail, text) {
			return true
		}
	}
	return false
}
