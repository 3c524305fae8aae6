package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// MetaOrInit returns the app_meta value of key, first storing init() when
// the key is absent; concurrent callers (serve and a CLI command started
// together) all get the one value that won.
func (db *DB) MetaOrInit(ctx context.Context, key string, init func() (string, error)) (string, error) {
	var value string
	err := db.WriteTx(ctx, func(tx *Tx) error {
		var err error
		value, err = tx.MetaOrInit(ctx, key, init)
		return err
	})
	return value, err
}

// MetaOrInit is DB.MetaOrInit inside a write transaction.
func (t *Tx) MetaOrInit(ctx context.Context, key string, init func() (string, error)) (string, error) {
	var value string
	err := t.QueryRowContext(ctx, "SELECT value FROM app_meta WHERE key = ?", key).Scan(&value)
	if err == nil {
		return value, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("lecture de app_meta %s: %w", key, err)
	}
	if value, err = init(); err != nil {
		return "", fmt.Errorf("valeur initiale de app_meta %s: %w", key, err)
	}
	// Another instance may have stored its value meanwhile: the first
	// one stays, and this transaction reads it back.
	if _, err := t.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", key, value); err != nil {
		return "", fmt.Errorf("écriture de app_meta %s: %w", key, err)
	}
	if err := t.QueryRowContext(ctx, "SELECT value FROM app_meta WHERE key = ?", key).Scan(&value); err != nil {
		return "", fmt.Errorf("lecture de app_meta %s: %w", key, err)
	}
	return value, nil
}
