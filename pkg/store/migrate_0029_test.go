package store_test

import (
	"context"
	"strings"
	"testing"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestRequestsKindIsOpen: after 0029, requests.kind has no CHECK on
// either engine (the kinds register with pkg/desk, which refuses the
// others), and a row of a kind the migrations never named is stored.
func TestRequestsKindIsOpen(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, storetest.DSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.Schema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if tb := s.Table("requests"); tb == nil || tb.Checks != 0 {
		t.Fatalf("requests: %+v, want no CHECK", tb)
	}
	if db.Engine() == store.SQLite {
		var sql string
		err := db.ReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(ctx, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'requests'").Scan(&sql)
		})
		if err != nil || strings.Contains(sql, "CHECK") || !strings.Contains(sql, "kind        TEXT NOT NULL,") {
			t.Fatalf("requests as SQLite keeps it (%v):\n%s", err, sql)
		}
	}
	err = db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO requests (id, kind, ref, status, created_at, updated_at)
			VALUES ('m1', 'memo', 'MM-2026-000001', 'new', '2026-03-02T09:00:00.000Z', '2026-03-02T09:00:00.000Z')`)
		return err
	})
	if err != nil {
		t.Fatalf("a request of a new kind: %v", err)
	}
}
