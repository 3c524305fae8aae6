// Package app is the composition root: it opens the store and builds every
// service once, in one place, for every command (serve, users, chat, tui),
// as PocketBase's core.App and cli/cli's Factory do.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/blob"
	"courtier/pkg/chat"
	"courtier/pkg/claim"
	"courtier/pkg/company"
	"courtier/pkg/complaint"
	"courtier/pkg/contact"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/document"
	"courtier/pkg/event"
	"courtier/pkg/instant"
	"courtier/pkg/mail"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
	"courtier/pkg/ratelimit"
	"courtier/pkg/sepa"
	"courtier/pkg/store"
	"courtier/pkg/unpaid"
)

// Config is how the App is opened; zero fields take the production defaults.
type Config struct {
	// DB is the database file.
	DB     string
	Logger *slog.Logger
	// Now is the clock of every service; time.Now when nil. Tests move it.
	Now func() time.Time
	// Company replaces the embedded company profile (tests).
	Company *company.Profile
	// Account sets the account service's hashing costs (tests lower
	// them); its Logger, Now and Limits are those here.
	Account account.Config
	// Limits are every rate limit of the server, the one table the
	// registry every service asks is built from; ratelimit.Default when
	// zero.
	Limits ratelimit.Limits
	// Mail is how the notices are written and sent.
	Mail MailConfig
	// DocumentTexts replaces the documents' texts (clauses, mandate,
	// letter model) with a broker's file; the embedded ones when "".
	DocumentTexts string
	// Tariff replaces the loader of the embedded rating file and vehicle
	// catalogue (tests count its calls); called once, at the first need.
	Tariff func() (*pricing.Tariff, error)
}

// MailConfig is how the App writes and sends its mails.
type MailConfig struct {
	// PublicURL is the site's public address, the start of every link of
	// a mail (--public-url); DefaultPublicURL when empty.
	PublicURL string
	// From is the sender (--mail-from); the company profile's when empty.
	From string
	// SMTP is the server the mails go to (--smtp); without one they stay
	// in the outbox, « non envoyé ».
	SMTP *mail.Server
	// Sender tunes the retries (tests shorten them).
	Sender mail.SenderConfig
	// AttachmentLimit bounds the documents of one mail
	// (--mail-attachments-mb); mail.DefaultAttachmentLimit when 0.
	AttachmentLimit int64
}

// DefaultPublicURL is the public address of a server started with the
// default --addr.
const DefaultPublicURL = "http://127.0.0.1:8080"

// App holds the store and the services built over it.
type App struct {
	Store    *store.DB
	Company  company.Profile
	Calendar *company.Calendar
	Log      *slog.Logger
	Accounts *account.Service
	Desk     *desk.Service
	Quotes   *quote.Service
	Contacts *contact.Service
	Chats    *chat.Service
	// Complaints files complaints and lets staff acknowledge and answer them.
	Complaints *complaint.Service
	// Prices prices profiles at once and keeps the prices (leads of the desk).
	Prices *instant.Service
	// Contracts makes, signs and keeps the clients' contracts.
	Contracts *contract.Service
	// Claims takes the clients' declarations of loss and their follow-up.
	Claims *claim.Service
	// Unpaid files the desk's requests « Impayé » of the payment incidents.
	Unpaid *unpaid.Service
	// Mail writes the notices of the events and keeps the outbox.
	Mail *mail.Mailer
	// Sender sends the outbox over SMTP; nil without a server.
	Sender *mail.Sender
	// Events hands the recorded events to their consumers (App.Run).
	Events *event.Dispatcher
	// Instance names this process among those on the database (task_runs).
	Instance string
	// Limits is the one registry of the rate limits, built once from
	// Config.Limits and handed to every service, which decides its own
	// limits with it; the web server only hands it on (privacy) and reads
	// its table (the bounds of the open chat streams).
	Limits *ratelimit.Registry
	now    func() time.Time
	// renderer makes the contracts' documents (Warm parses its fonts).
	renderer *document.Renderer
}

