package store

import (
	"context"
	"fmt"
	"log/slog"
	"time"
)

// autoCheckpoint is SQLite's default wal_autocheckpoint, in pages: the
// commit that takes the WAL past it copies the WAL into the database file
// and syncs it, inside the commit.
const autoCheckpoint = 1000

// CheckpointEvery takes the WAL checkpoints out of the writer's commits
// until ctx ends: the writer stops checkpointing, and every interval a
// reader connection runs a passive checkpoint (it copies what no reader
// still needs and never blocks a writer or a reader). With SQLite's
// automatic checkpoint, one commit in so many copied a thousand pages and
// waited for fsync while every writer queued behind it (the chat's p99).
// At the end the writer checkpoints by itself again.
func (db *DB) CheckpointEvery(ctx context.Context, interval time.Duration, log *slog.Logger) {
	if db.engine != SQLite {
		return // PostgreSQL checkpoints by itself, outside the commits
	}
	if err := db.setAutoCheckpoint(ctx, 0); err != nil {
		log.Warn("points de contrôle du journal laissés aux écritures", "err", err)
		return
	}
	defer func() {
		// ctx is over: the store may still be written to before it closes.
		if err := db.setAutoCheckpoint(context.Background(), autoCheckpoint); err != nil {
			log.Warn("rétablissement des points de contrôle du journal", "err", err)
		}
	}()
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := db.Checkpoint(ctx); err != nil && ctx.Err() == nil {
			log.Warn("point de contrôle du journal", "err", err)
		}
	}
}

// Checkpoint runs a passive WAL checkpoint on a reader connection and
// returns the number of WAL pages copied into the database file.
func (db *DB) Checkpoint(ctx context.Context) (int, error) {
	var busy, logPages, copied int
	err := db.read.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &logPages, &copied)
	if err != nil {
		return 0, fmt.Errorf("point de contrôle du journal: %w", err)
	}
	return copied, nil
}

// setAutoCheckpoint sets wal_autocheckpoint on the writer's connection
// (the pool has one): 0 turns the checkpoints of commits off. A connection
// the pool opens again starts with SQLite's default, which is safe.
func (db *DB) setAutoCheckpoint(ctx context.Context, pages int) error {
	var got int
	if err := db.write.QueryRowContext(ctx, fmt.Sprintf("PRAGMA wal_autocheckpoint(%d)", pages)).Scan(&got); err != nil {
		return fmt.Errorf("wal_autocheckpoint: %w", err)
	}
	return nil
}
