// Package mail turns the domain events into the notices a client expects
// (a quote request received, offers ready, a password changed…) and sends
// them over SMTP. The mail consumer of the events writes each notice to
// the mails table in the transaction that records the event as handled, so
// that a notice is written once; the Sender then leases the due mails,
// hands them to the SMTP server and records each acceptance. Without a
// server the mails stay in the outbox, « non envoyé », for `courtier mail`
// to show.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"time"

	"courtier/pkg/company"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// ConsumerName is the mail consumer's row of event_consumers (migration 0017).
const ConsumerName = "mail"

// GiveUpAfter is how long a mail is retried before it is marked failed.
const GiveUpAfter = 48 * time.Hour

// Config is how the Mailer is built; zero fields take the defaults.
type Config struct {
	Profile company.Profile
	// Location is the broker's time zone, in which dates are written.
	Location *time.Location
	// PublicURL is the site's public address, without a trailing slash:
	// every link of a notice starts with it.
	PublicURL string
	// From is the sender's address (RFC 5322, with or without a name);
	// the company profile's e-mail under its name when empty.
	From   string
	Logger *slog.Logger
	Now    func() time.Time

	// Files reads the documents the mails carry, when they are sent; a
	// mail goes without a document it cannot read.
	Files Files
	// AttachmentLimit is the most the documents of one mail may weigh,
	// encoded (DefaultAttachmentLimit when 0): the largest beyond it go
	// as links to the client's space.
	AttachmentLimit int64
	// Kinds names the kinds of request in the notices: the desk's
	// registry (desk.Service); nil names each « votre message ».
	Kinds Kinds
}

// Kinds is what the notices read of the registered kinds of request.
type Kinds interface {
	// Noun names a request of kind in a sentence: « votre demande de devis ».
	Noun(kind string) (string, bool)
	// Page is where the client follows a request of kind, false for nowhere.
	Page(kind string) (path string, ok bool)
}

// Mailer writes the notices of the events and keeps the outbox.
type Mailer struct {
	db        *store.DB
	profile   company.Profile
	footer    Footer
	loc       *time.Location
	publicURL string
	from      *mail.Address
	log       *slog.Logger
	now       func() time.Time

	files Files
	// attachLimit bounds the documents of one mail, encoded.
	attachLimit int64
	kinds       Kinds
}

// New builds the Mailer over db.
func New(ctx context.Context, db *store.DB, cfg Config) (*Mailer, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	from, err := ParseFrom(cfg.From, cfg.Profile)
	if err != nil {
		return nil, err
	}
	if cfg.AttachmentLimit <= 0 {
		cfg.AttachmentLimit = DefaultAttachmentLimit
	}
	public := strings.TrimRight(cfg.PublicURL, "/")
	if public == "" {
		return nil, fmt.Errorf("adresse publique du site manquante (--public-url)")
	}
	return &Mailer{
		db: db, profile: cfg.Profile, footer: FooterOf(cfg.Profile, public), loc: cfg.Location, kinds: cfg.Kinds,
		publicURL: public, from: from, files: cfg.Files, attachLimit: cfg.AttachmentLimit, log: cfg.Logger, now: cfg.Now,
	}, nil
}

// salt reads (or makes, with the first mail) the database's part of the
// Message-IDs, in the transaction that writes a mail rather than at New,
// so that opening the App writes nothing (db copy wants an empty target).
func salt(ctx context.Context, tx *store.Tx) (string, error) {
	return tx.MetaOrInit(ctx, "mail_id_salt", func() (string, error) {
		_, hash, err := store.NewToken()
		return hash[:12], err
	})
}

// ParseFrom reads a --mail-from value; "" is the profile's e-mail under
// the broker's name.
func ParseFrom(s string, p company.Profile) (*mail.Address, error) {
	if strings.TrimSpace(s) == "" {
		return &mail.Address{Name: p.Name, Address: p.Email}, nil
	}
	a, err := mail.ParseAddress(s)
	if err != nil {
		return nil, fmt.Errorf("adresse d’expéditeur invalide %q (--mail-from) : attendu « Nom <adresse@domaine> » ou « adresse@domaine »", s)
	}
	return a, nil
}

// From is the sender of the mails.
func (m *Mailer) From() string { return m.from.String() }

// Consumer is the mail consumer of the events, for the Dispatcher.
func (m *Mailer) Consumer() event.Consumer {
	return event.Consumer{Name: ConsumerName, Handle: m.handle}
}

// handle writes the notices of e to the outbox, in the dispatcher's
// transaction. A secret that a notice carries is blanked from the event,
// which needs it no more: the mail row is its one copy until sent.
func (m *Mailer) handle(ctx context.Context, tx *store.Tx, e event.Event) error {
	build, ok := builders[e.Kind]
	if !ok {
		return nil
	}
	notices, err := build(m, e)
	if err != nil {
		return err
	}
	now := m.now()
	// The salt makes the Message-IDs of this database unlike those of any
	// other (a new database counts its events from 1 again).
	salt, err := salt(ctx, tx)
	if err != nil {
		return err
	}
	secret := false
	for i, n := range notices {
		if n.to.Email == "" {
			continue // a visitor who left a phone number alone: nobody to write to
		}
		row, err := m.render(e, i, n, salt, now)
		if err != nil {
			return err
		}
		if err := insertMail(ctx, tx, row); err != nil {
			return err
		}
		if err := insertAttachments(ctx, tx, row.MessageID, n.attachments); err != nil {
			return err
		}
		secret = secret || row.secret != ""
	}
	if secret {
		if err := event.Redact(ctx, tx, e.ID); err != nil {
			return err
		}
	}
	return tx.Notify(ctx, Topic)
}

// render makes the outbox row of notice n, the i-th of event e.
func (m *Mailer) render(e event.Event, i int, n notice, salt string, now time.Time) (*row, error) {
	if _, err := mail.ParseAddress(n.to.Email); err != nil {
		return nil, fmt.Errorf("destinataire invalide %q: %w", n.to.Email, err)
	}
	html, err := n.doc.HTML(m.footer)
	if err != nil {
		return nil, err
	}
	r := &row{Mail: Mail{
		MessageID: m.messageID(salt, e.ID, i), EventID: e.ID, Template: n.template, Aggregate: e.Aggregate,
		From: m.from.String(), To: n.to.Email, Subject: n.doc.Subject, Text: n.doc.Text(m.footer), HTML: html,
		CreatedAt: now, NextAt: now, ExpiresAt: now.Add(GiveUpAfter),
	}}
	if n.secret {
		// A link's token (accounts, prices) or a signature code (contracts).
		p, err := decode[struct {
			Token string `json:"token"`
			Code  string `json:"code"`
		}](e)
		if err != nil {
			return nil, err
		}
		r.secret = p.Token + p.Code
	}
	return r, nil
}

// messageID is the Message-ID of the i-th mail of event id (RFC 5322:
// unique, in angle brackets, on the sender's domain).
func (m *Mailer) messageID(salt string, id int64, i int) string {
	domain := m.from.Address[strings.LastIndexByte(m.from.Address, '@')+1:]
	return fmt.Sprintf("<courtier.%s.%d.%d@%s>", salt, id, i, domain)
}
