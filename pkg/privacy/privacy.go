// Package privacy gathers what the site holds about an account across the
// packages that store it: the data export (RGPD rights of access and
// portability), streamed so that a long history never sits in memory.
package privacy

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/chat"
	"courtier/pkg/quote"
)

// Filename is the name the download is saved under.
const Filename = "mes-donnees.json"

// Limiter tells whether key may go on now, and if not how long to wait.
// Exports are limited per account: each one reads the whole history.
type Limiter interface {
	Allow(key string) (bool, time.Duration)
}

// Config is what the service is built from.
type Config struct {
	Accounts *account.Service
	Quotes   *quote.Service
	// Chats is nil when the server runs without the chat: the export then
	// has no conversation.
	Chats *chat.Service
	// Limit counts the exports of each account (key: its uid); nil, no limit.
	Limit  Limiter
	Logger *slog.Logger
}

// Service exports an account's data.
type Service struct {
	accounts *account.Service
	quotes   *quote.Service
	chats    *chat.Service
	limit    Limiter
	log      *slog.Logger
}

// New builds the service.
func New(cfg Config) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{accounts: cfg.Accounts, quotes: cfg.Quotes, chats: cfg.Chats, limit: cfg.Limit, log: cfg.Logger}
}

// tooManyExports is the answer past the limit; %s is the wait in minutes.
const tooManyExports = "Vous avez déjà téléchargé vos données plusieurs fois dans l'heure. Réessayez dans %s."

// Export checks the limit of sess's account and reads the small parts of
// its export (the account, its sessions, its quote requests); the chat's
// part, which may be long, is read as Download.Write writes it. An error
// here happens before anything is written, so it can still be answered.
func (s *Service) Export(ctx context.Context, sess *account.Session) (*Download, error) {
	if s.limit != nil {
		if ok, wait := s.limit.Allow(sess.UID); !ok {
			return nil, apperr.TooMany(wait, tooManyExports)
		}
	}
	data, err := s.accounts.Export(ctx, sess)
	if err != nil {
		return nil, err
	}
	quotes, err := s.quotes.List(ctx, sess.UID)
	if err != nil {
		return nil, err
	}
	head, err := head(data, quotes)
	if err != nil {
		return nil, apperr.Log(s.log, "export des données", err, "uid", sess.UID)
	}
	return &Download{head: head, uid: sess.UID, chats: s.chats}, nil
}

// Download is an export whose small parts are read, ready to be written.
type Download struct {
	head  []byte
	uid   string
	chats *chat.Service
}

// Write writes the export as indented JSON to w, the conversations
// message by message. An error means w got a truncated document: the
// caller must make that visible (a download cut short, not a 200 that
// looks complete).
func (d *Download) Write(ctx context.Context, w io.Writer) error {
	out := newWriter(w)
	out.raw(d.head)
	if d.chats != nil {
		if err := d.chats.ExportUser(ctx, d.uid, out); err != nil {
			return fmt.Errorf("export des conversations: %w", err)
		}
	}
	return out.close()
}
