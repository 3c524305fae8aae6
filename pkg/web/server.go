// Package web is the HTTP server of courtier: one routes table, its
// middleware, one file per resource, and the site handler.
package web

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"path"
	"strings"
	"testing/fstest"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/claim"
	"courtier/pkg/company"
	"courtier/pkg/complaint"
	"courtier/pkg/contact"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/instant"
	"courtier/pkg/mail"
	"courtier/pkg/privacy"
	"courtier/pkg/quote"
	"courtier/pkg/upload"
	"courtier/site"
)

// Pinger is the part of the store the health check needs.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Config is what the server is built from.
type Config struct {
	Logger  *slog.Logger
	Store   Pinger
	Company company.Profile
	// Site is the built React app; nil serves a page saying the site was not built.
	Site   fs.FS
	Routes site.Table
	// App holds the services (accounts, the request queue and its kinds,
	// the chat); an App without Chats serves no chat (404).
	App *app.App
	// SessionKey signs the session cookie; kept in the database so restarts
	// keep sessions. A random key is made when nil.
	SessionKey []byte
	// SecureCookies marks the session cookie Secure even on plain HTTP,
	// for a deployment behind a proxy that terminates TLS; responses then
	// carry Strict-Transport-Security.
	SecureCookies bool
	// TrustedProxies are the peers whose X-Forwarded-For names the client
	// (see clientAddress); none when nil.
	TrustedProxies []netip.Prefix
}

// Server holds the dependencies of the handlers.
type Server struct {
	// app holds the services; the handlers call them and translate.
	app        *app.App
	logger     *slog.Logger
	store      Pinger
	site       *SiteHandler
	trusted    trustedProxies
	accounts   *account.Service
	quotes     *quote.Service
	desk       *desk.Service
	complaints *complaint.Service
	mail       *mail.Mailer
	cookies    cookieSigner
	chat       *chatAPI
	privacy    *privacy.Service
	contact    *contact.Service
	prices     *instant.Service
	contracts  *contract.Service
	claims     *claim.Service
	// uploads is what a supporting document may be (type, size, pixels).
	uploads upload.Policy
	// checks bounds the uploads checked at once (an image is decoded and
	// encoded again).
	checks chan struct{}
	// secureCookies forces Secure session cookies (see Config.SecureCookies).
	secureCookies bool
	// brand is the broker's name, which authenticator apps show.
	brand string
}

// New builds the server and renders the site's pages.
func New(cfg Config) (*Server, error) {
	files := cfg.Site
	if files == nil {
		files = fstest.MapFS{"index.html": {Data: []byte(fallbackIndex)}}
	}
	ld, err := cfg.Company.StructuredData()
	if err != nil {
		return nil, fmt.Errorf("données structurées de la société: %w", err)
	}
	siteHandler, err := NewSiteHandler(files, cfg.Routes, SiteMeta{Company: cfg.Company.Name, Website: cfg.Company.Website, StructuredData: ld}, pageSession)
	if err != nil {
		return nil, err
	}
	if cfg.App == nil || cfg.App.Accounts == nil || cfg.App.Quotes == nil || cfg.App.Desk == nil || cfg.App.Contacts == nil || cfg.App.Complaints == nil || cfg.App.Mail == nil || cfg.App.Prices == nil || cfg.App.Contracts == nil || cfg.App.Claims == nil {
		return nil, fmt.Errorf("serveur sans ses services (comptes, devis, prix immédiats, contact, file des demandes, réclamations, contrats, sinistres, courriels)")
	}
	key := cfg.SessionKey
	if key == nil {
		if key, err = NewSessionKey(); err != nil {
			return nil, err
		}
	}
	cookies, err := newCookieSigner(key)
	if err != nil {
		return nil, err
	}
	return &Server{
		app:           cfg.App,
		logger:        cfg.Logger,
		store:         cfg.Store,
		site:          siteHandler,
		trusted:       cfg.TrustedProxies,
		accounts:      cfg.App.Accounts,
		quotes:        cfg.App.Quotes,
		desk:          cfg.App.Desk,
		complaints:    cfg.App.Complaints,
		mail:          cfg.App.Mail,
		cookies:       cookies,
		chat:          newChatAPI(cfg.App.Chats, cfg.App.Limits.Limits()),
		privacy:       newPrivacy(cfg),
		contact:       cfg.App.Contacts,
		prices:        cfg.App.Prices,
		contracts:     cfg.App.Contracts,
		claims:        cfg.App.Claims,
		uploads:       upload.Policy{MaxBytes: upload.DefaultMaxBytes},
		checks:        make(chan struct{}, 2),
		secureCookies: cfg.SecureCookies,
		brand:         cfg.Company.Name,
	}, nil
}

