package store

import (
	"context"
	"errors"
	"testing"
)

func TestMetaOrInit(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	calls := 0
	init := func() (string, error) { calls++; return "clé-1", nil }
	for range 2 {
		v, err := db.MetaOrInit(ctx, "session_key", init)
		if err != nil || v != "clé-1" {
			t.Fatalf("MetaOrInit = %q, %v", v, err)
		}
	}
	if calls != 1 {
		t.Errorf("init called %d times, want 1", calls)
	}
	if _, err := db.MetaOrInit(ctx, "other", func() (string, error) { return "", errors.New("pas d'aléa") }); err == nil {
		t.Fatal("init error swallowed")
	}
	var n int
	db.read.QueryRowContext(ctx, "SELECT COUNT(*) FROM app_meta WHERE key = 'other'").Scan(&n)
	if n != 0 {
		t.Error("a failed init left a row")
	}
}
