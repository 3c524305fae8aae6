package account

import (
	"context"
	"encoding/base64"
	"log/slog"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

func TestSignInOpensANewSessionEachTime(t *testing.T) {
	f := newFixture(t)
	f.mustCreate(t, "marie@exemple.fr", "")
	a := f.mustSignIn(t, "Marie@Exemple.fr", false)
	b := f.mustSignIn(t, "marie@exemple.fr", false)
	if a.Token == b.Token || a.hash == b.hash {
		t.Fatal("two sign-ins share a session ID")
	}
	raw, err := base64.RawURLEncoding.DecodeString(a.Token)
	if err != nil || len(raw) != 32 {
		t.Fatalf("token %q: %d bytes, %v", a.Token, len(raw), err)
	}
	// Only the hash is stored.
	var stored string
	err = f.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT id FROM sessions WHERE id = ? OR id = ?", a.Token, a.hash).Scan(&stored)
	})
	if err != nil || stored != a.hash || stored == a.Token {
		t.Fatalf("stored %q (%v), want the hash", stored, err)
	}
	u, sess, err := f.svc.Authenticate(context.Background(), a.Token)
	if err != nil || u.Email != "marie@exemple.fr" || sess.UID != u.UID || sess.Token != "" {
		t.Fatalf("Authenticate: %+v %+v %v", u, sess, err)
	}
	if f.signedIn(t, a.hash) || f.signedIn(t, "") || f.signedIn(t, "forged") {
		t.Error("a hash, an empty or a forged token opened a session")
	}
}

func TestSameAnswerForUnknownWrongAndDisabled(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@exemple.fr", "")
	f.mustCreate(t, "off@exemple.fr", "")
	if _, _, err := f.svc.SetStatus(ctx, "off@exemple.fr", StatusDisabled); err != nil {
		t.Fatal(err)
	}
	for _, c := range []Credentials{
		{Email: "inconnu@exemple.fr", Password: goodPassword},
		{Email: "marie@exemple.fr", Password: "mauvais mot de passe"},
		{Email: "off@exemple.fr", Password: goodPassword},
	} {
		_, _, err := f.svc.SignIn(ctx, c)
		wantErr(t, err, apperr.EUNAUTHORIZED, "", "E-mail ou mot de passe incorrect.")
	}
	_, _, err := f.svc.SignIn(ctx, Credentials{Email: "", Password: "x"})
	wantErr(t, err, apperr.EINVALID, "email", "Saisissez votre adresse e-mail.")
	_, _, err = f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr"})
	wantErr(t, err, apperr.EINVALID, "password", "Saisissez votre mot de passe.")
}

func TestIdleTimeout(t *testing.T) {
	f := newFixture(t)
	f.mustCreate(t, "marie@exemple.fr", "")
	s := f.mustSignIn(t, "marie@exemple.fr", false)
	// Activity every 20 minutes keeps the session alive past 30 minutes.
	for range 4 {
		f.clock.Advance(20 * time.Minute)
		if !f.signedIn(t, s.Token) {
			t.Fatal("active session ended")
		}
	}
	f.clock.Advance(30 * time.Minute)
	if f.signedIn(t, s.Token) {
		t.Fatal("session alive after 30 idle minutes")
	}
	f.clock.Advance(-29 * time.Minute)
	if f.signedIn(t, s.Token) {
		t.Fatal("an ended session came back: its row must be gone")
	}
}

func TestRememberedSessionAndAbsoluteLifetime(t *testing.T) {
	f := newFixture(t)
	f.mustCreate(t, "marie@exemple.fr", "")
	s := f.mustSignIn(t, "marie@exemple.fr", true)
	f.clock.Advance(29 * 24 * time.Hour)
	if !f.signedIn(t, s.Token) {
		t.Fatal("remembered session ended after 29 idle days")
	}
	f.clock.Advance(23 * time.Hour)
	if !f.signedIn(t, s.Token) {
		t.Fatal("remembered session ended before 30 days")
	}
	f.clock.Advance(time.Hour)
	if f.signedIn(t, s.Token) {
		t.Fatal("session alive after its absolute lifetime of 30 days")
	}
}

