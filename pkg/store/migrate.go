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

// One folder per engine, numbered alike: migration N brings both engines
// to the same schema (TestSchemasAgree).
//
//go:embed migrations
var migrationFiles embed.FS

// migrationLock is the PostgreSQL advisory lock key of the migrations:
// instances started together apply each migration once.
const migrationLock = 0x636f7572 // "cour"

// Migration is one numbered SQL file of migrations/<engine>/.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// loadMigrations reads the NNNN_name.sql files of dir in version order and
// refuses gaps and duplicates, which would mean two branches numbered the
// same change.
func loadMigrations(fsys fs.FS, dir string) ([]Migration, error) {
	names, err := fs.Glob(fsys, dir+"/*.sql")
	if err != nil {
		return nil, fmt.Errorf("lecture des migrations: %w", err)
	}
	var out []Migration
	for _, name := range names {
		base := strings.TrimPrefix(name, dir+"/")
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

// Migrations are the migrations of the store's engine.
func (db *DB) Migrations() ([]Migration, error) {
	return loadMigrations(migrationFiles, "migrations/"+string(db.engine))
}

func (db *DB) migrate(ctx context.Context) error {
	migrations, err := db.Migrations()
	if err != nil {
		return err
	}
	return db.apply(ctx, migrations)
}

// Migrate applies the pending migrations (courtier db migrate; Open does
// it too) and returns how many it applied.
func (db *DB) Migrate(ctx context.Context) (int, error) {
	before, err := db.SchemaVersion(ctx)
	if err != nil {
		before = 0
	}
	if err := db.migrate(ctx); err != nil {
		return 0, err
	}
	after, err := db.SchemaVersion(ctx)
	return after - before, err
}

// apply runs each pending migration in its own transaction, recorded in
// schema_migrations, so a failed migration leaves the earlier ones applied
// and nothing of itself. On PostgreSQL each transaction first takes an
// advisory lock, so that instances started together apply it once.
func (db *DB) apply(ctx context.Context, migrations []Migration) error {
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name TEXT NOT NULL,
		applied_at TEXT NOT NULL
	)`
	err := db.migrationTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, create)
		return err
	})
	if err != nil {
		return fmt.Errorf("création de la table des migrations: %w", err)
	}
	for _, m := range migrations {
		err := db.migrationTx(ctx, func(tx *sql.Tx) error {
			var n int
			q, _ := db.dialect.rewrite("SELECT COUNT(*) FROM schema_migrations WHERE version = ?", nil)
			if err := tx.QueryRowContext(ctx, q, m.Version).Scan(&n); err != nil {
				return fmt.Errorf("lecture des migrations appliquées: %w", err)
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if err := db.endSchemaEdit(ctx, tx, m); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			q, _ = db.dialect.rewrite("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", nil)
			if _, err := tx.ExecContext(ctx, q, m.Version, m.Name, time.Now().UTC().Format(time.RFC3339)); err != nil {
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

// migrationTx runs fn in a plain transaction of the writer (a migration's
// text holds several statements, which a prepared statement cannot),
// holding the migrations' advisory lock on PostgreSQL.
func (db *DB) migrationTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("début de transaction: %w", err)
	}
	if db.engine == Postgres {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", migrationLock); err != nil {
			_ = tx.Rollback()
			return fmt.Errorf("verrou des migrations: %w", err)
		}
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("validation de transaction: %w", err)
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

// schemaEdit marks a SQLite migration that changes a table's definition in
// sqlite_schema, SQLite's documented way to widen a CHECK constraint in a
// transaction (lang_altertable.html, « Making Other Kinds Of Table Schema
// Changes »): rebuilding a table that other tables reference would run
// their ON DELETE CASCADE, and foreign keys cannot be turned off inside a
// transaction.
const schemaEdit = "PRAGMA writable_schema = ON;"

// endSchemaEdit ends such an edit as SQLite asks: the schema version one
// higher, so that every connection reads the new definition, and the
// schema checked whole before the commit.
func (db *DB) endSchemaEdit(ctx context.Context, tx *sql.Tx, m Migration) error {
	if db.engine != SQLite || !strings.Contains(m.SQL, schemaEdit) {
		return nil
	}
	var v int
	if err := tx.QueryRowContext(ctx, "PRAGMA schema_version").Scan(&v); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA schema_version = %d", v+1)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "PRAGMA writable_schema = OFF"); err != nil {
		return err
	}
	var check string
	if err := tx.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil {
		return err
	}
	if check != "ok" {
		return fmt.Errorf("schéma incohérent après la modification: %s", check)
	}
	return nil
}
