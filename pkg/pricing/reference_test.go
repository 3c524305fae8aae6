package pricing

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// startingFile is read by the site's home page and product cards.
const startingFile = "starting-prices.json"

// The « à partir de » of the site are the engine's prices for the
// reference profiles: the file the site reads must be what the engine
// says today (go test ./pkg/pricing -run StartingPrices -update rewrites it).
func TestStartingPricesFile(t *testing.T) {
	tr := testTariff(t)
	got, err := tr.StartingPrices(today)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(References) {
		t.Fatalf("%d starting prices for %d references", len(got), len(References))
	}
	want, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		if err := os.WriteFile(startingFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(startingFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Errorf("%s is not the engine's prices (run with -update):\nhave %s\nwant %s", startingFile, have, want)
	}
	for _, s := range got {
		if s.YearlyCents <= 0 || s.Insurer == "" || s.Formula == "" || s.Profile == "" {
			t.Errorf("%s: incomplete starting price %+v", s.Product, s)
		}
		if (s.Product == "temp") != (s.MonthlyCents == 0) {
			t.Errorf("%s: monthly %d", s.Product, s.MonthlyCents)
		}
	}
}

// The reference profiles keep their ages and the vehicle's: the prices
// are the same on another day, a leap day included, so the file stays
// true as the years pass.
func TestStartingPricesDoNotDrift(t *testing.T) {
	tr := testTariff(t)
	base, err := tr.StartingPrices(today)
	if err != nil {
		t.Fatal(err)
	}
	for _, day := range []Date{{2027, 1, 4}, {2028, 2, 29}, {2031, 7, 14}} {
		got, err := tr.StartingPrices(day)
		if err != nil {
			t.Fatalf("%s: %v", day, err)
		}
		for i := range got {
			if got[i] != base[i] {
				t.Errorf("%s: %+v, on %s %+v", day, got[i], today, base[i])
			}
		}
	}
}

// The cheapest price is the minimum of the result, not its first line.
func TestStartingPriceIsTheCheapest(t *testing.T) {
	tr := testTariff(t)
	got, err := tr.StartingPrices(today)
	if err != nil {
		t.Fatal(err)
	}
	for i, ref := range References {
		res := mustPrice(t, tr, ref.Product, tr.referenceAnswers(ref, today), Needs{})
		for _, p := range res.Prices {
			if p.MonthlyCents < got[i].MonthlyCents || p.MonthlyCents == got[i].MonthlyCents && p.YearlyCents < got[i].YearlyCents {
				t.Errorf("%s: %s %s at %d/%d is below the starting price %d/%d", ref.Product, p.Insurer, p.Formula, p.MonthlyCents, p.YearlyCents, got[i].MonthlyCents, got[i].YearlyCents)
			}
		}
	}
}
