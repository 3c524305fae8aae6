package account

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// rateStore keeps the token buckets of the sign-in limits that must hold
// across instances in rate_buckets (migration 0015), one row per bucket
// not full (see ratelimit.Buckets). An Update is one write transaction,
// the only writer of rate_buckets while it runs (SQLite's single writer;
// on PostgreSQL, LockWriters): a guesser spread over every instance meets
// one count, and the many concurrent attempts at one account under attack
// wait their turn, a millisecond each, instead of failing to serialize.
type rateStore struct {
	db  *store.DB
	now func() time.Time
}

// Update runs fn in a write transaction over the rows of rate_buckets.
func (s rateStore) Update(ctx context.Context, fn func(ratelimit.Buckets) error) error {
	return s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := tx.LockWriters(ctx, "rate_buckets"); err != nil {
			return err
		}
		// The instant is taken afresh by every run of a retried transaction.
		return fn(&rateBuckets{ctx: ctx, tx: tx, now: s.now()})
	})
}

// rateBuckets are the rows of rate_buckets within one transaction.
type rateBuckets struct {
	ctx context.Context
	tx  *store.Tx
	now time.Time
}

const (
	selectBucketSQL = `SELECT full_at FROM rate_buckets WHERE name = ? AND key_hash = ?`
	upsertBucketSQL = `INSERT INTO rate_buckets (name, key_hash, full_at) VALUES (?, ?, ?)
		ON CONFLICT (name, key_hash) DO UPDATE SET full_at = excluded.full_at`
	deleteBucketSQL = `DELETE FROM rate_buckets WHERE name = ? AND key_hash = ?`
)

// Now is the instant of the transaction.
func (b *rateBuckets) Now() time.Time { return b.now }

// Full reads when the bucket of key in limit name is full again; the zero
// time when it has no row (it is full).
func (b *rateBuckets) Full(name, key string) (time.Time, error) {
	var full string
	err := b.tx.QueryRowContext(b.ctx, selectBucketSQL, name, keyHash(key)).Scan(&full)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("lecture de la limite %s: %w", name, err)
	}
	return store.ParseTime(full)
}

// SetFull writes when the bucket is full again, or deletes its row when
// it is full already.
func (b *rateBuckets) SetFull(name, key string, full time.Time) error {
	var err error
	if !full.After(b.now) {
		_, err = b.tx.ExecContext(b.ctx, deleteBucketSQL, name, keyHash(key))
	} else {
		// Rounded up to the millisecond the text keeps: never a token
		// more than the rule gives.
		full = full.Add(time.Millisecond - 1).Truncate(time.Millisecond)
		_, err = b.tx.ExecContext(b.ctx, upsertBucketSQL, name, keyHash(key), store.FormatTime(full))
	}
	if err != nil {
		return fmt.Errorf("écriture de la limite %s: %w", name, err)
	}
	return nil
}

// keyHash is what the table keeps of a limit's key: e-mails, addresses and
// session IDs are not worth keeping in clear for a count's sake.
func keyHash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

const (
	// PurgeRateBucketsEvery is how often `courtier serve` deletes the rate
	// buckets full again: App.Run runs PurgeRateBuckets as a periodic task,
	// once per period across the instances. A wrong password leaves rows
	// that are full again within minutes to hours (the rules of
	// ratelimit.Default); purging every minute keeps the table near what
	// the limits are actually holding.
	PurgeRateBucketsEvery = time.Minute
	// rateBucketsBatch bounds the rows one purge transaction deletes, so
	// the single writer is never held long.
	rateBucketsBatch = 500
	// rateBucketsMaxBatches bounds one call (100,000 rows, 6 million an
	// hour at one call a minute, far above what the sign-in limits let a
	// flood write); what is left waits for the next call.
	rateBucketsMaxBatches = 200
)

// purgeBucketsSQL deletes at most rateBucketsBatch buckets full again at ?,
// chosen by their key, the pair (neither engine's DELETE takes a LIMIT),
// found through rate_buckets_by_full.
var purgeBucketsSQL = fmt.Sprintf(`DELETE FROM rate_buckets WHERE (name, key_hash) IN
	(SELECT name, key_hash FROM rate_buckets WHERE full_at <= ? LIMIT %d)`, rateBucketsBatch)

// PurgeRateBuckets deletes the rate buckets that are full again at the
// service's clock: such a row says no more than its absence, and the keys
// of a flood would otherwise stay for good. It deletes rateBucketsBatch
// rows per write transaction and at most rateBucketsMaxBatches
// transactions per call, and returns how many rows it deleted.
func (s *Service) PurgeRateBuckets(ctx context.Context) (int, error) {
	return s.purgeRateBuckets(ctx, rateBucketsMaxBatches)
}

// purgeRateBuckets is PurgeRateBuckets in at most maxBatches transactions.
func (s *Service) purgeRateBuckets(ctx context.Context, maxBatches int) (int, error) {
	now := store.FormatTime(s.now())
	total := 0
	for range maxBatches {
		var n int64
		err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
			var err error
			n, err = purgeBucketsBatch(ctx, tx, now)
			return err
		})
		if err != nil {
			return total, s.fail("purge des limites de connexion", err, "lignes_supprimées", total)
		}
		total += int(n)
		if n < rateBucketsBatch || ctx.Err() != nil {
			break
		}
	}
	return total, nil
}

// purgeBucketsBatch deletes at most rateBucketsBatch buckets full again
// at now (stored form) and returns how many it deleted.
func purgeBucketsBatch(ctx context.Context, tx *store.Tx, now string) (int64, error) {
	res, err := tx.ExecContext(ctx, purgeBucketsSQL, now)
	if err != nil {
		return 0, fmt.Errorf("purge des limites de connexion: %w", err)
	}
	return res.RowsAffected()
}

// countRateBuckets is how many buckets rate_buckets keeps, for tests.
func countRateBuckets(ctx context.Context, db *store.DB) (int, error) {
	var n int
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM rate_buckets`).Scan(&n)
	})
	return n, err
}
