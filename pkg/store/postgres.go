package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL through database/sql
)

// pgConns bounds the pool of one instance: enough for the requests of a
// busy server on a few cores, few enough that several instances stay far
// below PostgreSQL's default max_connections of 100.
const pgConns = 20

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
	db := &DB{engine: Postgres, read: pool, write: pool, path: redact(dsn), dsn: dsn, dialect: &pgDialect{}, retry: defaultRetry(), bus: newBus()}
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
// while PostgreSQL reports that it could not serialize it with a
// concurrent one or broke a deadlock with it (db.retry, retry.go).
func (db *DB) pgWriteTx(ctx context.Context, fn func(*Tx) error) error {
	return db.retry.do(ctx, func(alone bool) error { return db.pgWriteOnce(ctx, fn, alone) })
}

// The turn of a write transaction on PostgreSQL, its first statement: a
// lock on a table of the store's own that no request writes. Every write
// takes it shared (ROW SHARE), and they run side by side as they would
// without it. One that lost too many runs in a row to concurrent writers
// (a counter every claim increments, under a burst of claims) takes it
// EXCLUSIVE: it waits for the writes under way, every instance's, the new
// ones wait behind it, and it runs alone, so that it commits instead of
// losing until it gives up. Plain reads (ACCESS SHARE) pass both. LOCK
// TABLE takes no snapshot: the transaction sees what the writes it
// waited for committed.
const (
	turnShared = "LOCK TABLE schema_migrations IN ROW SHARE MODE"
	turnAlone  = "LOCK TABLE schema_migrations IN EXCLUSIVE MODE"
)

// pgWriteOnce runs fn once in a SERIALIZABLE transaction, alone among the
// writers of the database when alone is set.
func (db *DB) pgWriteOnce(ctx context.Context, fn func(*Tx) error, alone bool) error {
	stx, err := db.write.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return fmt.Errorf("début de transaction: %w", err)
	}
	turn := turnShared
	if alone {
		turn = turnAlone
	}
	if _, err := stx.ExecContext(ctx, turn); err != nil {
		_ = stx.Rollback()
		return fmt.Errorf("tour d'écriture: %w", err)
	}
	t := newTx(db, stx, true)
	if err := fn(t); err != nil {
		_ = stx.Rollback()
		return err
	}
	if err := t.notifyOthers(ctx); err != nil {
		_ = stx.Rollback()
		return err
	}
	if err := stx.Commit(); err != nil {
		return fmt.Errorf("validation de transaction: %w", err)
	}
	db.committed(t)
	return nil
}
