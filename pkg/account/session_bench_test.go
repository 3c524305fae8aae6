package account

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// seedSessions adds n live sessions of uid in one transaction, as many
// browsers signed in would leave them. The SQL is what both engines run
// (no randomblob on PostgreSQL, no gen_random_bytes on SQLite): the keys
// are spread over the index by a multiplicative hash of the row's number
// and made unique by the number itself, as random hashes would be; the
// public IDs are 32 digits, which are hex.
func seedSessions(b *testing.B, db *store.DB, uid string, n int, now time.Time) {
	b.Helper()
	err := db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
			INSERT INTO sessions (id, public_id, uid, created_at, last_seen_at, expires_at, remember)
			SELECT h || '-' || CAST(i AS TEXT), h || '0000000000000' || substr(CAST(1000000000 + i AS TEXT), 2), ?, ?, ?, ?, i % 2
			FROM (SELECT i, substr(CAST(10000000000 + i * 2654435761 % 4294967296 AS TEXT), 2) AS h FROM k) AS x`,
			n, uid, store.FormatTime(now), store.FormatTime(now), store.FormatTime(now.Add(AbsoluteLifetime)))
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkStartSession measures the write transaction that opens a
// session at sign-in and sign-up (Argon2id left out: it does not depend
// on the table), with few and with many live sessions in the table. Its
// cost must not grow with the sessions of other browsers.
func BenchmarkStartSession(b *testing.B) {
	for _, live := range []int{20, 50_000} {
		b.Run(fmt.Sprintf("live=%d", live), func(b *testing.B) {
			ctx := context.Background()
			clock := newClock()
			svc, err := New(storetest.Open(b), Config{Logger: slog.New(slog.DiscardHandler), Now: clock.Now, Argon: testParams})
			if err != nil {
				b.Fatal(err)
			}
			u, err := svc.Create(ctx, NewUser{Email: "marie@exemple.fr", Password: goodPassword})
			if err != nil {
				b.Fatal(err)
			}
			seedSessions(b, svc.db, u.UID, live, clock.Now())
			b.ReportAllocs()
			for b.Loop() {
				if _, err := svc.startSession(ctx, u.UID, false, "Mozilla/5.0"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
