package account

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

func TestCreateAppliesProfileRules(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	u, err := f.svc.Create(ctx, NewUser{Email: " Marie.Curie@Exemple.FR", Password: goodPassword,
		Extra: map[string]any{"phone": "01 99 00 00 00", "newsletter": true}})
	if err != nil {
		t.Fatal(err)
	}
	now := f.clock.Now()
	if u.Status != StatusActive || u.Role != RoleClient || u.Email != "marie.curie@exemple.fr" ||
		u.DisplayName != "marie.curie" || !u.CreatedAt.Equal(now) || !u.UpdatedAt.Equal(now) || len(u.UID) < 20 {
		t.Fatalf("created %+v", u)
	}
	got, err := f.svc.Get(ctx, u.UID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Extra["phone"] != "01 99 00 00 00" || got.Extra["newsletter"] != true || !got.CreatedAt.Equal(now) {
		t.Errorf("read back %+v", got)
	}
	named, err := f.svc.Create(ctx, NewUser{Email: "paul@exemple.fr", Password: goodPassword, DisplayName: "  Paul Langevin "})
	if err != nil || named.DisplayName != "Paul Langevin" {
		t.Errorf("display name %q, %v", named.DisplayName, err)
	}
}

func TestCreateRefuses(t *testing.T) {
	f := newFixture(t)
	f.mustCreate(t, "marie@exemple.fr", "")
	tests := []struct {
		name  string
		in    NewUser
		code  apperr.Code
		field string
		msg   string
	}{
		{"same e-mail other case", NewUser{Email: "MARIE@exemple.fr", Password: goodPassword}, apperr.ECONFLICT, "email", "Un compte existe déjà avec cette adresse e-mail."},
		{"bad e-mail", NewUser{Email: "marie@", Password: goodPassword}, apperr.EINVALID, "email", "valide"},
		{"short password", NewUser{Email: "b@exemple.fr", Password: "court"}, apperr.EINVALID, "password", "au moins 12"},
		{"password is e-mail", NewUser{Email: "bernadette@exemple.fr", Password: "Bernadette@exemple.fr"}, apperr.EINVALID, "password", "adresse e-mail"},
		{"bad role", NewUser{Email: "b@exemple.fr", Password: goodPassword, Role: "boss"}, apperr.EINVALID, "role", "admin, agent, client"},
		{"reserved extra", NewUser{Email: "b@exemple.fr", Password: goodPassword, Extra: map[string]any{"role": "admin"}}, apperr.EINVALID, "", "n’est pas autorisé"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.svc.Create(context.Background(), tt.in)
			wantErr(t, err, tt.code, tt.field, tt.msg)
		})
	}
	if !strings.Contains(f.logs.String(), `msg="opération refusée" op="création du compte"`) {
		t.Errorf("refusals not logged in French:\n%s", f.logs)
	}
}

func TestUpdateProfileRules(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	u := f.mustCreate(t, "marie@exemple.fr", "")
	f.mustCreate(t, "paul@exemple.fr", "")
	str := func(s string) *string { return &s }
	sess := f.session(t, f.mustSignIn(t, "marie@exemple.fr", true).Token)

	f.clock.Advance(time.Hour)
	got, _, err := f.svc.UpdateProfile(ctx, sess, ProfileUpdate{DisplayName: str("Marie Curie")})
	if err != nil || got.DisplayName != "Marie Curie" || !got.UpdatedAt.Equal(f.clock.Now()) || !got.CreatedAt.Equal(u.CreatedAt) {
		t.Fatalf("rename: %+v, %v", got, err)
	}
	f.clock.Advance(time.Hour)
	for _, keep := range []*string{nil, str(""), str("   ")} {
		got, _, err = f.svc.UpdateProfile(ctx, sess, ProfileUpdate{DisplayName: keep})
		if err != nil || got.DisplayName != "Marie Curie" || !got.UpdatedAt.Equal(f.clock.Now()) {
			t.Fatalf("no name given: %+v, %v", got, err)
		}
	}
	_, _, err = f.svc.UpdateProfile(ctx, sess, ProfileUpdate{Email: str("marie.curie@exemple.fr")})
	wantErr(t, err, apperr.EINVALID, "currentPassword", "Saisissez votre mot de passe actuel pour changer d’adresse e-mail.")
	_, _, err = f.svc.UpdateProfile(ctx, sess, ProfileUpdate{Email: str("marie.curie@exemple.fr"), CurrentPassword: "faux mot de passe"})
	wantErr(t, err, apperr.EINVALID, "currentPassword", "Mot de passe actuel incorrect.")
	_, _, err = f.svc.UpdateProfile(ctx, sess, ProfileUpdate{Email: str("Paul@exemple.fr"), CurrentPassword: goodPassword})
	wantErr(t, err, apperr.ECONFLICT, "email", "existe déjà")
	// The same address in other case is no change and needs no password.
	if _, _, err = f.svc.UpdateProfile(ctx, sess, ProfileUpdate{Email: str("MARIE@exemple.fr")}); err != nil {
		t.Fatal(err)
	}
	got, _, err = f.svc.UpdateProfile(ctx, sess, ProfileUpdate{Email: str(" Marie.Curie@Exemple.fr "), CurrentPassword: goodPassword})
	if err != nil || got.Email != "marie.curie@exemple.fr" || got.DisplayName != "Marie Curie" {
		t.Fatalf("new e-mail: %+v, %v", got, err)
	}
	if _, err := f.svc.GetByEmail(ctx, "marie.curie@exemple.fr"); err != nil {
		t.Errorf("new e-mail not stored: %v", err)
	}
	if _, _, err := f.svc.UpdateProfile(ctx, &Session{UID: "nobody"}, ProfileUpdate{}); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("unknown uid: %v", err)
	}
}

