package claim_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/claim"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

const password = "cheval-agrafe-correct-42"

// fixture is an App with a client, another client, two agents and an admin.
type fixture struct {
	app                              *app.App
	clock                            *storetest.Clock
	ctx                              context.Context
	marie, paul, agent, agent2, boss account.Actor
}

// newFixture opens the App on Monday 2 March 2026, 10:00 in Paris.
func newFixture(t testing.TB) *fixture {
	t.Helper()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(context.Background(), app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	f := &fixture{app: a, clock: clock, ctx: context.Background()}
	staff := func(email, name string, role account.Role) account.Actor {
		return account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: email, Password: password, DisplayName: name, Role: role}, clock.Now()))
	}
	f.marie = contracttest.Client(t, a, "marie@exemple.fr", "Marie Durand")
	f.paul = contracttest.Client(t, a, "paul@exemple.fr", "Paul Martin")
	f.agent = staff("agent@exemple.fr", "Alain Agent", account.RoleAgent)
	f.agent2 = staff("agent2@exemple.fr", "Léa Agente", account.RoleAgent)
	f.boss = staff("admin@exemple.fr", "Anne Admin", account.RoleAdmin)
	return f
}

// elsewhere is a water damage on a home insured elsewhere, on day.
func elsewhere(day string) claim.Draft {
	return claim.Draft{Insurer: "Assurances Exemple SA", PolicyNumber: "AB-123456", Product: "home", Kind: "water", OccurredAt: day,
		Description: "Fuite sous l'évier de la cuisine, le parquet a gonflé.",
		Answers:     map[string]string{"place": "12 rue des Lilas, Lyon", "rooms": "Cuisine", "waterStopped": "yes", "waterSource": "mine"}}
}

// declare declares d as who, failing the test on an error.
func (f *fixture) declare(t testing.TB, who account.Actor, d claim.Draft) *claim.Claim {
	t.Helper()
	c, err := f.app.Claims.Declare(f.ctx, who, d)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// take makes agent take request id.
func (f *fixture) take(t testing.TB, agent account.Actor, id string) {
	t.Helper()
	if _, err := f.app.Desk.Take(f.ctx, agent, id); err != nil {
		t.Fatal(err)
	}
}

// move moves claim id as who, failing the test on an error.
func (f *fixture) move(t testing.TB, who account.Actor, id string, in claim.MoveInput) *claim.StaffClaim {
	t.Helper()
	c, err := f.app.Claims.Move(f.ctx, who, id, in)
	if err != nil {
		t.Fatalf("move to %s: %v", in.Status, err)
	}
	return c
}

// input is a move to status with what it needs.
func input(status string) claim.MoveInput {
	return claim.MoveInput{Status: status, InsurerRef: "MFO-778812", Asked: "Le devis du plombier.", AmountCents: 125050,
		Reason: "La garantie dégât des eaux n'est pas souscrite."}
}

// codeOf is the apperr code of err, "" for nil.
func codeOf(err error) apperr.Code {
	if err == nil {
		return ""
	}
	var e *apperr.Error
	if !errors.As(err, &e) {
		return apperr.EINTERNAL
	}
	return e.Code
}

// count counts the rows of query.
func (f *fixture) count(t testing.TB, query string, args ...any) int {
	t.Helper()
	var n int
	err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error { return tx.QueryRowContext(f.ctx, query, args...).Scan(&n) })
	if err != nil {
		t.Fatal(err)
	}
	return n
}
