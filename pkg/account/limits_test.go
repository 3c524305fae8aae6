package account

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

// An unknown e-mail must cost what a wrong password costs: one Argon2id
// verification at the same parameters. Counting work instead of timing it
// keeps the test exact on a busy machine.
func TestUnknownEmailCostsAHash(t *testing.T) {
	f := newFixture(t)
	svc, err := New(f.db, Config{Now: f.clock.Now, Argon: testParams, Limits: Limits{AccountFailures: 100, IPAttempts: 100, Window: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := svc.Create(ctx, NewUser{Email: "marie@exemple.fr", Password: goodPassword}); err != nil {
		t.Fatal(err)
	}
	for _, email := range []string{"marie@exemple.fr", "inconnu@exemple.fr", "autre.inconnu@exemple.fr"} {
		before := svc.hasher.verified.Load()
		_, _, err := svc.SignIn(ctx, Credentials{Email: email, Password: "mauvais mot de passe"})
		wantErr(t, err, apperr.EUNAUTHORIZED, "", "E-mail ou mot de passe incorrect.")
		if n := svc.hasher.verified.Load() - before; n != 1 {
			t.Errorf("%s: %d Argon2id verifications, want 1", email, n)
		}
	}
	p, _, _, err := decodeHash(svc.dummyHash)
	if err != nil || p != testParams {
		t.Errorf("dummy hash params %+v (%v), want the service's own %+v", p, err, testParams)
	}
}

func TestAccountLockAfterFiveFailures(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@exemple.fr", "")
	bad := Credentials{Email: "marie@exemple.fr", Password: "mauvais mot de passe", IP: "192.0.2.7"}
	for i := range 5 {
		f.clock.Advance(time.Minute)
		_, _, err := f.svc.SignIn(ctx, Credentials{Email: bad.Email, Password: bad.Password, IP: "198.51.100." + string(rune('1'+i))})
		wantErr(t, err, apperr.EUNAUTHORIZED, "", "incorrect")
	}
	// Locked even with the right password, and from another address.
	_, _, err := f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: goodPassword, IP: "203.0.113.9"})
	wantErr(t, err, apperr.ETOOMANY, "", "Trop de tentatives de connexion. Réessayez dans 11 minutes.")
	if wait, ok := apperr.RetryAfterOf(err); !ok || wait != 11*time.Minute {
		t.Errorf("RetryAfter = %v, %v; want 11m", wait, ok)
	}
	// An unknown e-mail locks the same way, so locks reveal nothing.
	for range 5 {
		f.svc.SignIn(ctx, Credentials{Email: "inconnu@exemple.fr", Password: "x", IP: "203.0.113.10"})
	}
	_, _, err = f.svc.SignIn(ctx, Credentials{Email: "inconnu@exemple.fr", Password: "x", IP: "203.0.113.11"})
	wantErr(t, err, apperr.ETOOMANY, "", "Trop de tentatives")
	f.clock.Advance(11 * time.Minute)
	if _, _, err := f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: goodPassword, IP: "203.0.113.9"}); err != nil {
		t.Fatalf("still locked after the window: %v", err)
	}
}

func TestSuccessResetsFailures(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@exemple.fr", "")
	for range 4 {
		f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: "mauvais mot de passe"})
	}
	f.mustSignIn(t, "marie@exemple.fr", false)
	for range 4 {
		f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: "mauvais mot de passe"})
	}
	f.mustSignIn(t, "marie@exemple.fr", false)
}

func TestAddressLimit(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for i := range 20 {
		_, _, err := f.svc.SignIn(ctx, Credentials{Email: "u" + string(rune('a'+i)) + "@exemple.fr", Password: "x", IP: "192.0.2.50"})
		wantErr(t, err, apperr.EUNAUTHORIZED, "", "incorrect")
	}
	_, _, err := f.svc.SignIn(ctx, Credentials{Email: "z@exemple.fr", Password: "x", IP: "192.0.2.50"})
	wantErr(t, err, apperr.ETOOMANY, "", "Réessayez dans 15 minutes.")
	_, _, err = f.svc.Register(ctx, NewUser{Email: "new@exemple.fr", Password: goodPassword}, "192.0.2.50")
	wantErr(t, err, apperr.ETOOMANY, "", "Trop de tentatives")
	_, _, err = f.svc.SignIn(ctx, Credentials{Email: "z@exemple.fr", Password: "x", IP: "192.0.2.51"})
	wantErr(t, err, apperr.EUNAUTHORIZED, "", "incorrect")
	f.clock.Advance(15 * time.Minute)
	_, _, err = f.svc.SignIn(ctx, Credentials{Email: "z@exemple.fr", Password: "x", IP: "192.0.2.50"})
	wantErr(t, err, apperr.EUNAUTHORIZED, "", "incorrect")
}
