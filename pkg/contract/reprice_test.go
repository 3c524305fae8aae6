package contract_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
)

// asks are a profile of every product with instant prices, and another
// postal code where the same risk is rated otherwise.
var asks = map[string]struct {
	answers   pricing.Answers
	elsewhere string
	changed   string // answers that changed since the price, as the API sends them
}{
	"car":  {carAsk().Answers, "13001", `{"yearlyKm": 25000}`},
	"moto": {pricing.Answers{BirthDate: "1990-03-04", LicenceDate: "2012-06-01", MotoLicence: "A", BonusMalus: 0.7, PostalCode: "33000", VehicleID: "yamaha-mt-07", Usage: "private", Parking: "garage", YearlyKm: 6000}, "75011", `{"parking": "street"}`},
	"vtc":  {pricing.Answers{BirthDate: "1985-01-01", LicenceDate: "2005-01-01", BonusMalus: 0.8, PostalCode: "93200", VehicleID: "peugeot-208-12-puretech-100", Parking: "street", YearlyKm: 60000, Options: []string{"lossOfIncome"}}, "23000", `{"yearlyKm": 90000}`},
	"temp": {pricing.Answers{BirthDate: "1980-01-01", LicenceDate: "2000-01-01", PostalCode: "69002", VehicleID: "peugeot-208-12-puretech-100", Days: 10}, "13001", `{"days": 20}`},
	"home": {pricing.Answers{PostalCode: "69002", Dwelling: "apartment", Surface: 65, Rooms: 3, Floor: "ground", Occupant: "tenant", ContentsCents: 2000000, Options: []string{"valuables"}}, "13001", `{"surface": 120, "rooms": 5}`},
}

// priceOf keeps who's prices of product priced on answers and answers
// the id of the first.
func (f *fixture) priceOf(t *testing.T, who account.Actor, product string, a pricing.Answers) string {
	t.Helper()
	q, key, err := f.app.Prices.Price(f.ctx, instant.Ask{Product: product, Answers: a})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Prices.Keep(f.ctx, who, q.ID, instant.Keeping{Key: key}); err != nil {
		t.Fatal(err)
	}
	return q.Prices[0].ID
}

// wantPriced fails unless c's premium, as stored, is the engine's price
// of its formula for its stored answers on its start date.
func (f *fixture) wantPriced(t *testing.T, c *contract.Contract) {
	t.Helper()
	c, err := f.app.Contracts.Get(f.ctx, f.marie, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.Risk.Answers == nil {
		t.Fatalf("%s keeps no answers", c.Number)
	}
	start, _ := time.Parse(time.DateOnly, c.StartDate)
	var needs pricing.Needs
	if c.Risk.Needs != nil {
		needs = *c.Risk.Needs
	}
	tariff, err := f.app.Prices.Tariff()
	if err != nil {
		t.Fatal(err)
	}
	res, err := tariff.Price(c.Product, *c.Risk.Answers, needs, pricing.DateOf(start))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Prices, func(p pricing.Price) bool {
		return p.FormulaID == c.Risk.FormulaID && p.InsurerID == c.Risk.InsurerID
	})
	if i < 0 {
		t.Fatalf("%s: formula %s/%s not priced", c.Number, c.Risk.InsurerID, c.Risk.FormulaID)
	}
	p := res.Prices[i]
	if c.YearlyCents != p.YearlyCents || c.MonthlyCents != p.MonthlyCents || c.TaxesCents != p.TaxesCents || c.DeductibleCents != p.DeductibleCents {
		t.Fatalf("%s: premium %d/%d (taxes %d, deductible %d), engine %d/%d (%d, %d)", c.Number, c.YearlyCents, c.MonthlyCents,
			c.TaxesCents, c.DeductibleCents, p.YearlyCents, p.MonthlyCents, p.TaxesCents, p.DeductibleCents)
	}
	if c.Holder.PostalCode != c.Risk.Answers.PostalCode {
		t.Fatalf("%s: address in %s, risk rated in %s", c.Number, c.Holder.PostalCode, c.Risk.Answers.PostalCode)
	}
	if c.Repriced != (c.Risk.Repricing != nil) {
		t.Fatalf("%s: repriced %v with repricing %+v", c.Number, c.Repriced, c.Risk.Repricing)
	}
}

