package account

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestAuthenticateSeesEveryChangeAtOnce: Authenticate keeps the sessions
// it found while their Version is unchanged (sessionCache). Every way a
// session ends or its user changes must show on the very next request
// when the change came from this process, and from another one writing
// the same database (the CLI, the dashboard, another instance: here a
// second store handle): on SQLite at once too, on PostgreSQL once its
// notification has come, within a second.
func TestAuthenticateSeesEveryChangeAtOnce(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		// change is made by svc, the service of this process or of the other.
		change func(t *testing.T, svc *Service, clock *fakeClock, token string)
		// check judges the first Authenticate after the change.
		check func(u *User, err error) bool
		// sqlite: only SQLite's data_version sees the change (a statement
		// outside pkg/account's store files, which notify on PostgreSQL).
		sqlite bool
	}{
		{"sign-out", func(t *testing.T, svc *Service, _ *fakeClock, token string) {
			must(t, svc.SignOut(ctx, token))
		}, signedOut, false},
		{"every session ended (users sign-out)", func(t *testing.T, svc *Service, _ *fakeClock, _ string) {
			_, err := svc.SignOutAll(ctx, "marie@exemple.fr")
			must(t, err)
		}, signedOut, false},
		{"other sessions ended from another browser", func(t *testing.T, svc *Service, _ *fakeClock, _ string) {
			_, other, err := svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: goodPassword, IP: "192.0.2.9"})
			must(t, err)
			_, _, err = svc.EndOtherSessions(ctx, other, goodPassword)
			must(t, err)
		}, signedOut, false},
		{"account disabled", func(t *testing.T, svc *Service, _ *fakeClock, _ string) {
			_, _, err := svc.SetStatus(ctx, "marie@exemple.fr", StatusDisabled)
			must(t, err)
		}, signedOut, false},
		{"account deleted", func(t *testing.T, svc *Service, _ *fakeClock, token string) {
			_, sess, err := svc.Authenticate(ctx, token)
			must(t, err)
			must(t, svc.DeleteAccount(ctx, sess, goodPassword))
		}, signedOut, false},
		{"role changed (its sessions end)", func(t *testing.T, svc *Service, _ *fakeClock, _ string) {
			_, _, err := svc.SetRole(ctx, "marie@exemple.fr", RoleAgent)
			must(t, err)
		}, signedOut, false},
		{"name changed", func(t *testing.T, svc *Service, _ *fakeClock, token string) {
			_, sess, err := svc.Authenticate(ctx, token)
			must(t, err)
			name := "Marie D."
			_, _, err = svc.UpdateProfile(ctx, sess, ProfileUpdate{DisplayName: &name})
			must(t, err)
		}, func(u *User, err error) bool { return err == nil && u.DisplayName == "Marie D." }, false},
		{"role and name changed by a statement of their own", func(t *testing.T, svc *Service, _ *fakeClock, _ string) {
			must(t, svc.db.WriteTx(ctx, func(tx *store.Tx) error {
				_, err := tx.ExecContext(ctx, "UPDATE users SET role = 'agent', display_name = 'Marie D.' WHERE email = 'marie@exemple.fr'")
				return err
			}))
		}, func(u *User, err error) bool { return err == nil && u.Role == RoleAgent && u.DisplayName == "Marie D." }, true},
		{"idle limit passed", func(t *testing.T, _ *Service, clock *fakeClock, _ string) {
			clock.Advance(IdleTimeout)
		}, signedOut, false},
		{"absolute limit passed, then purged", func(t *testing.T, svc *Service, clock *fakeClock, _ string) {
			clock.Advance(AbsoluteLifetime)
			_, err := svc.PurgeExpiredSessions(ctx)
			must(t, err)
		}, signedOut, false},
	}
	for _, tt := range tests {
		for _, by := range []string{"this process", "another process"} {
			t.Run(tt.name+" by "+by, func(t *testing.T) {
				if tt.sqlite {
					storetest.SQLiteOnly(t, "PRAGMA data_version sees a statement of any program")
				}
				f := newFixture(t)
				f.watch(t)
				changer := f.svc
				if by == "another process" {
					changer = f.otherProcess(t)
				}
				if _, err := f.svc.Create(ctx, NewUser{Email: "marie@exemple.fr", Password: goodPassword}); err != nil {
					t.Fatal(err)
				}
				_, sess, err := f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: goodPassword, IP: "192.0.2.1"})
				must(t, err)
				f.warmCache(t, sess)
				tt.change(t, changer, f.clock, sess.Token)
				wait := time.Duration(0)
				if by == "another process" && f.db.Engine() == store.Postgres {
					wait = time.Second
				}
				deadline := time.Now().Add(wait)
				for {
					u, _, err := f.svc.Authenticate(ctx, sess.Token)
					if tt.check(u, err) {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("request %v after the change: user %+v, err %v", wait, u, err)
					}
					time.Sleep(time.Millisecond)
				}
			})
		}
	}
}

