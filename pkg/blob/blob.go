// Package blob keeps content-addressed files: the PDFs the site issues
// and what clients upload (supporting documents, claims' photos), known by
// the SHA-256 of their bytes, kept once however often they are used, in
// the database so that every instance serves them. The packages that name
// a file (contracts, claims, the mails' attachments) keep its hash in a
// column of their own; Purge sweeps the files none of them names.
package blob

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// File is a stored file, or one about to be: its hash, its type (checked
// from its content by whoever received it, never trusted as declared) and
// its bytes.
type File struct {
	SHA256 string
	MIME   string
	Data   []byte
}

// Sum is the hex SHA-256 of data: the name of the file that holds it.
func Sum(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Put stores data under its SHA-256 (nothing when already there) and
// returns the hash, with tx: a rolled-back change keeps no file.
func Put(ctx context.Context, tx *store.Tx, mime string, data []byte, at time.Time) (string, error) {
	sum := Sum(data)
	_, err := tx.ExecContext(ctx, `INSERT INTO files (sha256, mime, size, data, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (sha256) DO NOTHING`, sum, mime, len(data), data, store.FormatTime(at))
	if err != nil {
		return "", fmt.Errorf("enregistrement d'un fichier: %w", err)
	}
	return sum, nil
}

// Get reads the file of hash sum; ENOTFOUND when none.
func Get(ctx context.Context, tx *store.Tx, sum string) (*File, error) {
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

// Ref is a column that names a stored file by its hash: Table and Column.
type Ref struct{ Table, Column string }

// Refs are every column of the schema that names a stored file, whichever
// package owns it: one sweep for all, so that a purge of contracts does
// not take a claim's photos, nor an erasure the documents of a mail not
// sent yet. A package that starts keeping files adds its column here.
var Refs = []Ref{
	{"contract_documents", "sha256"}, // pkg/contract: the documents issued
	{"proofs", "sha256"},             // pkg/contract: the supporting documents sent
	{"claim_files", "sha256"},        // pkg/claim: the pieces of a claim
	{"mail_attachments", "sha256"},   // pkg/mail: what a mail still to send carries
}

// Purge deletes the files that no column of Refs names any more, and says
// how many went. The packages that delete rows naming files call it in the
// same transaction.
func Purge(ctx context.Context, tx *store.Tx) (int64, error) {
	return purge(ctx, tx, Refs)
}

// purge deletes the files none of refs names; refs are constants of the
// code, never input.
func purge(ctx context.Context, tx *store.Tx, refs []Ref) (int64, error) {
	var q strings.Builder
	q.WriteString("DELETE FROM files WHERE 1 = 1")
	for _, r := range refs {
		fmt.Fprintf(&q, " AND sha256 NOT IN (SELECT %s FROM %s WHERE %s IS NOT NULL)", r.Column, r.Table, r.Column)
	}
	res, err := tx.ExecContext(ctx, q.String())
	if err != nil {
		return 0, fmt.Errorf("suppression des fichiers orphelins: %w", err)
	}
	return res.RowsAffected()
}
