package account

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
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

// logBuffer collects log output safely across goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type fixture struct {
	svc   *Service
	db    *store.DB
	clock *fakeClock
	logs  *logBuffer
	path  string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := storetest.Open(t)
	f := &fixture{db: db, clock: newClock(), logs: &logBuffer{}, path: db.Path()}
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

// mustSignIn signs in with the good password or fails the test.
func (f *fixture) mustSignIn(t *testing.T, email string, remember bool) *Session {
	t.Helper()
	_, sess, err := f.svc.SignIn(context.Background(), Credentials{Email: email, Password: goodPassword, Remember: remember, IP: "192.0.2.1"})
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
