package app_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/event"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// healthSpec is the throwaway product of testdata/product-box.json made a
// health insurance: no house product is one.
func healthSpec() pricing.ProductSpec {
	s := boxSpec(true)
	s.Noun, s.Hamon, s.Health = "santé", false, true
	return s
}

// TestHealthAnyTimeAfterAYear: a health contract (ProductSpec.Health)
// may be ended at any time after its first year, a month after the
// insurer is told (loi 2019-733), not before; its avis d'échéance
// recalls that right, not the loi Hamon's. A spec cannot be both.
func TestHealthAnyTimeAfterAYear(t *testing.T) {
	both := healthSpec()
	both.Hamon = true
	if _, err := pricing.DefaultWith(withProduct(t), append(pricing.HouseProducts(), both)); err == nil {
		t.Error("a product both health and under the loi Hamon was accepted")
	}

	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a := openWithProduct(t, healthSpec(), clock.Now)
	if err := a.Warm(); err != nil {
		t.Fatalf("the App refuses the product: %v", err)
	}
	ctx := context.Background()
	q, key, err := a.Prices.Price(ctx, instant.Ask{Product: "box", Answers: pricing.Answers{PostalCode: "69002", Surface: 20}})
	if err != nil {
		t.Fatal(err)
	}
	who := contracttest.Client(t, a, "lea@exemple.fr", "Léa Martin")
	if _, err := a.Prices.Keep(ctx, who, q.ID, instant.Keeping{Key: key}); err != nil {
		t.Fatal(err)
	}
	c, err := a.Contracts.Create(ctx, who, contract.Draft{PriceID: q.Recommended.ID, StartDate: "2026-03-10", Details: contract.Details{
		Policyholder: contracttest.Holder(), Address: ptr("3 impasse des Tilleuls"), PostalCode: ptr("69002"), City: ptr("Lyon")}})
	if err != nil {
		t.Fatal(err)
	}
	c = contracttest.Sign(t, a, who, c)

	_, err = a.Contracts.PreviewCancellation(ctx, who, c.ID, contract.Cancellation{Reason: contract.ReasonHamon})
	if msg := apperr.MessageOf(err); apperr.CodeOf(err) != apperr.EINVALID || !strings.Contains(msg, "santé") || !strings.Contains(strings.ReplaceAll(msg, "\u00a0", " "), "10 mars 2027") {
		t.Fatalf("an any-time cancellation in the first year: %v", err)
	}

	tick := func(date string) {
		t.Helper()
		if _, err := a.Contracts.Tick(ctx, account.Operator, date); err != nil {
			t.Fatal(err)
		}
	}
	tick("2026-10-10")
	var body string
	err = a.Store.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT payload FROM events WHERE kind = ? AND aggregate = ?", string(event.ContractNoticeSent),
			event.ContractAggregate(c.ID)).Scan(&body)
	})
	if err != nil {
		t.Fatalf("no avis d'échéance: %v", err)
	}
	var p event.RenewalPayload
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	rights := strings.Join(p.Rights, "\n")
	if !strings.Contains(rights, "2019-733") || !strings.Contains(rights, "assurance santé") || strings.Contains(rights, "loi Hamon") {
		t.Errorf("the avis of a health contract recalls:\n%s", rights)
	}

	tick("2027-03-10")
	clock.Advance(time.Date(2027, 3, 20, 9, 0, 0, 0, time.UTC).Sub(clock.Now()))
	for _, k := range []contract.Cancellation{{Reason: contract.ReasonHamon}, {Reason: contract.ReasonOther, Text: "Je change de mutuelle."}} {
		end, err := a.Contracts.PreviewCancellation(ctx, who, c.ID, k)
		if err != nil {
			t.Fatal(err)
		}
		if end.Date != "2027-04-20" || !strings.Contains(end.Rule, "2019-733") {
			t.Errorf("%s after a year: %s (%s), want 2027-04-20 under the loi 2019-733", k.Reason, end.Date, end.Rule)
		}
	}
	end, err := a.Contracts.PreviewCancellation(ctx, who, c.ID, contract.Cancellation{Reason: contract.ReasonTerm})
	if err != nil || end.Date != "2028-03-10" {
		t.Errorf("at the term: %+v, %v", end, err)
	}
}
