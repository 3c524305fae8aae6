package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"
)

// Version names the state of the database's content as one connection
// of this store saw it: two equal Versions mean no connection, of this
// process or of another, committed a change between the two readings.
// Versions of one store are ordered (see Before); a zero Version is
// older than every other.
type Version struct {
	// conn counts the connections the versions were read on: SQLite's
	// data_version is per connection and starts again on a new one.
	conn uint64
	n    int64
}

// Before tells whether v was read before w.
func (v Version) Before(w Version) bool {
	return v.conn < w.conn || (v.conn == w.conn && v.n < w.n)
}

// versionReader asks PRAGMA data_version on a connection of its own. That
// connection never writes, so every commit, the writer's of this process
// included, is "another connection's" for it and changes the number.
type versionReader struct {
	path string
	// mu makes the readings one at a time: a statement left open on the
	// connection by a concurrent reading would hold an older snapshot,
	// and a reading inside it would miss a commit.
	mu   sync.Mutex
	pool *sql.DB
	conn *sql.Conn
	// stmt is the PRAGMA prepared on conn's driver connection, used only
	// inside conn.Raw: database/sql's rows, scan and their locks would
	// cost a quarter of the reading.
	stmt  driver.StmtQueryContext
	dest  [1]driver.Value
	conns uint64
	// closed: the store is closed, the connection is not opened again.
	closed bool
}

// ErrNoDataVersion answers DataVersion on PostgreSQL, which has no such
// number: a cache that rests on it stays off there.
var ErrNoDataVersion = errors.New("pas de data_version sur ce moteur")

// errVersionClosed answers a Version asked of a closed store.
var errVersionClosed = errors.New("base fermée")

// DataVersion returns the current Version of the database's content. It
// costs one PRAGMA on a connection opened on first use and kept for the
// store's life (a connection of a pool could be replaced unseen, and a new
// one counts from the start). On failure the connection is dropped and the
// next call opens another, whose Versions all come after.
func (db *DB) DataVersion(ctx context.Context) (Version, error) {
	if db.engine != SQLite {
		return Version{}, ErrNoDataVersion
	}
	r := db.version
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return Version{}, errVersionClosed
	}
	if r.stmt == nil {
		if err := r.open(ctx); err != nil {
			return Version{}, err
		}
	}
	n, err := r.read()
	if err != nil {
		r.drop()
		return Version{}, fmt.Errorf("version de la base: %w", err)
	}
	return Version{conn: r.conns, n: n}, nil
}

// read runs the PRAGMA; r.mu is held. It does not watch the caller's
// context: the PRAGMA reads a number, and a context that can end would
// cost a goroutine in the driver.
func (r *versionReader) read() (int64, error) {
	var n int64
	err := r.conn.Raw(func(any) error {
		rows, err := r.stmt.QueryContext(context.Background(), nil)
		if err != nil {
			return err
		}
		err = rows.Next(r.dest[:])
		if cerr := rows.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		v, ok := r.dest[0].(int64)
		if !ok {
			return fmt.Errorf("data_version de type %T", r.dest[0])
		}
		n = v
		return nil
	})
	return n, err
}

// open opens the connection and prepares the PRAGMA on it; r.mu is held.
func (r *versionReader) open(ctx context.Context) error {
	if r.pool == nil {
		pool, err := sql.Open("sqlite", sqliteDSN(r.path, "deferred"))
		if err != nil {
			return fmt.Errorf("version de la base: %w", err)
		}
		pool.SetMaxOpenConns(1)
		r.pool = pool
	}
	conn, err := r.pool.Conn(ctx)
	if err != nil {
		return fmt.Errorf("version de la base: %w", err)
	}
	err = conn.Raw(func(dc any) error {
		prep, ok := dc.(driver.ConnPrepareContext)
		if !ok {
			return fmt.Errorf("pilote sans PrepareContext: %T", dc)
		}
		st, err := prep.PrepareContext(ctx, "PRAGMA data_version")
		if err != nil {
			return err
		}
		q, ok := st.(driver.StmtQueryContext)
		if !ok {
			st.Close()
			return fmt.Errorf("requête préparée sans QueryContext: %T", st)
		}
		r.stmt = q
		return nil
	})
	if err != nil {
		conn.Close()
		return fmt.Errorf("version de la base: %w", err)
	}
	r.conn = conn
	r.conns++
	return nil
}

// drop forgets the connection after a failure; r.mu is held.
func (r *versionReader) drop() {
	if r.stmt != nil {
		_ = r.conn.Raw(func(any) error { return r.stmt.(driver.Stmt).Close() })
		r.conn.Close()
	}
	r.stmt, r.conn = nil, nil
}

// close closes the connection and its pool for good.
func (r *versionReader) close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	r.drop()
	if r.pool == nil {
		return nil
	}
	return r.pool.Close()
}
