package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrBackupExists refuses a backup onto a file that exists: a backup
// overwrites nothing.
var ErrBackupExists = errors.New("le fichier de sauvegarde existe déjà")

// ErrBackupEngine refuses Backup on PostgreSQL, whose databases are saved
// with pg_dump.
var ErrBackupEngine = errors.New("sauvegarde par VACUUM INTO : SQLite seulement (sur PostgreSQL : pg_dump)")

// Backup writes a copy of the SQLite database to path with VACUUM INTO: one
// consistent snapshot, compacted, that opens as any database, taken while
// the service goes on reading and writing (WAL). path must not exist; the
// file is created readable by its owner alone before SQLite fills it (an
// empty file is the one VACUUM INTO accepts), since it holds password
// hashes and sessions.
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.engine != SQLite {
		return ErrBackupEngine
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%w : %s", ErrBackupExists, path)
	}
	if err != nil {
		return fmt.Errorf("sauvegarde vers %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("sauvegarde vers %s: %w", path, err)
	}
	// A reader's connection: VACUUM INTO reads the database and writes
	// only the new file, so the writer stays free.
	if _, err := db.read.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		_ = os.Remove(path)
		return fmt.Errorf("sauvegarde vers %s: %w", path, err)
	}
	return nil
}
