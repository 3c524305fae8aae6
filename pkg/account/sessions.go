package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// Session lifetimes (OWASP ASVS 3.3).
const (
	// IdleTimeout ends a session left unused, unless "Se souvenir de moi" was ticked.
	IdleTimeout = 30 * time.Minute
	// RememberIdleTimeout replaces IdleTimeout for remembered sessions.
	RememberIdleTimeout = 30 * 24 * time.Hour
	// AbsoluteLifetime ends every session, however active.
	AbsoluteLifetime = 30 * 24 * time.Hour
	// touchEvery spares a write per request: last_seen_at moves at most once a minute.
	touchEvery = time.Minute
)

// Session is a signed-in browser. Token, the secret for the cookie, is only
// known when the session is created: the store keeps its SHA-256.
type Session struct {
	Token string
	hash  string
	// ID names the session to its user (API, "Mes sessions"); random and
	// unrelated to Token, so showing it reveals nothing of the cookie.
	ID  string
	UID string
	// UserAgent is the browser's header at sign-in, cleaned (see cleanUserAgent).
	UserAgent  string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	Remember   bool
}

// idleDeadline is when the session ends if it stays unused.
func (s *Session) idleDeadline() time.Time {
	if s.Remember {
		return s.LastSeenAt.Add(RememberIdleTimeout)
	}
	return s.LastSeenAt.Add(IdleTimeout)
}

// expired tells whether the session is over at now, by either limit.
func (s *Session) expired(now time.Time) bool {
	return !now.Before(s.ExpiresAt) || !now.Before(s.idleDeadline())
}

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
		u.uid, u.email, u.display_name, u.role, u.status, u.extra, u.created_at, u.updated_at
		FROM sessions s JOIN users u ON u.uid = s.uid WHERE s.id = ?`
	var u User
	var sCreated, sSeen, sExpires, extra, uCreated, uUpdated string
	s := &Session{hash: hash}
	// One indexed row takes microseconds: watching the request's context
	// for it would cost more (database/sql and the driver each start a
	// goroutine per statement whose context can end).
	err := db.QueryRow(context.WithoutCancel(ctx), q, hash).Scan(&s.ID, &s.UserAgent, &sCreated, &sSeen, &sExpires, &s.Remember,
		&u.UID, &u.Email, &u.DisplayName, &u.Role, &u.Status, &extra, &uCreated, &uUpdated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, ErrSignedOut()
	}
	if err != nil {
		return nil, nil, fmt.Errorf("lecture de la session: %w", err)
	}
	s.UID = u.UID
	if err := scanSessionTimes(s, sCreated, sSeen, sExpires); err != nil {
		return nil, nil, err
	}
	user, err := finishUser(&u, extra, uCreated, uUpdated)
	return user, s, err
}

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

// touchSession records the session's last activity (at most once a
// minute per session, see touchEvery).
func touchSession(ctx context.Context, tx *store.Tx, hash string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, "UPDATE sessions SET last_seen_at = ? WHERE id = ?", store.FormatTime(now), hash); err != nil {
		return fmt.Errorf("mise à jour de la session: %w", err)
	}
	return nil
}

func deleteSession(ctx context.Context, tx *store.Tx, hash string) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE id = ?", hash); err != nil {
		return fmt.Errorf("fin de la session: %w", err)
	}
	return nil
}

// deleteSessionsOf ends every session of uid except the one hashed keep
// (empty to end them all) and returns how many ended.
func deleteSessionsOf(ctx context.Context, tx *store.Tx, uid, keep string) (int, error) {
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
	res, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE uid = ? AND public_id = ?", uid, publicID)
	if err != nil {
		return false, fmt.Errorf("fin de la session: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