// Open opens the database at cfg.DB (creating it and applying the
// migrations when needed) and builds the services.
func Open(ctx context.Context, cfg Config) (*App, error) {
	db, err := store.Open(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	a, err := New(db, cfg)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	return a, nil
}

// New builds the services over an open store.
func New(db *store.DB, cfg Config) (*App, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	profile, err := profileOf(cfg)
	if err != nil {
		return nil, err
	}
	cal, err := profile.Calendar()
	if err != nil {
		return nil, fmt.Errorf("calendrier de la société: %w", err)
	}
	a := &App{Store: db, Company: profile, Calendar: cal, Log: cfg.Logger, Instance: newInstance(), now: cfg.Now}
	if a.now == nil {
		a.now = time.Now
	}
	a.Limits = ratelimit.NewRegistry(cfg.Limits, a.now)
	acfg := cfg.Account
	acfg.Logger, acfg.Now, acfg.Limits = cfg.Logger, cfg.Now, a.Limits
	if a.Accounts, err = account.New(db, acfg); err != nil {
		return nil, err
	}
	a.Desk = desk.New(db, a.Accounts, desk.Config{Logger: cfg.Logger, Now: cfg.Now, Location: cal.Location()})
	a.Quotes, err = quote.New(db, quote.Config{
		Desk: a.Desk, Calendar: cal, AnswerHours: profile.AnswerDelays.QuoteWorkingHours, Logger: cfg.Logger, Now: cfg.Now,
	})
	if err != nil {
		return nil, err
	}
	a.Contacts, err = contact.New(db, contact.Config{
		Desk: a.Desk, Calendar: cal, Company: profile, Logger: cfg.Logger, Now: cfg.Now, Limits: a.Limits,
	})
	if err != nil {
		return nil, err
	}
	a.Chats = chat.New(db, profile, chat.Config{Logger: cfg.Logger, Now: cfg.Now, Calendar: cal, Assistance: a.assistanceLines, Mine: a.mine, Limits: a.Limits})
	a.Complaints, err = complaint.New(db, complaint.Config{
		Desk: a.Desk, Calendar: cal, Procedure: profile.Complaints, Mediator: profile.Mediator,
		Limits: a.Limits, Logger: cfg.Logger, Now: cfg.Now,
	})
	if err != nil {
		return nil, err
	}
	a.Prices, err = instant.New(db, instant.Config{
		Desk: a.Desk, Tariff: tariffOf(cfg), Quotes: a.Quotes, Calendar: cal, CallHours: profile.AnswerDelays.CallbackWorkingHours,
		StudyHours: profile.AnswerDelays.QuoteWorkingHours, Logger: cfg.Logger, Now: cfg.Now, Limits: a.Limits,
	})
	if err != nil {
		return nil, err
	}
	if a.Unpaid, err = unpaid.New(db, unpaid.Config{Desk: a.Desk, Logger: cfg.Logger, Now: cfg.Now}); err != nil {
		return nil, err
	}
	if err := a.openContracts(cfg); err != nil {
		return nil, err
	}
	a.Unpaid.Describe(a.Contracts.IncidentLines)
	a.Accounts.OnErase(a.Contracts.Forget)
	a.Accounts.OnKeep(a.Contracts.Kept)
	a.Accounts.OnConfirm(a.Prices.Adopt)
	a.Claims, err = claim.New(db, claim.Config{
		Desk: a.Desk, Contracts: a.Contracts, Calendar: cal, Mediator: profile.Mediator, Logger: cfg.Logger, Now: cfg.Now,
		Tariff: a.Prices.Tariff,
		Assistance: func(name string) string {
			t, err := a.Prices.Tariff()
			if err != nil {
				return ""
			}
			in, _ := t.Insurer(name)
			return in.AssistancePhone
		},
	})
	if err != nil {
		return nil, err
	}
	a.Contracts.CountClaims(a.Claims.BonusMalusClaims)
	if err := a.registerKinds(); err != nil {
		return nil, err
	}
	if err := a.openMail(cfg); err != nil {
		return nil, err
	}
	return a, nil
}

// kinds are the kinds of request of the queue, in the order staff read
// them, each declared by its own package (desk.KindSpec): a new kind is
// its service built in New and one more line here.
func (a *App) kinds() []desk.KindSpec {
	return []desk.KindSpec{
		a.Quotes.Spec(), a.Prices.Spec(), a.Claims.Spec(),
		a.Contacts.MessageSpec(), a.Contacts.CallbackSpec(), a.Complaints.Spec(), a.Unpaid.Spec(),
	}
}

// openMail builds the Mailer, its Sender when a server is given, and the
// dispatcher of the events (each woken by its subscription to the store's
// topics when it runs).
func (a *App) openMail(cfg Config) error {
	public := cfg.Mail.PublicURL
	if public == "" {
		public = DefaultPublicURL
	}
	var err error
	a.Mail, err = mail.New(context.Background(), a.Store, mail.Config{
		Profile: a.Company, Location: a.Calendar.Location(), PublicURL: public, From: cfg.Mail.From, Kinds: a.Desk,
		Logger: a.Log, Now: a.now, Files: a.file, AttachmentLimit: cfg.Mail.AttachmentLimit,
	})
	if err != nil {
		return err
	}
	a.Events = event.NewDispatcher(a.Store, a.Log, a.now, a.Mail.Consumer())
	if cfg.Mail.SMTP != nil {
		a.Sender = a.Mail.NewSender(cfg.Mail.SMTP, cfg.Mail.Sender)
	}
	return nil
}

// tariffOf is the loader of the rating file of cfg, the embedded one by
// default.
func tariffOf(cfg Config) func() (*pricing.Tariff, error) {
	if cfg.Tariff != nil {
		return cfg.Tariff
	}
	return func() (*pricing.Tariff, error) {
		t, err := pricing.Default()
		if err != nil {
			return nil, fmt.Errorf("fichier de tarification: %w", err)
		}
		return t, nil
	}
}

// profileOf is the company profile of cfg, the embedded one by default.
func profileOf(cfg Config) (company.Profile, error) {
	if cfg.Company != nil {
		return *cfg.Company, nil
	}
	return company.Default()
}

// Warm loads what the services otherwise read at their first need: the
// rating file and its vehicle catalogue, the documents' fonts, the
// claims' form, the assistant's engine. serve calls it once ready, so that the start does not
// wait for them (they took a server's ready time from about 50 to
// 125 ms, 2026-12-07) and no request does either; a concurrent first
// user waits for the one load under way. Its error is the one the start
// gave when they were read before it, and serve stops on it. It then
// gives back to the system the memory their parsing used. It checks
// too that the contracts and the claims can take every product of the
// rating file (Contracts.CheckProducts, Claims.CheckProducts).
func (a *App) Warm() error {
	if _, err := a.Prices.Tariff(); err != nil {
		return err
	}
	if err := a.Contracts.CheckProducts(); err != nil {
		return err
	}
	if err := a.renderer.Load(); err != nil {
		return err
	}
	if err := a.Claims.Load(); err != nil {
		return err
	}
	if err := a.Claims.CheckProducts(); err != nil {
		return err
	}
	a.Chats.Warm()
	debug.FreeOSMemory()
	return nil
}

// Close closes the store.
func (a *App) Close() error { return a.Store.Close() }

// openContracts builds the contracts' service: its documents rendered
// with the company's identity, sealed with the broker's key, which the
// first instance makes and keeps in the database so that every instance
// seals with it (a broker with a certificate from a trusted authority
// replaces the app_meta row "seal_key").
func (a *App) openContracts(cfg Config) error {
	texts, err := document.LoadTexts(cfg.DocumentTexts)
	if err != nil {
		return fmt.Errorf("textes des documents: %w", err)
	}
	renderer, err := document.NewRenderer(document.BrokerFromProfile(a.Company), texts)
	if err != nil {
		return err
	}
	a.renderer = renderer
	key := func(ctx context.Context) (cert, key []byte, err error) {
		value, err := a.Store.MetaOrInit(ctx, "seal_key", func() (string, error) {
			cert, key, err := document.GenerateSealKey(a.Company.FullName, a.now())
			return string(cert) + string(key), err
		})
		cert, key = splitPEM(value)
		return cert, key, err
	}
	p := a.Company
	a.Contracts, err = contract.New(a.Store, contract.Config{
		Prices: a.Prices, Quotes: a.Quotes, Location: a.Calendar.Location(), Logger: a.Log, Now: a.now, Limits: a.Limits, Unpaid: a.Unpaid,
		Papers: contract.Papers{Renderer: renderer, Key: key, Creditor: document.Creditor{
			Name: p.FullName, Address: p.Address + ", " + p.PostalCode + " " + p.City, ICS: p.Sepa.CreditorID}},
		Creditor: sepa.Creditor{Name: p.FullName, IBAN: p.Sepa.IBAN, BIC: p.Sepa.BIC, ID: p.Sepa.CreditorID},
	})
	return err
}

// file reads a stored file for the mails' attachments (mail.Files).
func (a *App) file(ctx context.Context, sum string) ([]byte, error) {
	var data []byte
	err := a.Store.ReadTx(ctx, func(tx *store.Tx) error {
		f, err := blob.Get(ctx, tx, sum)
		if err == nil {
			data = f.Data
		}
		return err
	})
	return data, err
}

// splitPEM cuts a certificate followed by its key in two.
func splitPEM(s string) (cert, key []byte) {
	i := strings.Index(s, "-----END CERTIFICATE-----")
	if i < 0 {
		return nil, []byte(s)
	}
	i += len("-----END CERTIFICATE-----")
	return []byte(strings.TrimSpace(s[:i]) + "\n"), []byte(strings.TrimSpace(s[i:]) + "\n")
}
