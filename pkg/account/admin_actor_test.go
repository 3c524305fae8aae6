package account

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

// TestAdminActsAs: role and status changes from the website, by actor,
// with the rules of `courtier users`; a refused change writes nothing
// and ends no session, a done one ends the account's sessions.
func TestAdminActsAs(t *testing.T) {
	ctx := context.Background()
	type change struct {
		name                string
		as                  string // "visitor", "client", "agent", "admin"
		target              string // an e-mail; "" is an unknown uid
		role, status        string // one of them is set
		code                apperr.Code
		field, msg          string
		wantRole            Role
		wantStatus          Status
		twoAdmins, disabled bool
	}
	cases := []change{
		{name: "admin makes a client an agent", as: "admin", target: "client@exemple.fr", role: "agent", wantRole: RoleAgent},
		{name: "admin makes an agent an admin", as: "admin", target: "agent@exemple.fr", role: "ADMIN", wantRole: RoleAdmin},
		{name: "admin disables an agent", as: "admin", target: "agent@exemple.fr", status: "disabled", wantStatus: StatusDisabled},
		{name: "admin enables a disabled client", as: "admin", target: "client@exemple.fr", status: "active", disabled: true, wantStatus: StatusActive},
		{name: "admin demotes the other admin", as: "admin", target: "admin2@exemple.fr", role: "client", twoAdmins: true, wantRole: RoleClient},
		{name: "visitor", as: "visitor", target: "client@exemple.fr", role: "agent", code: apperr.EUNAUTHORIZED},
		{name: "client", as: "client", target: "client@exemple.fr", role: "admin", code: apperr.EFORBIDDEN, msg: "réservée aux administrateurs"},
		{name: "agent", as: "agent", target: "client@exemple.fr", status: "disabled", code: apperr.EFORBIDDEN},
		{name: "own role", as: "admin", target: "admin@exemple.fr", role: "agent", twoAdmins: true, code: apperr.EFORBIDDEN, msg: "propre rôle"},
		{name: "own account", as: "admin", target: "admin@exemple.fr", status: "disabled", twoAdmins: true, code: apperr.EFORBIDDEN, msg: "propre compte"},
		// A disabled admin whose Actor is still held (a terminal dashboard
		// left open) is refused by the store, before the last-admin rule.
		{name: "admin disabled since", as: "admin", target: "admin2@exemple.fr", role: "client", twoAdmins: true, disabled: true, code: apperr.EFORBIDDEN, msg: "plus les droits"},
		{name: "unknown role", as: "admin", target: "client@exemple.fr", role: "chef", code: apperr.EINVALID, field: "role", msg: "Rôle inconnu «\u00a0chef\u00a0»\u00a0: choisissez parmi admin, agent, client."},
		{name: "hostile role", as: "admin", target: "client@exemple.fr", role: "agent\u202e" + strings.Repeat("x", 5000), code: apperr.EINVALID, field: "role", msg: "Rôle inconnu\u00a0: choisissez parmi admin, agent, client."},
		{name: "empty role", as: "admin", target: "client@exemple.fr", role: "", code: apperr.EINVALID, field: "role"},
		{name: "unknown status", as: "admin", target: "client@exemple.fr", status: "banni", code: apperr.EINVALID, field: "status", msg: "«\u00a0banni\u00a0»"},
		{name: "status with NUL", as: "admin", target: "client@exemple.fr", status: "active\x00", code: apperr.EINVALID, field: "status", msg: "Statut inconnu\u00a0: choisissez"},
		{name: "unknown account", as: "admin", target: "", role: "agent", code: apperr.ENOTFOUND, msg: "Ce compte n’existe pas."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			users := map[string]*User{}
			for _, p := range []struct {
				email string
				role  Role
			}{{"client@exemple.fr", RoleClient}, {"agent@exemple.fr", RoleAgent}, {"admin@exemple.fr", RoleAdmin}} {
				if p.role == RoleClient {
					users[p.email] = f.mustCreate(t, p.email, p.role)
				} else {
					users[p.email] = f.mustCreateStaff(t, p.email, p.role)
				}
			}
			if c.twoAdmins {
				users["admin2@exemple.fr"] = f.mustCreateStaff(t, "admin2@exemple.fr", RoleAdmin)
			}
			if c.disabled {
				email := map[bool]string{false: "client@exemple.fr", true: "admin@exemple.fr"}[c.code == apperr.EFORBIDDEN]
				if _, _, err := f.svc.SetStatus(ctx, email, StatusDisabled); err != nil {
					t.Fatal(err)
				}
			}
			actor := Visitor
			if c.as != "visitor" {
				actor = ActorOf(users[c.as+"@exemple.fr"])
			}
			uid := "inconnu"
			if u := users[c.target]; u != nil {
				uid = u.UID
			}
			before, _ := f.svc.Get(ctx, uid)
			var sess *Session
			if before != nil && before.Status == StatusActive {
				sess = f.mustSignIn(t, c.target, false)
			}
			var err error
			if c.role != "" || c.status == "" {
				_, _, err = f.svc.SetRoleAs(ctx, actor, uid, c.role)
			} else {
				_, _, err = f.svc.SetStatusAs(ctx, actor, uid, c.status)
			}
			if c.code != "" {
				wantErr(t, err, c.code, c.field, c.msg)
				if after, _ := f.svc.Get(ctx, uid); after != nil && (after.Role != before.Role || after.Status != before.Status) {
					t.Errorf("a refused change was written: %+v", after)
				}
				if sess != nil && !f.signedIn(t, sess.Token) {
					t.Error("a refused change ended the sessions")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			after, _ := f.svc.Get(ctx, uid)
			if (c.wantRole != "" && after.Role != c.wantRole) || (c.wantStatus != "" && after.Status != c.wantStatus) {
				t.Errorf("after: %+v", after)
			}
			if sess != nil && f.signedIn(t, sess.Token) {
				t.Error("the account kept its session after the change")
			}
		})
	}
}

// TestListAs: the admins' list, with the last activity of the sessions.
func TestListAs(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	admin := f.mustCreateStaff(t, "admin@exemple.fr", RoleAdmin)
	f.clock.Advance(time.Hour)
	client := f.mustCreate(t, "client@exemple.fr", RoleClient)
	f.mustSignIn(t, "client@exemple.fr", true)
	f.clock.Advance(time.Minute)
	list, err := f.svc.ListAs(ctx, ActorOf(admin))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Email != "admin@exemple.fr" || list[0].LastSeenAt != "" ||
		list[1].UID != client.UID || list[1].Role != RoleClient || list[1].LastSeenAt != "2026-03-02T10:00:00.000Z" {
		t.Errorf("list %+v", list)
	}
	for _, a := range []Actor{Visitor, ActorOf(client), {UID: "x", Role: RoleAgent}} {
		if _, err := f.svc.ListAs(ctx, a); err == nil {
			t.Errorf("%+v read the list", a)
		}
	}
}
