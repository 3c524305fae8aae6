package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Querier runs statements: a *sql.Tx, or a *Tx that prepares each
// statement once for the whole transaction. Helpers that a batched write
// and an ordinary transaction share take a Querier.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Tx is a transaction that takes each statement from the store's cache
// the first time it runs and reuses it until the end: modernc.org/sqlite parses every statement
// it is given as text, and a group commit (Batcher) runs the same few
// statements for every write it holds. The statements are closed with the
// transaction (database/sql does it on commit and rollback). A Tx is used
// by one goroutine at a time, as a *sql.Tx is.
type Tx struct {
	*sql.Tx
	// db's statement cache (DB.Stmt) keeps the statements from one
	// transaction to the next; stmts keeps them for this one.
	db    *DB
	stmts map[string]*sql.Stmt
}

// newTx wraps tx, a transaction of db, with an empty statement cache.
func newTx(db *DB, tx *sql.Tx) *Tx { return &Tx{Tx: tx, db: db, stmts: map[string]*sql.Stmt{}} }

// stmt returns the statement of query prepared on this transaction.
func (t *Tx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := t.stmts[query]; ok {
		return st, nil
	}
	st, err := t.db.Stmt(ctx, t.Tx, query)
	if err != nil {
		return nil, fmt.Errorf("préparation d'une requête: %w", err)
	}
	t.stmts[query] = st
	return st, nil
}

// ExecContext runs query, prepared once per transaction.
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// QueryContext runs query, prepared once per transaction.
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowContext runs query, prepared once per transaction. A statement
// that cannot be prepared is run as text, so that its *sql.Row carries the
// error to Scan.
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return t.Tx.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}