// TestPremiumIsTheEngines states the invariant for every product and
// every path that makes or changes a contract from a price: its premium
// is the engine's price for its own stored answers on its start date. A
// contract from an offer is priced by the insurer, and keeps no answers.
func TestPremiumIsTheEngines(t *testing.T) {
	for product, ask := range asks {
		t.Run(product, func(t *testing.T) {
			f := newFixture(t)
			create := func(pc, changed string) *contract.Contract {
				t.Helper()
				d := contract.Draft{PriceID: f.priceOf(t, f.marie, product, ask.answers), StartDate: "2026-03-10", Details: contract.Details{
					Address: ptr("1 place Bellecour"), PostalCode: ptr(pc), City: ptr("Ville")}}
				if changed != "" {
					d.Answers = json.RawMessage(changed)
				}
				c, err := f.app.Contracts.Create(f.ctx, f.marie, d)
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
			same := create(ask.answers.PostalCode, "")
			f.wantPriced(t, same)
			if same.Repriced {
				t.Fatalf("same answers, repriced: %+v", same.Risk.Repricing)
			}

			moved := create(ask.elsewhere, "")
			f.wantPriced(t, moved)
			r := moved.Risk.Repricing
			if !moved.Repriced || r == nil || r.DiffYearlyCents == 0 || r.DiffYearlyCents != moved.YearlyCents-same.YearlyCents {
				t.Fatalf("moved to %s: %d → %d, repricing %+v", ask.elsewhere, same.YearlyCents, moved.YearlyCents, r)
			}
			if len(r.Changes) != 1 || r.Changes[0][1] != ask.answers.PostalCode || r.Changes[0][2] != ask.elsewhere || len(r.Added) == 0 || len(r.Removed) == 0 {
				t.Fatalf("moved: changes %v, trace −%v +%v", r.Changes, r.Removed, r.Added)
			}
			for _, l := range moved.Risk.Lines {
				if strings.Contains(l[1], ask.answers.PostalCode) {
					t.Fatalf("the old postal code stays in the risk: %v", moved.Risk.Lines)
				}
			}

			answered := create(ask.answers.PostalCode, ask.changed)
			f.wantPriced(t, answered)
			if !answered.Repriced || len(answered.Risk.Repricing.Changes) == 0 {
				t.Fatalf("answers %s: not repriced %+v", ask.changed, answered.Risk.Repricing)
			}

			// Changed after: the address, then the start date a year on.
			c, err := f.app.Contracts.Update(f.ctx, f.marie, same.ID, contract.Details{PostalCode: ptr(ask.elsewhere)}, "")
			if err != nil {
				t.Fatal(err)
			}
			f.wantPriced(t, c)
			if c.YearlyCents != moved.YearlyCents || !c.Repriced || c.History[len(c.History)-1].Action != "repriced" {
				t.Fatalf("updated to %s: %d, want %d; history %+v", ask.elsewhere, c.YearlyCents, moved.YearlyCents, c.History)
			}
			c, err = f.app.Contracts.Update(f.ctx, f.marie, c.ID, contract.Details{Answers: json.RawMessage(ask.changed)}, "2026-05-20")
			if err != nil {
				t.Fatal(err)
			}
			f.wantPriced(t, c)
		})
	}
}

// TestRepriceRefusals: an answer the engine refuses is a field error of
// the contract, and nothing is saved.
func TestRepriceRefusals(t *testing.T) {
	f := newFixture(t)
	price := f.priceOf(t, f.marie, "car", carAsk().Answers)
	for _, c := range []struct {
		name, answers, field string
	}{
		{"unknown key", `{"colour": "red"}`, "answers.colour"},
		{"wrong type", `{"yearlyKm": "beaucoup"}`, "answers.yearlyKm"},
		{"refused by the engine", `{"vehicleId": "nope"}`, "answers.vehicleId"},
		{"not an object", `[1]`, "answers"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: price, StartDate: "2026-03-10", Details: contract.Details{Answers: json.RawMessage(c.answers)}})
			wantErr(t, err, apperr.EINVALID, c.field)
		})
	}
	_, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: price, StartDate: "2026-03-10", Details: contract.Details{PostalCode: ptr("00000")}})
	wantErr(t, err, apperr.EINVALID, "postalCode")
	list, err := f.app.Contracts.Mine(f.ctx, f.marie)
	if err != nil || len(list) != 0 {
		t.Fatalf("refused contracts saved: %d %v", len(list), err)
	}
}