func TestLastSeenMovesAtMostOnceAMinute(t *testing.T) {
	f := newFixture(t)
	f.mustCreate(t, "marie@exemple.fr", "")
	s := f.mustSignIn(t, "marie@exemple.fr", false)
	start := f.clock.Now()
	lastSeen := func() time.Time {
		_, sess, err := f.svc.Authenticate(context.Background(), s.Token)
		if err != nil {
			t.Fatal(err)
		}
		return sess.LastSeenAt
	}
	f.clock.Advance(59 * time.Second)
	if got := lastSeen(); !got.Equal(start) {
		t.Errorf("last seen moved to %v within the minute", got)
	}
	f.clock.Advance(time.Second)
	if got := lastSeen(); !got.Equal(f.clock.Now()) {
		t.Errorf("last seen %v, want %v", got, f.clock.Now())
	}
}

func TestSessionRevocation(t *testing.T) {
	ctx := context.Background()
	t.Run("sign-out", func(t *testing.T) {
		f := newFixture(t)
		f.mustCreate(t, "marie@exemple.fr", "")
		a, b := f.mustSignIn(t, "marie@exemple.fr", false), f.mustSignIn(t, "marie@exemple.fr", false)
		if err := f.svc.SignOut(ctx, a.Token); err != nil {
			t.Fatal(err)
		}
		if f.signedIn(t, a.Token) || !f.signedIn(t, b.Token) {
			t.Error("sign-out must end that session only")
		}
		if err := f.svc.SignOut(ctx, a.Token); err != nil {
			t.Errorf("second sign-out: %v", err)
		}
	})
	t.Run("password change ends the other sessions", func(t *testing.T) {
		f := newFixture(t)
		f.mustCreate(t, "marie@exemple.fr", "")
		a, b := f.mustSignIn(t, "marie@exemple.fr", false), f.mustSignIn(t, "marie@exemple.fr", true)
		_, sess, _ := f.svc.Authenticate(ctx, a.Token)
		_, _, err := f.svc.ChangePassword(ctx, sess, "faux", "un nouveau mot de passe")
		wantErr(t, err, apperr.EINVALID, "currentPassword", "Mot de passe actuel incorrect.")
		_, _, err = f.svc.ChangePassword(ctx, sess, goodPassword, "court")
		wantErr(t, err, apperr.EINVALID, "newPassword", "au moins 12")
		_, _, err = f.svc.ChangePassword(ctx, sess, goodPassword, goodPassword)
		wantErr(t, err, apperr.EINVALID, "newPassword", "différent")
		if !f.signedIn(t, a.Token) || !f.signedIn(t, b.Token) {
			t.Fatal("a refused change ended a session")
		}
		fresh, n, err := f.svc.ChangePassword(ctx, sess, goodPassword, "un nouveau mot de passe")
		if err != nil || n != 1 {
			t.Fatalf("ChangePassword = %d, %v", n, err)
		}
		if f.signedIn(t, a.Token) || f.signedIn(t, b.Token) || !f.signedIn(t, fresh.Token) {
			t.Error("want the current session replaced by a new one and the other ended")
		}
		if fresh.Token == a.Token || fresh.ID == sess.ID || fresh.Remember != a.Remember {
			t.Errorf("new session %+v: same ID or lost the remember choice", fresh)
		}
		if _, _, err := f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: "un nouveau mot de passe"}); err != nil {
			t.Errorf("new password refused: %v", err)
		}
	})
	t.Run("role change and disable end them all", func(t *testing.T) {
		f := newFixture(t)
		f.mustCreate(t, "marie@exemple.fr", "")
		a := f.mustSignIn(t, "marie@exemple.fr", false)
		if _, n, err := f.svc.SetRole(ctx, "marie@exemple.fr", RoleClient); err != nil || n != 0 || !f.signedIn(t, a.Token) {
			t.Errorf("same role: %d sessions ended, %v", n, err)
		}
		u, n, err := f.svc.SetRole(ctx, "MARIE@exemple.fr", RoleAgent)
		if err != nil || n != 1 || u.Role != RoleAgent || f.signedIn(t, a.Token) {
			t.Fatalf("SetRole = %+v, %d, %v", u, n, err)
		}
		b, c := f.mustSignIn(t, "marie@exemple.fr", false), f.mustSignIn(t, "marie@exemple.fr", true)
		u, n, err = f.svc.SetStatus(ctx, "marie@exemple.fr", StatusDisabled)
		if err != nil || n != 2 || u.Status != StatusDisabled || f.signedIn(t, b.Token) || f.signedIn(t, c.Token) {
			t.Fatalf("disable = %+v, %d, %v", u, n, err)
		}
		if _, _, err := f.svc.SetStatus(ctx, "marie@exemple.fr", StatusActive); err != nil {
			t.Fatal(err)
		}
		f.mustSignIn(t, "marie@exemple.fr", false)
		_, _, err = f.svc.SetRole(ctx, "inconnu@exemple.fr", RoleAdmin)
		wantErr(t, err, apperr.ENOTFOUND, "", "inconnu@exemple.fr")
		_, _, err = f.svc.SetRole(ctx, "marie@exemple.fr", "boss")
		wantErr(t, err, apperr.EINVALID, "role", "admin, agent, client")
	})
	t.Run("account deletion", func(t *testing.T) {
		f := newFixture(t)
		u := f.mustCreate(t, "marie@exemple.fr", "")
		a := f.mustSignIn(t, "marie@exemple.fr", false)
		wantErr(t, f.svc.DeleteAccount(ctx, a, "faux"), apperr.EINVALID, "password", "Mot de passe incorrect.")
		wantErr(t, f.svc.DeleteAccount(ctx, a, ""), apperr.EINVALID, "password", "Saisissez votre mot de passe")
		if err := f.svc.DeleteAccount(ctx, a, goodPassword); err != nil {
			t.Fatal(err)
		}
		if f.signedIn(t, a.Token) {
			t.Error("session survived its account")
		}
		var n int
		f.db.ReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM sessions").Scan(&n)
		})
		if n != 0 {
			t.Errorf("%d session rows left", n)
		}
		if _, err := f.svc.Get(ctx, u.UID); apperr.CodeOf(err) != apperr.ENOTFOUND {
			t.Errorf("account still readable: %v", err)
		}
	})
}

