package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// The single-use links of an account (account_tokens), next to the code
// that reads them.

// Purpose is what a link sent to an account does.
type Purpose string

// The purposes of account_tokens.
const (
	PurposeReset     Purpose = "reset"
	PurposeConfirm   Purpose = "confirm"
	PurposeUndoEmail Purpose = "undo-email"
	PurposeUnlock    Purpose = "unlock"
)

// linkToken is a row of account_tokens.
type linkToken struct {
	UID     string
	Purpose Purpose
	Email   string
	Expires time.Time
	Used    bool
}

// insertToken stores the hash of a new link of purpose for uid.
func insertToken(ctx context.Context, tx *store.Tx, hash, uid string, p Purpose, email string, now, expires time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO account_tokens (hash, uid, purpose, email, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`, hash, uid, string(p), email, store.FormatTime(now), store.FormatTime(expires))
	if err != nil {
		return fmt.Errorf("enregistrement du lien: %w", err)
	}
	return nil
}

// findToken reads the link whose hash is given; sql.ErrNoRows when none.
func findToken(ctx context.Context, tx *store.Tx, hash string) (*linkToken, error) {
	var t linkToken
	var purpose, expires string
	var used sql.NullString
	err := tx.QueryRowContext(ctx, "SELECT uid, purpose, email, expires_at, used_at FROM account_tokens WHERE hash = ?", hash).
		Scan(&t.UID, &purpose, &t.Email, &expires, &used)
	if err != nil {
		return nil, err
	}
	t.Purpose, t.Used = Purpose(purpose), used.Valid
	if t.Expires, err = store.ParseTime(expires); err != nil {
		return nil, err
	}
	return &t, nil
}

// useToken marks the link used; false when it already was (another
// request took it first).
func useToken(ctx context.Context, tx *store.Tx, hash string, now time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, "UPDATE account_tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL", store.FormatTime(now), hash)
	if err != nil {
		return false, fmt.Errorf("utilisation du lien: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// voidTokens marks every unused link of purpose of uid used: a new
// password voids the other reset links.
func voidTokens(ctx context.Context, tx *store.Tx, uid string, p Purpose, now time.Time) error {
	_, err := tx.ExecContext(ctx, "UPDATE account_tokens SET used_at = ? WHERE uid = ? AND purpose = ? AND used_at IS NULL",
		store.FormatTime(now), uid, string(p))
	if err != nil {
		return fmt.Errorf("annulation des liens: %w", err)
	}
	return nil
}

// countTokens counts the links of purpose made for uid since `since`.
func countTokens(ctx context.Context, tx *store.Tx, uid string, p Purpose, since time.Time) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT count(*) FROM account_tokens WHERE uid = ? AND purpose = ? AND created_at > ?",
		uid, string(p), store.FormatTime(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("liens envoyés: %w", err)
	}
	return n, nil
}

// purgeTokens deletes the links expired before `before`.
func purgeTokens(ctx context.Context, tx *store.Tx, before time.Time) (int, error) {
	res, err := tx.ExecContext(ctx, "DELETE FROM account_tokens WHERE expires_at < ?", store.FormatTime(before))
	if err != nil {
		return 0, fmt.Errorf("suppression des liens expirés: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// errBadLink answers a link that is unknown, used, expired or for another
// purpose: the same words for each, so that a guess learns nothing.
func errBadLink() error {
	return apperr.FieldErrorf("token", "Ce lien n’est plus valable\u00a0: il a déjà servi ou il a expiré. Demandez-en un nouveau.")
}

// isNoRows tells sql.ErrNoRows.
func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