// TestPolicyholder checks the policyholder's fields: required, checked,
// prefilled from the profile and kept there, and printed instead of the
// display name.
func TestPolicyholder(t *testing.T) {
	f := newFixture(t)
	lea := contracttest.Client(t, f.app, "lea.bernard@exemple.fr", "")
	price := func() string { return f.priceOf(t, lea, "car", carAsk().Answers) }
	holder := func(first, last, birth, phone string) *account.PolicyholderPatch {
		return &account.PolicyholderPatch{FirstName: ptr(first), LastName: ptr(last), BirthDate: ptr(birth), Phone: ptr(phone)}
	}
	for _, c := range []struct {
		name   string
		holder *account.PolicyholderPatch
		fields []string
	}{
		{"missing", nil, []string{"policyholder.firstName", "policyholder.lastName", "policyholder.birthDate", "policyholder.phone"}},
		{"blank", holder("  ", "\u00a0", "", " "), []string{"policyholder.firstName", "policyholder.lastName", "policyholder.birthDate", "policyholder.phone"}},
		{"bad phone", holder("Léa", "Bernard", "1990-05-04", "12 34"), []string{"policyholder.phone"}},
		{"bad date", holder("Léa", "Bernard", "04/05/1990", "0612345678"), []string{"policyholder.birthDate"}},
		{"no such day", holder("Léa", "Bernard", "1990-02-30", "0612345678"), []string{"policyholder.birthDate"}},
		{"too young", holder("Léa", "Bernard", "2008-03-03", "0612345678"), []string{"policyholder.birthDate"}},
		{"born tomorrow", holder("Léa", "Bernard", "2026-03-03", "0612345678"), []string{"policyholder.birthDate"}},
		{"digits in a name", holder("L3a", "Bernard", "1990-05-04", "0612345678"), []string{"policyholder.firstName"}},
		{"invisible characters", holder("Léa", "Ber\u202enard", "1990-05-04", "0612345678"), []string{"policyholder.lastName"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.app.Contracts.Create(f.ctx, lea, contract.Draft{PriceID: price(), StartDate: "2026-03-10", Details: contract.Details{Policyholder: c.holder}})
			e, ok := err.(*apperr.Error)
			if !ok || e.Code != apperr.EINVALID {
				t.Fatalf("error %v", err)
			}
			var got []string
			for _, fm := range e.Fields {
				got = append(got, fm.Field)
			}
			if !slices.Equal(got, c.fields) {
				t.Fatalf("fields %v, want %v (%v)", got, c.fields, e.Fields)
			}
		})
	}
	// Eighteen today is old enough.
	first, err := f.app.Contracts.Create(f.ctx, lea, contract.Draft{PriceID: price(), StartDate: "2026-03-10",
		Details: contract.Details{Policyholder: holder(" Léa-Marie ", "Bernard d’Alès", "2008-03-02", "+33 6 12 34 56 78")}})
	if err != nil {
		t.Fatal(err)
	}
	want := account.Policyholder{FirstName: "Léa-Marie", LastName: "Bernard d’Alès", BirthDate: "2008-03-02", Phone: "+33612345678"}
	if first.Policyholder != want || first.Holder.Name != "Léa-Marie BERNARD D’ALÈS" {
		t.Fatalf("policyholder %+v, name %q", first.Policyholder, first.Holder.Name)
	}
	saved, err := f.app.Accounts.Policyholder(f.ctx, lea)
	if err != nil || saved != want {
		t.Fatalf("profile %+v %v, want %+v", saved, err, want)
	}
	// The next subscription reads the profile, and what is given changes it.
	next, err := f.app.Contracts.Create(f.ctx, lea, contract.Draft{PriceID: price(), StartDate: "2026-03-10",
		Details: contract.Details{Policyholder: &account.PolicyholderPatch{Phone: ptr("07 00 00 00 01")}}})
	if err != nil {
		t.Fatal(err)
	}
	want.Phone = "0700000001"
	if next.Policyholder != want {
		t.Fatalf("prefilled %+v, want %+v", next.Policyholder, want)
	}
	if saved, _ := f.app.Accounts.Policyholder(f.ctx, lea); saved != want {
		t.Fatalf("profile %+v, want %+v", saved, want)
	}
	if strings.Contains(next.Holder.Name, "lea.bernard") {
		t.Fatalf("display name as legal name: %q", next.Holder.Name)
	}
}

// TestConditionsNameOnePlace: a car priced in 69002 and subscribed in
// 13001 has Conditions particulières with the legal name, its phone and
// 13001 alone (69002 is only the broker's own address, in the header).
func TestConditionsNameOnePlace(t *testing.T) {
	f := newFixture(t)
	d := details()
	d.PostalCode = ptr("13001")
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, carAsk()), StartDate: "2026-03-10", Details: d})
	if err != nil {
		t.Fatal(err)
	}
	file, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, "conditions", false).ID)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, file.Data)
	for _, want := range []string{"Marie DURAND", "06 12 34 56 78", "Code postal du lieu de stationnement 13001", "12 rue des Lilas, 13001 Lyon", pricing.Euros(c.YearlyCents)} {
		if !strings.Contains(text, strings.ReplaceAll(want, "\u00a0", " ")) {
			t.Errorf("conditions without %q:\n%s", want, text)
		}
	}
	if n, broker := strings.Count(text, "69002"), strings.Count(text, "Tanneurs, 69002"); n != broker {
		t.Errorf("69002 printed %d times, %d of them the broker's address:\n%s", n, broker, text)
	}
	if strings.Contains(text, "Marie Durand") {
		t.Errorf("the display name is printed:\n%s", text)
	}
}
