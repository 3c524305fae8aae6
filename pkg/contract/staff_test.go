package contract_test

import (
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/contract"
)

// TestList filters staff's list by status, by supporting documents to
// check, by product and by words.
func TestList(t *testing.T) {
	f := newFixture(t)
	signed := f.sign(t, f.draft(t))
	png := blob.File{MIME: "image/png", Data: []byte("\x89PNG\r\n\x1a\nlicence")}
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

// TestStaffList checks each filter's result and order, and who may list.
func TestStaffList(t *testing.T) {
	f := newFixture(t)
	pending := f.draft(t)
	signed := f.sign(t, f.draft(t))
	scan := blob.File{MIME: "application/pdf", Data: []byte("%PDF-1.4\n%%EOF\n")}
	if _, err := f.app.Contracts.SendProof(f.ctx, f.marie, signed.ID, "licence", scan, "permis.pdf"); err != nil {
		t.Fatal(err)
	}
	numbers := func(list []*contract.Contract) []string {
		out := []string{}
		for _, c := range list {
			out = append(out, c.Number)
		}
		return out
	}
	for _, c := range []struct {
		name   string
		filter contract.Filter
		want   []string
	}{
		{"all, newest first", contract.Filter{}, []string{signed.Number, pending.Number}},
		{"a document to check", contract.Filter{Status: "proofs"}, []string{signed.Number}},
		{"one status", contract.Filter{Status: "pending_signature"}, []string{pending.Number}},
		{"one product", contract.Filter{Product: "car"}, []string{signed.Number, pending.Number}},
		{"another product", contract.Filter{Product: "home"}, []string{}},
		{"the number", contract.Filter{Query: pending.Number}, []string{pending.Number}},
		{"the holder, any case", contract.Filter{Query: "DURAND", Status: "awaiting_documents"}, []string{signed.Number}},
		{"the registration", contract.Filter{Query: "ab-123"}, []string{signed.Number, pending.Number}},
		// A trace line may hold « % » itself: "e%e" read as a pattern
		// would match every contract, read as characters none.
		{"a wildcard is a character", contract.Filter{Query: "e%e"}, []string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			list, err := f.app.Contracts.List(f.ctx, f.agent, c.filter)
			if err != nil {
				t.Fatal(err)
			}
			if got := numbers(list); len(got) != len(c.want) || (len(got) > 0 && got[0] != c.want[0]) {
				t.Fatalf("list %+v: %v, want %v", c.filter, got, c.want)
			}
		})
	}
	list, err := f.app.Contracts.List(f.ctx, f.agent, contract.Filter{Status: "proofs"})
	if err != nil || len(list) != 1 || len(list[0].Actions) != 1 || list[0].Actions[0] != "review" {
		t.Fatalf("staff may review: %+v %v", list, err)
	}
	_, err = f.app.Contracts.List(f.ctx, f.agent, contract.Filter{Status: "perdu"})
	wantErr(t, err, apperr.EINVALID, "status")
	_, err = f.app.Contracts.List(f.ctx, f.marie, contract.Filter{})
	wantErr(t, err, apperr.EFORBIDDEN, "")
}
