package ratelimit

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

// A name is one limiter for every service that asks (the account links'
// bucket of an address is one whether the link resets a password or opens
// prices); two names with one rule count apart.
func TestRegistryOneLimiterPerName(t *testing.T) {
	clock := time.Unix(0, 0)
	r := NewRegistry(Limits{}, func() time.Time { return clock })
	if r.Limits() != Default() {
		t.Fatalf("a zero table is not the default one")
	}
	if r.Limiter(AccountLinks) != r.Limiter(AccountLinks) {
		t.Fatal("two limiters for one name")
	}
	if r.Limiter(AccountLinks) == r.Limiter(Cancellations) || r.Rule(Cancellations) != r.Rule(AccountLinks) {
		t.Fatal("the cancellations must count with the links' rule, in buckets of their own")
	}
	for name := range rules {
		_ = r.Rule(name)
	}
	if got := r.Shared(KnownDevice); got.name != "known-device" || got.rule.Every != Default().KnownDevice {
		t.Errorf("known device: %+v", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("an unknown name did not panic")
		}
	}()
	r.Rule("typo")
}

// Allow counts only the requests of a client, keyed as given, and refuses
// with the French message, the wait in whole seconds and a Retry-After.
func TestRegistryAllow(t *testing.T) {
	clock := time.Unix(0, 0)
	r := NewRegistry(Limits{ClientErrors: Rule{Burst: 2, Every: 1500 * time.Millisecond}, MaxKeys: 64}, func() time.Time { return clock })
	for range 5 {
		if err := r.AllowClient(context.Background(), ClientErrors, "Trop."); err != nil {
			t.Fatalf("without a client: %v", err)
		}
	}
	ctx := WithClient(context.Background(), "2001:db8:1:2::7")
	if a, ok := ClientOf(ctx); !ok || a != "2001:db8:1:2::7" || ClientKey(ctx) != "2001:db8:1:2::/64" {
		t.Fatalf("client %q %v, key %q", a, ok, ClientKey(ctx))
	}
	for i := range 2 {
		if err := r.AllowClient(ctx, ClientErrors, "Trop."); err != nil {
			t.Fatalf("report %d: %v", i+1, err)
		}
	}
	err := r.AllowClient(WithClient(context.Background(), "2001:db8:1:2::8"), ClientErrors, "Trop de rapports d’erreur.")
	if apperr.CodeOf(err) != apperr.ETOOMANY || apperr.MessageOf(err) != "Trop de rapports d’erreur. Réessayez dans 2 secondes." {
		t.Fatalf("third report of the /64: %v", err)
	}
	if wait, _ := apperr.RetryAfterOf(err); wait != 1500*time.Millisecond {
		t.Errorf("Retry-After %v", wait)
	}
	if err := r.Allow(ctx, ClientErrors, "another key", "Trop."); err != nil {
		t.Errorf("another key: %v", err)
	}
	if msg := apperr.MessageOf(TooMany("Trop.", time.Millisecond)); msg != "Trop. Réessayez dans 1 seconde." {
		t.Errorf("one second: %q", msg)
	}
}
