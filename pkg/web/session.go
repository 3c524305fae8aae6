package web

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"sync"
	"time"

	"courtier/pkg/account"
)

// The session cookie's names: the __Host- prefix makes browsers refuse it
// unless it is Secure, host-only and for Path=/, which Secure cookies are.
const (
	sessionCookie       = "courtier_session"
	secureSessionCookie = "__Host-courtier_session"
	// rememberMaxAge keeps the cookie of a remembered session for the
	// session's absolute lifetime; other cookies end with the browser.
	rememberMaxAge = int(account.AbsoluteLifetime / time.Second)
	// SessionKeyLen is the length of the cookie signing key (HMAC-SHA256).
	SessionKeyLen = 64
)

// NewSessionKey returns a random cookie signing key.
func NewSessionKey() ([]byte, error) {
	key := make([]byte, SessionKeyLen)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("clé de signature des cookies: %w", err)
	}
	return key, nil
}

// secure tells whether the session cookie of r must be Secure: over TLS,
// or always when a proxy terminates TLS and --secure-cookies says so.
func (s *Server) secure(r *http.Request) bool { return s.secureCookies || r.TLS != nil }

func (s *Server) cookieName(r *http.Request) string {
	if s.secure(r) {
		return secureSessionCookie
	}
	return sessionCookie
}

// newCookie is the session cookie of r with its attributes; maxAge 0
// makes a browser-session cookie, -1 deletes it.
func (s *Server) newCookie(r *http.Request, value string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name: s.cookieName(r), Value: value, Path: "/", MaxAge: maxAge,
		Secure: s.secure(r), HttpOnly: true, SameSite: http.SameSiteLaxMode,
	}
}

// readToken returns the session ID of r's cookie, or "" when there is none
// or its signature is wrong.
func (s *Server) readToken(r *http.Request) string {
	name := s.cookieName(r)
	c, err := r.Cookie(name)
	if err != nil {
		return ""
	}
	return s.cookies.open(name, c.Value)
}

// setSessionCookie hands the browser the ID of a new session.
func (s *Server) setSessionCookie(w http.ResponseWriter, r *http.Request, sess *account.Session) error {
	maxAge := 0
	if sess.Remember {
		maxAge = rememberMaxAge
	}
	value, err := s.cookies.seal(s.cookieName(r), sess.Token)
	if err != nil {
		return fmt.Errorf("écriture du cookie de session: %w", err)
	}
	http.SetCookie(w, s.newCookie(r, value, maxAge))
	return nil
}

// clearSessionCookie tells the browser to forget its session cookie.
func (s *Server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, s.newCookie(r, "", -1))
}

// requestSession is the session of one request, read on first use so
// that requests which never ask (assets) cost nothing.
type requestSession struct {
	srv       *Server
	r         *http.Request
	tokenOnce sync.Once
	userOnce  sync.Once
	token     string
	user      *account.User
	sess      *account.Session
}

// tokenOf returns the session ID the cookie carries, valid or not.
func (rs *requestSession) tokenOf() string {
	rs.tokenOnce.Do(func() { rs.token = rs.srv.readToken(rs.r) })
	return rs.token
}

// get returns the user and session of the cookie, after one indexed query.
func (rs *requestSession) get() (*account.User, *account.Session) {
	rs.userOnce.Do(func() {
		token := rs.tokenOf()
		if token == "" {
			return
		}
		u, sess, err := rs.srv.accounts.Authenticate(rs.r.Context(), token)
		if err == nil {
			rs.user, rs.sess = u, sess
		}
	})
	return rs.user, rs.sess
}

type sessionCtxKey struct{}

// loadSession puts the request's session in its context (see UserFrom);
// the cookie is read and checked at most once per request. A request
// without cookies has no session: it goes on as it is, which spares it a
// context and a copy of the request.
func (s *Server) loadSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := r.Header["Cookie"]; !ok {
			next.ServeHTTP(w, r)
			return
		}
		rs := &requestSession{srv: s, r: r}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionCtxKey{}, rs)))
	})
}

// UserFrom returns the signed-in user of a request's context, if any. The
// first call costs one indexed query; later calls are free.
func UserFrom(ctx context.Context) (*account.User, bool) {
	u, _ := sessionFrom(ctx)
	return u, u != nil
}

func sessionFrom(ctx context.Context) (*account.User, *account.Session) {
	rs, ok := ctx.Value(sessionCtxKey{}).(*requestSession)
	if !ok {
		return nil, nil
	}
	return rs.get()
}

// tokenFrom is the session ID the request's cookie carried, valid or not.
func tokenFrom(ctx context.Context) string {
	if rs, ok := ctx.Value(sessionCtxKey{}).(*requestSession); ok {
		return rs.tokenOf()
	}
	return ""
}

// pageSession is the signed-in user a page is served to: the JSON of GET
// /api/session the page embeds, and what it shows of them; nil for a visitor.
func pageSession(r *http.Request) *PageViewer {
	u, ok := UserFrom(r.Context())
	if !ok {
		return nil
	}
	b, err := appendUserResponse(nil, u)
	if err != nil {
		return nil
	}
	return &PageViewer{JSON: b, Role: string(u.Role), UID: u.UID, Name: account.GivenName(u.DisplayName, u.Email), Email: u.Email}
}

// signedIn returns the signed-in user and session, or the error of a
// visitor (401). The routes table turns visitors away before such a
// handler runs (forUsers); the check stays so that a handler never holds
// a nil session whatever the table says.
func (s *Server) signedIn(r *http.Request) (*account.User, *account.Session, error) {
	u, sess := sessionFrom(r.Context())
	if u == nil {
		return nil, nil, account.ErrSignedOut()
	}
	return u, sess, nil
}
