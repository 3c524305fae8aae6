package account

import "time"

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
