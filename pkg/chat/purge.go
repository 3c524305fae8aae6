package chat

import (
	"context"
	"time"

	"courtier/pkg/store"
)

// PurgeEvery is how often `courtier serve` deletes the conversations past
// their retention (App.Run).
const PurgeEvery = 10 * time.Minute

// purgeBatch is how many conversations one write transaction deletes at
// most, with their messages: a year of conversations expiring at once
// never holds the writer, and the messages queued behind it, for long.
const purgeBatch = 200

// PurgeExpired deletes the conversations untouched for Retention, with
// their messages (ON DELETE CASCADE), in short transactions, and returns
// how many went.
func (s *Service) PurgeExpired(ctx context.Context) (int, error) {
	before := store.FormatTime(s.now().Add(-Retention))
	total := 0
	for {
		var n int64
		err := s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
			n, err = deleteExpired(ctx, tx, before, purgeBatch)
			return err
		})
		if err != nil {
			return total, s.fail("purge des conversations expirées", err, "conversations_supprimées", total)
		}
		total += int(n)
		if n < purgeBatch || ctx.Err() != nil {
			return total, nil
		}
	}
}
