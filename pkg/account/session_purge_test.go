package account

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// addSession stores a session of uid signed in at created and last used
// at seen, as the service would have left it.
func (f *fixture) addSession(t *testing.T, uid string, remember bool, created, seen time.Time) *Session {
	t.Helper()
	s, err := newSession(uid, remember, "Mozilla/5.0", created)
	if err != nil {
		t.Fatal(err)
	}
	s.LastSeenAt = seen
	if err := f.db.WriteTx(context.Background(), func(tx *store.Tx) error { return insertSession(context.Background(), tx, s) }); err != nil {
		t.Fatal(err)
	}
	return s
}

// sessionCount is the number of rows of sessions, live or not.
func (f *fixture) sessionCount(t *testing.T) int {
	t.Helper()
	var n int
	if err := f.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM sessions").Scan(&n)
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

// stored tells whether the session's row is still in the table.
func (f *fixture) stored(t *testing.T, s *Session) bool {
	t.Helper()
	var n int
	if err := f.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM sessions WHERE id = ?", s.hash).Scan(&n)
	}); err != nil {
		t.Fatal(err)
	}
	return n == 1
}

func TestPurgeRemovesExactlyTheEndedSessions(t *testing.T) {
	f := newFixture(t)
	u := f.mustCreate(t, "marie@exemple.fr", "")
	now := f.clock.Now()
	ms := time.Millisecond
	tests := []struct {
		name     string
		remember bool
		created  time.Duration // before now
		idle     time.Duration // since the last activity
		ended    bool
	}{
		{"fresh", false, 0, 0, false},
		{"idle just under 30 minutes", false, time.Hour, IdleTimeout - ms, false},
		{"idle exactly 30 minutes", false, time.Hour, IdleTimeout, true},
		{"idle for a day", false, 2 * 24 * time.Hour, 24 * time.Hour, true},
		{"remembered, idle for a day", true, 2 * 24 * time.Hour, 24 * time.Hour, false},
		{"remembered, idle just under 30 days", true, RememberIdleTimeout - ms, RememberIdleTimeout - ms, false},
		{"remembered, idle 30 days", true, RememberIdleTimeout + time.Hour, RememberIdleTimeout, true},
		{"active, just under the absolute lifetime", true, AbsoluteLifetime - ms, 0, false},
		{"active, at the absolute lifetime", true, AbsoluteLifetime, 0, true},
		{"active, past the absolute lifetime", false, AbsoluteLifetime + time.Hour, time.Minute, true},
	}
	sessions := make([]*Session, len(tests))
	for i, tt := range tests {
		sessions[i] = f.addSession(t, u.UID, tt.remember, now.Add(-tt.created), now.Add(-tt.idle))
	}
	n, err := f.svc.PurgeExpiredSessions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for i, tt := range tests {
		if tt.ended {
			want++
		}
		// The purge and the check of a cookie agree on what has ended.
		if sessions[i].expired(now) != tt.ended {
			t.Errorf("%s: expired() = %v", tt.name, !tt.ended)
		}
		if f.stored(t, sessions[i]) == tt.ended {
			t.Errorf("%s: ended %v, still stored %v", tt.name, tt.ended, !tt.ended)
		}
	}
	if n != want {
		t.Errorf("purge deleted %d sessions, want %d", n, want)
	}
}

func TestPurgeGoesInBatches(t *testing.T) {
	f := newFixture(t)
	u := f.mustCreate(t, "marie@exemple.fr", "")
	now := f.clock.Now()
	old := now.Add(-AbsoluteLifetime - time.Hour)
	ended := 2*purgeBatch + 3
	err := f.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		for i := range ended + 7 {
			at := old
			if i >= ended {
				at = now
			}
			s, err := newSession(u.UID, i%2 == 0, "", at)
			if err != nil {
				return err
			}
			if err := insertSession(context.Background(), tx, s); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n, err := f.svc.PurgeExpiredSessions(context.Background())
	if err != nil || n != ended {
		t.Fatalf("purge: %d, %v; want %d", n, err, ended)
	}
	if left := f.sessionCount(t); left != 7 {
		t.Fatalf("%d sessions left, want the 7 live ones", left)
	}
	if n, err := f.svc.PurgeExpiredSessions(context.Background()); n != 0 || err != nil {
		t.Fatalf("second purge: %d, %v", n, err)
	}
}

func TestSignInDoesNotPurge(t *testing.T) {
	f := newFixture(t)
	u := f.mustCreate(t, "marie@exemple.fr", "")
	old := f.addSession(t, u.UID, false, f.clock.Now().Add(-2*time.Hour), f.clock.Now().Add(-time.Hour))
	f.mustSignIn(t, "marie@exemple.fr", false)
	if _, _, err := f.svc.Register(context.Background(), NewUser{Email: "paul@exemple.fr", Password: goodPassword}, "192.0.2.2"); err != nil {
		t.Fatal(err)
	}
	if !f.stored(t, old) {
		t.Fatal("a sign-in deleted an ended session: the purge is back in the sign-in transaction")
	}
	if n, err := f.svc.PurgeExpiredSessions(context.Background()); n != 1 || err != nil {
		t.Fatalf("purge: %d, %v", n, err)
	}
}

func TestPurgeQueriesUseIndexes(t *testing.T) {
	storetest.SQLiteOnly(t, "EXPLAIN QUERY PLAN is SQLite's; PostgreSQL picks its plan from statistics, and a sequential scan of a test's few rows is its right choice")
	f := newFixture(t)
	args := append(endedArgs(f.clock.Now()), "uid")
	for name, q := range map[string]string{"purge": purgeBatchSQL, "purge of one account": purgeOfSQL} {
		var plan []string
		err := f.db.ReadTx(context.Background(), func(tx *store.Tx) error {
			rows, err := tx.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+q, args[:strings.Count(q, "?4")+3]...)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id, parent, notused int
				var detail string
				if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
					return err
				}
				plan = append(plan, detail)
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(plan, "\n")
		if strings.Contains(text, "SCAN sessions") || !strings.Contains(text, "USING") {
			t.Errorf("%s: the plan scans the table:\n%s", name, text)
		}
		t.Logf("%s:\n%s", name, text)
	}
}
