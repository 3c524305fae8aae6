package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
)

// Querier runs statements: a *Tx, or the store's Reader for single rows.
// Helpers that a batched write and an ordinary transaction share take a
// Querier. The SQL is the code's, with ? placeholders; the store rewrites
// it for its engine.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Tx is the one transaction type of every package, from WriteTx, ReadTx
// or a Batcher. On SQLite it takes each statement from the store's cache
// the first time it runs and reuses it until the end: modernc.org/sqlite
// parses every statement it is given as text, and a group commit (Batcher)
// runs the same few statements for every write it holds. On PostgreSQL the
// text is rewritten for the engine (placeholders, arguments) and pgx keeps
// the prepared statements per connection. A Tx is used by one goroutine
// at a time, as a *sql.Tx is.
type Tx struct {
	tx    *sql.Tx
	db    *DB
	write bool
	// db's statement cache (DB.Stmt) keeps the statements from one
	// transaction to the next; stmts keeps them for this one (SQLite).
	stmts map[string]*sql.Stmt
	// ordered are the tables LockWriters locked (PostgreSQL), notified
	// the topics Notify named.
	ordered, notified map[string]bool
	// freeIDs are the keys NewIDs took from a sequence and has not given
	// yet (PostgreSQL), lastID the last key it gave (SQLite), by table.
	freeIDs map[string][]int64
	lastID  map[string]int64
}

// newTx wraps tx, a transaction of db, with an empty statement cache.
func newTx(db *DB, tx *sql.Tx, write bool) *Tx {
	t := &Tx{tx: tx, db: db, write: write}
	if db.engine == SQLite {
		t.stmts = map[string]*sql.Stmt{}
	}
	return t
}

// Engine is the engine of the transaction's store, for the rare statement
// that only one engine has (PRAGMA, advisory locks).
func (t *Tx) Engine() Engine { return t.db.engine }

// stmt returns the statement of query prepared on this transaction (SQLite).
func (t *Tx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := t.stmts[query]; ok {
		return st, nil
	}
	cache := t.db.readStmts
	if t.write {
		cache = t.db.writeStmts
	}
	st, err := cache.get(query)
	if err != nil {
		return nil, fmt.Errorf("préparation d'une requête: %w", err)
	}
	if st == nil {
		st, err = t.tx.PrepareContext(ctx, query)
		if err != nil {
			return nil, fmt.Errorf("préparation d'une requête: %w", err)
		}
	} else {
		st = t.tx.StmtContext(ctx, st)
	}
	t.stmts[query] = st
	return st, nil
}

