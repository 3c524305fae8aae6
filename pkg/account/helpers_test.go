package account

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// testParams make hashing cheap in tests; production uses DefaultParams.
var testParams = Params{Memory: 64, Time: 1, Threads: 1}

// fakeClock is a clock tests move by hand.
type fakeClock = storetest.Clock

func newClock() *fakeClock {
	return storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
}

type fixture struct {
	svc   *Service
	db    *store.DB
	clock *fakeClock
	logs  *storetest.Buffer
	path  string
	// apps are the second factors of the staff made by mustCreateStaff,
	// by e-mail: what their phone would show.
	apps map[string]*app
}

// app is a staff member's authenticator app: its secret and the last time
// step whose code served (a code serves once).
type app struct {
	secret string
	step   int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := storetest.Open(t)
	f := &fixture{db: db, clock: newClock(), logs: &storetest.Buffer{}, path: db.Path(), apps: map[string]*app{}}
	var err error
	f.svc, err = New(db, Config{
		Logger: slog.New(slog.NewTextHandler(f.logs, nil)),
		Now:    f.clock.Now,
		Argon:  testParams,
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

const goodPassword = "cheval-agrafe-correct-42"

// mustCreate makes an account or fails the test.
func (f *fixture) mustCreate(t *testing.T, email string, role Role) *User {
	t.Helper()
	u, err := f.svc.Create(context.Background(), NewUser{Email: email, Password: goodPassword, Role: role})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// mustCreateStaff makes an agent or admin account that set up its second
// factor as its owner does (accounttest.Staff, which this package's tests
// may not import): a sign-in, the secret, a first code of the app at the
// clock's time, and a sign-out. The clock does not move.
func (f *fixture) mustCreateStaff(t *testing.T, email string, role Role) *User {
	t.Helper()
	ctx := context.Background()
	u := f.mustCreate(t, email, role)
	sess := f.mustSignIn(t, email, false)
	setup, err := f.svc.BeginTwoFactor(ctx, sess, "Horizon Courtage")
	if err != nil {
		t.Fatal(err)
	}
	code, err := totpCode(setup.Secret, f.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.EnableTwoFactor(ctx, sess, code, goodPassword); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.SignOut(ctx, sess.Token); err != nil {
		t.Fatal(err)
	}
	f.apps[u.Email] = &app{secret: setup.Secret, step: totpStep(f.clock.Now())}
	if u, err = f.svc.Get(ctx, u.UID); err != nil || !u.TwoFactor {
		t.Fatalf("staff %s after set-up: %+v %v", email, u, err)
	}
	return u
}

// mustSignIn signs in with the good password or fails the test; for staff
// made by mustCreateStaff, with the next code of their app too.
func (f *fixture) mustSignIn(t *testing.T, email string, remember bool) *Session {
	t.Helper()
	_, sess, err := f.svc.SignIn(context.Background(), Credentials{Email: email, Password: goodPassword, Remember: remember, IP: "192.0.2.1"})
	var need *SecondFactorRequired
	if a := f.apps[email]; a != nil && errors.As(err, &need) {
		// A code serves once per step, and one step of skew is allowed:
		// the next step after the last used, if the clock allows it.
		now := totpStep(f.clock.Now())
		step := max(a.step+1, now-totpSkew)
		if step > now+totpSkew {
			t.Fatalf("no code of %s's app left at %s: move the clock", email, f.clock.Now())
		}
		code, cerr := totpCode(a.secret, time.Unix(step*totpPeriod, 0))
		if cerr != nil {
			t.Fatal(cerr)
		}
		_, sess, err = f.svc.SignInWithCode(context.Background(), CodeAttempt{Ticket: need.Ticket, Code: code, IP: "192.0.2.1"})
		if err == nil {
			a.step = step
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

// signedIn tells whether token still opens a session.
func (f *fixture) signedIn(t *testing.T, token string) bool {
	t.Helper()
	_, _, err := f.svc.Authenticate(context.Background(), token)
	if err != nil && apperr.CodeOf(err) != apperr.EUNAUTHORIZED {
		t.Fatal(err)
	}
	return err == nil
}

// wantErr checks err's code, field and that its message contains msg.
func wantErr(t *testing.T, err error, code apperr.Code, field, msg string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s %q", code, msg)
	}
	var e *apperr.Error
	if !errors.As(err, &e) {
		t.Fatalf("err %v is not an apperr.Error", err)
	}
	if e.Code != code || e.Field != field || !strings.Contains(e.Message, msg) {
		t.Fatalf("err = %s/%s %q, want %s/%s %q", e.Code, e.Field, e.Message, code, field, msg)
	}
}
