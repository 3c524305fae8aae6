package contract_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/event"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// enginePrice is the engine's price of c's risk (its answers, needs,
// formula and insurer) on day.
func (f *fixture) enginePrice(t *testing.T, c *contract.Contract, day string) pricing.Price {
	t.Helper()
	tariff, err := f.app.Prices.Tariff()
	if err != nil {
		t.Fatal(err)
	}
	d, _ := time.Parse(time.DateOnly, day)
	res, err := tariff.Price(c.Product, *c.Risk.Answers, *c.Risk.Needs, pricing.DateOf(d))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Prices, func(p pricing.Price) bool { return p.FormulaID == c.Risk.FormulaID && p.InsurerID == c.Risk.InsurerID })
	if i < 0 {
		t.Fatalf("the engine has no price of formula %s for %+v", c.Risk.FormulaID, c.Risk.Answers)
	}
	return res.Prices[i]
}

// withBonus is c with the bonus-malus crm in its answers: the risk as a
// renewal prices it once the coefficient moved (0,60 the tests' answers
// give is 0,57 after a year without claim).
func withBonus(c *contract.Contract, crm float64) *contract.Contract {
	copied, answers := *c, *c.Risk.Answers
	answers.BonusMalus = crm
	copied.Risk.Answers = &answers
	return &copied
}

// otherFormula is a formula of c's insurer other than c's, for c's risk.
func (f *fixture) otherFormula(t *testing.T, c *contract.Contract) string {
	t.Helper()
	tariff, _ := f.app.Prices.Tariff()
	res, err := tariff.Price(c.Product, *c.Risk.Answers, *c.Risk.Needs, pricing.DateOf(f.clock.Now()))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Prices {
		if p.InsurerID == c.Risk.InsurerID && p.FormulaID != c.Risk.FormulaID {
			return p.FormulaID
		}
	}
	t.Fatalf("%s has no other formula", c.Risk.InsurerID)
	return ""
}

func changes(v map[string]any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// amend proposes d on c as marie and signs it with the code sent.
func (f *fixture) amend(t *testing.T, c *contract.Contract, d contract.AmendmentDraft) (*contract.Amendment, *contract.Contract) {
	t.Helper()
	a, err := f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, d)
	if err != nil {
		t.Fatalf("%s: %v", d.Kind, err)
	}
	return a, f.signAmendment(t, c, a)
}

// signAmendment signs a with a code sent now, a minute after the last.
func (f *fixture) signAmendment(t *testing.T, c *contract.Contract, a *contract.Amendment) *contract.Contract {
	t.Helper()
	f.clock.Advance(time.Minute)
	if _, err := f.app.Contracts.SendAmendmentCode(f.ctx, f.marie, c.ID, a.ID); err != nil {
		t.Fatal(err)
	}
	var p event.AmendmentPayload
	f.lastPayload(t, string(event.ContractAmendmentCodeSent), &p)
	signed, err := f.app.Contracts.SignAmendment(f.ctx, f.marie, c.ID, a.ID, contract.AmendmentSigning{Code: p.Code,
		Accept: []string{"amendment", "sepa"}, Client: contract.Client{IP: "203.0.113.7", UserAgent: "Mozilla/5.0 (test)"}})
	if err != nil {
		t.Fatalf("%s: %v", a.Kind, err)
	}
	return signed
}

