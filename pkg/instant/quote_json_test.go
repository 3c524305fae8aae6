package instant_test

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestQuoteAppendJSONAsEncodingJSON: a quote's AppendJSON is what
// encoding/json writes for it, just priced (its saved result copied), read
// back once kept, and with every field set.
func TestQuoteAppendJSONAsEncodingJSON(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	priced, key := f.price(t)
	marie := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "marie@exemple.fr", Password: password}, f.clock.Now()))
	kept, err := f.app.Prices.Keep(ctx, marie, priced.ID, instant.Keeping{Key: key, Consent: true})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := f.price(t)
	for _, c := range []struct {
		name string
		q    *instant.Quote
	}{
		{"just priced", priced},
		{"kept with an account", kept},
		{"another pricing", other},
		{"every field set", fullQuote()},
		{"no result", &instant.Quote{ID: "x", CreatedAt: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}},
	} {
		want, err := json.Marshal(c.q)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.q.AppendJSON([]byte("{}"))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !bytes.Equal(got[2:], want) || string(got[:2]) != "{}" {
			t.Errorf("%s:\n got %s\nwant {}%s", c.name, got, want)
		}
	}
}

// fullQuote is a quote whose fields hold values, escapes among them.
func fullQuote() *instant.Quote {
	kept := time.Date(2026, 3, 2, 9, 30, 15, 120_000_000, time.UTC)
	return &instant.Quote{
		ID:        "Q1<&>",
		Result:    &pricing.Result{Product: "car", Prices: []pricing.Price{{ID: "Q1-1", Trace: []string{"ligne\u2028"}}}, ValidDays: 30},
		Answers:   pricing.Answers{PostalCode: "45000", BonusMalus: 0.57, Options: []string{"glass"}},
		Needs:     pricing.Needs{Covers: []string{"theft"}, BudgetMonthlyCents: 6000},
		CreatedAt: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		KeptAt:    &kept,
		Consent:   true,
		Chosen:    "Q1-1",
		Ref:       "DL-2026-000001",
		Email:     "paul+<test>@exemple.fr",
	}
}

// TestPriceSavesTheResultAsEncodingJSON: the row holds the result, the
// answers and the needs as encoding/json writes them, which the reads
// decode.
func TestPriceSavesTheResultAsEncodingJSON(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	q, _ := f.price(t)
	var result, answers, needs string
	err := f.app.Store.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT result, answers, needs FROM price_quotes WHERE id = ?", q.ID).Scan(&result, &answers, &needs)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, saved string
		v           any
	}{{"result", result, q.Result}, {"answers", answers, q.Answers}, {"needs", needs, q.Needs}} {
		if want, _ := json.Marshal(c.v); c.saved != string(want) {
			t.Errorf("%s saved:\n%s\nwant\n%s", c.name, c.saved, want)
		}
	}
}

// TestEveryAnsweredPricingIsKept: pricings made at once share commits
// (the batcher), and every one answered is in the database when its
// answer is given: after the store is closed and opened again, each key
// keeps its prices.
func TestEveryAnsweredPricingIsKept(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	dsn := storetest.DSN(t)
	a, err := app.Open(ctx, app.Config{DB: dsn, Now: clock.Now, Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = 40
	type answered struct{ id, key string }
	var mu sync.Mutex
	var got []answered
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			q, key, err := a.Prices.Price(ctx, car())
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			got = append(got, answered{q.ID, key})
			mu.Unlock()
		})
	}
	wg.Wait()
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if len(got) != n {
		t.Fatalf("%d pricings answered, want %d", len(got), n)
	}
	a, err = app.Open(ctx, app.Config{DB: dsn, Now: clock.Now, Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	for _, g := range got {
		kept, err := a.Prices.Keep(ctx, account.Visitor, g.id, instant.Keeping{Key: g.key, Email: "paul@exemple.fr"})
		if err != nil || kept.ID != g.id || len(kept.Prices) != 9 {
			t.Errorf("pricing %s after a restart: %v", g.id, err)
		}
	}
}
