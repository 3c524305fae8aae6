package mail

import (
	"context"
	"errors"
	"fmt"
	"time"

	gomail "github.com/wneessen/go-mail"

	"courtier/pkg/store"
)

// Topic is notified (store.Tx.Notify) by a transaction that writes mails
// to send: its commit wakes the senders of every instance.
const Topic = "mails"

// SenderConfig tunes the Sender; zero fields take the defaults.
type SenderConfig struct {
	// Batch is how many mails one round leases (DefaultBatch).
	Batch int
	// RetryBase is the delay after a first temporary failure; each next
	// one doubles it, up to RetryMax.
	RetryBase, RetryMax time.Duration
}

// A round holds its mails for leaseTimeouts times the server's timeout
// (5 minutes by default), and sends while more than leaseMargin of them
// are left: a mail is never still being sent when its lease ends.
const (
	leaseTimeouts = 10
	leaseMargin   = 4
)

// Defaults of SenderConfig.
const (
	DefaultBatch     = 8
	DefaultRetryBase = time.Minute
	DefaultRetryMax  = time.Hour
)

// Sender hands the due mails of the outbox to an SMTP server.
type Sender struct {
	m      *Mailer
	server *Server
	cfg    SenderConfig
	// lease is how long a round holds its mails: longer than the round
	// can last (each exchange is bounded by the server's timeout), so that
	// no other sender takes a mail this one may still be sending.
	lease time.Duration
}

// NewSender builds the sender of m's outbox to server.
func (m *Mailer) NewSender(server *Server, cfg SenderConfig) *Sender {
	if cfg.Batch <= 0 {
		cfg.Batch = DefaultBatch
	}
	if cfg.RetryBase <= 0 {
		cfg.RetryBase = DefaultRetryBase
	}
	if cfg.RetryMax <= 0 {
		cfg.RetryMax = DefaultRetryMax
	}
	if server.Timeout <= 0 {
		server.Timeout = DefaultTimeout
	}
	// A round stops sending while it still has leaseMargin timeouts
	// left (one exchange may take them all), and gives the rest back.
	lease := server.Timeout * leaseTimeouts
	return &Sender{m: m, server: server, cfg: cfg, lease: lease}
}

// Run sends the due mails until ctx ends: at once, when mails are written
// (the store's subscription to Topic: at once in this process, on
// PostgreSQL on every instance while store.DB.Watch runs), and every
// `every` for the retries and what another process wrote on SQLite.
func (s *Sender) Run(ctx context.Context, every time.Duration) {
	sub := s.m.db.Subscribe(Topic)
	defer sub.Close()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		for ctx.Err() == nil {
			n, err := s.SendDue(ctx)
			if err != nil && ctx.Err() == nil {
				s.m.log.Error("envoi des mails", "err", err)
			}
			if err != nil || n == 0 {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-sub.C:
		}
	}
}

// SendDue runs one round: it leases up to Batch due mails, sends them on
// one connection and records each result as soon as the server answers.
// It returns how many mails it leased.
func (s *Sender) SendDue(ctx context.Context) (int, error) {
	var leased []*row
	now := s.m.now()
	err := s.m.db.WriteTx(ctx, func(tx *store.Tx) error {
		var err error
		leased, err = lease(ctx, tx, now, now.Add(s.lease), s.cfg.Batch)
		return err
	})
	if err != nil || len(leased) == 0 {
		return 0, err
	}
	client, err := s.server.client()
	if err == nil {
		err = client.DialWithContext(ctx)
	}
	if err != nil {
		// Nobody to hand them to: each is tried again later.
		for i, r := range leased {
			if serr := s.record(ctx, r, fmt.Errorf("connexion au serveur SMTP %s: %w", s.server, err)); serr != nil {
				return len(leased), errors.Join(serr, s.giveBack(leased[i+1:]))
			}
		}
		return len(leased), nil
	}
	defer func() { _ = client.Close() }()
	stop := now.Add(s.lease - leaseMargin*s.server.Timeout)
	for i, r := range leased {
		if ctx.Err() != nil || s.m.now().After(stop) {
			return len(leased), s.giveBack(leased[i:])
		}
		msg, err := s.message(r)
		if err == nil {
			err = s.attach(ctx, r, msg)
		}
		if err == nil {
			err = client.Send(msg)
		}
		if err := s.record(ctx, r, err); err != nil {
			return len(leased), errors.Join(err, s.giveBack(leased[i+1:]))
		}
	}
	return len(leased), nil
}