// Each kind of change is priced by the engine on the risk as changed, on
// the effective date; after any sequence of amendments the contract's
// premium is the engine's price of its current risk.
func TestAmendmentsPricedByTheEngine(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	const eff = "2026-04-01"
	steps := []struct {
		kind    string
		changes map[string]any
		check   func(c *contract.Contract) bool
	}{
		{"address", map[string]any{"address": "3 quai du Port", "postalCode": "13002", "city": "Marseille"},
			func(c *contract.Contract) bool {
				return c.Holder.City == "Marseille" && c.Risk.Answers.PostalCode == "13002"
			}},
		{"vehicle", map[string]any{"vehicleId": "toyota-corolla-hybride-140", "vehicleYear": 2024, "registration": "gh 456 jk"},
			func(c *contract.Contract) bool {
				return c.Risk.Vehicle.ID == "toyota-corolla-hybride-140" && c.Risk.Vehicle.Registration == "GH-456-JK" && c.Risk.Answers.VehicleYear == 2024
			}},
		{"vehicle", map[string]any{"vehicleId": "", "vehicleYear": 2008, "vehicleMake": "Dacia", "vehicleModel": "Logan", "vehicleEnergy": "diesel",
			"vehicleFiscalPower": 5, "vehicleValueKind": "paid", "vehicleValueCents": 250000, "registration": "EF-789-GH"},
			func(c *contract.Contract) bool {
				return c.Risk.VehicleDescribed && c.Risk.Vehicle.Make == "Dacia" && c.Risk.Vehicle.Registration == "EF-789-GH"
			}},
		{"driver", map[string]any{"namedDrivers": 2}, func(c *contract.Contract) bool { return c.Risk.Answers.NamedDrivers == 2 }},
		{"formula", nil, nil},
		{"bank", map[string]any{"holder": "Marie Durand", "iban": "DE89 3704 0044 0532 0130 00", "bic": "COBADEFFXXX"},
			func(c *contract.Contract) bool { return c.Mandate != nil && strings.HasPrefix(c.Mandate.IBAN, "DE89") }},
	}
	for i, s := range steps {
		before := c.YearlyCents
		ch := s.changes
		if s.kind == "formula" {
			id := f.otherFormula(t, c)
			ch = map[string]any{"formulaId": id}
			s.check = func(c *contract.Contract) bool { return c.Risk.FormulaID == id }
		}
		a, after := f.amend(t, c, contract.AmendmentDraft{Kind: s.kind, EffectiveDate: eff, Changes: changes(ch)})
		want := f.enginePrice(t, after, eff)
		if a.YearlyCentsBefore != before || a.YearlyCentsAfter != want.YearlyCents || a.MonthlyCentsAfter != want.MonthlyCents {
			t.Errorf("%s: %d → %d/%d, the engine's price %d/%d", s.kind, a.YearlyCentsBefore, a.YearlyCentsAfter, a.MonthlyCentsAfter, want.YearlyCents, want.MonthlyCents)
		}
		if after.YearlyCents != want.YearlyCents || after.MonthlyCents != want.MonthlyCents || !s.check(after) {
			t.Errorf("%s: the contract at %d/%d, the engine's price %d/%d, risk %+v", s.kind, after.YearlyCents, after.MonthlyCents,
				want.YearlyCents, want.MonthlyCents, after.Risk)
		}
		if s.kind == "bank" && a.YearlyCentsAfter != before {
			t.Errorf("a bank change moves the premium: %d → %d", before, a.YearlyCentsAfter)
		}
		if s.kind != "bank" && a.YearlyCentsAfter != before && len(a.Trace) == 0 {
			t.Errorf("%s: the premium moved with no trace line changed", s.kind)
		}
		if len(a.Changes) == 0 || a.N != i+1 {
			t.Errorf("%s: amendment %+v", s.kind, a)
		}
		if len(after.Amendments) != i+1 || after.Amendments[0].Status != "signed" || after.Amendments[0].SignedAt == nil {
			t.Errorf("%s: the contract's amendments %+v", s.kind, after.Amendments)
		}
		if !slices.ContainsFunc(after.History, func(e contract.Event) bool {
			return strings.HasPrefix(e.Detail, "Avenant n°\u00a0"+string(rune('0'+a.N))+" signé\u00a0: ")
		}) {
			t.Errorf("%s: no history line of the avenant: %+v", s.kind, after.History)
		}
		c = after
	}
	// The risk as it stands, priced on the day the changes took effect.
	if want := f.enginePrice(t, c, eff); c.YearlyCents != want.YearlyCents {
		t.Errorf("after the amendments, premium %d, the engine's %d", c.YearlyCents, want.YearlyCents)
	}
	// A vehicle changed asks its carte grise again, under a provisional cover.
	if c.ProvisionalUntil == "" || !slices.ContainsFunc(c.Proofs, func(p contract.Proof) bool { return p.Kind == "registration" && p.Status == "missing" }) {
		t.Errorf("no new carte grise asked: %+v, provisional until %q", c.Proofs, c.ProvisionalUntil)
	}
}

