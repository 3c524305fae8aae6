package contract_test

import (
	"slices"
	"testing"

	"courtier/pkg/blob"
	"courtier/pkg/contract"
	"courtier/pkg/pricing"
)

// A first-time driver has no relevé d'information: the contract asks
// the attestation of supervised driving when the price counted it,
// nothing in its place otherwise, and becomes « Actif » once the
// documents asked are accepted.
func TestFirstDriverNeedsNoRecord(t *testing.T) {
	for _, tc := range []struct {
		name       string
		supervised bool
		history    bool
		want       []string
	}{
		{"after supervised driving", true, false, []string{"licence", "registration", "aac"}},
		{"without supervised driving", false, false, []string{"licence", "registration"}},
		{"history of no insured year", false, true, []string{"licence", "registration"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			ask := carAsk()
			ask.Answers.BirthDate, ask.Answers.LicenceDate, ask.Answers.SupervisedDriving = "2006-01-15", "2025-06-20", tc.supervised
			ask.Needs.ExistingCover = "none"
			ask.Answers.BonusMalus = 1
			if tc.history {
				ask.Needs.ExistingCover = ""
				ask.Answers.BonusMalus, ask.Answers.CRMHistory = 0, &pricing.CRMHistory{}
			}
			c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, ask), StartDate: "2026-03-10", Details: details()})
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, p := range c.Proofs {
				kinds = append(kinds, p.Kind)
			}
			if !slices.Equal(kinds, tc.want) {
				t.Fatalf("proofs asked %v, want %v", kinds, tc.want)
			}
			c = f.sign(t, c)
			if c.Status != contract.StatusAwaiting {
				t.Fatalf("signed: %s", c.Status)
			}
			scan := blob.File{MIME: "application/pdf", Data: []byte("%PDF-1.4\n%%EOF\n")}
			for _, k := range tc.want {
				if _, err = f.app.Contracts.SendProof(f.ctx, f.marie, c.ID, k, scan, k+".pdf"); err != nil {
					t.Fatal(err)
				}
				if c, err = f.app.Contracts.ReviewProof(f.ctx, f.agent, c.ID, k, contract.Review{Accept: true}); err != nil {
					t.Fatal(err)
				}
			}
			if c.Status != contract.StatusActive {
				t.Fatalf("every proof accepted: %s", c.Status)
			}
		})
	}
	if got := contract.FirstDriverProofs("vtc", false); !slices.Equal(got, []string{"licence", "registration", "pro-card"}) {
		t.Errorf("vtc first driver: %v", got)
	}
}