// message builds the MIME message of r: multipart/alternative, the text
// part first, r's Message-ID.
func (s *Sender) message(r *row) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.From(r.From); err != nil {
		return nil, permanent{fmt.Errorf("expéditeur invalide %q: %w", r.From, err)}
	}
	if err := msg.To(r.To); err != nil {
		return nil, permanent{fmt.Errorf("destinataire invalide %q: %w", r.To, err)}
	}
	msg.Subject(r.Subject)
	msg.SetMessageIDWithValue(r.MessageID[1 : len(r.MessageID)-1])
	msg.SetDateWithValue(r.CreatedAt)
	msg.SetGenHeader(gomail.HeaderContentLang, "fr")
	msg.SetBodyString(gomail.TypeTextPlain, r.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, r.HTML)
	return msg, nil
}

// permanent marks an error that no retry will cure.
type permanent struct{ error }

// isPermanent tells a refusal for good: a 5xx reply of the server, or a
// mail that cannot be written.
func isPermanent(err error) bool {
	var p permanent
	if errors.As(err, &p) {
		return true
	}
	var se *gomail.SendError
	if errors.As(err, &se) {
		code := se.ErrorCode()
		return code >= 500 && code < 600
	}
	return false
}

// record writes the result of the attempt on r: sent (err nil), failed
// (a permanent refusal, or 48 hours of retries), or due again later.
func (s *Sender) record(ctx context.Context, r *row, sendErr error) error {
	now := s.m.now()
	status, next, cause := StatusSent, time.Time{}, ""
	switch {
	case sendErr == nil:
	case isPermanent(sendErr):
		status, cause = StatusFailed, sendErr.Error()
	case !now.Add(s.delay(r.Attempts)).Before(r.ExpiresAt):
		status, cause = StatusFailed, "abandonné après 48 heures d’essais : "+sendErr.Error()
	default:
		status, next, cause = StatusPending, now.Add(s.delay(r.Attempts)), sendErr.Error()
	}
	// The record outlives a stopping server: a mail the SMTP server
	// accepted must be marked so, or it would be sent again.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	err := s.m.db.WriteTx(wctx, func(tx *store.Tx) error { return settle(wctx, tx, r, status, now, next, cause) })
	switch {
	case err != nil:
	case status == StatusSent:
		s.m.log.Info("mail envoyé", "mail", r.ID, "modèle", r.Template, "message_id", r.MessageID)
	case status == StatusFailed:
		s.m.log.Error("mail en échec", "mail", r.ID, "modèle", r.Template, "essais", r.Attempts, "err", cause)
	default:
		s.m.log.Warn("mail non envoyé, nouvel essai prévu", "mail", r.ID, "essais", r.Attempts,
			"prochain_essai", next.Format(time.RFC3339), "err", cause)
	}
	return err
}

// delay is the wait after the attempts-th failure: RetryBase, doubled
// each time, at most RetryMax.
func (s *Sender) delay(attempts int) time.Duration {
	d := s.cfg.RetryBase
	for i := 1; i < attempts && d < s.cfg.RetryMax; i++ {
		d *= 2
	}
	return min(d, s.cfg.RetryMax)
}

// giveBack releases the leases of mails this round did not try.
func (s *Sender) giveBack(rs []*row) error {
	if len(rs) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.m.db.WriteTx(ctx, func(tx *store.Tx) error { return release(ctx, tx, rs) })
}