// The debits not yet sent from the effective date are made again at the
// new monthly amount, and what the adjustment owes beyond them is one
// more debit: the running year's debits add up to the old premium's
// months before and the new premium's months after, plus the rest.
func TestAmendmentDebits(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	a, after := f.amend(t, c, contract.AmendmentDraft{Kind: "driver", EffectiveDate: "2026-06-10", Changes: changes(map[string]any{"namedDrivers": 3})})
	if a.AdjustmentCents <= 0 {
		t.Fatalf("three drivers more cost nothing: %+v", a)
	}
	// The provisional cover ends on 8 April, before the change: no Mémo
	// proves it yet (the activation will issue it).
	for _, d := range after.Documents {
		if d.Kind == "memo" && d.IssuedAt.Equal(*after.Amendments[0].SignedAt) {
			t.Errorf("a Mémo issued for a change after the provisional cover: %+v", d)
		}
	}
	var total, remade, extra int64
	for _, d := range after.Schedule {
		if d.Cancelled {
			continue
		}
		total += d.AmountCents
		switch {
		case d.Date >= "2026-06-10" && d.AmountCents == after.MonthlyCents:
			remade++
		case d.Date == "2026-06-10":
			extra = d.AmountCents
		}
	}
	if remade != 9 {
		t.Errorf("%d debits at the new amount from 10 June, want 9: %+v", remade, after.Schedule)
	}
	// What the adjustment owes beyond the new months is one more debit;
	// what the new months take beyond it is to refund.
	rest := max(0, a.AdjustmentCents-9*(after.MonthlyCents-c.MonthlyCents))
	want := 3*c.MonthlyCents + 9*after.MonthlyCents + rest
	if total != want || extra != rest {
		t.Errorf("the year's debits add up to %d (extra %d), want %d", total, extra, want)
	}
}

// The adjustment is the difference for the days left in the year: all
// of it on the first day, one day's on the last.
func TestAmendmentProrataBoundaries(t *testing.T) {
	for _, tc := range []struct {
		eff  string
		days int64
	}{{"2026-03-10", 365}, {"2027-03-09", 1}, {"2026-09-10", 181}} {
		t.Run(tc.eff, func(t *testing.T) {
			f := newFixture(t)
			c := f.sign(t, f.draft(t))
			a, err := f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "driver", EffectiveDate: tc.eff,
				Changes: changes(map[string]any{"namedDrivers": 1})})
			if err != nil {
				t.Fatal(err)
			}
			diff := a.YearlyCentsAfter - a.YearlyCentsBefore
			want := (diff*tc.days*2 + 365) / (2 * 365)
			if diff == 0 || a.AdjustmentCents != want {
				t.Errorf("adjustment %d for %d days of %d, want %d", a.AdjustmentCents, tc.days, diff, want)
			}
		})
	}
}

// A leap year counts 366 days: a contract whose year holds 29 February
// 2028 divides the difference by 366.
func TestAmendmentProrataLeapYear(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	f.tick(t, "2027-03-10") // the second year, 2027-03-10 to 2028-03-09, holds 29 February 2028
	c = f.get(t, c.ID)
	if c.Period == nil || c.Period.Start != "2027-03-10" {
		t.Fatalf("period %+v", c.Period)
	}
	f.at(t, "2027-03-10")
	a, err := f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "driver", EffectiveDate: "2028-03-01",
		Changes: changes(map[string]any{"namedDrivers": 1})})
	if err != nil {
		t.Fatal(err)
	}
	diff := a.YearlyCentsAfter - a.YearlyCentsBefore
	if want := (diff*9*2 + 366) / (2 * 366); diff == 0 || a.AdjustmentCents != want {
		t.Errorf("adjustment %d for 9 days of 366 of %d, want %d", a.AdjustmentCents, diff, want)
	}
}

