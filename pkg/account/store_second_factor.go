package account

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// The SQL of the second factor (users' totp_* columns, recovery_codes,
// signin_tickets), next to the code that reads it.

// totpState is an account's second factor as stored.
type totpState struct {
	Secret   string
	Enabled  bool
	LastStep int64
}

// findTOTP reads uid's TOTP columns; Secret is "" when none was set up.
func findTOTP(ctx context.Context, tx *store.Tx, uid string) (totpState, error) {
	var st totpState
	var secret, enabled sql.NullString
	err := tx.QueryRowContext(ctx, "SELECT totp_secret, totp_enabled_at, totp_last_step FROM users WHERE uid = ?", uid).
		Scan(&secret, &enabled, &st.LastStep)
	if err != nil {
		return st, fmt.Errorf("lecture de la validation en deux étapes: %w", err)
	}
	st.Secret, st.Enabled = secret.String, enabled.Valid
	return st, nil
}

// setTOTPSecret writes a new secret, not yet confirmed, for uid.
func setTOTPSecret(ctx context.Context, tx *store.Tx, uid, secret string) error {
	_, err := tx.ExecContext(ctx, "UPDATE users SET totp_secret = ?, totp_enabled_at = NULL, totp_last_step = 0 WHERE uid = ?", secret, uid)
	if err != nil {
		return fmt.Errorf("enregistrement de la clé: %w", err)
	}
	return nil
}

// enableTOTP records that uid's secret was confirmed at `at` by the code of step.
func enableTOTP(ctx context.Context, tx *store.Tx, uid string, step int64, at time.Time) error {
	_, err := tx.ExecContext(ctx, "UPDATE users SET totp_enabled_at = ?, totp_last_step = ?, updated_at = ? WHERE uid = ?",
		store.FormatTime(at), step, store.FormatTime(at), uid)
	if err != nil {
		return fmt.Errorf("activation de la validation en deux étapes: %w", err)
	}
	return nil
}

// clearTOTP removes uid's second factor and its recovery codes.
func clearTOTP(ctx context.Context, tx *store.Tx, uid string, at time.Time) error {
	_, err := tx.ExecContext(ctx, "UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = 0, updated_at = ? WHERE uid = ?",
		store.FormatTime(at), uid)
	if err == nil {
		_, err = tx.ExecContext(ctx, "DELETE FROM recovery_codes WHERE uid = ?", uid)
	}
	if err != nil {
		return fmt.Errorf("retrait de la validation en deux étapes: %w", err)
	}
	return nil
}

// useTOTPStep records that a code of step was accepted for uid; false when
// a code of that step or a later one already was (the same code twice,
// or two requests racing with it).
func useTOTPStep(ctx context.Context, tx *store.Tx, uid string, step int64) (bool, error) {
	res, err := tx.ExecContext(ctx, "UPDATE users SET totp_last_step = ? WHERE uid = ? AND totp_last_step < ?", step, uid, step)
	if err != nil {
		return false, fmt.Errorf("enregistrement du code: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// replaceRecoveryCodes stores the hashes of uid's new codes, the old ones gone.
func replaceRecoveryCodes(ctx context.Context, tx *store.Tx, uid string, codes []string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM recovery_codes WHERE uid = ?", uid); err != nil {
		return fmt.Errorf("codes de secours: %w", err)
	}
	for _, c := range codes {
		if _, err := tx.ExecContext(ctx, "INSERT INTO recovery_codes (uid, hash, created_at) VALUES (?, ?, ?)",
			uid, recoveryHash(c), store.FormatTime(now)); err != nil {
			return fmt.Errorf("codes de secours: %w", err)
		}
	}
	return nil
}

// useRecoveryCode marks uid's recovery code used; false when it is not
// one of theirs or served already.
func useRecoveryCode(ctx context.Context, tx *store.Tx, uid, code string, now time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, "UPDATE recovery_codes SET used_at = ? WHERE uid = ? AND hash = ? AND used_at IS NULL",
		store.FormatTime(now), uid, recoveryHash(code))
	if err != nil {
		return false, fmt.Errorf("code de secours: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// recoveryCodesLeft counts uid's unused recovery codes.
func recoveryCodesLeft(ctx context.Context, tx *store.Tx, uid string) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT count(*) FROM recovery_codes WHERE uid = ? AND used_at IS NULL", uid).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("codes de secours: %w", err)
	}
	return n, nil
}

// ticket is a row of signin_tickets.
type ticket struct {
	UID       string
	Remember  bool
	UserAgent string
	Expires   time.Time
	Tries     int
	Used      bool
}

// insertTicket stores the hash of a sign-in waiting for its code.
func insertTicket(ctx context.Context, tx *store.Tx, hash string, t ticket, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO signin_tickets (hash, uid, remember, user_agent, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`, hash, t.UID, t.Remember, t.UserAgent, store.FormatTime(now), store.FormatTime(t.Expires))
	if err != nil {
		return fmt.Errorf("connexion en attente du code: %w", err)
	}
	return nil
}

// findTicket reads the ticket of hash; sql.ErrNoRows when none.
func findTicket(ctx context.Context, tx *store.Tx, hash string) (*ticket, error) {
	var t ticket
	var expires string
	var used sql.NullString
	err := tx.QueryRowContext(ctx, "SELECT uid, remember, user_agent, expires_at, tries, used_at FROM signin_tickets WHERE hash = ?", hash).
		Scan(&t.UID, &t.Remember, &t.UserAgent, &expires, &t.Tries, &used)
	if err != nil {
		return nil, err
	}
	t.Used = used.Valid
	if t.Expires, err = store.ParseTime(expires); err != nil {
		return nil, err
	}
	return &t, nil
}

// failTicket counts a wrong code against the ticket of hash.
func failTicket(ctx context.Context, tx *store.Tx, hash string) error {
	if _, err := tx.ExecContext(ctx, "UPDATE signin_tickets SET tries = tries + 1 WHERE hash = ?", hash); err != nil {
		return fmt.Errorf("code refusé: %w", err)
	}
	return nil
}

// useTicket marks the ticket used; false when another request used it first.
func useTicket(ctx context.Context, tx *store.Tx, hash string, now time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, "UPDATE signin_tickets SET used_at = ? WHERE hash = ? AND used_at IS NULL", store.FormatTime(now), hash)
	if err != nil {
		return false, fmt.Errorf("connexion en attente du code: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// codeFailures counts the wrong codes typed for uid's sign-ins since `since`.
func codeFailures(ctx context.Context, tx *store.Tx, uid string, since time.Time) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT COALESCE(SUM(tries), 0) FROM signin_tickets WHERE uid = ? AND created_at > ?",
		uid, store.FormatTime(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("codes refusés: %w", err)
	}
	return n, nil
}

// purgeTickets deletes the tickets expired before `before`.
func purgeTickets(ctx context.Context, tx *store.Tx, before time.Time) (int, error) {
	res, err := tx.ExecContext(ctx, "DELETE FROM signin_tickets WHERE expires_at < ?", store.FormatTime(before))
	if err != nil {
		return 0, fmt.Errorf("suppression des connexions en attente: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
