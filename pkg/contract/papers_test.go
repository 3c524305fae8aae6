package contract_test

import (
	"strings"
	"testing"

	"courtier/pkg/contract"
)

// The signed conditions fill the deductible of each guarantee as the
// offer showed it (the glass one for « Bris de glace », never a general
// one), write a year as a year, and the mandate signed online names no
// place (« Fait à en ligne » was).
func TestSignedPapersSayWhatTheOfferSaid(t *testing.T) {
	f := newFixture(t)
	ask := carAsk()
	ask.Answers.VehicleYear = 2020
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, ask), StartDate: "2026-03-10", Details: details()})
	if err != nil {
		t.Fatal(err)
	}
	if c.Formula != "Tiers étendu" {
		t.Fatalf("recommended formula %q: the test wants the one with a glass deductible", c.Formula)
	}
	c = f.sign(t, c)
	read := func(kind string) string {
		pdf, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, kind, true).ID)
		if err != nil {
			t.Fatal(err)
		}
		return pdfText(t, pdf.Data)
	}
	conditions := read(contract.DocConditions)
	for _, want := range []string{"Bris de glace Franchise : 80,00 €", "Vol et tentative de vol Franchise : 250,00 €", "Franchise bris de glace 80,00 €",
		"Responsabilité civile : les dommages que vous causez aux autres Sans franchise", "2020"} {
		if !strings.Contains(conditions, want) {
			t.Errorf("conditions lack %q:\n%s", want, conditions)
		}
	}
	for _, bad := range []string{"Franchise générale", "2 020"} {
		if strings.Contains(conditions, bad) {
			t.Errorf("conditions say %q", bad)
		}
	}
	mandate := read(contract.DocMandate)
	if strings.Contains(mandate, "en ligne") || !strings.Contains(mandate, "Fait le 2 mars 2026") {
		t.Errorf("mandate's place: %s", mandate)
	}
}