// The avenant and the new conditions are signed with the code's evidence
// and sealed; the Mémo is issued again; the old versions stay, replaced.
func TestAmendmentDocumentsSealed(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	a, after := f.amend(t, c, contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"address": "3 quai du Port", "postalCode": "13002", "city": "Marseille"})})
	av := doc(t, after, "amendment", true)
	if av.Title != "Avenant n°\u00a01 au contrat n°\u00a0"+c.Number || av.Replaced {
		t.Errorf("avenant %+v", av)
	}
	for _, kind := range []string{"amendment", "conditions", "memo"} {
		data, err := f.fileOf(t, after, kind)
		if err != nil {
			t.Fatal(err)
		}
		if !pdfsigValid(t, data) {
			t.Errorf("%s: the seal does not verify", kind)
		}
		text := pdfText(t, data)
		if kind != "memo" && !strings.Contains(text, "Marseille") {
			t.Errorf("%s does not say the new address: %.400s", kind, text)
		}
		if kind == "memo" && !strings.Contains(text, "1er avril 2026") {
			t.Errorf("the new Mémo does not start on the effective date: %.600s", text)
		}
		if kind != "memo" && !strings.Contains(text, "203.0.113.7") {
			t.Errorf("%s lacks the signature's evidence", kind)
		}
	}
	if err := f.app.Contracts.VerifyEvidence(f.ctx, f.agent, c.ID); err != nil {
		t.Errorf("the contract's evidence no longer verifies: %v", err)
	}
	var replaced []string
	for _, d := range after.Documents {
		if d.Replaced {
			replaced = append(replaced, d.Kind)
		}
	}
	if !slices.Contains(replaced, "conditions") || !slices.Contains(replaced, "memo") || slices.Contains(replaced, "amendment") {
		t.Errorf("replaced %v", replaced)
	}
	var p event.AmendmentPayload
	f.lastPayload(t, string(event.ContractAmended), &p)
	kinds := []string{}
	for _, at := range p.Attachments {
		kinds = append(kinds, at.Name)
	}
	if p.N != a.N || len(p.Attachments) < 3 || !strings.HasPrefix(kinds[0], "avenant-") {
		t.Errorf("mail of the avenant %+v, attachments %v", p, kinds)
	}
	var evidence string
	err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(f.ctx, "SELECT evidence FROM amendments WHERE id = ?", a.ID).Scan(&evidence)
	})
	var ev contract.Evidence
	if err != nil || json.Unmarshal([]byte(evidence), &ev) != nil || ev.IP != "203.0.113.7" || len(ev.Documents) != 2 || ev.Attempts != 1 {
		t.Errorf("evidence %s (%v)", evidence, err)
	}
}

