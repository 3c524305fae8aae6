package account

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"courtier/pkg/store"
)

// publicIDBytes is the randomness of a session's public ID (128 bits, 32 hex
// characters, as migration 0005 gives the sessions it found).
const publicIDBytes = 16

// newSession builds a session with a fresh cookie token and public ID.
func newSession(uid string, remember bool, userAgent string, now time.Time) (*Session, error) {
	token, hash, err := store.NewToken()
	if err != nil {
		return nil, err
	}
	b := make([]byte, publicIDBytes)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("identifiant public de session: %w", err)
	}
	return &Session{
		Token: token, hash: hash, ID: hex.EncodeToString(b), UID: uid, UserAgent: cleanUserAgent(userAgent),
		Remember: remember, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(AbsoluteLifetime),
	}, nil
}

// validPublicID tells whether id has the form of a session's public ID.
func validPublicID(id string) bool {
	if len(id) != 2*publicIDBytes {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// rotateSession replaces old by a new session of the same browser (new
// token, new public ID, same remember choice and User-Agent) inside tx. It
// ends every action the user confirms with their password (ASVS 5.0 7.2.4:
// a new session token on re-authentication), so a copy of the old cookie,
// wherever it went, opens nothing.
func rotateSession(ctx context.Context, tx *store.Tx, old *Session, now time.Time) (*Session, error) {
	fresh, err := newSession(old.UID, old.Remember, old.UserAgent, now)
	if err != nil {
		return nil, err
	}
	there, err := deleteRotated(ctx, tx, old.hash)
	if err != nil {
		return nil, err
	}
	// Ended meanwhile (from another device, by an admin): no new session.
	if !there {
		return nil, ErrSignedOut()
	}
	return fresh, insertSession(ctx, tx, fresh)
}

// endOtherSessions ends every session of sess's user but sess inside tx and
// returns how many live ones ended (those already over are purged first,
// so the count says what the user would have seen in "Mes sessions").
func endOtherSessions(ctx context.Context, tx *store.Tx, sess *Session, now time.Time) (int, error) {
	if err := purgeSessionsOf(ctx, tx, sess.UID, now); err != nil {
		return 0, err
	}
	return deleteSessionsOf(ctx, tx, sess.UID, sess.hash)
}

// SessionInfo is one session as its user and the staff see it.
type SessionInfo struct {
	// ID is the session's public ID, used to end it.
	ID string
	// Device is the browser and system in French (see DeviceLabel).
	Device     string
	UserAgent  string
	CreatedAt  time.Time
	LastSeenAt time.Time
	// Current marks the session the list was asked from.
	Current bool
}

// MarshalJSON writes the times as the rest of the API does.
func (i SessionInfo) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ID         string `json:"id"`
		Device     string `json:"device"`
		UserAgent  string `json:"userAgent"`
		CreatedAt  string `json:"createdAt"`
		LastSeenAt string `json:"lastSeenAt"`
		Current    bool   `json:"current"`
	}{i.ID, i.Device, i.UserAgent, store.FormatTime(i.CreatedAt), store.FormatTime(i.LastSeenAt), i.Current})
}

// infos turns the live sessions of list into SessionInfo, the one hashed
// current first, then the most recently active first.
func infos(list []Session, current string, now time.Time) []SessionInfo {
	out := make([]SessionInfo, 0, len(list))
	for _, l := range list {
		if l.expired(now) {
			continue
		}
		out = append(out, SessionInfo{
			ID: l.ID, Device: DeviceLabel(l.UserAgent), UserAgent: l.UserAgent,
			CreatedAt: l.CreatedAt, LastSeenAt: l.LastSeenAt, Current: current != "" && l.hash == current,
		})
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Current != out[b].Current {
			return out[a].Current
		}
		return out[a].LastSeenAt.After(out[b].LastSeenAt)
	})
	return out
}

// Sessions lists the live sessions of sess's user, sess first ("Mes sessions").
func (s *Service) Sessions(ctx context.Context, sess *Session) ([]SessionInfo, error) {
	var list []Session
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		list, err = listSessions(ctx, tx, sess.UID)
		return err
	})
	if err != nil {
		return nil, s.fail("liste des sessions", err, "uid", sess.UID)
	}
	return infos(list, sess.hash, s.now()), nil
}

// SessionsOf lists the live sessions of the account of email, for the staff
// (`courtier users sessions`).
func (s *Service) SessionsOf(ctx context.Context, email string) ([]SessionInfo, error) {
	norm, err := NormalizeEmail(email)
	if err != nil {
		return nil, s.fail("liste des sessions", err)
	}
	var list []Session
	err = s.db.ReadTx(ctx, func(tx *store.Tx) error {
		u, _, err := findUser(ctx, tx, "email", norm)
		if err != nil {
			return err
		}
		list, err = listSessions(ctx, tx, u.UID)
		return err
	})
	if err != nil {
		return nil, s.fail("liste des sessions", err, "email", norm)
	}
	return infos(list, "", s.now()), nil
}
