package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// maxCachedStmts bounds a cache: the SQL texts of the code are a few
// dozen; a text built at run time past the bound is prepared for its
// transaction only, so the cache cannot grow with input.
const maxCachedStmts = 256

// errStmtCacheClosed answers a statement asked of a closed store.
var errStmtCacheClosed = errors.New("cache des requêtes préparées fermé")

// stmtCache holds the statements of one *sql.DB, prepared once on first
// use (modernc.org/sqlite otherwise parses the SQL on every call).
// database/sql prepares a *sql.Stmt again on each pooled connection it
// runs on, once per connection; safe for concurrent use.
type stmtCache struct {
	db    *sql.DB
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
	// pending are the texts being prepared in the background.
	pending map[string]bool
	closed  bool
	// wg counts the background preparations, which close cancels (stop)
	// and waits for.
	wg   sync.WaitGroup
	ctx  context.Context
	stop context.CancelFunc
}

func newStmtCache(db *sql.DB) *stmtCache {
	ctx, stop := context.WithCancel(context.Background())
	return &stmtCache{db: db, stmts: map[string]*sql.Stmt{}, pending: map[string]bool{}, ctx: ctx, stop: stop}
}

// get returns the statement of query, or nil when it is not prepared yet:
// the first call starts its preparation in the background and the caller
// prepares it for its own transaction meanwhile. Preparing on the pool
// from inside a transaction would wait for a free connection, and the
// writer has only the one the transaction holds.
func (c *stmtCache) get(query string) (*sql.Stmt, error) {
	c.mu.RLock()
	st, ok := c.stmts[query]
	closed := c.closed
	c.mu.RUnlock()
	if ok {
		return st, nil
	}
	if closed {
		return nil, errStmtCacheClosed
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.stmts[query]; ok {
		return st, nil
	}
	if c.closed {
		return nil, errStmtCacheClosed
	}
	if !c.pending[query] && len(c.stmts)+len(c.pending) < maxCachedStmts {
		c.pending[query] = true
		c.wg.Add(1)
		go c.prepare(query)
	}
	return nil, nil
}

// prepare prepares query on the pool, once a connection is free, and
// keeps it; a failure is left to the next get to try again.
func (c *stmtCache) prepare(query string) {
	defer c.wg.Done()
	st, err := c.db.PrepareContext(c.ctx, query)
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.pending, query)
	if err != nil {
		return
	}
	if c.closed {
		st.Close()
		return
	}
	c.stmts[query] = st
}

// close closes every statement once the background preparations are
// over; later gets fail.
func (c *stmtCache) close() error {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.stop()
	c.wg.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for _, st := range c.stmts {
		errs = append(errs, st.Close())
	}
	c.stmts = nil
	return errors.Join(errs...)
}

// QueryRow runs one read statement on the reader pool, prepared once per
// pool like Stmt's, outside any explicit transaction: SQLite runs a lone
// statement in its own read transaction, so the row it returns is one
// consistent snapshot, and BEGIN and ROLLBACK around it would cost more
// than the statement (the session lookup of every signed-in request).
// Use ReadTx when two statements must see the same snapshot.
func (db *DB) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if db.engine == Postgres {
		q, a := db.dialect.rewrite(query, args)
		return db.read.QueryRowContext(ctx, q, a...)
	}
	st, err := db.readStmts.get(query)
	if err != nil || st == nil {
		// Not prepared yet (or the store is closing, which the query
		// reports itself): parsed for this call only.
		return db.read.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// RowReader reads single rows. *Tx and the store's Reader are row readers.
type RowReader interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Reader is QueryRow as a RowReader: a write can read what it depends on
// before it queues for the writer, and check it there with a
// compare-and-set (chat messages).
func (db *DB) Reader() RowReader { return poolReader{db} }

type poolReader struct{ db *DB }

// QueryRowContext is db.QueryRow.
func (p poolReader) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.db.QueryRow(ctx, query, args...)
}
