package company

import (
	"encoding/json"
	"os"
	"testing"
)

// TestElide runs the table the site's elide() runs too
// (site/src/lib/format.test.ts), so the two stay twins.
func TestElide(t *testing.T) {
	data, err := os.ReadFile("testdata/elide.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases [][3]string }
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 10 {
		t.Fatalf("only %d cases read", len(table.Cases))
	}
	for _, c := range table.Cases {
		if got := Elide(c[0], c[1]); got != c[2] {
			t.Errorf("Elide(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
