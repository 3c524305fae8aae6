package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migration is one numbered SQL file of migrations/.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// loadMigrations reads NNNN_name.sql files in version order and refuses gaps
// and duplicates, which would mean two branches numbered the same change.
func loadMigrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, fmt.Errorf("lecture des migrations: %w", err)
	}
	var out []Migration
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: nom attendu NNNN_description.sql", base)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", base, err)
		}
		out = append(out, Migration{Version: v, Name: base, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i, m := range out {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migration %s: version %d attendue", m.Name, i+1)
		}
	}
	return out, nil
}

func (db *DB) migrate(ctx context.Context) error {
	migrations, err := loadMigrations(migrationFiles)
	if err != nil {
		return err
	}
	return db.apply(ctx, migrations)
}

// apply runs each pending migration in its own transaction, recorded in
// schema_migrations, so a failed migration leaves the earlier ones applied
// and nothing of itself.
func (db *DB) apply(ctx context.Context, migrations []Migration) error {
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name TEXT NOT NULL,
		applied_at TEXT NOT NULL
	)`
	if _, err := db.write.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("création de la table des migrations: %w", err)
	}
	for _, m := range migrations {
		err := db.WriteTx(ctx, func(tx *sql.Tx) error {
			var n int
			if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n); err != nil {
				return fmt.Errorf("lecture des migrations appliquées: %w", err)
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			_, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				m.Version, m.Name, time.Now().UTC().Format(time.RFC3339))
			if err != nil {
				return fmt.Errorf("enregistrement de la migration %s: %w", m.Name, err)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// SchemaVersion is the highest applied migration.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v sql.NullInt64
	if err := db.read.QueryRowContext(ctx, "SELECT MAX(version) FROM schema_migrations").Scan(&v); err != nil {
		return 0, fmt.Errorf("lecture de la version du schéma: %w", err)
	}
	return int(v.Int64), nil
}
