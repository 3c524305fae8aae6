package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// The SQL of the sessions table, next to the code that scans it.

// insertSession stores the new session s.
func insertSession(ctx context.Context, tx *store.Tx, s *Session) error {
	_, err := tx.ExecContext(ctx,
		`INSERT INTO sessions (id, public_id, uid, created_at, last_seen_at, expires_at, remember, user_agent)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		s.hash, s.ID, s.UID, store.FormatTime(s.CreatedAt), store.FormatTime(s.LastSeenAt), store.FormatTime(s.ExpiresAt),
		s.Remember, s.UserAgent)
	if err != nil {
		return fmt.Errorf("création de la session: %w", err)
	}
	return nil
}

// findSession reads a session and its user in one indexed query, prepared
// once and run without an explicit transaction (it runs on every signed-in
// request, and one statement is its own consistent snapshot).
func findSession(ctx context.Context, db *store.DB, hash string) (*User, *Session, error) {
	const q = `SELECT s.public_id, s.user_agent, s.created_at, s.last_seen_at, s.expires_at, s.remember,
		u.uid, u.email, u.display_name, u.role, u.status, u.extra, u.created_at, u.updated_at, u.email_confirmed_at, u.totp_enabled_at
		FROM sessions s JOIN users u ON u.uid = s.uid WHERE s.id = ?`
	var u User
	var sCreated, sSeen, sExpires, extra, uCreated, uUpdated string
	var confirmed, totp sql.NullString
	s := &Session{hash: hash}
	// One indexed row takes microseconds: watching the request's context
	// for it would cost more (database/sql and the driver each start a
	// goroutine per statement whose context can end).
	err := db.QueryRow(context.WithoutCancel(ctx), q, hash).Scan(&s.ID, &s.UserAgent, &sCreated, &sSeen, &sExpires, &s.Remember,
		&u.UID, &u.Email, &u.DisplayName, &u.Role, &u.Status, &extra, &uCreated, &uUpdated, &confirmed, &totp)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, ErrSignedOut()
	}
	if err != nil {
		return nil, nil, fmt.Errorf("lecture de la session: %w", err)
	}
	s.UID, u.EmailConfirmed, u.TwoFactor = u.UID, confirmed.Valid, totp.Valid
	if err := scanSessionTimes(s, sCreated, sSeen, sExpires); err != nil {
		return nil, nil, err
	}
	user, err := finishUser(&u, extra, uCreated, uUpdated)
	return user, s, err
}

// scanSessionTimes decodes the text times of a session row into s.
func scanSessionTimes(s *Session, created, seen, expires string) error {
	var err error
	if s.CreatedAt, err = store.ParseTime(created); err != nil {
		return err
	}
	if s.LastSeenAt, err = store.ParseTime(seen); err != nil {
		return err
	}
	s.ExpiresAt, err = store.ParseTime(expires)
	return err
}

// listSessions reads the sessions of uid, newest first.
func listSessions(ctx context.Context, tx *store.Tx, uid string) ([]Session, error) {
	rows, err := tx.QueryContext(ctx,
		`SELECT id, public_id, user_agent, created_at, last_seen_at, expires_at, remember
		FROM sessions WHERE uid = ? ORDER BY created_at DESC, public_id`, uid)
	if err != nil {
		return nil, fmt.Errorf("liste des sessions: %w", err)
	}
	defer rows.Close()
	out := []Session{}
	for rows.Next() {
		s := Session{UID: uid}
		var created, seen, expires string
		if err := rows.Scan(&s.hash, &s.ID, &s.UserAgent, &created, &seen, &expires, &s.Remember); err != nil {
			return nil, fmt.Errorf("liste des sessions: %w", err)
		}
		if err := scanSessionTimes(&s, created, seen, expires); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// sessionsTopic is notified by every write that ends a session or
// changes an account, so that the session caches of this process and of
// the other instances forget what they hold (see sessionCache). A new
// session, a touch and the purge of ended sessions change nothing a cache
// would serve.
const sessionsTopic = "sessions"

// sessionsChanged notifies sessionsTopic at tx's commit.
func sessionsChanged(ctx context.Context, tx *store.Tx) error {
	return tx.Notify(ctx, sessionsTopic)
}

// touchSession records the session's last activity (at most once a
// minute per session, see touchEvery).
func touchSession(ctx context.Context, tx *store.Tx, hash string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, "UPDATE sessions SET last_seen_at = ? WHERE id = ?", store.FormatTime(now), hash); err != nil {
		return fmt.Errorf("mise à jour de la session: %w", err)
	}
	return nil
}

// deleteSession ends the session hashed hash.
func deleteSession(ctx context.Context, tx *store.Tx, hash string) error {
	if err := sessionsChanged(ctx, tx); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE id = ?", hash); err != nil {
		return fmt.Errorf("fin de la session: %w", err)
	}
	return nil
}

// deleteSessionsOf ends every session of uid except the one hashed keep
// (empty to end them all) and returns how many ended.
func deleteSessionsOf(ctx context.Context, tx *store.Tx, uid, keep string) (int, error) {
	if err := sessionsChanged(ctx, tx); err != nil {
		return 0, err
	}
	res, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE uid = ? AND id <> ?", uid, keep)
	if err != nil {
		return 0, fmt.Errorf("fin des sessions du compte: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// deleteSessionOf ends the session named publicID if it belongs to uid, and
// tells whether one did: another account's session is left alone and
// answers as if it did not exist.
func deleteSessionOf(ctx context.Context, tx *store.Tx, uid, publicID string) (bool, error) {
	if err := sessionsChanged(ctx, tx); err != nil {
		return false, err
	}
	res, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE uid = ? AND public_id = ?", uid, publicID)
	if err != nil {
		return false, fmt.Errorf("fin de la session: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// deleteRotated deletes the session hashed hash, the old one of a
// rotation, and tells whether it was still there.
func deleteRotated(ctx context.Context, tx *store.Tx, hash string) (bool, error) {
	if err := sessionsChanged(ctx, tx); err != nil {
		return false, err
	}
	res, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE id = ?", hash)
	if err != nil {
		return false, fmt.Errorf("renouvellement de la session: %w", err)
	}
	n, err := res.RowsAffected()
	return err == nil && n == 1, nil
}

// endedSessions is the condition of a session over by either limit; ?1 is
// now, ?2 and ?3 the last activity that ends a session by idleness (see
// endedArgs). migrations/0012 indexes every term, so no query scans sessions.
const endedSessions = `(expires_at <= ?1 OR (remember = 0 AND last_seen_at <= ?2) OR (remember = 1 AND last_seen_at <= ?3))`

// purgeBatchSQL deletes at most purgeBatch ended sessions, chosen by
// their key (neither engine's DELETE takes a LIMIT).
var purgeBatchSQL = fmt.Sprintf(`DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE %s LIMIT %d)`, endedSessions, purgeBatch)

// purgeOfSQL deletes the ended sessions of one account (?4), through its uid index.
const purgeOfSQL = `DELETE FROM sessions WHERE uid = ?4 AND ` + endedSessions

// endedArgs are the arguments of endedSessions at now.
func endedArgs(now time.Time) []any {
	return []any{store.FormatTime(now), store.FormatTime(now.Add(-IdleTimeout)), store.FormatTime(now.Add(-RememberIdleTimeout))}
}

// purgeSessionsBatch deletes at most purgeBatch ended sessions; args are
// endedArgs. It returns how many it deleted.
func purgeSessionsBatch(ctx context.Context, tx *store.Tx, args []any) (int64, error) {
	res, err := tx.ExecContext(ctx, purgeBatchSQL, args...)
	if err != nil {
		return 0, fmt.Errorf("purge des sessions expirées: %w", err)
	}
	return res.RowsAffected()
}

// purgeSessionsOf deletes the ended sessions of uid inside tx, so that a
// count of its sessions says what the user would have seen in "Mes sessions".
func purgeSessionsOf(ctx context.Context, tx *store.Tx, uid string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, purgeOfSQL, append(endedArgs(now), uid)...); err != nil {
		return fmt.Errorf("purge des sessions expirées du compte: %w", err)
	}
	return nil
}
