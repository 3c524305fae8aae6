package blob

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

var testNow = time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)

// count is the number of stored files.
func count(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), "SELECT count(*) FROM files").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPutGet: a file is stored under the SHA-256 of its bytes, once
// however often it is put, read back as it was; an unknown hash is
// ENOTFOUND; a file put in a transaction rolled back is not kept.
func TestPutGet(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t)
	data := []byte("%PDF-1.4\n%%EOF\n")
	var sums []string
	for range 2 {
		err := db.WriteTx(ctx, func(tx *store.Tx) error {
			sum, err := Put(ctx, tx, "application/pdf", data, testNow)
			sums = append(sums, sum)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	want := Sum(data)
	if sums[0] != want || sums[1] != want {
		t.Errorf("hashes %v, want %s twice", sums, want)
	}
	if len(want) != 64 {
		t.Errorf("hash %q: want 64 hex digits", want)
	}
	if n := count(t, db); n != 1 {
		t.Errorf("%d files after putting the same bytes twice, want 1", n)
	}
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		f, err := Get(ctx, tx, want)
		if err != nil {
			return err
		}
		if f.SHA256 != want || f.MIME != "application/pdf" || string(f.Data) != string(data) {
			t.Errorf("read %+v", f)
		}
		_, err = Get(ctx, tx, Sum([]byte("absent")))
		if apperr.CodeOf(err) != apperr.ENOTFOUND {
			t.Errorf("an unknown hash: %v, want ENOTFOUND", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	undone := errors.New("annulé")
	err = db.WriteTx(ctx, func(tx *store.Tx) error {
		if _, err := Put(ctx, tx, "image/png", []byte("\x89PNG\r\n\x1a\n"), testNow); err != nil {
			return err
		}
		return undone
	})
	if !errors.Is(err, undone) {
		t.Fatal(err)
	}
	if n := count(t, db); n != 1 {
		t.Errorf("%d files after a rolled back put, want 1", n)
	}
}

// TestPurgeKeepsWhatIsNamed: the sweep deletes the files no column names
// and keeps those any column of its list names.
func TestPurgeKeepsWhatIsNamed(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t)
	var kept, named, orphan string
	err := db.WriteTx(ctx, func(tx *store.Tx) error {
		for _, q := range []string{"CREATE TABLE blob_test_a (sha256 TEXT)", "CREATE TABLE blob_test_b (sha256 TEXT)"} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		var err error
		if kept, err = Put(ctx, tx, "text/plain", []byte("a"), testNow); err != nil {
			return err
		}
		if named, err = Put(ctx, tx, "text/plain", []byte("b"), testNow); err != nil {
			return err
		}
		if orphan, err = Put(ctx, tx, "text/plain", []byte("c"), testNow); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO blob_test_a (sha256) VALUES (?), (NULL)", kept); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO blob_test_b (sha256) VALUES (?)", named)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	err = db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		n, err = purge(ctx, tx, []Ref{{"blob_test_a", "sha256"}, {"blob_test_b", "sha256"}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("%d files purged, want 1", n)
	}
	err = db.ReadTx(ctx, func(tx *store.Tx) error {
		for _, sum := range []string{kept, named} {
			if _, err := Get(ctx, tx, sum); err != nil {
				t.Errorf("a file still named was purged: %v", err)
			}
		}
		if _, err := Get(ctx, tx, orphan); apperr.CodeOf(err) != apperr.ENOTFOUND {
			t.Errorf("a file nothing names was kept: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The real sweep runs on the real schema.
	err = db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		_, err = Purge(ctx, tx)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRefsCoverTheSchema: every foreign key to files is a column of Refs,
// so that no sweep takes a file a table names.
func TestRefsCoverTheSchema(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t)
	q := `SELECT m.name, f."from" FROM sqlite_schema m, pragma_foreign_key_list(m.name) f
		WHERE m.type = 'table' AND f."table" = 'files'`
	if db.Engine() == store.Postgres {
		q = `SELECT cl.relname, a.attname FROM pg_constraint c
			JOIN pg_class cl ON cl.oid = c.conrelid
			JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
			WHERE c.contype = 'f' AND c.confrelid = 'files'::regclass`
	}
	var found int
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.QueryContext(ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r Ref
			if err := rows.Scan(&r.Table, &r.Column); err != nil {
				return err
			}
			found++
			if !slices.Contains(Refs, r) {
				t.Errorf("%s.%s names a file and is not in Refs", r.Table, r.Column)
			}
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Error("no foreign key to files found: the query reads nothing")
	}
}
