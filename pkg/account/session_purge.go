package account

import (
	"context"
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

// PurgeExpiredSessions deletes every session that is over by either limit
// at the service's clock, purgeBatch per write transaction, and returns
// how many it deleted. The table would otherwise keep every abandoned browser.
func (s *Service) PurgeExpiredSessions(ctx context.Context) (int, error) {
	args := endedArgs(s.now())
	total := 0
	for {
		var n int64
		err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
			var err error
			n, err = purgeSessionsBatch(ctx, tx, args)
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
