package account

import (
	"context"

	"courtier/pkg/store"
)

// Export is everything stored about a user (RGPD right of access and
// portability): the profile without the password hash, and the sessions:
// their device, browser header and dates.
type Export struct {
	ExportedAt string          `json:"exportedAt"`
	User       *User           `json:"user"`
	Sessions   []SessionExport `json:"sessions"`
}

// SessionExport is one session as the user may see it.
type SessionExport struct {
	// Device is the browser and system in French (see DeviceLabel).
	Device string `json:"device"`
	// UserAgent is the browser's header as stored.
	UserAgent  string `json:"userAgent"`
	CreatedAt  string `json:"createdAt"`
	LastSeenAt string `json:"lastSeenAt"`
	ExpiresAt  string `json:"expiresAt"`
	Remember   bool   `json:"remember"`
	// Current marks the session the export was asked from.
	Current bool `json:"current"`
}

// Export gathers the data of sess's user.
func (s *Service) Export(ctx context.Context, sess *Session) (*Export, error) {
	var u *User
	var list []Session
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if u, _, err = findUser(ctx, tx, "uid", sess.UID); err != nil {
			return err
		}
		list, err = listSessions(ctx, tx, sess.UID)
		return err
	})
	if err != nil {
		return nil, s.fail("export des données", err, "uid", sess.UID)
	}
	out := &Export{ExportedAt: store.FormatTime(s.now()), User: u, Sessions: make([]SessionExport, 0, len(list))}
	for _, l := range list {
		out.Sessions = append(out.Sessions, SessionExport{
			Device: DeviceLabel(l.UserAgent), UserAgent: l.UserAgent,
			CreatedAt: store.FormatTime(l.CreatedAt), LastSeenAt: store.FormatTime(l.LastSeenAt),
			ExpiresAt: store.FormatTime(l.ExpiresAt), Remember: l.Remember, Current: l.hash == sess.hash,
		})
	}
	return out, nil
}
