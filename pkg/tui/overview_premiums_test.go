package tui

import (
	"testing"

	"courtier/pkg/contract"
)

// TestPremiumsLine: the debits' money in French, agreeing with its amounts.
func TestPremiumsLine(t *testing.T) {
	for _, tt := range []struct {
		c    contract.Counts
		want string
	}{
		{contract.Counts{}, "Primes\u00a0: 0,00\u00a0€ encaissé · 0,00\u00a0€ à venir · aucun rejet"},
		{contract.Counts{CollectedCents: 199, OutstandingCents: 2800}, "Primes\u00a0: 1,99\u00a0€ encaissé · 28,00\u00a0€ à venir · aucun rejet"},
		{contract.Counts{CollectedCents: 200, Rejected: 1, RejectedCents: 2800}, "Primes\u00a0: 2,00\u00a0€ encaissés · 0,00\u00a0€ à venir · 1\u00a0rejet, 28,00\u00a0€"},
		{contract.Counts{CollectedCents: 123456789, OutstandingCents: 100, Rejected: 3, RejectedCents: 9000},
			"Primes\u00a0: 1\u202f234\u202f567,89\u00a0€ encaissés · 1,00\u00a0€ à venir · 3\u00a0rejets, 90,00\u00a0€"},
	} {
		if got := premiumsLine(&tt.c); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.c, got, tt.want)
		}
	}
}

// TestAmendmentsLine: the amendments signed this month and waiting, in
// French, agreeing with their numbers.
func TestAmendmentsLine(t *testing.T) {
	for _, tt := range []struct {
		c    contract.Counts
		want string
	}{
		{contract.Counts{}, "Avenants\u00a0: 0 signé ce mois · 0 en attente de signature"},
		{contract.Counts{AmendmentsSignedThisMonth: 1, AmendmentDrafts: 3}, "Avenants\u00a0: 1 signé ce mois · 3 en attente de signature"},
		{contract.Counts{AmendmentsSignedThisMonth: 12}, "Avenants\u00a0: 12 signés ce mois · 0 en attente de signature"},
	} {
		if got := amendmentsLine(&tt.c); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.c, got, tt.want)
		}
	}
}
