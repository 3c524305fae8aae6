package store

import (
	"context"
	"os"
	"testing"
)

// NewSchema is storetest.Schema, set by the package store_test (storetest
// imports this package, which cannot import it back): a schema of its own
// on PostgreSQL for the tests of this package.
var NewSchema func(t testing.TB, base string) string

// openEngine opens a new database on the engine the tests run on
// (storetest.Engine), closed when the test ends.
func openEngine(t *testing.T) *DB {
	t.Helper()
	base := os.Getenv("COURTIER_TEST_POSTGRES")
	if base == "" {
		return openTemp(t)
	}
	db, err := Open(context.Background(), NewSchema(t, base))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Queued is how many writes wait in b's queue, for the tests of
// package store_test that make a batch.
func Queued(b *Batcher) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.queue)
}

// ListenerName is the application_name of db's listening connection
// (Watch), for a test that cuts it.
func ListenerName(db *DB) string { return listenerName(db.bus.origin) }
