package app

import (
	"context"
	"slices"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/store/storetest"
)

// TestReferencePrefixesAreUnique: no two series of references share a
// prefix, so a reference a client reads out names one thing. The list is
// the one New checks, and it is checked to hold every kind of the queue
// and every series of the contracts, so the test cannot pass on a list
// that left one out.
func TestReferencePrefixesAreUnique(t *testing.T) {
	a, err := Open(context.Background(), Config{DB: storetest.DSN(t), Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	series := referenceSeries(a.Desk)
	prefixes := make([]string, len(series))
	for i, s := range series {
		prefixes[i] = s.Prefix
	}
	want := []string{contract.NumberPrefix, contract.MandatePrefix, contract.EvidencePrefix}
	kinds := a.Desk.Specs()
	for _, k := range kinds {
		m := a.Desk.Machine(k.Kind())
		if m.Prefix == "" {
			t.Errorf("kind %s: no machine registered with a prefix", k.Kind())
		}
		want = append(want, m.Prefix)
	}
	for _, p := range want {
		if !slices.Contains(prefixes, p) {
			t.Errorf("prefix %q missing from %v", p, prefixes)
		}
	}
	if len(series) != len(kinds)+len(contract.Series()) {
		t.Errorf("%d series for %d kinds and %d series of contracts: %v", len(series), len(kinds), len(contract.Series()), prefixes)
	}
	if err := desk.CheckPrefixes(series); err != nil {
		t.Error(err)
	}
}
