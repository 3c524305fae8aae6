package contract_test

import (
	"encoding/json"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/instant"
	"courtier/pkg/store"
)

// lastPayload is the payload of the last event of kind, decoded into v.
func (f *fixture) lastPayload(t testing.TB, kind string, v any) {
	t.Helper()
	var payload string
	err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(f.ctx, "SELECT payload FROM events WHERE kind = ? ORDER BY id DESC LIMIT 1", kind).Scan(&payload)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(payload), v); err != nil {
		t.Fatal(err)
	}
}

// Prices a visitor kept by e-mail join the account of that address once
// it is confirmed: « Mes prix » finds them, their lead is the client's,
// and « Souscrire » makes the contract.
func TestPricesKeptByMailJoinTheConfirmedAccount(t *testing.T) {
	f := newFixture(t)
	q, key, err := f.app.Prices.Price(f.ctx, carAsk())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Prices.Keep(f.ctx, account.Visitor, q.ID, instant.Keeping{Key: key, Email: "Lea.Petit@exemple.fr", Consent: true}); err != nil {
		t.Fatal(err)
	}
	u, _, err := f.app.Accounts.Register(f.ctx, account.NewUser{Email: "lea.petit@exemple.fr", Password: password, DisplayName: "Léa Petit"}, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	lea := account.ActorOf(u)
	if _, err := f.app.Prices.Get(f.ctx, lea, q.ID); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Fatalf("before the address is confirmed: %v", err)
	}
	var asked struct{ Token string }
	f.lastPayload(t, "account.email_confirm_asked", &asked)
	if _, err := f.app.Accounts.ConfirmEmail(f.ctx, asked.Token); err != nil {
		t.Fatal(err)
	}
	kept, err := f.app.Prices.Get(f.ctx, lea, q.ID)
	if err != nil {
		t.Fatalf("after the confirmation: %v", err)
	}
	mine, err := f.app.Desk.Mine(f.ctx, lea)
	if err != nil || len(mine) != 1 || mine[0].Kind != desk.KindOnline {
		t.Fatalf("the lead is not the client's: %v %+v", err, mine)
	}
	c, err := f.app.Contracts.Create(f.ctx, lea, contract.Draft{PriceID: kept.Recommended.ID, StartDate: "2026-03-10", Details: details()})
	if err != nil || c.Status != contract.StatusPending {
		t.Fatalf("« Souscrire »: %v", err)
	}
}

// An account confirmed before its owner kept prices signed out gets them
// by opening the e-mail's link signed in; another account does not.
func TestPricesLinkJoinsTheAccountOfItsAddress(t *testing.T) {
	f := newFixture(t)
	q, key, err := f.app.Prices.Price(f.ctx, carAsk())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Prices.Keep(f.ctx, account.Visitor, q.ID, instant.Keeping{Key: key, Email: f.marie.Email}); err != nil {
		t.Fatal(err)
	}
	var kept struct{ Token string }
	f.lastPayload(t, "prices.kept", &kept)
	if err := f.app.Prices.AdoptLink(f.ctx, f.agent, kept.Token); err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Prices.Get(f.ctx, f.agent, q.ID); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Fatalf("another account took the prices: %v", err)
	}
	if err := f.app.Prices.AdoptLink(f.ctx, f.marie, kept.Token); err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Prices.Get(f.ctx, f.marie, q.ID); err != nil {
		t.Fatalf("the link's address: %v", err)
	}
}
