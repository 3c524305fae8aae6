package account

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
)

// TestCreateAs: an admin makes an account on the website under the rules
// of `courtier users create`; who may not, and what is not valid, is
// refused and writes nothing.
func TestCreateAs(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	admin := ActorOf(f.mustCreateStaff(t, "admin@exemple.fr", RoleAdmin))
	agent := ActorOf(f.mustCreateStaff(t, "agent@exemple.fr", RoleAgent))
	client := ActorOf(f.mustCreate(t, "client@exemple.fr", RoleClient))
	cases := []struct {
		name        string
		as          Actor
		in          NewUser
		code        apperr.Code
		field, want string
	}{
		{"agent", admin, NewUser{Email: " Lea.Martin@Exemple.fr ", DisplayName: "Léa Martin", Role: RoleAgent}, "", "", ""},
		{"no role is a client", admin, NewUser{Email: "paul@exemple.fr"}, "", "", ""},
		{"bad e-mail", admin, NewUser{Email: "pas-une-adresse", Role: RoleAgent}, apperr.EINVALID, "email", "adresse e-mail valide"},
		{"no e-mail", admin, NewUser{Role: RoleAgent}, apperr.EINVALID, "email", "Saisissez votre adresse e-mail."},
		{"existing e-mail", admin, NewUser{Email: "AGENT@exemple.fr", Role: RoleAgent}, apperr.ECONFLICT, "email", "Un compte existe déjà"},
		{"bad role", admin, NewUser{Email: "x1@exemple.fr", Role: "chef"}, apperr.EINVALID, "role", "Rôle inconnu «\u00a0chef\u00a0»"},
		{"hostile role", admin, NewUser{Email: "x2@exemple.fr", Role: "agent\u202e"}, apperr.EINVALID, "role", "Rôle inconnu\u00a0: choisissez"},
		{"name too long", admin, NewUser{Email: "x3@exemple.fr", DisplayName: strings.Repeat("é", 101)}, apperr.EINVALID, "displayName", "100"},
		{"by an agent", agent, NewUser{Email: "x4@exemple.fr", Role: RoleAgent}, apperr.EFORBIDDEN, "", ""},
		{"by a client", client, NewUser{Email: "x5@exemple.fr", Role: RoleAdmin}, apperr.EFORBIDDEN, "", ""},
		{"by a visitor", Visitor, NewUser{Email: "x6@exemple.fr"}, apperr.EUNAUTHORIZED, "", ""},
		{"by the operator", Operator, NewUser{Email: "x7@exemple.fr"}, apperr.EUNAUTHORIZED, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, _ := f.events(t)
			u, err := f.svc.CreateAs(ctx, c.as, c.in)
			kinds, payloads := f.events(t)
			if c.code != "" {
				wantErr(t, err, c.code, c.field, c.want)
				if len(kinds) != len(before) {
					t.Errorf("a refused creation recorded %v", kinds[len(before):])
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			wantRole := c.in.Role
			if wantRole == "" {
				wantRole = RoleClient
			}
			if u.Role != wantRole || u.Status != StatusActive || !u.EmailConfirmed || u.Email != strings.ToLower(strings.TrimSpace(c.in.Email)) {
				t.Errorf("made %+v", u)
			}
			if len(kinds) != len(before)+1 || kinds[len(kinds)-1] != event.AccountInvited {
				t.Fatalf("events %v", kinds[len(before):])
			}
			p := payloads[len(payloads)-1]
			if p.Email != u.Email || p.Role != string(wantRole) || p.Token == "" || !p.Expires.Equal(f.clock.Now().Add(InviteValid)) {
				t.Errorf("payload %+v", p)
			}
		})
	}
}

// TestInvitedChoosesPassword: the invited owner chooses a password with
// the link of the mail, within InviteValid, once, under the usual rules,
// and signs in with it; nobody could sign in before.
func TestInvitedChoosesPassword(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	admin := ActorOf(f.mustCreateStaff(t, "admin@exemple.fr", RoleAdmin))
	if _, err := f.svc.CreateAs(ctx, admin, NewUser{Email: "lea@exemple.fr", Role: RoleAgent}); err != nil {
		t.Fatal(err)
	}
	_, payloads := f.events(t)
	token := payloads[len(payloads)-1].Token
	if _, _, err := f.svc.SignIn(ctx, Credentials{Email: "lea@exemple.fr", Password: goodPassword, IP: "192.0.2.1"}); err == nil {
		t.Fatal("signed in before choosing a password")
	}
	f.clock.Advance(InviteValid - time.Minute) // a reset link would have died long ago
	wantErr(t, f.svc.ResetPassword(ctx, token, "court"), apperr.EINVALID, "password", "au moins")
	if err := f.svc.ResetPassword(ctx, token, goodPassword); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.SignIn(ctx, Credentials{Email: "lea@exemple.fr", Password: goodPassword, IP: "192.0.2.1"}); err != nil {
		var need *SecondFactorRequired
		if !errors.As(err, &need) {
			t.Fatalf("sign-in with the chosen password: %v", err)
		}
	}
	if err := f.svc.ResetPassword(ctx, token, "un-autre-mot-de-passe-42"); err == nil {
		t.Error("the link served twice")
	}
}

// TestInviteExpires: past InviteValid the link no longer serves.
func TestInviteExpires(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	admin := ActorOf(f.mustCreateStaff(t, "admin@exemple.fr", RoleAdmin))
	if _, err := f.svc.CreateAs(ctx, admin, NewUser{Email: "lea@exemple.fr", Role: RoleAgent}); err != nil {
		t.Fatal(err)
	}
	_, payloads := f.events(t)
	f.clock.Advance(InviteValid + time.Second)
	if err := f.svc.ResetPassword(ctx, payloads[len(payloads)-1].Token, goodPassword); err == nil {
		t.Error("an expired invitation served")
	}
}

// TestSearchAs: the admins' list narrowed to a name or an e-mail, any
// case; LIKE's wildcards are plain characters; bad input is refused.
func TestSearchAs(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	admin := ActorOf(f.mustCreateStaff(t, "admin@exemple.fr", RoleAdmin))
	for _, n := range []NewUser{{Email: "helene.dupont@exemple.fr", DisplayName: "Hélène Dupont"}, {Email: "bob@exemple.fr", DisplayName: "Bob Martin"}, {Email: "x@autre.fr"}} {
		n.Password = goodPassword
		if _, err := f.svc.Create(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct{ q, want string }{
		{"", "admin@exemple.fr bob@exemple.fr helene.dupont@exemple.fr x@autre.fr"},
		{"MARTIN", "bob@exemple.fr"},
		{"hélène", "helene.dupont@exemple.fr"},
		{"autre.fr", "x@autre.fr"},
		{"  bob ", "bob@exemple.fr"},
		{"%", ""},
		{"_", ""},
		{"personne", ""},
	}
	for _, c := range cases {
		list, err := f.svc.SearchAs(ctx, admin, c.q)
		if err != nil {
			t.Fatalf("%q: %v", c.q, err)
		}
		var got []string
		for _, l := range list {
			got = append(got, l.Email)
		}
		if g := strings.Join(slices.Sorted(slices.Values(got)), " "); g != c.want {
			t.Errorf("%q: %q, want %q", c.q, g, c.want)
		}
	}
	_, err := f.svc.SearchAs(ctx, admin, strings.Repeat("a", 101))
	wantErr(t, err, apperr.EINVALID, "q", "100\u00a0caractères")
	_, err = f.svc.SearchAs(ctx, admin, "a\u202eb")
	wantErr(t, err, apperr.EINVALID, "q", "non autorisés")
	if _, err := f.svc.SearchAs(ctx, Visitor, "bob"); apperr.CodeOf(err) != apperr.EUNAUTHORIZED {
		t.Errorf("a visitor searched: %v", err)
	}
}

// TestGivenName: the part of the e-mail an account made without a name
// receives is no name: others read the e-mail, a mail greets without one.
func TestGivenName(t *testing.T) {
	for _, c := range []struct{ name, email, want string }{
		{"x", "x@exemple.fr", ""},
		{"marie.durand", "marie.durand@exemple.fr", ""},
		{"", "x@exemple.fr", ""},
		{"Marie Durand", "marie.durand@exemple.fr", "Marie Durand"},
		{"X", "x@exemple.fr", "X"},
		{"x", "", "x"},
	} {
		if got := GivenName(c.name, c.email); got != c.want {
			t.Errorf("GivenName(%q, %q) = %q, want %q", c.name, c.email, got, c.want)
		}
	}
	f := newFixture(t)
	u := f.mustCreate(t, "x@exemple.fr", RoleAgent)
	if a := ActorOf(u); a.Name != "x@exemple.fr" || u.DisplayName != "x" {
		t.Errorf("actor %+v of %+v", a, u)
	}
	if r := recipient(u); r.Name != "" {
		t.Errorf("recipient %+v", r)
	}
}
