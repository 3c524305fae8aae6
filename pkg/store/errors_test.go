package store_test

import (
	"context"
	"errors"
	"testing"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestErrorClasses: the engine's own violations are told by their code,
// on the engine the tests run on, and nothing else is taken for them.
func TestErrorClasses(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t)
	exec := func(q string, args ...any) error {
		return db.WriteTx(ctx, func(tx *store.Tx) error {
			_, err := tx.ExecContext(ctx, q, args...)
			return err
		})
	}
	if err := exec("INSERT INTO app_meta (key, value) VALUES ('double', 'un')"); err != nil {
		t.Fatal(err)
	}
	unique := exec("INSERT INTO app_meta (key, value) VALUES ('double', 'deux')")
	foreign := exec(`INSERT INTO sessions (id, public_id, uid, created_at, last_seen_at, expires_at)
		VALUES ('s', '0123456789abcdef0123456789abcdef', 'personne', 'x', 'x', 'x')`)
	plain := errors.New("autre chose")
	for _, tc := range []struct {
		name            string
		err             error
		unique, foreign bool
	}{
		{"unique", unique, true, false},
		{"foreign key", foreign, false, true},
		{"other", plain, false, false},
		{"nil", nil, false, false},
	} {
		if tc.err == nil && tc.name != "nil" {
			t.Fatalf("%s: the statement did not fail", tc.name)
		}
		if got := store.IsUnique(tc.err); got != tc.unique {
			t.Errorf("%s: IsUnique = %v (%v)", tc.name, got, tc.err)
		}
		if got := store.IsForeignKey(tc.err); got != tc.foreign {
			t.Errorf("%s: IsForeignKey = %v (%v)", tc.name, got, tc.err)
		}
		if store.IsBusy(tc.err) || store.IsRetryable(tc.err) {
			t.Errorf("%s: taken for a busy or retryable error: %v", tc.name, tc.err)
		}
	}
}
