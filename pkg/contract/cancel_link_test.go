package contract_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// cancelLinks are the tokens of the cancellation links recorded, oldest first.
func (f *fixture) cancelLinks(t testing.TB) []string {
	t.Helper()
	var out []string
	err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		rows, err := tx.QueryContext(f.ctx, "SELECT payload FROM events WHERE kind = 'contract.cancel_link_sent' ORDER BY id")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var payload string
			var p struct{ Token string }
			if err := rows.Scan(&payload); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(payload), &p); err != nil {
				return err
			}
			out = append(out, p.Token)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCancelWithoutAccount asks a cancellation with the decree's
// identification: a link is mailed only for a contract whose holder has
// that name and address, the answer the same otherwise; the link confirms
// once, and not after it expired.
func TestCancelWithoutAccount(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	ask := func(number, name, email string) contract.CancelRequest {
		return contract.CancelRequest{ContractNumber: number, LastName: name, Email: email, Reason: contract.ReasonTerm}
	}
	for _, x := range []struct {
		name string
		r    contract.CancelRequest
	}{
		{"an unknown contract", ask("CT-2026-999999", "Durand", "marie@exemple.fr")},
		{"a wrong name", ask(c.Number, "Dupont", "marie@exemple.fr")},
		{"a first name", ask(c.Number, "Marie", "marie@exemple.fr")},
		{"a wrong address", ask(c.Number, "Durand", "durand@exemple.fr")},
	} {
		if err := f.app.Contracts.AskCancellation(f.ctx, x.r); err != nil {
			t.Fatalf("%s: %v, want the same nil answer", x.name, err)
		}
		if n := len(f.cancelLinks(t)); n != 0 {
			t.Fatalf("%s: %d links sent, want none", x.name, n)
		}
	}

	err := f.app.Contracts.AskCancellation(f.ctx, contract.CancelRequest{ContractNumber: "12", Email: "pas une adresse", Reason: "bof"})
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.EINVALID {
		t.Fatalf("bad input: %v", err)
	}
	var fields []string
	for _, m := range e.Fields {
		fields = append(fields, m.Field)
	}
	if !slices.Equal(fields, []string{"contractNumber", "lastName", "email", "reason"}) {
		t.Fatalf("fields %v: %+v", fields, e.Fields)
	}
	err = f.app.Contracts.AskCancellation(f.ctx, contract.CancelRequest{ContractNumber: c.Number, LastName: "Durand", Email: "marie@exemple.fr", Reason: contract.ReasonOther})
	wantErr(t, err, apperr.EINVALID, "text")

	// Case, accents, spaces and the number's case do not matter.
	if err := f.app.Contracts.AskCancellation(f.ctx, ask(" "+c.Number[:3]+" "+c.Number[3:], "DURAND", "Marie@Exemple.fr")); err != nil {
		t.Fatal(err)
	}
	links := f.cancelLinks(t)
	if len(links) != 1 || len(links[0]) < 40 {
		t.Fatalf("links %v", links)
	}
	f.clock.Advance(contract.CancelLinkValid + time.Minute)
	_, err = f.app.Contracts.ConfirmCancellation(f.ctx, links[0])
	wantErr(t, err, apperr.EINVALID, "token")

	if err := f.app.Contracts.AskCancellation(f.ctx, ask(c.Number, "durand", "marie@exemple.fr")); err != nil {
		t.Fatal(err)
	}
	links = f.cancelLinks(t)
	got, err := f.app.Contracts.ConfirmCancellation(f.ctx, links[1])
	if err != nil || got.Number != c.Number || got.EffectiveDate != "2027-03-10" {
		t.Fatalf("confirmed %+v, %v", got, err)
	}
	if c, _ = f.app.Contracts.Get(f.ctx, f.marie, c.ID); c.Status != contract.StatusCancelRequested || c.Ending.Date != "2027-03-10" {
		t.Fatalf("after the link: %s %+v", c.Status, c.Ending)
	}
	if h := c.History[len(c.History)-1]; h.Action != "cancel_requested" || h.ActorName != "Marie DURAND" {
		t.Fatalf("history %+v", h)
	}
	_, err = f.app.Contracts.ConfirmCancellation(f.ctx, links[1])
	wantErr(t, err, apperr.EINVALID, "token")
	_, err = f.app.Contracts.ConfirmCancellation(f.ctx, "inconnu")
	wantErr(t, err, apperr.EINVALID, "token")

	// Cancelled already: nothing more is sent.
	if err := f.app.Contracts.AskCancellation(f.ctx, ask(c.Number, "Durand", "marie@exemple.fr")); err != nil || len(f.cancelLinks(t)) != 2 {
		t.Fatalf("a second ask: %v, %d links", err, len(f.cancelLinks(t)))
	}
}

// TestWithdrawalOffered offers the withdrawal for 14 days after the
// signature, not after, and never for a temporary contract.
func TestWithdrawalOffered(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	if !slices.Contains(c.Actions, "withdraw") || !slices.Contains(c.Actions, "cancel") || c.WithdrawUntil != "2026-03-16" {
		t.Fatalf("signed today: %v, until %q", c.Actions, c.WithdrawUntil)
	}
	f.clock.Advance(24 * time.Hour * 15)
	if c, _ = f.app.Contracts.Get(f.ctx, f.marie, c.ID); slices.Contains(c.Actions, "withdraw") || !slices.Contains(c.Actions, "cancel") {
		t.Fatalf("15 days later: %v", c.Actions)
	}

	g := newFixture(t)
	ask := instant.Ask{Product: "temp", Answers: pricing.Answers{BirthDate: "1981-03-02", LicenceDate: "2001-05-10", PostalCode: "69002",
		VehicleID: "peugeot-208-12-puretech-100", VehicleYear: 2019, Days: 7}}
	d, err := g.app.Contracts.Create(g.ctx, g.marie, contract.Draft{PriceID: g.keptPrice(t, g.marie, ask), StartDate: "2026-03-10", Details: details()})
	if err != nil {
		t.Fatal(err)
	}
	tmp := g.sign(t, d)
	if slices.Contains(tmp.Actions, "withdraw") || tmp.WithdrawUntil != "" {
		t.Fatalf("temporary: %v, until %q", tmp.Actions, tmp.WithdrawUntil)
	}
	_, err = g.app.Contracts.Withdraw(g.ctx, g.marie, tmp.ID)
	wantErr(t, err, apperr.ECONFLICT, "")
}
