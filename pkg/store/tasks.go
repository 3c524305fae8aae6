package store

import (
	"context"
	"fmt"
	"time"
)

// Claim reserves the run of the periodic task name that falls at now for
// holder (an instance), when no instance has started one within the last
// every minus a tenth: of several instances ticking each at its own pace,
// one runs the task per period and the others skip it; when that one
// stops, another takes the next period. It reports whether holder got it.
// One short write: a conditional upsert, whose concurrent twin on
// PostgreSQL fails to serialize, runs again and finds the row taken.
func (db *DB) Claim(ctx context.Context, name, holder string, now time.Time, every time.Duration) (bool, error) {
	since := now.Add(-every + every/10)
	var got bool
	err := db.WriteTx(ctx, func(tx *Tx) error {
		got = false
		rows, err := tx.QueryContext(ctx, `INSERT INTO task_runs (name, holder, started_at) VALUES (?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, started_at = excluded.started_at
			WHERE task_runs.started_at <= ? RETURNING name`, name, holder, FormatTime(now), FormatTime(since))
		if err != nil {
			return err
		}
		defer rows.Close()
		got = rows.Next()
		return rows.Err()
	})
	if err != nil {
		return false, fmt.Errorf("réservation de la tâche %s: %w", name, err)
	}
	return got, nil
}