// Refusals: every wrong field is named; a contract not in force is a
// conflict; another client's contract is not found; a code of one
// amendment signs no other.
func TestAmendmentRefusals(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	good := map[string]any{"address": "3 quai du Port", "postalCode": "13002", "city": "Marseille"}
	for _, tc := range []struct {
		name   string
		d      contract.AmendmentDraft
		fields []string
	}{
		{"kind", contract.AmendmentDraft{Kind: "colour", EffectiveDate: "2026-04-01", Changes: changes(good)}, []string{"kind"}},
		{"past", contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-03-01", Changes: changes(good)}, []string{"effectiveDate"}},
		{"after the year", contract.AmendmentDraft{Kind: "address", EffectiveDate: "2027-03-10", Changes: changes(good)}, []string{"effectiveDate"}},
		{"no date", contract.AmendmentDraft{Kind: "address", EffectiveDate: "demain", Changes: changes(good)}, []string{"effectiveDate"}},
		{"no changes", contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01"}, []string{"changes"}},
		{"address", contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01",
			Changes: changes(map[string]any{"address": " ", "postalCode": "1300", "city": ""})},
			[]string{"changes.address", "changes.city", "changes.postalCode"}},
		{"unknown key", contract.AmendmentDraft{Kind: "driver", EffectiveDate: "2026-04-01", Changes: changes(map[string]any{"namedDrivers": 1, "colour": "red"})},
			[]string{"changes.colour"}},
		{"too many drivers", contract.AmendmentDraft{Kind: "driver", EffectiveDate: "2026-04-01", Changes: changes(map[string]any{"namedDrivers": 9})},
			[]string{"changes.namedDrivers"}},
		{"vehicle", contract.AmendmentDraft{Kind: "vehicle", EffectiveDate: "2026-04-01", Changes: changes(map[string]any{"vehicleId": "toyota-corolla-hybride-140", "registration": "12"})},
			[]string{"changes.vehicleYear", "changes.registration"}},
		{"unknown vehicle", contract.AmendmentDraft{Kind: "vehicle", EffectiveDate: "2026-04-01",
			Changes: changes(map[string]any{"vehicleId": "licorne-x", "vehicleYear": 2020, "registration": "AB-123-CD"})}, []string{"changes.vehicleId"}},
		{"formula", contract.AmendmentDraft{Kind: "formula", EffectiveDate: "2026-04-01", Changes: changes(map[string]any{"formulaId": "platine"})},
			[]string{"changes.formulaId"}},
		{"same formula", contract.AmendmentDraft{Kind: "formula", EffectiveDate: "2026-04-01", Changes: changes(map[string]any{"formulaId": c.Risk.FormulaID})},
			[]string{"changes.formulaId"}},
		{"bank", contract.AmendmentDraft{Kind: "bank", EffectiveDate: "2026-04-01", Changes: changes(map[string]any{"holder": "", "iban": "FR76 0000", "bic": "XX"})},
			[]string{"changes.holder", "changes.iban", "changes.bic"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, tc.d)
			wantErr(t, err, apperr.EINVALID, "")
			var e *apperr.Error
			_ = errors.As(err, &e)
			got := []string{e.Field}
			for _, m := range e.Fields {
				got = append(got, m.Field)
			}
			for _, want := range tc.fields {
				if !slices.Contains(got, want) {
					t.Errorf("fields %v (%s), want %s", got, e.Message, want)
				}
			}
		})
	}
	// The rating file's refusal says to ask an advisor.
	_, err := f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "driver", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"namedDrivers": 9})})
	if !strings.Contains(apperr.MessageOf(err), "contactez un conseiller") {
		t.Errorf("refusal %q does not say to ask an advisor", apperr.MessageOf(err))
	}
	// Another client's contract.
	other := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "leo@exemple.fr", Password: password, DisplayName: "Léo", Role: account.RoleClient}, f.clock.Now()))
	_, err = f.app.Contracts.ProposeAmendment(f.ctx, other, c.ID, contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01", Changes: changes(good)})
	wantErr(t, err, apperr.ENOTFOUND, "")
	// An agent prepares it for a client who called; only the client signs it.
	a, err := f.app.Contracts.ProposeAmendment(f.ctx, f.agent, c.ID, contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01", Changes: changes(good)})
	if err != nil || !a.CreatedByStaff {
		t.Fatalf("agent's proposal %+v: %v", a, err)
	}
	_, err = f.app.Contracts.SendAmendmentCode(f.ctx, f.agent, c.ID, a.ID)
	wantErr(t, err, apperr.ENOTFOUND, "")
	// A new proposal cancels the draft: its code signs nothing.
	b, err := f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "driver", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"namedDrivers": 1})})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.app.Contracts.SendAmendmentCode(f.ctx, f.marie, c.ID, a.ID)
	wantErr(t, err, apperr.ECONFLICT, "")
	if _, err := f.app.Contracts.SendAmendmentCode(f.ctx, f.marie, c.ID, b.ID); err != nil {
		t.Fatal(err)
	}
	_, err = f.app.Contracts.SignAmendment(f.ctx, f.marie, c.ID, b.ID, contract.AmendmentSigning{Code: "000000", Accept: []string{"amendment"}})
	wantErr(t, err, apperr.EINVALID, "code")
	var p event.AmendmentPayload
	f.lastPayload(t, string(event.ContractAmendmentCodeSent), &p)
	_, err = f.app.Contracts.SignAmendment(f.ctx, f.marie, c.ID, b.ID, contract.AmendmentSigning{Code: p.Code})
	wantErr(t, err, apperr.EINVALID, "accept")
	got := f.get(t, c.ID)
	if len(got.Amendments) != 2 || got.Amendments[0].Status != "draft" || got.Amendments[1].Status != "cancelled" {
		t.Errorf("amendments %+v", got.Amendments)
	}
	if got.Amendments[0].CodeSent == nil || got.Amendments[0].CodeSent.SentTo != "m•••@exemple.fr" {
		t.Errorf("the draft's code sent is not offered again: %+v", got.Amendments[0].CodeSent)
	}
	// A new proposal ends the code of the draft it cancels.
	if _, err := f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "driver", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"namedDrivers": 2})}); err != nil {
		t.Fatal(err)
	}
	if got := f.get(t, c.ID); got.Amendments[0].CodeSent != nil {
		t.Errorf("a new draft offers the code of the one cancelled: %+v", got.Amendments[0].CodeSent)
	}
	_, err = f.app.Contracts.SignAmendment(f.ctx, f.marie, c.ID, b.ID, contract.AmendmentSigning{Code: p.Code, Accept: []string{"amendment"}})
	wantErr(t, err, apperr.ECONFLICT, "")
	// Not in force: withdrawn.
	if _, err := f.app.Contracts.Withdraw(f.ctx, f.marie, c.ID); err != nil {
		t.Skipf("withdrawal: %v", err)
	}
	_, err = f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01", Changes: changes(good)})
	wantErr(t, err, apperr.ECONFLICT, "")
}

