package account

import (
	"context"
	"testing"

	"courtier/pkg/apperr"
)

// TestConfirmStaff: a staff action is allowed to an Actor the store still
// knows as an active agent or admin, refused once the account was demoted
// or disabled, even while the Actor value says otherwise.
func TestConfirmStaff(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	agent := f.mustCreateStaff(t, "agent@exemple.fr", RoleAgent)
	admin := f.mustCreateStaff(t, "admin@exemple.fr", RoleAdmin)
	client := f.mustCreate(t, "client@exemple.fr", RoleClient)
	demoted := f.mustCreateStaff(t, "ancien@exemple.fr", RoleAgent)
	gone := f.mustCreateStaff(t, "parti@exemple.fr", RoleAdmin)
	held := map[string]Actor{"demoted": ActorOf(demoted), "gone": ActorOf(gone)}
	if _, _, err := f.svc.SetRole(ctx, demoted.Email, RoleClient); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.SetStatus(ctx, gone.Email, StatusDisabled); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		actor      Actor
		staff, adm apperr.Code
	}{
		{"visitor", Visitor, apperr.EUNAUTHORIZED, apperr.EUNAUTHORIZED},
		{"client", ActorOf(client), apperr.EFORBIDDEN, apperr.EFORBIDDEN},
		{"agent", ActorOf(agent), "", apperr.EFORBIDDEN},
		{"admin", ActorOf(admin), "", ""},
		{"agent demoted since", held["demoted"], apperr.EFORBIDDEN, apperr.EFORBIDDEN},
		{"admin disabled since", held["gone"], apperr.EFORBIDDEN, apperr.EFORBIDDEN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := codeOf(f.svc.ConfirmStaff(ctx, tt.actor)); got != tt.staff {
				t.Errorf("ConfirmStaff: %q, want %q", got, tt.staff)
			}
			if got := codeOf(f.svc.ConfirmAdmin(ctx, tt.actor)); got != tt.adm {
				t.Errorf("ConfirmAdmin: %q, want %q", got, tt.adm)
			}
		})
	}
}

// codeOf is the error's code, "" for none.
func codeOf(err error) apperr.Code {
	if err == nil {
		return ""
	}
	return apperr.CodeOf(err)
}

// TestOperatorReadsOnly: the read-only Operator of `courtier tui` reads
// what staff read and the list of accounts, and every staff or admin
// change refuses it as signed out; a Reader flag on a user's Actor
// grants nothing more than the user's role.
func TestOperatorReadsOnly(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	client := f.mustCreate(t, "client@exemple.fr", RoleClient)
	other := f.mustCreate(t, "autre@exemple.fr", RoleClient)
	forged := ActorOf(client)
	forged.Reader = true
	tests := []struct {
		name                    string
		actor                   Actor
		read, list, staff, role apperr.Code
	}{
		{"operator", Operator, "", "", apperr.EUNAUTHORIZED, apperr.EUNAUTHORIZED},
		{"visitor", Visitor, apperr.EUNAUTHORIZED, apperr.EUNAUTHORIZED, apperr.EUNAUTHORIZED, apperr.EUNAUTHORIZED},
		{"client with Reader set", forged, apperr.EFORBIDDEN, apperr.EFORBIDDEN, apperr.EFORBIDDEN, apperr.EFORBIDDEN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := codeOf(tt.actor.RequireReader()); got != tt.read {
				t.Errorf("RequireReader: %q, want %q", got, tt.read)
			}
			_, err := f.svc.ListAs(ctx, tt.actor)
			if got := codeOf(err); got != tt.list {
				t.Errorf("ListAs: %q, want %q", got, tt.list)
			}
			if got := codeOf(f.svc.ConfirmStaff(ctx, tt.actor)); got != tt.staff {
				t.Errorf("ConfirmStaff: %q, want %q", got, tt.staff)
			}
			_, _, err = f.svc.SetRoleAs(ctx, tt.actor, other.UID, "agent")
			if got := codeOf(err); got != tt.role {
				t.Errorf("SetRoleAs: %q, want %q", got, tt.role)
			}
		})
	}
}
