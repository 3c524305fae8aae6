package account

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/store"
)

const (
	// PurgeEvery is how often `courtier serve` deletes the ended sessions (App.Run).
	PurgeEvery = 10 * time.Minute
	// purgeBatch bounds the rows one purge transaction deletes, so the
	// single writer is never held long, however many sessions ended.
	purgeBatch = 500
)

// endedSessions is the condition of a session over by either limit; ?1 is
// now, ?2 and ?3 the last activity that ends a session by idleness (see
// endedArgs). migrations/0012 indexes every term, so no query scans sessions.
const endedSessions = `(expires_at <= ?1 OR (remember = 0 AND last_seen_at <= ?2) OR (remember = 1 AND last_seen_at <= ?3))`

// purgeBatchSQL deletes at most purgeBatch ended sessions (sessions is a
// WITHOUT ROWID table: its key is id).
var purgeBatchSQL = fmt.Sprintf(`DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE %s LIMIT %d)`, endedSessions, purgeBatch)

// purgeOfSQL deletes the ended sessions of one account (?4), through its uid index.
const purgeOfSQL = `DELETE FROM sessions WHERE uid = ?4 AND ` + endedSessions

func endedArgs(now time.Time) []any {
	return []any{store.FormatTime(now), store.FormatTime(now.Add(-IdleTimeout)), store.FormatTime(now.Add(-RememberIdleTimeout))}
}

// PurgeExpiredSessions deletes every session that is over by either limit
// at the service's clock, purgeBatch per write transaction, and returns
// how many it deleted. The table would otherwise keep every abandoned browser.
func (s *Service) PurgeExpiredSessions(ctx context.Context) (int, error) {
	args := endedArgs(s.now())
	total := 0
	for {
		var n int64
		err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
			res, err := tx.ExecContext(ctx, purgeBatchSQL, args...)
			if err != nil {
				return fmt.Errorf("purge des sessions expirées: %w", err)
			}
			n, err = res.RowsAffected()
			return err
		})
		if err != nil {
			return total, s.fail("purge des sessions expirées", err, "sessions_supprimées", total)
		}
		total += int(n)
		if n < purgeBatch || ctx.Err() != nil {
			return total, nil
		}
	}
}

// purgeSessionsOf deletes the ended sessions of uid inside tx, so that a
// count of its sessions says what the user would have seen in "Mes sessions".
func purgeSessionsOf(ctx context.Context, tx *store.Tx, uid string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, purgeOfSQL, append(endedArgs(now), uid)...); err != nil {
		return fmt.Errorf("purge des sessions expirées du compte: %w", err)
	}
	return nil
}
