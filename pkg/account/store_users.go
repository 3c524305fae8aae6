package account

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// The SQL of the users table, next to the code that scans it.

const userColumns = `uid, email, display_name, role, status, extra, created_at, updated_at, password_hash, email_confirmed_at`

// userColumnsRead are userColumns and the one a new account never has:
// when its second factor was turned on.
const userColumnsRead = userColumns + `, totp_enabled_at`

// errEmailTaken is the answer to a second account on one e-mail.
func errEmailTaken() error {
	return &apperr.Error{Code: apperr.ECONFLICT, Field: "email", Message: "Un compte existe déjà avec cette adresse e-mail."}
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// scanUser reads the userColumnsRead of one row; hash receives the password hash.
func scanUser(row scanner, hash *string) (*User, error) {
	var u User
	var extra, created, updated string
	var confirmed, totp sql.NullString
	if err := row.Scan(&u.UID, &u.Email, &u.DisplayName, &u.Role, &u.Status, &extra, &created, &updated, hash, &confirmed, &totp); err != nil {
		return nil, err
	}
	u.EmailConfirmed, u.TwoFactor = confirmed.Valid, totp.Valid
	return finishUser(&u, extra, created, updated)
}

// finishUser decodes the text columns of a user row.
func finishUser(u *User, extra, created, updated string) (*User, error) {
	var err error
	if u.CreatedAt, err = store.ParseTime(created); err != nil {
		return nil, err
	}
	if u.UpdatedAt, err = store.ParseTime(updated); err != nil {
		return nil, err
	}
	if extra != "" && extra != "{}" {
		if err := json.Unmarshal([]byte(extra), &u.Extra); err != nil {
			return nil, fmt.Errorf("champs supplémentaires illisibles pour %s: %w", u.UID, err)
		}
	}
	return u, nil
}

// findUser reads the user whose column equals value (uid or email); the
// column name is one of ours, never the caller's.
func findUser(ctx context.Context, tx *store.Tx, column, value string) (*User, string, error) {
	var hash string
	row := tx.QueryRowContext(ctx, "SELECT "+userColumnsRead+" FROM users WHERE "+column+" = ?", value)
	u, err := scanUser(row, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", errNoUser(column, value)
	}
	if err != nil {
		return nil, "", fmt.Errorf("lecture du compte: %w", err)
	}
	return u, hash, nil
}

// errNoUser is ENOTFOUND, naming the e-mail for operators of the CLI.
func errNoUser(column, value string) error {
	if column == "email" {
		return apperr.Errorf(apperr.ENOTFOUND, "Aucun compte avec l’adresse e-mail %s.", value)
	}
	return apperr.Errorf(apperr.ENOTFOUND, "Ce compte n’existe pas.")
}

// listUsers reads every user, or those of one role, oldest first.
func listUsers(ctx context.Context, tx *store.Tx, role *Role) ([]User, error) {
	query, args := "SELECT "+userColumnsRead+" FROM users", []any{}
	if role != nil {
		query += " WHERE role = ?"
		args = append(args, string(*role))
	}
	rows, err := tx.QueryContext(ctx, query+" ORDER BY created_at, email", args...)
	if err != nil {
		return nil, fmt.Errorf("liste des comptes: %w", err)
	}
	defer rows.Close()
	users := []User{}
	for rows.Next() {
		var hash string
		u, err := scanUser(rows, &hash)
		if err != nil {
			return nil, fmt.Errorf("liste des comptes: %w", err)
		}
		users = append(users, *u)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("liste des comptes: %w", err)
	}
	return users, nil
}

// emailTaken tells whether another account than uid uses email, or an
// address that reads like it (the same skeleton): both answer alike, so
// that a look-alike tells nothing more than a taken address. Inside the
// single writer's transaction (serializable on PostgreSQL) this check
// cannot race.
func emailTaken(ctx context.Context, tx *store.Tx, email, uid string) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM users WHERE (email = ? OR email_skeleton = ?) AND uid <> ?",
		email, emailSkeleton(email), uid).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("recherche de l'adresse e-mail: %w", err)
	}
	return n > 0, nil
}

