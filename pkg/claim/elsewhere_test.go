package claim_test

import (
	"strings"
	"testing"
)

// A loss on a contract held at another insurer, where the broker has no
// mandate, is never promised a transmission there: the client is told
// to declare it, by when, to whom and with what, and that the broker
// helps.
func TestClaimElsewhereSaysWhatTheBrokerDoes(t *testing.T) {
	f := newFixture(t)
	d := elsewhere("2026-03-01")
	d.Insurer, d.Product, d.Kind = "MAAF", "home", "water"
	c := f.declare(t, f.marie, d)
	first := strings.ReplaceAll(c.History[0].Text, "\u00a0", " ")
	if strings.Contains(first, "transmettons") {
		t.Errorf("a claim elsewhere promises the transmission: %s", first)
	}
	for _, want := range []string{"Déclarez-le-lui vous-même", "au plus tard le 6 mars 2026", "auprès du service sinistres de MAAF", "AB-123456", "Votre conseiller vous aide"} {
		if !strings.Contains(first, want) {
			t.Errorf("first step lacks %q: %s", want, first)
		}
	}
	if c.Elsewhere == nil || c.Elsewhere.By != "2026-03-06" || len(c.Elsewhere.Send) < 3 {
		t.Fatalf("help: %+v", c.Elsewhere)
	}
}
