package account

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

const (
	uaChromeWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	uaSafariIPhone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
	uaFirefoxLinux  = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
)

// session returns the session a token opens, as a request would see it.
func (f *fixture) session(t *testing.T, token string) *Session {
	t.Helper()
	_, sess, err := f.svc.Authenticate(context.Background(), token)
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

// signInFrom signs email in from a browser and returns the session's token.
func (f *fixture) signInFrom(t *testing.T, email, userAgent string) string {
	t.Helper()
	_, sess, err := f.svc.SignIn(context.Background(), Credentials{Email: email, Password: goodPassword, IP: "192.0.2.1", UserAgent: userAgent})
	if err != nil {
		t.Fatal(err)
	}
	return sess.Token
}

func devices(list []SessionInfo) string {
	var out []string
	for _, s := range list {
		d := s.Device
		if s.Current {
			d += " (cette session)"
		}
		out = append(out, d)
	}
	return strings.Join(out, ", ")
}

func TestSessionsListsDevicesCurrentFirst(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@exemple.fr", "")
	f.mustCreate(t, "paul@exemple.fr", "")
	phone := f.signInFrom(t, "marie@exemple.fr", uaSafariIPhone)
	f.clock.Advance(time.Minute)
	f.signInFrom(t, "paul@exemple.fr", uaFirefoxLinux)
	desk := f.signInFrom(t, "marie@exemple.fr", uaChromeWindows)
	f.clock.Advance(time.Minute)
	f.signInFrom(t, "marie@exemple.fr", "\x1b[2J"+uaFirefoxLinux)
	f.clock.Advance(time.Minute)
	f.session(t, phone) // the phone was used last

	list, err := f.svc.Sessions(ctx, f.session(t, desk))
	if err != nil {
		t.Fatal(err)
	}
	if got := devices(list); got != "Chrome sur Windows (cette session), Safari sur iPhone, Firefox sur Linux" {
		t.Fatalf("sessions: %s", got)
	}
	if list[2].UserAgent != "[2J"+uaFirefoxLinux || len(list[0].ID) != 32 || list[0].ID == list[1].ID {
		t.Errorf("list %+v", list)
	}
	if !list[1].LastSeenAt.Equal(f.clock.Now()) || !list[1].CreatedAt.Equal(f.clock.Now().Add(-3*time.Minute)) {
		t.Errorf("phone first seen %v, last seen %v", list[1].CreatedAt, list[1].LastSeenAt)
	}
	// A session over by its idle time is not listed.
	f.clock.Advance(IdleTimeout - time.Minute)
	f.session(t, desk)
	f.clock.Advance(time.Minute)
	list, _ = f.svc.Sessions(ctx, f.session(t, desk))
	if got := devices(list); got != "Chrome sur Windows (cette session)" {
		t.Errorf("after the others' idle timeout: %s", got)
	}

	staff, err := f.svc.SessionsOf(ctx, "MARIE@exemple.fr")
	if err != nil || devices(staff) != "Chrome sur Windows" {
		t.Errorf("SessionsOf = %s, %v", devices(staff), err)
	}
	_, err = f.svc.SessionsOf(ctx, "nobody@exemple.fr")
	wantErr(t, err, apperr.ENOTFOUND, "", "Aucun compte avec l’adresse e-mail nobody@exemple.fr.")
}

func TestRegisterKeepsTheBrowser(t *testing.T) {
	f := newFixture(t)
	_, sess, err := f.svc.Register(context.Background(), NewUser{Email: "marie@exemple.fr", Password: goodPassword, UserAgent: uaSafariIPhone}, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	list, err := f.svc.Sessions(context.Background(), f.session(t, sess.Token))
	if err != nil || devices(list) != "Safari sur iPhone (cette session)" {
		t.Fatalf("after sign-up: %s, %v", devices(list), err)
	}
}

func TestEndSession(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@exemple.fr", "")
	f.mustCreate(t, "paul@exemple.fr", "")
	desk := f.signInFrom(t, "marie@exemple.fr", uaChromeWindows)
	phone := f.signInFrom(t, "marie@exemple.fr", uaSafariIPhone)
	laptop := f.signInFrom(t, "marie@exemple.fr", uaFirefoxLinux)
	paul := f.signInFrom(t, "paul@exemple.fr", uaFirefoxLinux)
	sess := f.session(t, desk)
	phoneID, paulID := f.session(t, phone).ID, f.session(t, paul).ID

	refused := []struct {
		name, id, password string
		code               apperr.Code
		field, msg         string
	}{
		{"malformed", "not-an-id", goodPassword, apperr.EINVALID, "", "identifiant de session n’est pas valide"},
		{"upper case", strings.ToUpper(phoneID), goodPassword, apperr.EINVALID, "", "n’est pas valide"},
		{"the current one", sess.ID, goodPassword, apperr.EINVALID, "", "utilisez «\u00a0Déconnexion\u00a0»"},
		{"no password", phoneID, "", apperr.EINVALID, "password", "Saisissez votre mot de passe pour confirmer."},
		{"wrong password", phoneID, "faux", apperr.EINVALID, "password", "Mot de passe incorrect."},
		{"another account's", paulID, goodPassword, apperr.ENOTFOUND, "", "n’existe pas ou est déjà terminée"},
		{"unknown", strings.Repeat("0", 32), goodPassword, apperr.ENOTFOUND, "", "n’existe pas"},
	}
	for _, r := range refused {
		_, err := f.svc.EndSession(ctx, sess, r.id, r.password)
		wantErr(t, err, r.code, r.field, r.msg)
	}
	for _, tok := range []string{desk, phone, laptop, paul} {
		if !f.signedIn(t, tok) {
			t.Fatal("a refused request ended a session")
		}
	}
	fresh, err := f.svc.EndSession(ctx, sess, phoneID, goodPassword)
	if err != nil {
		t.Fatal(err)
	}
	if f.signedIn(t, phone) || !f.signedIn(t, laptop) || !f.signedIn(t, paul) {
		t.Error("want the phone ended, the laptop and Paul's session kept")
	}
	// Confirming with the password renews this browser's session.
	if f.signedIn(t, desk) || !f.signedIn(t, fresh.Token) || fresh.ID == sess.ID || fresh.UserAgent != uaChromeWindows {
		t.Errorf("current session not renewed: %+v", fresh)
	}
	_, err = f.svc.EndSession(ctx, f.session(t, fresh.Token), phoneID, goodPassword)
	wantErr(t, err, apperr.ENOTFOUND, "", "déjà terminée")
}

func TestEndOtherSessionsAndSignOutAll(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@exemple.fr", "")
	f.mustCreate(t, "paul@exemple.fr", "")
	desk := f.signInFrom(t, "marie@exemple.fr", uaChromeWindows)
	others := []string{f.signInFrom(t, "marie@exemple.fr", uaSafariIPhone), f.signInFrom(t, "marie@exemple.fr", "")}
	paul := f.signInFrom(t, "paul@exemple.fr", uaFirefoxLinux)
	sess := f.session(t, desk)
	_, _, err := f.svc.EndOtherSessions(ctx, sess, "")
	wantErr(t, err, apperr.EINVALID, "password", "Saisissez votre mot de passe pour confirmer.")
	_, _, err = f.svc.EndOtherSessions(ctx, sess, "faux")
	wantErr(t, err, apperr.EINVALID, "password", "Mot de passe incorrect.")
	fresh, n, err := f.svc.EndOtherSessions(ctx, sess, goodPassword)
	if err != nil || n != 2 {
		t.Fatalf("EndOtherSessions = %d, %v", n, err)
	}
	if f.signedIn(t, others[0]) || f.signedIn(t, others[1]) || f.signedIn(t, desk) || !f.signedIn(t, fresh.Token) || !f.signedIn(t, paul) {
		t.Fatal("want the others ended, this one renewed, Paul's kept")
	}
	// The old token of this browser renews nothing: it was ended.
	_, _, err = f.svc.EndOtherSessions(ctx, sess, goodPassword)
	wantErr(t, err, apperr.EUNAUTHORIZED, "", "Vous devez être connecté.")

	f.clock.Advance(IdleTimeout) // fresh is over now
	f.signInFrom(t, "marie@exemple.fr", uaSafariIPhone)
	f.clock.Advance(20 * time.Minute)
	live := []string{f.signInFrom(t, "marie@exemple.fr", uaFirefoxLinux), f.signInFrom(t, "marie@exemple.fr", "")}
	f.clock.Advance(15 * time.Minute) // the iPhone is over, still stored: the count leaves it out
	paul = f.signInFrom(t, "paul@exemple.fr", uaFirefoxLinux)
	n, err = f.svc.SignOutAll(ctx, " Marie@Exemple.fr")
	if err != nil || n != 2 || f.signedIn(t, live[0]) || f.signedIn(t, live[1]) {
		t.Fatalf("SignOutAll = %d, %v", n, err)
	}
	if n, err := f.svc.SignOutAll(ctx, "marie@exemple.fr"); err != nil || n != 0 {
		t.Errorf("second SignOutAll = %d, %v", n, err)
	}
	_, err = f.svc.SignOutAll(ctx, "nobody@exemple.fr")
	wantErr(t, err, apperr.ENOTFOUND, "", "Aucun compte avec l’adresse e-mail nobody@exemple.fr.")
	_, err = f.svc.SignOutAll(ctx, "pas une adresse")
	if apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("bad address: %v", err)
	}
	// Paul keeps his session; Marie's account is untouched and she signs in again.
	if !f.signedIn(t, paul) {
		t.Error("Paul's session ended with Marie's")
	}
	f.signInFrom(t, "marie@exemple.fr", "")
}

func TestEmailChangeEndsTheOtherSessions(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@exemple.fr", "")
	desk := f.signInFrom(t, "marie@exemple.fr", uaChromeWindows)
	phone := f.signInFrom(t, "marie@exemple.fr", uaSafariIPhone)
	sess := f.session(t, desk)
	name := "Marie Curie"
	// A new display name is no re-authentication: every session stays.
	if _, fresh, err := f.svc.UpdateProfile(ctx, sess, ProfileUpdate{DisplayName: &name}); err != nil || fresh != nil {
		t.Fatalf("rename: %+v, %v", fresh, err)
	}
	same := "MARIE@exemple.fr"
	if _, fresh, err := f.svc.UpdateProfile(ctx, sess, ProfileUpdate{Email: &same}); err != nil || fresh != nil {
		t.Fatalf("same e-mail: %+v, %v", fresh, err)
	}
	if !f.signedIn(t, desk) || !f.signedIn(t, phone) {
		t.Fatal("a change without new e-mail ended a session")
	}
	email := "marie.curie@exemple.fr"
	u, fresh, err := f.svc.UpdateProfile(ctx, sess, ProfileUpdate{Email: &email, CurrentPassword: goodPassword})
	if err != nil || u.Email != email || fresh == nil {
		t.Fatalf("new e-mail: %+v %+v, %v", u, fresh, err)
	}
	if f.signedIn(t, phone) || f.signedIn(t, desk) || !f.signedIn(t, fresh.Token) || fresh.UserAgent != uaChromeWindows {
		t.Error("want the phone ended and this browser's session renewed")
	}
}
