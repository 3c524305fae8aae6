package contract_test

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

const password = "cheval-agrafe-correct-42"

// The IBAN of the tests: a valid French one (ISO 13616 key).
const iban = "FR76 3000 6000 0112 3456 7890 189"

type fixture struct {
	app   *app.App
	clock *storetest.Clock
	ctx   context.Context
	marie account.Actor
	agent account.Actor
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)) // Monday 10:00 in Paris
	a, err := app.Open(context.Background(), app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	f := &fixture{app: a, clock: clock, ctx: context.Background()}
	f.marie = account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "marie@exemple.fr", Password: password, DisplayName: "Marie Durand"}, clock.Now()))
	f.agent = account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agent@exemple.fr", Password: password, DisplayName: "Alain Agent", Role: account.RoleAgent}, clock.Now()))
	f.keepHolder(t, f.marie)
	return f
}

// keepHolder keeps the tests' policyholder in who's profile, as a first
// subscription would: the contracts made without one read it there.
func (f *fixture) keepHolder(t testing.TB, who account.Actor) {
	t.Helper()
	var p account.Policyholder
	if err := p.Apply(contracttest.Holder(), f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	err := f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error { return account.KeepPolicyholder(f.ctx, tx, who.UID, p, f.clock.Now()) })
	if err != nil {
		t.Fatal(err)
	}
}

// carAsk is the median car profile of docs/pricing.md.
func carAsk() instant.Ask {
	return instant.Ask{Product: "car", Answers: pricing.Answers{
		BirthDate: "1981-03-02", LicenceDate: "2001-05-10", BonusMalus: 0.6, PostalCode: "69002",
		VehicleID: "peugeot-208-12-puretech-100", Usage: "commute", Parking: "car-park", YearlyKm: 11000,
	}, Needs: pricing.Needs{Covers: []string{"glass"}, Deductible: "medium"}}
}

// keptPrice prices ask and keeps it in who's account; it returns the
// recommended price's id.
func (f *fixture) keptPrice(t testing.TB, who account.Actor, ask instant.Ask) string {
	t.Helper()
	q, key, err := f.app.Prices.Price(f.ctx, ask)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Prices.Keep(f.ctx, who, q.ID, instant.Keeping{Key: key}); err != nil {
		t.Fatal(err)
	}
	return q.Recommended.ID
}

func ptr(s string) *string { return &s }

// details are a complete car contract's details.
func details() contract.Details {
	return contract.Details{Policyholder: contracttest.Holder(), Address: ptr("12 rue des Lilas"), PostalCode: ptr("69002"), City: ptr("Lyon"), Registration: ptr("ab 123 cd")}
}

// draft makes marie's car contract, complete, from a kept price.
func (f *fixture) draft(t testing.TB) *contract.Contract {
	t.Helper()
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, carAsk()), StartDate: "2026-03-10", Details: details()})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// lastCode is the signature code of the last code event.
func (f *fixture) lastCode(t testing.TB) string { return contracttest.LastCode(t, f.app) }

// accept ticks every document of c and the mandate.
func accept(c *contract.Contract) []string {
	out := []string{"sepa"}
	for _, d := range c.Documents {
		out = append(out, d.Kind)
	}
	return out
}

// sign signs c with a code sent now.
func (f *fixture) sign(t testing.TB, c *contract.Contract) *contract.Contract {
	t.Helper()
	if _, err := f.app.Contracts.SendCode(f.ctx, f.marie, c.ID); err != nil {
		t.Fatal(err)
	}
	signed, err := f.app.Contracts.Sign(f.ctx, f.marie, c.ID, contract.Signing{Code: f.lastCode(t), Holder: "Marie Durand", IBAN: iban,
		Accept: accept(c), Client: contract.Client{IP: "203.0.113.7", UserAgent: "Mozilla/5.0 (test)"}})
	if err != nil {
		t.Fatal(err)
	}
	return signed
}

// wantErr fails unless err has code and, when field is given, names it.
func wantErr(t testing.TB, err error, code apperr.Code, field string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("error %v, want %s", err, code)
	}
	if field != "" && e.Field != field {
		t.Fatalf("error on %q (%s), want %q", e.Field, e.Message, field)
	}
}

// pdfText is what pdftotext reads in data, spaces made ordinary.
func pdfText(t testing.TB, data []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Join(strings.Fields(strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(string(out))), " ")
}

// doc is c's latest document of kind, signed or not.
func doc(t testing.TB, c *contract.Contract, kind string, signed bool) contract.Document {
	t.Helper()
	for _, d := range c.Documents {
		if d.Kind == kind && d.Signed == signed {
			return d
		}
	}
	t.Fatalf("%s has no document %s (signed %v): %+v", c.Number, kind, signed, c.Documents)
	return contract.Document{}
}