// ExecContext runs query.
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if t.db.engine == Postgres {
		q, a := t.db.dialect.rewrite(query, args)
		return t.tx.ExecContext(ctx, q, a...)
	}
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// QueryContext runs query.
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if t.db.engine == Postgres {
		q, a := t.db.dialect.rewrite(query, args)
		return t.tx.QueryContext(ctx, q, a...)
	}
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowContext runs query. A statement that cannot be prepared is run
// as text, so that its *sql.Row carries the error to Scan.
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if t.db.engine == Postgres {
		q, a := t.db.dialect.rewrite(query, args)
		return t.tx.QueryRowContext(ctx, q, a...)
	}
	st, err := t.stmt(ctx, query)
	if err != nil {
		return t.tx.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// InOrder makes the IDs that this transaction gives to the rows of table
// (a table whose readers follow it by ID: the chat's streams re-read the
// messages after the last ID they sent) committed in the order they are
// given. SQLite's single writer does so already. On PostgreSQL two
// transactions may take IDs 10 and 11 and commit 11 first: a reader would
// pass 10 before it is visible and never send it. InOrder is LockWriters:
// the writers of table take their IDs one transaction after the other.
func (t *Tx) InOrder(ctx context.Context, table string) error { return t.LockWriters(ctx, table) }

// taken is what a transaction holds so far: its table locks and the
// topics it notified. A rollback to a savepoint gives up those taken after
// it: PostgreSQL releases the locks, so the next LockWriters must be sent
// again, and the topics are no longer notified at commit.
type taken struct{ ordered, notified map[string]bool }

// taken returns what t holds, to give back to undo after a rollback.
func (t *Tx) taken() taken { return taken{maps.Clone(t.ordered), maps.Clone(t.notified)} }

// undo forgets what t took since taken returned k.
func (t *Tx) undo(k taken) { t.ordered, t.notified = k.ordered, k.notified }

// LockWriters makes this transaction the only writer of table until it
// commits (PostgreSQL: LOCK TABLE … IN SHARE ROW EXCLUSIVE MODE; reads go
// on), as every writer is on SQLite. For the few hot rows that many
// instances update at once (the sign-in limits of one account under
// attack), where SERIALIZABLE would let one writer through and fail the
// others until they gave up: they wait their turn instead. Call it first
// in the transaction: a SERIALIZABLE transaction's snapshot is taken by
// its first query, and LOCK TABLE is not one, so the transaction then sees
// what the previous holder committed (called later, it stays right but
// may have to run again). table is a constant of the code, never input.
func (t *Tx) LockWriters(ctx context.Context, table string) error {
	if t.db.engine != Postgres || t.ordered[table] {
		return nil
	}
	if _, err := t.tx.ExecContext(ctx, "LOCK TABLE "+table+" IN SHARE ROW EXCLUSIVE MODE"); err != nil {
		return fmt.Errorf("verrou des écritures de %s: %w", table, err)
	}
	if t.ordered == nil {
		t.ordered = map[string]bool{}
	}
	t.ordered[table] = true
	return nil
}

// idBlock is how many keys NewIDs takes from a PostgreSQL sequence at a
// time: the messages of a batch of chat writes, in one round trip; those
// left when the transaction ends are never used (a sequence has gaps).
const idBlock = 64

// NewIDs returns n new keys of table's integer id column, in increasing
// order, greater than every key committed before: the keys an insert
// leaving id out would get, known before the insert, so that rows which
// name each other (a reply and the message it answers) go in one
// statement. The transaction must hold LockWriters(table) (called here),
// so that no other writer numbers rows meanwhile: on SQLite the next keys
// after the largest, as SQLite numbers them; on PostgreSQL the id
// column's sequence, in blocks of idBlock. table is a constant of the
// code, never input.
func (t *Tx) NewIDs(ctx context.Context, table string, n int) ([]int64, error) {
	if err := t.LockWriters(ctx, table); err != nil {
		return nil, err
	}
	if t.db.engine == SQLite {
		// The largest key, or the last given if larger: a key given and
		// not yet inserted is not given twice.
		var last int64
		if err := t.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM "+table).Scan(&last); err != nil {
			return nil, fmt.Errorf("numérotation de %s: %w", table, err)
		}
		if t.lastID == nil {
			t.lastID = map[string]int64{}
		}
		last = max(last, t.lastID[table])
		out := make([]int64, n)
		for i := range out {
			out[i] = last + 1 + int64(i)
		}
		t.lastID[table] = last + int64(n)
		return out, nil
	}
	if t.freeIDs == nil {
		t.freeIDs = map[string][]int64{}
	}
	free := t.freeIDs[table]
	if len(free) < n {
		more, err := t.sequence(ctx, table, max(n, idBlock))
		if err != nil {
			return nil, fmt.Errorf("numérotation de %s: %w", table, err)
		}
		free = append(free, more...)
	}
	t.freeIDs[table] = free[n:]
	return free[:n:n], nil
}

// sequence takes k keys from the sequence of table's id column (PostgreSQL).
func (t *Tx) sequence(ctx context.Context, table string, k int) ([]int64, error) {
	rows, err := t.tx.QueryContext(ctx, "SELECT nextval(pg_get_serial_sequence($1, 'id')) FROM generate_series(1, $2)", table, k)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]int64, 0, k)
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Try runs fn inside a savepoint of t. When fn fails, what it wrote is
// undone, the locks and notifications it took are given back, and its
// error is returned as failed: the transaction goes on. err is a
// savepoint that could not be taken, undone or released: the transaction
// cannot go on. fn runs its statements through t.
func (t *Tx) Try(ctx context.Context, fn func() error) (failed, err error) {
	if _, err := t.tx.ExecContext(ctx, "SAVEPOINT try"); err != nil {
		return nil, fmt.Errorf("point de sauvegarde: %w", err)
	}
	held := t.taken()
	failed = fn()
	if failed != nil {
		if _, err := t.tx.ExecContext(ctx, "ROLLBACK TO try"); err != nil {
			return failed, fmt.Errorf("retour au point de sauvegarde: %w", err)
		}
		t.undo(held)
	}
	if _, err := t.tx.ExecContext(ctx, "RELEASE try"); err != nil {
		return failed, fmt.Errorf("fin du point de sauvegarde: %w", err)
	}
	return failed, nil
}
