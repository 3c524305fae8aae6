package tui

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/store/storetest"
)

// TestAppSourceContracts runs the Contrats tab's reads and actions over a
// real App: the list and its filter, the check of a supporting document
// (refused without --as), a file saved once and not over another.
func TestAppSourceContracts(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	agent := account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agent@exemple.fr",
		Password: contracttest.Password, DisplayName: "Alain Agent", Role: account.RoleAgent}, clock.Now()))
	marie := contracttest.Client(t, a, "marie@exemple.fr", "Marie Durand")
	c := contracttest.Signed(t, a, marie, "2026-03-10", "AB-123-CD")
	contracttest.SendProof(t, a, marie, c.ID, "licence")

	ro, staff := NewAppSource(a, account.Visitor), NewAppSource(a, agent)
	for _, proofs := range []bool{false, true} {
		list, err := ro.Contracts(ctx, proofs)
		if err != nil || len(list) != 1 || list[0].Number != c.Number {
			t.Fatalf("Contracts(%v): %v %v", proofs, list, err)
		}
	}
	if err := ro.ReviewProof(ctx, c.ID, "licence", true, ""); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("read-only review: %v", err)
	}
	if err := staff.ReviewProof(ctx, c.ID, "licence", false, "Photo illisible"); err != nil {
		t.Fatal(err)
	}
	got, err := staff.Contract(ctx, c.ID)
	if err != nil || got.Proofs[0].Status != contract.ProofRefused || got.Proofs[0].Reason != "Photo illisible" {
		t.Fatalf("after the refusal: %+v %v", got.Proofs, err)
	}
	if list, err := ro.Contracts(ctx, true); err != nil || len(list) != 0 {
		t.Errorf("nothing left to check: %v %v", list, err)
	}

	path := filepath.Join(t.TempDir(), "conditions.pdf")
	doc := got.Documents[0]
	n, err := ro.SaveContractFile(ctx, c.ID, "documents", doc.ID, path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || n != len(data) || blob.Sum(data) != doc.SHA256 {
		t.Errorf("saved %d bytes, read %d, sum %s want %s (%v)", n, len(data), blob.Sum(data), doc.SHA256, err)
	}
	if _, err := ro.SaveContractFile(ctx, c.ID, "proofs", "licence", path); apperr.CodeOf(err) != apperr.ECONFLICT {
		t.Errorf("over an existing file: %v", err)
	}
	if _, err := ro.SaveContractFile(ctx, c.ID, "proofs", "record", path+".2"); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("a proof never sent: %v", err)
	}
}