// A contract from an offer has no answers to price: its address and its
// bank account change online, premium unchanged; the rest is its
// adviser's (409). A suspended contract says why it cannot change.
func TestAmendmentOfAnOffer(t *testing.T) {
	f := newFixture(t)
	admin := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "ada@exemple.fr", Password: password, DisplayName: "Ada", Role: account.RoleAdmin}, f.clock.Now()))
	r, err := f.app.Quotes.Create(f.ctx, f.marie, quote.Draft{Product: "car", Contact: quote.Contact{Method: "email"},
		Details: json.RawMessage(`{"brand":"peugeot","model":"208","year":2019,"energy":"essence","usage":"trajet-travail","licenceYear":2008,"bonusMalus":0.68,"cover":"tous-risques"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if r, err = f.app.Quotes.SendOffers(f.ctx, admin, r.ID, []quote.OfferDraft{{Insurer: "Mutuelle du Littoral", ProductName: "Auto Sérénité",
		MonthlyCents: 4200, YearlyCents: 48000, Guarantees: []string{"Responsabilité civile"}, DeductibleCents: 30000, ValidUntil: "2026-04-15"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Quotes.Accept(f.ctx, f.marie, r.ID, r.Offers[0].ID); err != nil {
		t.Fatal(err)
	}
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{OfferID: r.Offers[0].ID, StartDate: "2026-03-10", Details: details()})
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	for _, kind := range []string{"driver", "vehicle", "formula"} {
		_, err := f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: kind, EffectiveDate: "2026-04-01",
			Changes: changes(map[string]any{"namedDrivers": 1})})
		wantErr(t, err, apperr.ECONFLICT, "")
		if !strings.Contains(apperr.MessageOf(err), "votre conseiller") {
			t.Errorf("%s: %q does not send to the adviser", kind, apperr.MessageOf(err))
		}
	}
	a, after := f.amend(t, c, contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"address": "3 quai du Port", "postalCode": "13002", "city": "Marseille"})})
	if a.YearlyCentsAfter != 48000 || a.AdjustmentCents != 0 || after.YearlyCents != 48000 || after.Holder.City != "Marseille" {
		t.Errorf("offer's address changed: %+v, contract %d %s", a, after.YearlyCents, after.Holder.City)
	}
	err = f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(f.ctx, "UPDATE contracts SET status = 'suspended' WHERE id = ?", c.ID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "bank", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"holder": "Marie Durand", "iban": iban})})
	wantErr(t, err, apperr.ECONFLICT, "")
	if !strings.Contains(apperr.MessageOf(err), "suspendu") {
		t.Errorf("suspended: %q", apperr.MessageOf(err))
	}
}

// An amendment signed after the avis d'échéance: the avis and the next
// year's debits follow the risk as changed, and the renewal keeps the
// premium the engine's price of the contract's risk.
func TestAmendmentAfterTheAvis(t *testing.T) {
	for _, tc := range []struct {
		name, eff string
		// ahead: the new year's debits are scheduled before the amendment.
		ahead bool
	}{{"before the debits are scheduled", "2026-11-01", false}, {"after", "2027-03-01", true}} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			c := f.sign(t, f.draft(t))
			if f.tick(t, "2026-10-10")["notices"] != 1 {
				t.Fatal("no avis d'échéance")
			}
			if tc.ahead {
				f.tick(t, "2027-02-24")
			}
			noticed := f.get(t, c.ID).Renewal.YearlyCents
			_, after := f.amend(t, c, contract.AmendmentDraft{Kind: "driver", EffectiveDate: tc.eff, Changes: changes(map[string]any{"namedDrivers": 2})})
			want := f.enginePrice(t, withBonus(after, 0.57), "2027-03-10")
			if r := after.Renewal; r == nil || r.YearlyCents != want.YearlyCents || r.YearlyCents == noticed || r.PreviousYearlyCents != after.YearlyCents {
				t.Fatalf("the avis after the amendment %+v, the engine's %d (noticed %d)", r, want.YearlyCents, noticed)
			}
			f.tick(t, "2027-02-24")
			if f.tick(t, "2027-03-10")["renewals"] != 1 {
				t.Fatal("not renewed")
			}
			renewed := f.get(t, c.ID)
			if renewed.YearlyCents != want.YearlyCents || renewed.MonthlyCents != want.MonthlyCents {
				t.Errorf("renewed at %d/%d, the engine's price of its risk %d/%d", renewed.YearlyCents, renewed.MonthlyCents, want.YearlyCents, want.MonthlyCents)
			}
			n := 0
			for _, d := range renewed.Schedule {
				if !d.Cancelled && d.Date >= "2027-03-10" {
					n++
					if d.AmountCents != want.MonthlyCents {
						t.Errorf("debit of the new year at %d, want %d: %+v", d.AmountCents, want.MonthlyCents, d)
					}
				}
			}
			if n != 12 {
				t.Errorf("%d debits in the new year", n)
			}
		})
	}
}

// A home moves with its dwelling's answers: priced on the new dwelling,
// its attestation issued again, the house's vehicle fields refused.
func TestAmendmentOfAHome(t *testing.T) {
	f := newFixture(t)
	c, err := f.subscribe(t, "home", "2026-03-10")
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	_, err = f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "vehicle", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"vehicleId": "toyota-corolla-hybride-140", "vehicleYear": 2024, "registration": "GH-456-JK"})})
	wantErr(t, err, apperr.EINVALID, "")
	_, err = f.app.Contracts.ProposeAmendment(f.ctx, f.marie, c.ID, contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"address": "3 quai du Port", "postalCode": "13002", "city": "Marseille", "surface": 5})})
	wantErr(t, err, apperr.EINVALID, "changes.surface")
	a, after := f.amend(t, c, contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"address": "3 quai du Port", "postalCode": "13002", "city": "Marseille", "dwelling": "house", "surface": 90, "rooms": 4})})
	want := f.enginePrice(t, after, "2026-04-01")
	if a.YearlyCentsAfter != want.YearlyCents || after.YearlyCents != want.YearlyCents || after.Risk.Dwelling == nil || after.Risk.Dwelling.Surface != 90 {
		t.Errorf("home moved: %+v, contract %d, the engine's %d, dwelling %+v", a, after.YearlyCents, want.YearlyCents, after.Risk.Dwelling)
	}
	if d := doc(t, after, "attestation", false); !d.IssuedAt.Equal(*after.Amendments[0].SignedAt) {
		t.Errorf("no new attestation: %+v", d)
	}
}
