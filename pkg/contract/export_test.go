package contract_test

import (
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/apperr"
)

// TestExportWho: the operator and admins export; agents and clients not.
func TestExportWho(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	tests := []struct {
		name  string
		actor account.Actor
		code  apperr.Code
	}{
		{"visitor", account.Visitor, apperr.EUNAUTHORIZED},
		{"agent", f.agent, apperr.EFORBIDDEN},
		{"client", account.Actor{UID: "u-client", Role: account.RoleClient}, apperr.EFORBIDDEN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.app.Contracts.Export(f.ctx, tt.actor, "2026-03-10", false)
			wantErr(t, err, tt.code, "")
		})
	}
	r, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[0].Date, false)
	if err != nil || r.Count != 1 || r.TotalCents != c.Schedule[0].AmountCents || r.MsgID != "COURTIER-20260310-1" {
		t.Fatalf("operator: %+v %v", r, err)
	}
	admin := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "admin@exemple.fr", Password: password,
		DisplayName: "Anne Admin", Role: account.RoleAdmin}, f.clock.Now()))
	_, err = f.app.Contracts.Export(f.ctx, admin, c.Schedule[0].Date, false)
	wantErr(t, err, apperr.ECONFLICT, "")
	again, err := f.app.Contracts.Export(f.ctx, admin, c.Schedule[0].Date, true)
	if err != nil || string(again.XML) != string(r.XML) {
		t.Fatalf("admin, again: %v", err)
	}
	_, err = f.app.Contracts.Export(f.ctx, admin, "2026-03-11", true)
	wantErr(t, err, apperr.ENOTFOUND, "")
	if !strings.Contains(apperr.MessageOf(err), "Aucun fichier de prélèvements") {
		t.Errorf("again without a file: %v", err)
	}
}

// TestExportSkipsEndedContracts: a withdrawn contract's debits are
// cancelled, and a day with only those has nothing to export.
func TestExportSkipsEndedContracts(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	if _, err := f.app.Contracts.Withdraw(f.ctx, f.marie, c.ID); err != nil {
		t.Fatal(err)
	}
	_, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[0].Date, false)
	wantErr(t, err, apperr.ENOTFOUND, "")
}