func TestExport(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@exemple.fr", "")
	f.mustCreate(t, "paul@exemple.fr", "")
	f.mustSignIn(t, "paul@exemple.fr", false)
	f.mustSignIn(t, "marie@exemple.fr", true)
	f.clock.Advance(time.Minute)
	a := f.mustSignIn(t, "marie@exemple.fr", false)
	_, sess, _ := f.svc.Authenticate(ctx, a.Token)
	ex, err := f.svc.Export(ctx, sess)
	if err != nil {
		t.Fatal(err)
	}
	if ex.User.Email != "marie@exemple.fr" || len(ex.Sessions) != 2 || !ex.Sessions[0].Current || ex.Sessions[1].Current || !ex.Sessions[1].Remember {
		t.Fatalf("export %+v", ex)
	}
}

func TestRehashOnSignIn(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	u := f.mustCreate(t, "marie@exemple.fr", "")
	stronger := Params{Memory: 128, Time: 2, Threads: 1}
	svc, err := New(f.db, Config{Logger: slog.New(slog.DiscardHandler), Now: f.clock.Now, Argon: stronger})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: goodPassword}); err != nil {
		t.Fatal(err)
	}
	_, hash, err := svc.readWithHash(ctx, u.UID)
	if err != nil || svc.hasher.NeedsRehash(hash) {
		t.Fatalf("hash %q not upgraded (%v)", hash, err)
	}
	if _, _, err := svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: goodPassword}); err != nil {
		t.Fatalf("upgraded hash refused: %v", err)
	}
}