// route is one line of the routes table: its pattern, who may call it
// (checked before the handler runs, see guard) and its handler.
type route struct {
	pattern string
	access  access
	handler http.HandlerFunc
}

// routes is the one table of every endpoint of the server.
func (s *Server) routes() []route {
	return []route{
		{"GET /healthz", forAnyone, s.handleHealth},
		{"POST /api/client-errors", forAnyone, s.handleClientError},
		{"GET /api/session", forAnyone, s.handleSession},
		{"POST /api/auth/register", forAnyone, s.handleRegister},
		{"POST /api/auth/login", forAnyone, s.handleLogin},
		{"POST /api/auth/login/code", forAnyone, s.adapt(s.handleLoginCode)},
		{"POST /api/auth/logout", forAnyone, s.handleLogout},
		{"POST /api/auth/password-reset", forAnyone, s.adapt(s.handleAskReset)},
		{"POST /api/auth/password-reset/confirm", forAnyone, s.adapt(s.handleResetPassword)},
		{"POST /api/auth/confirm-email", forAnyone, s.adapt(s.handleConfirmEmail)},
		{"POST /api/auth/undo-email", forAnyone, s.adapt(s.handleUndoEmail)},
		{"POST /api/auth/unlock", forAnyone, s.adapt(s.handleAskUnlock)},
		{"POST /api/auth/unlock/confirm", forAnyone, s.adapt(s.handleUnlock)},
		{"POST /api/profile/confirm-email", forUsers, s.adapt(s.handleResendConfirmation)},
		{"GET /api/profile", forUsers, s.adapt(s.handleProfile)},
		{"PATCH /api/profile", forUsers, s.adapt(s.handleUpdateProfile)},
		{"POST /api/profile/password", forUsers, s.adapt(s.handleChangePassword)},
		{"GET /api/profile/export", forUsers, s.adapt(s.handleExport)},
		{"GET /api/profile/policyholder", forUsers, s.adapt(s.handlePolicyholder)},
		{"GET /api/profile/kept", forUsers, s.adapt(s.handleKept)},
		{"POST /api/profile/delete", forUsers, s.adapt(s.handleDeleteAccount)},
		{"GET /api/profile/two-factor", forUsers, s.adapt(s.handleTwoFactor)},
		{"POST /api/profile/two-factor/setup", forUsers, s.adapt(s.handleTwoFactorSetup)},
		{"POST /api/profile/two-factor/enable", forUsers, s.adapt(s.handleTwoFactorEnable)},
		{"POST /api/profile/two-factor/recovery-codes", forUsers, s.adapt(s.handleRecoveryCodes)},
		{"POST /api/profile/two-factor/disable", forUsers, s.adapt(s.handleTwoFactorDisable)},
		{"GET /api/profile/sessions", forUsers, s.adapt(s.handleListSessions)},
		{"DELETE /api/profile/sessions/{id}", forUsers, s.adapt(s.handleEndSession)},
		{"POST /api/profile/sessions/sign-out-others", forUsers, s.adapt(s.handleEndOtherSessions)},
		{"GET /api/vehicles", forAnyone, s.adapt(s.handleVehicles)},
		{"POST /api/prices", forAnyone, s.adapt(s.handlePrice)},
		{"GET /api/prices", forUsers, s.adapt(s.handleMyPrices)},
		{"GET /api/prices/link", forAnyone, s.adapt(s.handlePricesLink)},
		{"GET /api/prices/{id}", forUsers, s.adapt(s.handleGetPrices)},
		{"POST /api/prices/{id}/keep", forAnyone, s.adapt(s.handleKeepPrices)},
		{"GET /api/desk/requests/{id}/online", forStaff, s.adapt(s.handleDeskPrices)},
		{"POST /api/desk/requests/{id}/to-quote", forStaff, s.adapt(s.handleLeadToQuote)},
		{"POST /api/contracts", forUsers, s.adapt(s.handleCreateContract)},
		{"GET /api/contracts", forUsers, s.adapt(s.handleListContracts)},
		{"GET /api/contracts/{id}", forUsers, s.adapt(s.handleGetContract)},
		{"PUT /api/contracts/{id}", forUsers, s.adapt(s.handleUpdateContract)},
		{"POST /api/contracts/{id}/signature-code", forUsers, s.adapt(s.handleSignatureCode)},
		{"POST /api/contracts/{id}/signature", forUsers, s.adapt(s.handleSign)},
		{"GET /api/contracts/{id}/cancellation", forUsers, s.adapt(s.handleCancellationDate)},
		{"POST /api/contracts/{id}/cancellation", forUsers, s.adapt(s.handleCancel)},
		{"POST /api/contracts/{id}/withdrawal", forUsers, s.adapt(s.handleWithdraw)},
		{"POST /api/contracts/{id}/amendments", forUsers, s.adapt(s.handleProposeAmendment)},
		{"POST /api/contracts/{id}/amendments/{aid}/signature-code", forUsers, s.adapt(s.handleAmendmentCode)},
		{"POST /api/contracts/{id}/amendments/{aid}/signature", forUsers, s.adapt(s.handleSignAmendment)},
		{"POST /api/cancellations", forAnyone, s.adapt(s.handleAskCancellation)},
		{"POST /api/cancellations/confirm", forAnyone, s.adapt(s.handleConfirmCancellation)},
		{"GET /api/contracts/{id}/documents/{name}", forUsers, s.adapt(s.handleContractFile("documents"))},
		{"GET /api/contracts/{id}/proofs/{name}", forUsers, s.adapt(s.handleContractFile("proofs"))},
		{"POST /api/contracts/{id}/proofs/{name}", forUsers, s.adapt(s.handleSendProof)},
		{"GET /api/desk/contracts", forStaff, s.adapt(s.handleDeskContracts)},
		{"GET /api/desk/contracts/counts", forStaff, s.adapt(s.handleContractCounts)},
		{"POST /api/desk/contracts/{id}/proofs/{name}/review", forStaff, s.adapt(s.handleReviewProof)},
		{"POST /api/desk/contracts/{id}/documents/{name}/resend", forStaff, s.adapt(s.handleSendDocument)},
		{"POST /api/desk/contracts/{id}/payments", forStaff, s.adapt(s.handleRecordPayment)},
		{"POST /api/claims", forUsers, s.adapt(s.handleDeclareClaim)},
		{"GET /api/claims", forUsers, s.adapt(s.handleListClaims)},
		{"GET /api/claims/{id}", forUsers, s.adapt(s.handleGetClaim)},
		{"POST /api/claims/{id}/files", forUsers, s.adapt(s.handleAddClaimFile)},
		{"GET /api/claims/{id}/files/{file}", forUsers, s.adapt(s.handleClaimFile)},
		{"POST /api/claims/{id}/messages", forUsers, s.adapt(s.handleClaimMessage)},
		{"GET /api/desk/requests/{id}/claim", forStaff, s.adapt(s.handleDeskClaim)},
		{"POST /api/desk/requests/{id}/claim/status", forStaff, s.adapt(s.handleMoveClaim)},
		{"POST /api/desk/requests/{id}/claim/responsibility", forStaff, s.adapt(s.handleClaimResponsibility)},
		{"GET /api/desk/claims/counts", forStaff, s.adapt(s.handleClaimCounts)},
		{"POST /api/quotes", forUsers, s.adapt(s.handleCreateQuote)},
		{"GET /api/quotes", forUsers, s.adapt(s.handleListQuotes)},
		{"GET /api/quotes/{id}", forUsers, s.adapt(s.handleGetQuote)},
		{"POST /api/quotes/{id}/accept", forUsers, s.adapt(s.handleAcceptOffer)},
		{"POST /api/quotes/{id}/decline", forUsers, s.adapt(s.handleDeclineOffers)},
		{"GET /api/desk/requests/{id}/quote", forStaff, s.adapt(s.handleQuoteStaffDetail)},
		{"POST /api/desk/requests/{id}/offers", forStaff, s.adapt(s.handleSendOffers)},
		{"POST /api/complaints", forAnyone, s.adapt(s.handleFileComplaint)},
		{"GET /api/desk/requests/{id}/complaint", forStaff, s.adapt(s.handleComplaintDetail)},
		{"POST /api/desk/requests/{id}/acknowledge", forStaff, s.adapt(s.handleAcknowledgeComplaint)},
		{"POST /api/desk/requests/{id}/answer", forStaff, s.adapt(s.handleAnswerComplaint)},
		{"POST /api/contact", forAnyone, s.adapt(s.handleSendMessage)},
		{"GET /api/callbacks/slots", forAnyone, s.adapt(s.handleCallbackSlots)},
		{"POST /api/callbacks", forAnyone, s.adapt(s.handleRequestCallback)},
		{"POST /api/desk/requests/{id}/reply", forStaff, s.adapt(s.handleReplyMessage)},
		{"POST /api/desk/requests/{id}/call", forStaff, s.adapt(s.handleLogCall)},
		{"GET /api/desk/requests/{id}/contact", forStaff, s.adapt(s.handleStaffMessage)},
		{"GET /api/desk/requests/{id}/callback", forStaff, s.adapt(s.handleStaffCallback)},
		{"GET /api/desk/requests/{id}/conversation", forStaff, s.adapt(s.handleDeskConversation)},
		{"POST /api/chat/conversations", forAnyone, s.handleChatStart},
		{"GET /api/chat/conversations/{id}", forAnyone, s.handleChatGet},
		{"POST /api/chat/conversations/{id}/messages", forAnyone, s.handleChatSend},
		{"PUT /api/chat/conversations/{id}/mode", forAnyone, s.handleChatMode},
		{"POST /api/chat/conversations/{id}/attach", forUsers, s.adapt(s.handleChatAttach)},
		{"POST /api/chat/conversations/{id}/contact", forAnyone, s.adapt(s.handleChatContact)},
		{"POST /api/chat/conversations/{id}/callback", forAnyone, s.adapt(s.handleChatCallback)},
		{"GET /api/chat/availability", forAnyone, s.adapt(s.handleChatAvailability)},
		{"GET /api/chat/conversations/{id}/messages", forAnyone, s.adapt(s.handleChatPoll)},
		{"GET /api/chat/conversations/{id}/events", forAnyone, s.adapt(s.handleChatEvents)},
		{"POST /api/chat/conversations/{id}/typing", forAnyone, s.adapt(s.handleChatTyping)},
		{"POST /api/chat/conversations/{id}/read", forAnyone, s.adapt(s.handleChatRead)},
		{"GET /api/chat/inbox", forStaff, s.adapt(s.handleInbox)},
		{"GET /api/chat/staff/events", forStaff, s.adapt(s.handleStaffEvents)},
		{"PUT /api/chat/staff/presence", forStaff, s.adapt(s.handlePresence)},
		{"GET /api/chat/staff/conversations/{cid}", forStaff, s.adapt(s.handleStaffConversation)},
		{"POST /api/chat/staff/conversations/{cid}/take", forStaff, s.adapt(s.handleTakeConversation)},
		{"POST /api/chat/staff/conversations/{cid}/messages", forStaff, s.adapt(s.handleStaffReply)},
		{"POST /api/chat/staff/conversations/{cid}/transfer", forStaff, s.adapt(s.handleTransfer())},
		{"POST /api/chat/staff/conversations/{cid}/handback", forStaff, s.adapt(s.handleHandBack())},
		{"POST /api/chat/staff/conversations/{cid}/close", forStaff, s.adapt(s.handleCloseConversation())},
		{"POST /api/chat/staff/conversations/{cid}/typing", forStaff, s.adapt(s.handleStaffTyping())},
		{"POST /api/chat/staff/conversations/{cid}/read", forStaff, s.adapt(s.handleStaffRead())},
		{"GET /api/chat/canned", forStaff, s.adapt(s.handleCannedList)},
		{"POST /api/chat/canned", forAdmins, s.adapt(s.handleCannedCreate)},
		{"PUT /api/chat/canned/{n}", forAdmins, s.adapt(s.handleCannedUpdate)},
		{"DELETE /api/chat/canned/{n}", forAdmins, s.adapt(s.handleCannedDelete)},
		{"GET /api/desk/requests", forStaff, s.adapt(s.handleDeskQueue)},
		{"GET /api/desk/requests/{id}", forStaff, s.adapt(s.handleDeskRequest)},
		{"POST /api/desk/requests/{id}/take", forStaff, s.adapt(s.handleDeskTake)},
		{"POST /api/desk/requests/{id}/release", forStaff, s.adapt(s.handleDeskRelease)},
		{"POST /api/desk/requests/{id}/assign", forStaff, s.adapt(s.handleDeskAssign)},
		{"PUT /api/desk/requests/{id}/status", forStaff, s.adapt(s.handleDeskStatus)},
		{"POST /api/desk/requests/{id}/notes", forStaff, s.adapt(s.handleDeskNote)},
		{"GET /api/desk/counts", forStaff, s.adapt(s.handleDeskCounts)},
		{"GET /api/desk/staff", forStaff, s.adapt(s.handleDeskStaff)},
		{"GET /api/desk/requests/{id}/mails", forStaff, s.adapt(s.handleDeskRequestMails)},
		{"GET /api/requests", forUsers, s.adapt(s.handleMyRequests)},
		{"GET /api/admin/users", forAdmins, s.adapt(s.handleAdminUsers)},
		{"POST /api/admin/users", forAdmins, s.adapt(s.handleAdminCreateUser)},
		{"PUT /api/admin/users/{uid}/role", forAdmins, s.adapt(s.handleAdminRole)},
		{"PUT /api/admin/users/{uid}/status", forAdmins, s.adapt(s.handleAdminStatus)},
		{"GET /api/admin/mails", forAdmins, s.adapt(s.handleAdminMails)},
		{"GET /api/admin/mails/{id}", forAdmins, s.adapt(s.handleAdminMail)},
		{"POST /api/admin/mails/{id}/retry", forAdmins, s.adapt(s.handleAdminMailRetry)},
		{"/api/", forAnyone, s.handleAPINotFound},
		{"/", forAnyone, s.site.ServeHTTP},
	}
}

