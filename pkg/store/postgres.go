package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL through database/sql
)

// pgConns bounds the pool of one instance: enough for the requests of a
// busy server on a few cores, few enough that several instances stay far
// below PostgreSQL's default max_connections of 100.
const pgConns = 20

// pgAttempts is how many times a write transaction runs before its
// serialization failure is returned.
const pgAttempts = 10

// openPostgres opens the pool of the database at dsn. The driver is pgx
// through database/sql: the domain packages keep database/sql's rows and
// scans, one Querier serves both engines, and pgx still speaks the binary
// protocol and caches each statement per connection.
func openPostgres(ctx context.Context, dsn string) (*DB, error) {
	pool, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("ouverture de la base %s: %w", redact(dsn), err)
	}
	pool.SetMaxOpenConns(pgConns)
	pool.SetMaxIdleConns(pgConns)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	db := &DB{engine: Postgres, read: pool, write: pool, path: redact(dsn), dsn: dsn, dialect: &pgDialect{}}
	if err := db.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", redact(dsn), err)
	}
	return db, nil
}

// redact is dsn without its password, for messages and logs.
func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// pgWriteTx runs fn in a SERIALIZABLE transaction, again from the start
// (after a short random pause) while PostgreSQL reports that it could not
// serialize it with a concurrent one.
func (db *DB) pgWriteTx(ctx context.Context, fn func(*Tx) error) error {
	var err error
	for attempt := 1; ; attempt++ {
		err = db.pgWriteOnce(ctx, fn)
		if err == nil || !IsRetryable(err) || attempt == pgAttempts {
			return err
		}
		pause := time.Duration(rand.Int64N(int64(attempt) * int64(2*time.Millisecond)))
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(pause):
		}
	}
}

func (db *DB) pgWriteOnce(ctx context.Context, fn func(*Tx) error) error {
	stx, err := db.write.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return fmt.Errorf("début de transaction: %w", err)
	}
	t := newTx(db, stx, true)
	if err := fn(t); err != nil {
		_ = stx.Rollback()
		return err
	}
	if err := stx.Commit(); err != nil {
		return fmt.Errorf("validation de transaction: %w", err)
	}
	db.committed(t)
	return nil
}
