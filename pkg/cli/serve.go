package cli

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	netmail "net/mail"
	"net/netip"
	"net/url"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"courtier/pkg/app"
	"courtier/pkg/mail"
	"courtier/pkg/store"
	"courtier/pkg/web"
	"courtier/site"
)

// ServeOptions are the flags of `courtier serve`.
type ServeOptions struct {
	*Options
	Addr string
	// SecureCookies forces Secure session cookies behind a TLS-terminating proxy.
	SecureCookies bool
	// TrustedProxies is the value of --trusted-proxies (or of
	// COURTIER_TRUSTED_PROXIES): CIDR ranges whose X-Forwarded-For is believed.
	TrustedProxies string
	// SMTP is --smtp (or COURTIER_SMTP): where the mails go; "" keeps them
	// in the outbox.
	SMTP string
	// SMTPTimeout bounds each exchange with the SMTP server.
	SMTPTimeout time.Duration
	// MailFrom is --mail-from; the company profile's address when "".
	MailFrom string
	// PublicURL is --public-url: the site's address in the mails' links;
	// http://ADDR when "".
	PublicURL string
	// MailAttachmentsMB is --mail-attachments-mb: what the documents of
	// one mail may weigh, as the broker's SMTP server accepts (0: the
	// default, mail.DefaultAttachmentLimit).
	MailAttachmentsMB int
	// Ready is called with the listening address once the server accepts
	// connections; tests use it to learn a random port.
	Ready func(addr string)
}

// NewServeCommand builds `courtier serve`. runF replaces the run in tests of flag parsing.
func NewServeCommand(opts *Options, getenv func(string) string, runF func(context.Context, *ServeOptions, io.Writer) error) *cobra.Command {
	so := &ServeOptions{Options: opts}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the website and its API",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, err := web.ParseTrustedProxies(so.TrustedProxies); err != nil {
				return UsageError{err}
			}
			if so.SMTPTimeout <= 0 {
				return UsageError{fmt.Errorf("invalid --smtp-timeout %v: use a positive duration such as 30s", so.SMTPTimeout)}
			}
			if _, err := so.mailConfig(); err != nil {
				return UsageError{err}
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			if runF != nil {
				return runF(ctx, so, cmd.ErrOrStderr())
			}
			moreProcs(getenv)
			return serveRun(ctx, so, cmd.ErrOrStderr())
		},
	}
	cmd.Flags().StringVar(&so.Addr, "addr", "127.0.0.1:8080", "address to listen on")
	cmd.Flags().BoolVar(&so.SecureCookies, "secure-cookies", false,
		"mark session cookies Secure (and name them __Host-) even on plain HTTP, behind a TLS proxy;\n"+
			"responses then carry Strict-Transport-Security")
	cmd.Flags().StringVar(&so.TrustedProxies, "trusted-proxies", getenv("COURTIER_TRUSTED_PROXIES"),
		"CIDR ranges of the proxies in front of the server, comma-separated (env COURTIER_TRUSTED_PROXIES);\n"+
			"from them, the client address is the right-most X-Forwarded-For entry outside these ranges")
	cmd.Flags().StringVar(&so.SMTP, "smtp", getenv("COURTIER_SMTP"),
		"SMTP server of the mails, smtp://[user:password@]host:port (STARTTLS when offered, required\n"+
			"with a password) or smtps://… (implicit TLS) (env COURTIER_SMTP); without it the mails\n"+
			"stay in the outbox, « non envoyé » (courtier mail list)")
	cmd.Flags().DurationVar(&so.SMTPTimeout, "smtp-timeout", mail.DefaultTimeout, "time limit of each exchange with the SMTP server")
	cmd.Flags().StringVar(&so.MailFrom, "mail-from", "", "sender of the mails, \"Name <address>\" (default: the company profile's e-mail)")
	cmd.Flags().StringVar(&so.PublicURL, "public-url", "",
		"the site's public address, the start of every link in the mails (default: http:// and --addr)")
	cmd.Flags().IntVar(&so.MailAttachmentsMB, "mail-attachments-mb", mail.DefaultAttachmentLimit>>20,
		"most the documents attached to one mail may weigh, in MB once encoded; the largest\n"+
			"beyond it are sent as links to the client's space")
	return cmd
}

// mailConfig checks the mail flags and makes the App's MailConfig.
func (so *ServeOptions) mailConfig() (app.MailConfig, error) {
	cfg := app.MailConfig{From: so.MailFrom, PublicURL: so.PublicURL, AttachmentLimit: int64(so.MailAttachmentsMB) << 20}
	if so.MailAttachmentsMB < 0 || so.MailAttachmentsMB > 100 {
		return cfg, fmt.Errorf("invalid --mail-attachments-mb %d: use a number of megabytes from 1 to 100", so.MailAttachmentsMB)
	}
	if cfg.PublicURL == "" {
		host := so.Addr
		if strings.HasPrefix(host, ":") { // every interface: this machine's name for it
			host = "localhost" + host
		}
		cfg.PublicURL = "http://" + host
	}
	u, err := url.Parse(cfg.PublicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return cfg, fmt.Errorf("invalid --public-url %q: use http(s)://host[:port][/path]", so.PublicURL)
	}
	if so.MailFrom != "" {
		if _, err := netmail.ParseAddress(so.MailFrom); err != nil {
			return cfg, fmt.Errorf("invalid --mail-from %q: use \"Name <address@domain>\" or address@domain", so.MailFrom)
		}
	}
	if so.SMTP != "" {
		srv, err := mail.ParseServer(so.SMTP)
		if err != nil {
			return cfg, err
		}
		if so.SMTPTimeout > 0 {
			srv.Timeout = so.SMTPTimeout
		}
		cfg.SMTP = srv
	}
	return cfg, nil
}

