package app

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store/storetest"
)

// TestOpenLeavesTheRatingFileForLater: opening the App (what serve does
// before « serveur prêt ») does not read the rating file; Warm and the
// first requests that need it, all at once, read it once, and get it.
func TestOpenLeavesTheRatingFileForLater(t *testing.T) {
	var loads atomic.Int32
	a, err := Open(context.Background(), Config{DB: storetest.DSN(t), Tariff: func() (*pricing.Tariff, error) {
		loads.Add(1)
		return pricing.Default()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if n := loads.Load(); n != 0 {
		t.Fatalf("the rating file was read %d times by Open", n)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := a.Warm(); err != nil {
			t.Error(err)
		}
	})
	for range 8 {
		wg.Go(func() {
			if v, err := a.Prices.Vehicles(instant.VehicleQuery{Kind: "car", Q: "clio"}); err != nil || len(v) == 0 {
				t.Errorf("vehicles %d, %v", len(v), err)
			}
		})
	}
	wg.Wait()
	if n := loads.Load(); n != 1 {
		t.Errorf("the rating file was read %d times, want once", n)
	}
}

// TestWarmReportsTheLoadError: a rating file that does not load is
// Warm's error (serve stops on it) and that of every request needing it.
func TestWarmReportsTheLoadError(t *testing.T) {
	broken := errors.New("fichier de tarification: rates.json ligne 3 : illisible")
	a, err := Open(context.Background(), Config{DB: storetest.DSN(t), Tariff: func() (*pricing.Tariff, error) { return nil, broken }})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Warm(); !errors.Is(err, broken) {
		t.Errorf("Warm: %v", err)
	}
	if _, err := a.Prices.Vehicles(instant.VehicleQuery{Kind: "car", Q: "clio"}); !errors.Is(err, broken) {
		t.Errorf("Vehicles: %v", err)
	}
}
