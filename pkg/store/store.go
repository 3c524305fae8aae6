// Package store is the only package that knows the database engine: it
// opens SQLite (a file path) or PostgreSQL (a postgres:// URL), applies
// the engine's embedded migrations, and hands every other package one
// transaction type (Tx) and one Querier whose SQL is written once, with ?
// placeholders, and rewritten for the engine (see dialect.go).
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver
)

// Engine names a database engine.
type Engine string

// The engines courtier runs on.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// readers is the size of SQLite's reader pool.
const readers = 4

// DB is the store. On SQLite: a pool of readers and a single writer, so
// that writers queue in Go instead of failing with SQLITE_BUSY. On
// PostgreSQL: one pool for both (read and write are the same *sql.DB).
type DB struct {
	engine Engine
	read   *sql.DB
	write  *sql.DB
	// path is the SQLite file, or the PostgreSQL URL without its password.
	path string
	// dsn is what Open was given (Watch connects with it).
	dsn string
	// readStmts and writeStmts are the prepared statements of each pool
	// (see Stmt); SQLite only: pgx keeps its own cache per connection.
	readStmts, writeStmts *stmtCache
	// inWrite is the transaction WriteTx is running, if any (SQLite): the
	// writer has one connection, so there is at most one.
	inWrite atomic.Pointer[sql.Tx]
	// version reads PRAGMA data_version (see DataVersion); nil on PostgreSQL.
	version *versionReader
	// dialect rewrites the code's SQL for the engine.
	dialect dialect
	// bus wakes the subscribers of the topics a commit notified (bus.go).
	bus *bus
	// retry runs a write transaction again after a serialization failure
	// (PostgreSQL; see retry.go).
	retry retryPolicy
}

// IsURL tells whether dsn names a PostgreSQL database rather than a file.
func IsURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open opens the database named by dsn, a SQLite file path (created with
// its folder if needed) or a postgres:// URL, and applies the pending
// migrations.
func Open(ctx context.Context, dsn string) (*DB, error) {
	db, err := open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Connect opens the database named by dsn as Open does (a SQLite file is
// created if absent), without applying the migrations: for what must see
// the database at its level, such as the source of a copy, or `courtier db
// migrate` counting what it applies.
func Connect(ctx context.Context, dsn string) (*DB, error) { return open(ctx, dsn) }

// open connects without migrating.
func open(ctx context.Context, dsn string) (*DB, error) {
	if IsURL(dsn) {
		return openPostgres(ctx, dsn)
	}
	return openSQLite(dsn)
}

// sqliteDSN sets the pragmas on every pooled connection; write transactions
// start with BEGIN IMMEDIATE so a read-then-write never hits SQLITE_BUSY.
func sqliteDSN(path string, txlock string) string {
	q := url.Values{}
	for _, p := range []string{"busy_timeout(5000)", "journal_mode(WAL)", "foreign_keys(1)", "synchronous(NORMAL)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", txlock)
	return "file:" + path + "?" + q.Encode()
}

// openSQLite opens the two pools of the file at path.
func openSQLite(path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("création du dossier de la base %s: %w", dir, err)
		}
	}
	write, err := sql.Open("sqlite", sqliteDSN(path, "immediate"))
	if err != nil {
		return nil, fmt.Errorf("ouverture de la base %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	read, err := sql.Open("sqlite", sqliteDSN(path, "deferred"))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("ouverture de la base %s: %w", path, err)
	}
	read.SetMaxOpenConns(readers)
	// database/sql keeps 2 idle connections by default: past 2 concurrent
	// reads, every read closed a connection on its return and the next one
	// opened another, with its pragmas, its statements prepared again and
	// an empty page cache (13 % of the server's time in a chat load).
	read.SetMaxIdleConns(readers)
	return &DB{engine: SQLite, read: read, write: write, path: path,
		readStmts: newStmtCache(read), writeStmts: newStmtCache(write),
		version: &versionReader{path: path}, dialect: sqliteDialect{}, bus: newBus()}, nil
}

// Engine is the engine the store runs on.
func (db *DB) Engine() Engine { return db.engine }

// Path is the SQLite file the store was opened on, or the PostgreSQL URL
// without its password (for logs).
func (db *DB) Path() string { return db.path }

// Ping tells whether the database answers a query.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.read.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("base de données injoignable: %w", err)
	}
	return nil
}

// Close closes the prepared statements and the pools; on SQLite the WAL
// content is checkpointed by SQLite on the last close.
func (db *DB) Close() error {
	var serr error
	if db.engine == SQLite {
		serr = errors.Join(db.readStmts.close(), db.writeStmts.close(), db.version.close())
	}
	rerr := db.read.Close()
	var werr error
	if db.write != db.read {
		werr = db.write.Close()
	}
	if werr != nil {
		return fmt.Errorf("fermeture de la base: %w", werr)
	}
	if rerr != nil {
		return fmt.Errorf("fermeture de la base: %w", rerr)
	}
	if serr != nil {
		return fmt.Errorf("fermeture des requêtes préparées: %w", serr)
	}
	return nil
}

// WriteTx runs fn in a write transaction: on SQLite BEGIN IMMEDIATE on the
// single writer; on PostgreSQL a SERIALIZABLE transaction, run again from
// the start when PostgreSQL reports a serialization failure or a deadlock
// (with growing random pauses, for up to 2 s: see retryPolicy), so that
// every read-then-write of the code stays as right with several writers
// as under SQLite's one. fn may therefore run more than once: it
// must act only through tx and on values it sets afresh each time, and
// leave side effects outside the database (a wake-up, a mail) to after
// WriteTx returns.
func (db *DB) WriteTx(ctx context.Context, fn func(*Tx) error) error {
	if db.engine == Postgres {
		return db.pgWriteTx(ctx, fn)
	}
	stx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("début de transaction: %w", err)
	}
	db.inWrite.Store(stx)
	defer db.inWrite.CompareAndSwap(stx, nil)
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

// ReadTx runs fn in a read-only transaction that sees one snapshot of the
// database (on PostgreSQL: REPEATABLE READ, READ ONLY).
func (db *DB) ReadTx(ctx context.Context, fn func(*Tx) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.engine == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	stx, err := db.read.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("début de lecture: %w", err)
	}
	defer stx.Rollback() //nolint:errcheck // a read-only transaction has nothing to keep
	return fn(newTx(db, stx, false))
}