func TestGetAndList(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a := f.mustCreate(t, "admin@exemple.fr", RoleAdmin)
	f.clock.Advance(time.Second)
	f.mustCreate(t, "agent@exemple.fr", RoleAgent)
	f.clock.Advance(time.Second)
	f.mustCreate(t, "client@exemple.fr", "")
	if u, err := f.svc.GetByEmail(ctx, "ADMIN@exemple.fr"); err != nil || u.UID != a.UID {
		t.Errorf("GetByEmail: %v, %v", u, err)
	}
	_, err := f.svc.GetByEmail(ctx, "inconnu@exemple.fr")
	wantErr(t, err, apperr.ENOTFOUND, "", "inconnu@exemple.fr")
	_, err = f.svc.Get(ctx, "nope")
	wantErr(t, err, apperr.ENOTFOUND, "", "n’existe pas")
	all, err := f.svc.List(ctx, nil)
	if err != nil || len(all) != 3 || all[0].Email != "admin@exemple.fr" || all[2].Email != "client@exemple.fr" {
		t.Fatalf("List all: %v, %v", all, err)
	}
	agent := RoleAgent
	agents, err := f.svc.List(ctx, &agent)
	if err != nil || len(agents) != 1 || agents[0].Role != RoleAgent {
		t.Fatalf("List agents: %v, %v", agents, err)
	}
	admin := RoleAdmin
	f.db.Close()
	if _, err := f.svc.List(ctx, &admin); apperr.CodeOf(err) != apperr.EINTERNAL {
		t.Errorf("List on a closed store: %v", err)
	}
	if !strings.Contains(f.logs.String(), `msg="opération en échec" op="liste des comptes"`) {
		t.Errorf("internal failure not logged:\n%s", f.logs)
	}
}

func TestRoleChecksAnswerFalseOnError(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	admin := f.mustCreate(t, "admin@exemple.fr", RoleAdmin)
	f.mustCreate(t, "admin2@exemple.fr", RoleAdmin) // the last active admin cannot be disabled
	agent := f.mustCreate(t, "agent@exemple.fr", RoleAgent)
	client := f.mustCreate(t, "client@exemple.fr", "")
	tests := []struct {
		uid          string
		role         Role
		has, isStaff bool
	}{
		{admin.UID, RoleAdmin, true, true},
		{agent.UID, RoleAgent, true, true},
		{agent.UID, RoleAdmin, false, true},
		{client.UID, RoleClient, true, false},
		{client.UID, RoleAdmin, false, false},
		{"unknown", RoleClient, false, false},
	}
	for _, tt := range tests {
		if got := f.svc.HasRole(ctx, tt.uid, tt.role); got != tt.has {
			t.Errorf("HasRole(%s, %s) = %v", tt.uid, tt.role, got)
		}
		if got := f.svc.IsAdminOrAgent(ctx, tt.uid); got != tt.isStaff {
			t.Errorf("IsAdminOrAgent(%s) = %v", tt.uid, got)
		}
	}
	if _, _, err := f.svc.SetStatus(ctx, "admin@exemple.fr", StatusDisabled); err != nil {
		t.Fatal(err)
	}
	if f.svc.IsAdminOrAgent(ctx, admin.UID) || f.svc.HasRole(ctx, admin.UID, RoleAdmin) {
		t.Error("a disabled admin keeps its powers")
	}
	f.db.Close()
	if f.svc.HasRole(ctx, agent.UID, RoleAgent) || f.svc.IsAdminOrAgent(ctx, agent.UID) {
		t.Error("role checks answered true on a closed store")
	}
}

func TestFrenchTypography(t *testing.T) {
	// Every message with « : ; ! ? » has a non-breaking space before the sign.
	msgs := []error{}
	_, err := ParseRole("boss")
	msgs = append(msgs, err, newPasswordPolicy().check("p", "motdepasse123", ""), tooMany(3*time.Minute))
	for _, err := range msgs {
		m := apperr.MessageOf(err)
		for _, sign := range []string{" :", " ;", " !", " ?", " »", "« "} {
			if strings.Contains(m, sign) {
				t.Errorf("%q has a plain space in %q", m, sign)
			}
		}
	}
}
