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
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/ratelimit"
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
	// Kinds are the parts of the kinds of request, in the queue's order
	// (desk.Service.Exports): each reads what its kind holds of an account.
	Kinds []desk.Export
	// Chats is nil when the server runs without the chat: the export then
	// has no conversation.
	Chats *chat.Service
	// Contracts adds the client's contracts with the list of their
	// documents; nil leaves them out.
	Contracts *contract.Service
	// Limits are the server's rate limits, built once by pkg/app: the
	// exports of each account are counted there (ratelimit.Exports).
	Limits *ratelimit.Registry
	// Limit, when set, counts the exports instead (tests); with neither,
	// there is no limit.
	Limit Limiter
	// MaxAtOnce is how many exports may be written at the same time;
	// DefaultMaxAtOnce when zero.
	MaxAtOnce int
	Logger    *slog.Logger
}

// DefaultMaxAtOnce bounds the exports written at once. Each holds one of
// the store's four read connections for as long as its client takes to
// download it (up to the handler's deadline): two leave the rest of the
// site its reads, whatever slow clients do.
const DefaultMaxAtOnce = 2

// Service exports an account's data.
type Service struct {
	accounts *account.Service
	kinds    []desk.Export
	chats    *chat.Service
	// contracts is nil when the export has no contracts part.
	contracts *contract.Service
	limit     Limiter
	// slots holds a token per export being written (see DefaultMaxAtOnce).
	slots chan struct{}
	log   *slog.Logger
}

// New builds the service.
func New(cfg Config) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.MaxAtOnce <= 0 {
		cfg.MaxAtOnce = DefaultMaxAtOnce
	}
	if cfg.Limit == nil && cfg.Limits != nil {
		cfg.Limit = cfg.Limits.Limiter(ratelimit.Exports)
	}
	return &Service{
		accounts: cfg.Accounts, kinds: cfg.Kinds, chats: cfg.Chats, contracts: cfg.Contracts, limit: cfg.Limit,
		slots: make(chan struct{}, cfg.MaxAtOnce), log: cfg.Logger,
	}
}

// The answers past the limits; %s is the wait in minutes.
const (
	tooManyExports = "Vous avez déjà téléchargé vos données plusieurs fois dans l’heure. Réessayez dans %s."
	busyExports    = "D’autres téléchargements de données sont en cours. Réessayez dans %s."
	// busyWait is the wait suggested when every slot is taken.
	busyWait = time.Minute
)

// Export checks the limits and reads the small parts of sess's export (the
// account, its sessions, the policyholder's data kept for the next
// subscription, each kind's part — its quote requests with their offers,
// its kept instant prices, claims, contact messages, callback requests and
// complaints, with the broker's replies — and its contracts); the chat's
// part, which may be long, is read as Download.Write writes it. An error
// here happens before anything is written, so it can still be answered.
// The Download holds one of the MaxAtOnce slots until its Write returns:
// call it once.
func (s *Service) Export(ctx context.Context, sess *account.Session) (d *Download, err error) {
	select {
	case s.slots <- struct{}{}:
	default:
		return nil, apperr.TooMany(busyWait, busyExports)
	}
	defer func() {
		if err != nil {
			<-s.slots
		}
	}()
	if s.limit != nil {
		if ok, wait := s.limit.Allow(sess.UID); !ok {
			return nil, apperr.TooMany(wait, tooManyExports)
		}
	}
	data, err := s.accounts.Export(ctx, sess)
	if err != nil {
		return nil, err
	}
	holder, err := s.accounts.Policyholder(ctx, account.Actor{UID: sess.UID})
	if err != nil {
		return nil, err
	}
	// The legal name, birth date and phone kept for the next subscription
	// come after the first kind's part, where the export has always had
	// them (after the quote requests).
	parts := []part{}
	for i, k := range s.kinds {
		v, err := k.Read(ctx, sess.UID)
		if err != nil {
			return nil, err
		}
		parts = append(parts, part{k.Key, v})
		if i == 0 {
			parts = append(parts, part{"policyholder", holder})
		}
	}
	if len(s.kinds) == 0 {
		parts = append(parts, part{"policyholder", holder})
	}
	if s.contracts != nil {
		list, err := contracts(ctx, s.contracts, sess.UID)
		if err != nil {
			return nil, err
		}
		parts = append(parts, part{"contracts", list})
	}
	head, err := head(data, parts...)
	if err != nil {
		return nil, apperr.Log(s.log, "export des données", err, "uid", sess.UID)
	}
	return &Download{head: head, uid: sess.UID, chats: s.chats, done: func() { <-s.slots }}, nil
}

// Download is an export whose small parts are read, ready to be written.
type Download struct {
	head  []byte
	uid   string
	chats *chat.Service
	// done gives the slot back, once.
	done func()
}

// Write writes the export as indented JSON to w, the conversations
// message by message. An error means w got a truncated document: the
// caller must make that visible (a download cut short, not a 200 that
// looks complete).
func (d *Download) Write(ctx context.Context, w io.Writer) error {
	defer d.release()
	out := newWriter(w)
	out.raw(d.head)
	if d.chats != nil {
		if err := d.chats.ExportUser(ctx, d.uid, out); err != nil {
			return fmt.Errorf("export des conversations: %w", err)
		}
	}
	return out.close()
}

// release gives the download's slot back; a second call does nothing.
func (d *Download) release() {
	if d.done != nil {
		d.done()
		d.done = nil
	}
}
