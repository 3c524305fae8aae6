package web

import (
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// statusRecorder remembers the status and size of a response for the log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// The access log's defaults: a site request slower than logSlow is
// always logged, and one in logEvery of the others.
const (
	logSlow  = 500 * time.Millisecond
	logEvery = 100
)

// logRequests writes the access log: one line per request (method, path,
// status, duration, size and the client address, see withClientAddr) for
// everything under /api/, and for the site's pages and files only errors,
// slow requests and a sample (see accessLog).
// The client address is withClientAddr's, or found from trusted when the
// request did not go through it (see Server.handlers).
func logRequests(logger *slog.Logger, trusted trustedProxies, next http.Handler) http.Handler {
	l := newAccessLog(logger, logSlow, logEvery)
	l.trusted = trusted
	return l.wrap(next)
}

// accessLog chooses which requests get a line. A line per static file
// cost 13 % of the CPU of serving it; the API's requests are few and each
// one matters, the site's are many and alike.
type accessLog struct {
	logger *slog.Logger
	// trusted are the proxies believed when a request carries no client
	// address (see clientAddrOf).
	trusted trustedProxies
	// slow is the duration from which a site request is always logged.
	slow time.Duration
	// every: one site request in every is logged, counted (not drawn at
	// random) so the sample is steady and a test can predict it.
	every uint64
	n     atomic.Uint64
	// recorders are reused: a request then allocates none.
	recorders sync.Pool
}

func newAccessLog(logger *slog.Logger, slow time.Duration, every uint64) *accessLog {
	if every == 0 {
		every = 1
	}
	return &accessLog{logger: logger, slow: slow, every: every,
		recorders: sync.Pool{New: func() any { return new(statusRecorder) }}}
}

// keep tells whether a request gets a line. Under /api/, always. On the
// site: a status of 400 and above except 404, a slow answer, and the
// sample. A 404 of the site is sampled like a success: most are robots
// probing for /wp-login.php or /.env, who would otherwise write the log
// at their pace, and a broken link of our own still shows in the sample
// and in the e2e tests.
func (l *accessLog) keep(path string, status int, d time.Duration) bool {
	if path == "/api" || strings.HasPrefix(path, "/api/") {
		return true
	}
	if (status >= 400 && status != http.StatusNotFound) || d >= l.slow {
		return true
	}
	return l.n.Add(1)%l.every == 0
}

func (l *accessLog) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := l.recorders.Get().(*statusRecorder)
		*rec = statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		// Back to the pool only when the handler returned: after a panic
		// (http.ErrAbortHandler) the server may still hold it.
		status, size := rec.status, rec.bytes
		*rec = statusRecorder{}
		l.recorders.Put(rec)
		if status == 0 {
			status = http.StatusOK
		}
		d := time.Since(start)
		if !l.keep(r.URL.Path, status, d) {
			return
		}
		l.logger.Info("requête",
			"method", r.Method,
			"path", r.URL.Path,
			"status", status,
			"duration", d,
			"bytes", size,
			"ip", clientAddrOf(r, l.trusted),
		)
	})
}

// recoverPanics turns a panic in a handler into a logged 500, so one bad
// request never takes the server down.
func recoverPanics(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				logger.Error("panique dans un gestionnaire", "path", r.URL.Path, "panic", v)
				http.Error(w, "Erreur interne du serveur.", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows only the site's own scripts and styles,
// plus the inline scripts of index.html and a prerendered page's inline
// stylesheets by hash.
func contentSecurityPolicy(scriptHashes, styleHashes []string) string {
	script := "script-src 'self'"
	if len(scriptHashes) > 0 {
		script += " " + strings.Join(scriptHashes, " ")
	}
	style := "style-src 'self'"
	if len(styleHashes) > 0 {
		style += " " + strings.Join(styleHashes, " ")
	}
	return strings.Join([]string{
		"default-src 'self'",
		script,
		style,
		"img-src 'self' data:",
		"font-src 'self'",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// hsts is the Strict-Transport-Security of a server behind TLS: one year,
// the value browsers' preload rules ask for. Without includeSubDomains:
// the broker's other subdomains (mail, an intranet, a supplier's
// extranet) are not this server's to force onto HTTPS for a year; the
// proxy may add it where the whole domain is known to be HTTPS.
const hsts = "max-age=31536000"

// securityHeaders sets the headers every response carries; behind TLS
// (secure cookies), Strict-Transport-Security too. Their values are made
// once and assigned as they are: a request allocates none.
func securityHeaders(csp string, tls bool, next http.Handler) http.Handler {
	var (
		policy      = []string{csp}
		nosniff     = []string{"nosniff"}
		referrer    = []string{"strict-origin-when-cross-origin"}
		deny        = []string{"DENY"}
		sameOrigin  = []string{"same-origin"}
		permissions = []string{"camera=(), microphone=(), geolocation=(), payment=()"}
		sts         = []string{hsts}
	)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Content-Security-Policy"] = policy
		h["X-Content-Type-Options"] = nosniff
		h["Referrer-Policy"] = referrer
		h["X-Frame-Options"] = deny
		h["Cross-Origin-Opener-Policy"] = sameOrigin
		h["Permissions-Policy"] = permissions
		if tls {
			h["Strict-Transport-Security"] = sts
		}
		next.ServeHTTP(w, r)
	})
}