// Handler is the whole server: routes wrapped in the middleware. A
// visitor's GET of a page or file of the site takes a shorter way to the
// same answer (see siteDocument).
func (s *Server) Handler() http.Handler {
	full, site := s.handlers()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if siteDocument(r) {
			site.ServeHTTP(w, r)
			return
		}
		full.ServeHTTP(w, r)
	})
}

// handlers are the two ways through the server: full, every route behind
// every middleware, and site, the site handler behind the middleware a
// visitor's GET of the site goes through (see siteDocument).
func (s *Server) handlers() (full, site http.Handler) {
	mux := http.NewServeMux()
	for _, rt := range s.routes() {
		mux.HandleFunc(rt.pattern, s.guard(rt.access, rt.handler))
	}
	csrf := http.NewCrossOriginProtection()
	outer := func(h http.Handler) http.Handler {
		h = securityHeaders(contentSecurityPolicy(s.site.ScriptHashes(), nil), s.secureCookies, h)
		h = recoverPanics(s.logger, h)
		return logRequests(s.logger, s.trusted, h)
	}
	return withClientAddr(s.trusted, outer(csrf.Handler(s.loadSession(mux)))), outer(s.site)
}

// siteDocument tells whether r is a GET or HEAD of the site, without a
// cookie, that the routes table sends to the site handler as it is
// (a clean path, outside /api and /healthz). The full way would add
// nothing to its answer: the cross-origin check passes safe methods,
// without a cookie there is no session, and the client's address is
// only wanted by the access log, which finds it itself. What it saves
// (two contexts, two copies of the request, the session's state, the
// address as a string, the routing) was a fifth of the allocations and
// of the time of a static file.
func siteDocument(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	if _, ok := r.Header["Cookie"]; ok {
		return false
	}
	p := r.URL.Path
	if p == "/healthz" || strings.HasPrefix(p, "/api") || p == "" || p[0] != '/' {
		return false
	}
	// ServeMux redirects an unclean path to its clean form (a trailing
	// slash kept); path.Clean allocates nothing when p is clean already.
	clean := path.Clean(p)
	if p != "/" && strings.HasSuffix(p, "/") {
		return len(p) == len(clean)+1 && strings.HasPrefix(p, clean)
	}
	return p == clean
}

func (s *Server) handleAPINotFound(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, s.logger, errNotFoundAPI)
}

// Serve runs the HTTP server on addr until ctx is cancelled, then lets
// in-flight requests finish (up to 10 s) before returning. onShutdown
// run as the shutdown begins: they end what never ends on its own (the
// chat's streams, Server.StopStreams).
func Serve(ctx context.Context, addr string, handler http.Handler, logger *slog.Logger, ready func(addr string), onShutdown ...func()) error {
	srv := &http.Server{
		Addr:              addr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		ConnContext:       withConn,
	}
	for _, f := range onShutdown {
		srv.RegisterOnShutdown(f)
	}
	ln, err := listen(addr)
	if err != nil {
		return err
	}
	ln = batchListener{ln}
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serveur HTTP: %w", err)
	case <-ctx.Done():
	}
	logger.Info("arrêt demandé, fin des requêtes en cours")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("arrêt du serveur: %w", err)
	}
	return nil
}
