package contract_test

import (
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
)

// TestList filters staff's list by status, by supporting documents to
// check, by product and by words.
func TestList(t *testing.T) {
	f := newFixture(t)
	signed := f.sign(t, f.draft(t))
	png := contract.File{MIME: "image/png", Data: []byte("\x89PNG\r\n\x1a\nlicence")}
	if _, err := f.app.Contracts.SendProof(f.ctx, f.marie, signed.ID, "licence", png, "permis.png"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		filter contract.Filter
		want   int
	}{
		{"all", contract.Filter{}, 1},
		{"awaiting", contract.Filter{Status: string(contract.StatusAwaiting)}, 1},
		{"active", contract.Filter{Status: string(contract.StatusActive)}, 0},
		{"proofs to check", contract.Filter{Status: "proofs"}, 1},
		{"product", contract.Filter{Product: "home"}, 0},
		{"number", contract.Filter{Query: signed.Number}, 1},
		{"registration", contract.Filter{Query: "ab-123"}, 1},
		{"name", contract.Filter{Query: "DURAND"}, 1},
		{"nobody", contract.Filter{Query: "100%_"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list, err := f.app.Contracts.List(f.ctx, account.Operator, tt.filter)
			if err != nil || len(list) != tt.want {
				t.Fatalf("%d contracts, want %d (%v)", len(list), tt.want, err)
			}
		})
	}
	_, err := f.app.Contracts.List(f.ctx, account.Operator, contract.Filter{Status: "lost"})
	wantErr(t, err, apperr.EINVALID, "status")
	_, err = f.app.Contracts.List(f.ctx, account.Visitor, contract.Filter{})
	wantErr(t, err, apperr.EUNAUTHORIZED, "")
}