// doubleProcs is done once per process (tests start several servers).
var doubleProcs sync.Once

// moreProcs gives the server twice as many Go processors as cores, unless
// GOMAXPROCS says otherwise. The cores are shared with what runs beside
// the server (its proxy, its database's other users, a load tool): when
// the system pauses the thread of one of only two processors, the
// goroutines queued on it wait, and the slowest answers with them. With
// four processors on two cores, wrk against the site's 404 and home page:
// p99 1.2–1.9× nginx's against 2.0–2.8× with two (4 runs each,
// interleaved, 2026-11-23); requests/s and the chat unchanged.
func moreProcs(getenv func(string) string) {
	if getenv("GOMAXPROCS") != "" {
		return
	}
	doubleProcs.Do(func() { runtime.GOMAXPROCS(2 * runtime.GOMAXPROCS(0)) })
}

// serveRun opens the App, builds the server and serves until ctx ends.
func serveRun(ctx context.Context, opts *ServeOptions, logOut io.Writer) error {
	logger := slog.New(slog.NewTextHandler(logOut, nil))
	mcfg, err := opts.mailConfig()
	if err != nil {
		return UsageError{err}
	}
	a, err := app.Open(ctx, app.Config{DB: opts.DB, Logger: logger, Mail: mcfg})
	if err != nil {
		return err
	}
	defer func() {
		if err := a.Close(); err != nil {
			logger.Error("fermeture de la base", "err", err)
		}
	}()
	srv, err := newServer(ctx, opts, a)
	if err != nil {
		return err
	}
	// The App's background tasks (App.Run) end before the store closes
	// (the deferred Close above runs after this): a task still running
	// would write to a closed database.
	runCtx, stopRun := context.WithCancel(ctx)
	var tasks sync.WaitGroup
	defer func() {
		stopRun()
		tasks.Wait()
	}()
	serveCtx, stopServe := context.WithCancelCause(ctx)
	defer stopServe(nil)
	announce := opts.Ready
	if announce == nil {
		announce = func(addr string) {
			logger.Info("serveur prêt", "url", fmt.Sprintf("http://%s", addr), "db", a.Store.Path())
		}
	}
	ready := func(addr string) {
		announce(addr)
		// What the services read at their first need is loaded now, in
		// the background; a file that does not load stops the server, as
		// it stopped the start when it was read before. The site's pages
		// are not: rendering them all here made the first requests after
		// the start wait for the processor (first /healthz 2.1× the
		// build of aa6b39e's, against 0.65× without), where a page's
		// first visitor waits about 0.15 ms once.
		tasks.Go(func() {
			if err := a.Warm(); err != nil {
				stopServe(err)
			}
		})
	}
	if mcfg.SMTP != nil {
		logger.Info("mails envoyés par SMTP", "serveur", mcfg.SMTP.String(), "expéditeur", a.Mail.From(), "liens", mcfg.PublicURL)
	} else {
		logger.Warn("pas de serveur SMTP (--smtp) : les mails restent dans la boîte d'envoi, « non envoyé » (courtier mail list)")
	}
	tasks.Go(func() { _ = a.Run(runCtx) })
	if err := web.Serve(serveCtx, opts.Addr, srv.Handler(), logger, ready, srv.StopStreams); err != nil {
		return err
	}
	if err := context.Cause(serveCtx); ctx.Err() == nil && err != nil {
		return err
	}
	logger.Info("serveur arrêté proprement")
	return nil
}

// newServer gathers what the server needs besides the App's services:
// routes, site files, the cookie signing key and the trusted proxies.
func newServer(ctx context.Context, opts *ServeOptions, a *app.App) (*web.Server, error) {
	logger := a.Log
	table, err := site.Routes()
	if err != nil {
		return nil, err
	}
	files, built := site.Files()
	if !built {
		logger.Warn("binaire compilé sans le site : lancez make build pour l'inclure")
	}
	key, err := sessionKey(ctx, a.Store)
	if err != nil {
		return nil, err
	}
	trusted, err := trustedProxies(opts.TrustedProxies, logger)
	if err != nil {
		return nil, err
	}
	return web.New(web.Config{
		Logger: logger, Store: a.Store, Company: a.Company, Site: files, Routes: table,
		App: a, SessionKey: key, SecureCookies: opts.SecureCookies, TrustedProxies: trusted,
	})
}

// trustedProxies parses --trusted-proxies (checked before the run) and
// logs the ranges, so an operator sees whose X-Forwarded-For is believed.
func trustedProxies(value string, logger *slog.Logger) ([]netip.Prefix, error) {
	trusted, err := web.ParseTrustedProxies(value)
	if err != nil {
		return nil, UsageError{err}
	}
	if len(trusted) > 0 {
		logger.Info("proxys de confiance", "plages", fmt.Sprint(trusted))
	}
	return trusted, nil
}

// sessionKey loads the cookie signing key from app_meta, creating it on
// the first start, so that restarts keep everyone signed in.
func sessionKey(ctx context.Context, db *store.DB) ([]byte, error) {
	enc, err := db.MetaOrInit(ctx, "session_key", func() (string, error) {
		key, err := web.NewSessionKey()
		return base64.StdEncoding.EncodeToString(key), err
	})
	if err != nil {
		return nil, err
	}
	key, err := base64.StdEncoding.DecodeString(enc)
	if err != nil || len(key) < 32 {
		return nil, fmt.Errorf("clé de session illisible dans app_meta")
	}
	return key, nil
}