// insertUser stores a new user with its password hash and extra fields.
func insertUser(ctx context.Context, tx *store.Tx, u *User, hash, extra string) error {
	taken, err := emailTaken(ctx, tx, u.Email, u.UID)
	if err != nil {
		return err
	}
	if taken {
		return errEmailTaken()
	}
	var confirmed sql.NullString
	if u.EmailConfirmed {
		confirmed = sql.NullString{String: store.FormatTime(u.CreatedAt), Valid: true}
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO users ("+userColumns+", email_skeleton) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		u.UID, u.Email, u.DisplayName, string(u.Role), string(u.Status), extra,
		store.FormatTime(u.CreatedAt), store.FormatTime(u.UpdatedAt), hash, confirmed, emailSkeleton(u.Email))
	if err != nil {
		if store.IsUnique(err) {
			return errEmailTaken()
		}
		return fmt.Errorf("création du compte: %w", err)
	}
	return nil
}

// updateUser writes the editable columns of u.
func updateUser(ctx context.Context, tx *store.Tx, u *User) error {
	if err := sessionsChanged(ctx, tx); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx,
		"UPDATE users SET email = ?, email_skeleton = ?, display_name = ?, role = ?, status = ?, updated_at = ? WHERE uid = ?",
		u.Email, emailSkeleton(u.Email), u.DisplayName, string(u.Role), string(u.Status), store.FormatTime(u.UpdatedAt), u.UID)
	if err != nil {
		if store.IsUnique(err) {
			return errEmailTaken()
		}
		return fmt.Errorf("mise à jour du compte: %w", err)
	}
	return nil
}

// setEmailConfirmed records that uid's address was confirmed at `at`, or
// that it waits (at zero).
func setEmailConfirmed(ctx context.Context, tx *store.Tx, uid string, at time.Time) error {
	if err := sessionsChanged(ctx, tx); err != nil {
		return err
	}
	var v sql.NullString
	if !at.IsZero() {
		v = sql.NullString{String: store.FormatTime(at), Valid: true}
	}
	if _, err := tx.ExecContext(ctx, "UPDATE users SET email_confirmed_at = ? WHERE uid = ?", v, uid); err != nil {
		return fmt.Errorf("confirmation de l'adresse: %w", err)
	}
	return nil
}

// setPasswordHash replaces the password hash of uid.
func setPasswordHash(ctx context.Context, tx *store.Tx, uid, hash, updatedAt string) error {
	if err := sessionsChanged(ctx, tx); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "UPDATE users SET password_hash = ?, updated_at = ? WHERE uid = ?", hash, updatedAt, uid)
	if err != nil {
		return fmt.Errorf("changement du mot de passe: %w", err)
	}
	return nil
}

// deleteUser removes uid; its sessions go with it (ON DELETE CASCADE).
func deleteUser(ctx context.Context, tx *store.Tx, uid string) error {
	if err := sessionsChanged(ctx, tx); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM users WHERE uid = ?", uid); err != nil {
		return fmt.Errorf("suppression du compte: %w", err)
	}
	return nil
}

// countOtherAdmins counts the active admins other than uid.
func countOtherAdmins(ctx context.Context, tx *store.Tx, uid string) (int, error) {
	var others int
	err := tx.QueryRowContext(ctx, "SELECT count(*) FROM users WHERE role = 'admin' AND status = 'active' AND uid != ?", uid).Scan(&others)
	if err != nil {
		return 0, fmt.Errorf("décompte des administrateurs: %w", err)
	}
	return others, nil
}

// listAccounts reads the accounts whose e-mail or name holds q (all when
// q is empty) with the last activity of their sessions, oldest first, for
// the admins' list.
func listAccounts(ctx context.Context, tx *store.Tx, q string) ([]Listed, error) {
	where, args := "", []any{}
	if q != "" {
		// lower() on both sides: SQLite's LIKE ignores the case of ASCII
		// letters, PostgreSQL's does not (pkg/desk's search does the same).
		l := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(q) + "%"
		where, args = `WHERE lower(u.email) LIKE lower(?) ESCAPE '\' OR lower(u.display_name) LIKE lower(?) ESCAPE '\'`, []any{l, l}
	}
	rows, err := tx.QueryContext(ctx, `SELECT u.uid, u.email, u.display_name, u.role, u.status, u.created_at,
		COALESCE(MAX(s.last_seen_at), '') FROM users u LEFT JOIN sessions s ON s.uid = u.uid `+where+`
		GROUP BY u.uid ORDER BY u.created_at, u.email`, args...)
	if err != nil {
		return nil, fmt.Errorf("liste des comptes: %w", err)
	}
	defer rows.Close()
	out := []Listed{}
	for rows.Next() {
		var l Listed
		if err := rows.Scan(&l.UID, &l.Email, &l.DisplayName, &l.Role, &l.Status, &l.CreatedAt, &l.LastSeenAt); err != nil {
			return nil, fmt.Errorf("liste des comptes: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}
