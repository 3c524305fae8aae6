package unpaid_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/mail"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
	"courtier/pkg/unpaid"
)

// TestMain lets the PostgreSQL run reuse migrated schemas (storetest.Main).
func TestMain(m *testing.M) { storetest.Main(m) }

// TestRequestFollowsTheIncident: a request « Impayé » is filed without a
// notice of receipt, moves as its incident moves, once per step however
// often the step runs, and a request gone moves nothing.
func TestRequestFollowsTheIncident(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 13, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	agent := account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "admin@exemple.fr", Password: "cheval-agrafe-correct-42",
		DisplayName: "Ada Admin", Role: account.RoleAdmin}, clock.Now()))
	write := func(fn func(tx *store.Tx) error) {
		t.Helper()
		if err := a.Store.WriteTx(ctx, fn); err != nil {
			t.Fatal(err)
		}
	}
	var ref string
	write(func(tx *store.Tx) error {
		r, err := a.Unpaid.Open(ctx, tx, unpaid.Filing{ID: "inc-1", Name: "Marie DURAND", Email: "marie@exemple.fr", Product: "car",
			Summary: "CT-2026-000001 · prélèvement de 58,81 € du 10 mars 2026 rejeté (Provision insuffisante)", Due: clock.Now().Add(7 * 24 * time.Hour)})
		if r != nil {
			ref = r.Ref
		}
		return err
	})
	if !strings.HasPrefix(ref, "IP-2026-") {
		t.Errorf("reference %q", ref)
	}
	for range 2 {
		write(func(tx *store.Tx) error {
			return a.Unpaid.Move(ctx, tx, account.Actor{}, "inc-1", unpaid.StatusNotice, clock.Now().Add(30*24*time.Hour), "Mise en demeure envoyée")
		})
	}
	write(func(tx *store.Tx) error {
		return a.Unpaid.Move(ctx, tx, account.Actor{}, "gone", unpaid.StatusClosed, time.Time{}, "Réglé")
	})
	d, err := a.Desk.Get(ctx, agent, "inc-1")
	if err != nil {
		t.Fatal(err)
	}
	if d.Request.KindLabel != "Impayé" || d.Request.StatusLabel != "Mise en demeure envoyée" {
		t.Errorf("request %+v", d.Request)
	}
	moved := 0
	for _, e := range d.History {
		if e.Action == string(unpaid.StatusNotice) {
			moved++
			if e.ActorName != "Courtier (automatique)" || e.Detail != "Mise en demeure envoyée" {
				t.Errorf("history %+v", e)
			}
		}
	}
	if moved != 1 {
		t.Errorf("%d moves to notice in %+v", moved, d.History)
	}
	// No incident of a contract names it: its summary.
	if len(d.Lines) != 1 || !strings.Contains(d.Lines[0].Value, "Provision insuffisante") {
		t.Errorf("lines %+v", d.Lines)
	}
	// No notice of receipt: the contract's service writes to the client.
	for {
		k, err := a.Events.Dispatch(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if k == 0 {
			break
		}
	}
	list, err := a.Desk.Queue(ctx, agent, desk.Filter{Kind: unpaid.Kind})
	if err != nil || len(list) != 1 {
		t.Fatalf("queue %+v %v", list, err)
	}
	if ms, err := a.Mail.List(ctx, agent, mail.Filter{Aggregate: event.RequestAggregate(list[0].ID)}); err != nil || len(ms) != 0 {
		t.Errorf("the request sent mails: %+v %v", ms, err)
	}
}
