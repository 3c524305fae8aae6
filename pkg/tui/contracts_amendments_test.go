package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"courtier/pkg/contract"
)

// sampleAmendments are a contract's amendments and documents as issue
// 43's design writes them in the contract's JSON, newest first.
const sampleAmendments = `{"amendments":[
 {"id":"a3","kind":"formula","kindLabel":"Changement de formule","status":"draft","effectiveDate":"2026-12-15",
  "yearlyCentsBefore":72010,"yearlyCentsAfter":81050,"monthlyCentsAfter":6754,"adjustmentCents":4520,"createdByStaff":true,
  "changes":[["Formule","Tous risques Confort","Tous risques Premium"]]},
 {"id":"a2","kind":"address","kindLabel":"Changement d’adresse","status":"signed","effectiveDate":"2026-12-01",
  "yearlyCentsBefore":70572,"yearlyCentsAfter":72010,"monthlyCentsAfter":6001,"adjustmentCents":1180,"signedAt":"2026-11-28T09:30:00Z",
  "changes":[["Adresse","12 rue des Lilas, 69002 Lyon","4 quai du Port, 13002 Marseille"]]},
 {"id":"a1","kind":"driver","status":"cancelled","effectiveDate":"2026-11-30",
  "yearlyCentsBefore":70572,"yearlyCentsAfter":69900,"monthlyCentsAfter":5825,"adjustmentCents":-55,"changes":[]}],
 "documents":[{"id":"d1","replaced":true},{"id":"d2"}]}`

func sampleParts(t *testing.T) amendmentParts {
	t.Helper()
	var p amendmentParts
	if err := json.Unmarshal([]byte(sampleAmendments), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAmendmentLine: an amendment in one sentence, its number from the
// JSON or from its place, its kind named when the JSON gives no label,
// the adjustment due, refunded or none, where it stands.
func TestAmendmentLine(t *testing.T) {
	p := sampleParts(t)
	for _, tt := range []struct {
		n    int
		a    amendmentView
		want string
	}{
		{3, p.Amendments[0], "3. Changement de formule · au 15\u00a0décembre\u00a02026 · 720,10\u00a0€ → 810,50\u00a0€ par an · 45,20\u00a0€ à payer · à signer par le client · préparé par un conseiller"},
		{2, p.Amendments[1], "2. Changement d’adresse · au 1er\u00a0décembre\u00a02026 · 705,72\u00a0€ → 720,10\u00a0€ par an · 11,80\u00a0€ à payer · signé le 28\u00a0novembre\u00a02026"},
		{1, p.Amendments[2], "1. Changement de conducteur · au 30\u00a0novembre\u00a02026 · 705,72\u00a0€ → 699,00\u00a0€ par an · 0,55\u00a0€ à rembourser · annulé"},
		{4, amendmentView{Kind: "bank", Status: "signed", EffectiveDate: "2027-01-05", YearlyCentsBefore: 100, YearlyCentsAfter: 100},
			"4. Changement de compte bancaire · au 5\u00a0janvier\u00a02027 · 1,00\u00a0€ → 1,00\u00a0€ par an · sans régularisation · signé"},
		{5, amendmentView{Kind: "inconnu", Status: "draft"}, "5. Avenant · 0,00\u00a0€ → 0,00\u00a0€ par an · sans régularisation · à signer par le client"},
	} {
		if got := amendmentLine(tt.n, tt.a); got != tt.want {
			t.Errorf("%d: %q\nwant %q", tt.n, got, tt.want)
		}
	}
	if !p.replaced("d1") || p.replaced("d2") || p.replaced("inconnu") {
		t.Errorf("replaced: d1 %v, d2 %v", p.replaced("d1"), p.replaced("d2"))
	}
	// A contract whose JSON has no amendments yet shows none.
	for _, c := range fakeContracts() {
		if p := amendmentPartsOf(c); len(p.Amendments) != 0 || p.replaced("d1") {
			t.Errorf("%s: %+v", c.Number, p)
		}
	}
}

// TestContractsAmendmentsView: the open contract's amendments below its
// premium, their changes under each, the replaced documents said so; the
// view fits 80×24 and 120×36 (golden files).
func TestContractsAmendmentsView(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 36}} {
		f := &fakeScreensSource{}
		s := newTestScreen(t, newContractsScreen, f, size[0], size[1])
		s.(*contractsScreen).parts = func(*contract.Contract) amendmentParts { return sampleParts(t) }
		s, _ = press(s, "enter")
		text := s.(*contractsScreen).detailText()
		for _, want := range []string{"── Avenants (3)", "3. Changement de formule", "  Adresse\u00a0: 12 rue des Lilas, 69002 Lyon → 4 quai du Port, 13002 Marseille",
			"Conditions particulières · 20\u00a0novembre\u00a02026 · signé · remplacé"} {
			// The view wraps at spaces: joined again, its lines give the text.
			if !strings.Contains(strings.ReplaceAll(ansi.Strip(text), "\n", " "), want) {
				t.Errorf("%dx%d: no %q in\n%s", size[0], size[1], want, text)
			}
		}
		if strings.Contains(text, "Mandat de prélèvement SEPA · 20\u00a0novembre\u00a02026 · signé · remplacé") {
			t.Errorf("the mandate marked replaced")
		}
		keys := []string{"pgdown"}
		if size[0] == 80 {
			keys = []string{"pgdown", "pgdown"}
		}
		s, _ = press(s, keys...)
		got := s.View()
		for i, l := range strings.Split(got, "\n") {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("%dx%d: line %d is %d wide", size[0], size[1], i, w)
			}
		}
		checkScreenGolden(t, "contracts-amendments", size, got)
	}
}
