package app

import (
	"context"
	"slices"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/chatbot"
	"courtier/pkg/contract"
	"courtier/pkg/pricing"
	"courtier/pkg/store/storetest"
)

// TestAssistanceOf: the lines of the contracts in force whose insurer
// has a phone, once each, named by the contract's product.
func TestAssistanceOf(t *testing.T) {
	tariff, err := pricing.Default()
	if err != nil {
		t.Fatal(err)
	}
	const mfo, ex = "Mutuelle Fictive de l’Ouest", "Assurances Exemple SA"
	c := func(insurer string, s contract.Status, product string) *contract.Contract {
		return &contract.Contract{Insurer: insurer, Status: s, ProductLabel: product}
	}
	tests := []struct {
		name string
		list []*contract.Contract
		want []chatbot.Assistance
	}{
		{"none", nil, nil},
		{"active", []*contract.Contract{c(mfo, contract.StatusActive, "Assurance auto")},
			[]chatbot.Assistance{{Insurer: mfo, Product: "Assurance auto", Phone: "01 99 00 11 11"}}},
		{"not in force", []*contract.Contract{c(mfo, contract.StatusPending, "Assurance auto"), c(ex, contract.StatusCancelled, "Assurance habitation"),
			c(ex, contract.StatusWithdrawn, "Assurance auto")}, nil},
		{"provisional and ending count", []*contract.Contract{c(mfo, contract.StatusAwaiting, "Assurance auto"), c(ex, contract.StatusCancelRequested, "Assurance habitation")},
			[]chatbot.Assistance{{Insurer: mfo, Product: "Assurance auto", Phone: "01 99 00 11 11"}, {Insurer: ex, Product: "Assurance habitation", Phone: "01 99 00 22 22"}}},
		{"an insurer the tariff does not know", []*contract.Contract{c("Mutuelle du Littoral", contract.StatusActive, "Assurance auto")}, nil},
		{"twice the same", []*contract.Contract{c(mfo, contract.StatusActive, "Assurance auto"), c(mfo, contract.StatusActive, "Assurance auto")},
			[]chatbot.Assistance{{Insurer: mfo, Product: "Assurance auto", Phone: "01 99 00 11 11"}}},
	}
	for _, tt := range tests {
		if got := assistanceOf(tt.list, tariff); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestAssistanceLinesOfAUserWithoutContracts goes through the services:
// a user without contracts has no line, and the lookup does not fail.
func TestAssistanceLinesOfAUserWithoutContracts(t *testing.T) {
	a, err := Open(context.Background(), Config{DB: storetest.DSN(t), Account: account.Config{Argon: testArgon}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	lines, err := a.assistanceLines(context.Background(), "nobody")
	if err != nil || len(lines) != 0 {
		t.Errorf("lines %+v, err %v", lines, err)
	}
}