// otherProcess is the service of a second handle on the fixture's database
// file, as `courtier users` or the dashboard open it beside serve.
func (f *fixture) otherProcess(t *testing.T) *Service {
	t.Helper()
	db, err := store.Open(context.Background(), f.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc, err := New(db, Config{Logger: slog.New(slog.DiscardHandler), Now: f.clock.Now, Argon: testParams})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// watch runs the store's Watch until the test ends, as App.Run does.
func (f *fixture) watch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		f.db.Watch(ctx, slog.New(slog.DiscardHandler))
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

// warmCache authenticates sess until the cache answers for it, so that a
// test proves the cache is refused after a change, not merely unused.
func (f *fixture) warmCache(t *testing.T, sess *Session) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, _, err := f.svc.Authenticate(ctx, sess.Token); err != nil {
			t.Fatal(err)
		}
		if v, err := f.svc.changes.Version(ctx); err == nil {
			if _, _, ok := f.svc.sessions.get(v, sess.hash); ok {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the session never came from the cache")
		}
	}
}

func signedOut(_ *User, err error) bool { return apperr.CodeOf(err) == apperr.EUNAUTHORIZED }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSessionCacheKeepsNewestVersion: a lookup that started under an
// older Version than the cache's is not kept; a newer one starts the
// cache again; the cache's size is bounded.
func TestSessionCacheKeepsNewestVersion(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.watch(t)
	f.warmCache(t, f.mustSignIn(t, f.mustCreate(t, "marie@exemple.fr", RoleClient).Email, false))
	older, err := f.svc.changes.Version(ctx)
	must(t, err)
	must(t, f.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := sessionsChanged(ctx, tx); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES ('test', 'v')")
		return err
	}))
	newer, err := f.svc.changes.Version(ctx)
	must(t, err)
	if !older.Before(newer) {
		t.Fatalf("versions %v, %v", older, newer)
	}
	var c sessionCache
	u := &User{UID: "u1", Extra: map[string]any{"k": "v"}}
	c.put(newer, u, &Session{hash: "a"})
	c.put(older, u, &Session{hash: "b"})
	if _, _, ok := c.get(newer, "b"); ok {
		t.Error("a session read under an older version was kept")
	}
	if _, _, ok := c.get(older, "a"); ok {
		t.Error("the cache answered for another version")
	}
	got, _, ok := c.get(newer, "a")
	if !ok || got.UID != "u1" {
		t.Fatalf("cached user %+v, %v", got, ok)
	}
	got.Extra["k"] = "changed"
	got.Role = RoleAdmin
	if again, _, _ := c.get(newer, "a"); again.Extra["k"] != "v" || again.Role != "" {
		t.Errorf("a request's changes reached the cache: %+v", again)
	}
	for i := range maxCachedSessions + 1 {
		c.put(newer, u, &Session{hash: string(rune(i))})
	}
	if len(c.found) > maxCachedSessions {
		t.Errorf("%d cached sessions, at most %d", len(c.found), maxCachedSessions)
	}
}
