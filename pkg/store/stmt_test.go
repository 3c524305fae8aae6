package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
)

// readMeta reads key of app_meta through the statement cache inside tx.
func readMeta(ctx context.Context, db *DB, tx *Tx, key string) (string, error) {
	st, err := tx.stmt(ctx, "SELECT value FROM app_meta WHERE key = ?")
	if err != nil {
		return "", err
	}
	var v string
	err = st.QueryRowContext(ctx, key).Scan(&v)
	return v, err
}

func TestStmtInBothPools(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	const ins = "INSERT INTO app_meta (key, value) VALUES (?, ?)"
	for round := range 3 {
		key := fmt.Sprint("clé", round)
		// In the writer's transaction, the statement sees what the
		// transaction wrote and is undone with it.
		err := db.WriteTx(ctx, func(tx *Tx) error {
			st, err := tx.stmt(ctx, ins)
			if err != nil {
				return err
			}
			if _, err := st.ExecContext(ctx, key, "annulée"); err != nil {
				return err
			}
			if v, err := readMeta(ctx, db, tx, key); err != nil || v != "annulée" {
				t.Fatalf("round %d: read in the write transaction: %q %v", round, v, err)
			}
			return sql.ErrTxDone
		})
		if err != sql.ErrTxDone {
			t.Fatal(err)
		}
		err = db.WriteTx(ctx, func(tx *Tx) error {
			st, err := tx.stmt(ctx, ins)
			if err == nil {
				_, err = st.ExecContext(ctx, key, "gardée")
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		err = db.ReadTx(ctx, func(tx *Tx) error {
			v, err := readMeta(ctx, db, tx, key)
			if v != "gardée" {
				t.Errorf("round %d: read %q, want the committed value", round, v)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		// After the first round both texts are prepared once on each pool.
		db.readStmts.wg.Wait()
		db.writeStmts.wg.Wait()
	}
	if n, m := len(db.readStmts.stmts), len(db.writeStmts.stmts); n != 1 || m != 2 {
		t.Errorf("cached: %d on the readers, %d on the writer; want 1 and 2", n, m)
	}
}

func TestStmtConcurrentReadersAndWriter(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := range 8 {
		wg.Go(func() {
			for i := range 40 {
				key := fmt.Sprintf("g%d-%d", g, i)
				err := db.WriteTx(ctx, func(tx *Tx) error {
					st, err := tx.stmt(ctx, "INSERT INTO app_meta (key, value) VALUES (?, ?)")
					if err == nil {
						_, err = st.ExecContext(ctx, key, key)
					}
					return err
				})
				if err == nil {
					err = db.ReadTx(ctx, func(tx *Tx) error {
						v, err := readMeta(ctx, db, tx, key)
						if err == nil && v != key {
							err = fmt.Errorf("read %q for %q", v, key)
						}
						return err
					})
				}
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestStmtCacheIsBoundedAndClosed(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	err := db.ReadTx(ctx, func(tx *Tx) error {
		for i := range maxCachedStmts + 20 {
			st, err := tx.stmt(ctx, fmt.Sprintf("SELECT %d", i))
			if err != nil {
				return err
			}
			var got int
			if err := st.QueryRowContext(ctx).Scan(&got); err != nil || got != i {
				return fmt.Errorf("SELECT %d: %d %v", i, got, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.readStmts.wg.Wait()
	if n := len(db.readStmts.stmts); n != maxCachedStmts {
		t.Errorf("%d statements cached, want the bound %d", n, maxCachedStmts)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.readStmts.get("SELECT 1"); err != errStmtCacheClosed {
		t.Errorf("get after Close: %v", err)
	}
}
