// Package store opens the SQLite database shared by every courtier command
// and applies its embedded migrations.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync/atomic"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver
)

// readers is the size of the reader pool.
const readers = 4

// DB is the SQLite store: a pool of readers and a single writer, so that
// writers queue in Go instead of failing with SQLITE_BUSY.
type DB struct {
	read  *sql.DB
	write *sql.DB
	path  string
	// readStmts and writeStmts are the prepared statements of each pool (see Stmt).
	readStmts, writeStmts *stmtCache
	// inWrite is the transaction WriteTx is running, if any: the writer
	// has one connection, so there is at most one, and Stmt tells by it
	// which pool a transaction belongs to.
	inWrite atomic.Pointer[sql.Tx]
	// version reads PRAGMA data_version (see DataVersion).
	version *versionReader
}

// dsn sets the pragmas on every pooled connection; write transactions
// start with BEGIN IMMEDIATE so a read-then-write never hits SQLITE_BUSY.
func dsn(path string, txlock string) string {
	q := url.Values{}
	for _, p := range []string{"busy_timeout(5000)", "journal_mode(WAL)", "foreign_keys(1)", "synchronous(NORMAL)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", txlock)
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating it and its folder if needed) the database at path
// and applies the pending migrations.
func Open(ctx context.Context, path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("création du dossier de la base %s: %w", dir, err)
		}
	}
	write, err := sql.Open("sqlite", dsn(path, "immediate"))
	if err != nil {
		return nil, fmt.Errorf("ouverture de la base %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	read, err := sql.Open("sqlite", dsn(path, "deferred"))
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
	db := newDB(read, write, path)
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// newDB puts the two pools of path together, with their statement caches.
func newDB(read, write *sql.DB, path string) *DB {
	return &DB{read: read, write: write, path: path, readStmts: newStmtCache(read), writeStmts: newStmtCache(write),
		version: &versionReader{path: path}}
}

// Path is the file the store was opened on.
func (db *DB) Path() string { return db.path }

// Ping tells whether the database answers a query.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.read.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("base de données injoignable: %w", err)
	}
	return nil
}

// Close closes the prepared statements and both pools; WAL content is
// checkpointed by SQLite on the last close.
func (db *DB) Close() error {
	serr := errors.Join(db.readStmts.close(), db.writeStmts.close(), db.version.close())
	rerr := db.read.Close()
	werr := db.write.Close()
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

// WriteTx runs fn in a BEGIN IMMEDIATE transaction on the writer connection.
func (db *DB) WriteTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("début de transaction: %w", err)
	}
	db.inWrite.Store(tx)
	defer db.inWrite.CompareAndSwap(tx, nil)
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("validation de transaction: %w", err)
	}
	return nil
}

// ReadTx runs fn in a read-only transaction on the reader pool.
func (db *DB) ReadTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("début de lecture: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a read-only transaction has nothing to keep
	return fn(tx)
}
