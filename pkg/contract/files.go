package contract

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// File is a stored file: a PDF the site issued or what a client sent,
// known by the SHA-256 of its bytes, kept once however often it is used.
type File struct {
	SHA256 string
	MIME   string
	Data   []byte
}

// SumOf is the hex SHA-256 of data.
func SumOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// PutFile stores data under its SHA-256 (nothing when already there) and
// returns the hash.
func PutFile(ctx context.Context, tx *store.Tx, mime string, data []byte, at time.Time) (string, error) {
	sum := SumOf(data)
	_, err := tx.ExecContext(ctx, `INSERT INTO files (sha256, mime, size, data, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (sha256) DO NOTHING`, sum, mime, len(data), data, store.FormatTime(at))
	if err != nil {
		return "", fmt.Errorf("enregistrement d'un fichier: %w", err)
	}
	return sum, nil
}

// GetFile reads the file of hash sum; ENOTFOUND when none.
func GetFile(ctx context.Context, tx *store.Tx, sum string) (*File, error) {
	f := File{SHA256: sum}
	err := tx.QueryRowContext(ctx, "SELECT mime, data FROM files WHERE sha256 = ?", sum).Scan(&f.MIME, &f.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.Errorf(apperr.ENOTFOUND, "Ce document est introuvable.")
	}
	if err != nil {
		return nil, fmt.Errorf("lecture d'un fichier: %w", err)
	}
	return &f, nil
}

// PurgeFiles deletes the files nothing refers to any more; refs are the
// (table, column) pairs that may name a file, so the packages that store
// files (contracts, claims) share one sweep.
func PurgeFiles(ctx context.Context, tx *store.Tx, refs ...[2]string) (int64, error) {
	q := "DELETE FROM files WHERE 1 = 1"
	for _, r := range refs {
		q += " AND sha256 NOT IN (SELECT " + r[1] + " FROM " + r[0] + " WHERE " + r[1] + " IS NOT NULL)"
	}
	res, err := tx.ExecContext(ctx, q)
	if err != nil {
		return 0, fmt.Errorf("suppression des fichiers orphelins: %w", err)
	}
	return res.RowsAffected()
}
