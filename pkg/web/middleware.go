package web

import (
	"log/slog"
	"net/http"
	"strings"
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

// logRequests writes one line per request: method, path, status,
// duration and the client address (see withClientAddr).
func logRequests(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		logger.Info("requête",
			"method", r.Method,
			"path", r.URL.Path,
			"status", rec.status,
			"duration", time.Since(start),
			"bytes", rec.bytes,
			"ip", clientAddr(r),
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
// (secure cookies), Strict-Transport-Security too.
func securityHeaders(csp string, tls bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if tls {
			h.Set("Strict-Transport-Security", hsts)
		}
		next.ServeHTTP(w, r)
	})
}
