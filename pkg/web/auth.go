package web

import (
	"errors"
	"net/http"
	"sync"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
)

// accountMaxBytes bounds the body of every account request: a few fields.
const accountMaxBytes = 16 << 10

// userResponse is the JSON of every answer carrying a profile; User is
// null for an anonymous visitor.
type userResponse struct {
	User *account.User `json:"user"`
}

// handleSession tells the site who is signed in: {"user": null} or the
// profile. Every page of a signed-in browser asks, so the answer is
// written into a reused buffer (see appendUserResponse), the same bytes
// writeJSON would write.
func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	u, _ := UserFrom(r.Context())
	buf := jsonBuffers.Get().(*[]byte)
	defer jsonBuffers.Put(buf)
	b, err := appendUserResponse((*buf)[:0], u)
	if err != nil {
		// The extra fields do not encode: writeJSON fails the same way.
		writeJSON(w, http.StatusOK, userResponse{User: u})
		return
	}
	b = append(b, '\n')
	if cap(b) <= maxPooledJSON {
		*buf = b
	}
	setJSONHeaders(w)
	w.WriteHeader(http.StatusOK)
	w.Write(b) //nolint:errcheck // the client may be gone
}

// maxPooledJSON bounds the buffers kept in jsonBuffers: a profile with
// large extra fields gets its buffer for itself alone.
const maxPooledJSON = 4 << 10

// jsonBuffers are the buffers of handleSession's answers.
var jsonBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// appendUserResponse appends the JSON of userResponse{User: u} as
// encoding/json writes it, without Encode's final newline.
func appendUserResponse(b []byte, u *account.User) ([]byte, error) {
	if u == nil {
		return append(b, `{"user":null}`...), nil
	}
	b = append(b, `{"user":`...)
	b, err := u.AppendJSON(b)
	if err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

type registerRequest struct {
	Email       string `json:"email"`
	Password    string `json:"password"`
	DisplayName string `json:"displayName"`
}

// validate checks the fields in the form's order, so the first message
// shown is next to the first field to fix.
func (req registerRequest) validate() error {
	if _, err := account.NormalizeNewEmail(req.Email); err != nil {
		return err
	}
	if req.Password == "" {
		return apperr.FieldErrorf("password", "Choisissez un mot de passe.")
	}
	return nil
}

// handleRegister creates a client account and signs it in.
func (s *Server) handleRegister(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := decodeValid(w, r, accountMaxBytes, &req); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	in := account.NewUser{Email: req.Email, Password: req.Password, DisplayName: req.DisplayName}
	in.UserAgent = r.UserAgent()
	u, sess, err := s.accounts.Register(r.Context(), in, clientAddr(r))
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	s.startBrowserSession(w, r, u, sess, http.StatusCreated)
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Remember bool   `json:"remember"`
}

// handleLogin checks the credentials and opens a new session.
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	creds := account.Credentials{Email: req.Email, Password: req.Password, Remember: req.Remember, IP: clientAddr(r)}
	creds.UserAgent = r.UserAgent()
	creds.Device, _ = s.deviceOf(r)
	u, sess, err := s.accounts.SignIn(r.Context(), creds)
	var need *account.SecondFactorRequired
	if err == nil || errors.As(err, &need) {
		// The password was right: this browser is known to the account
		// even when a code is still to come.
		if kept := s.keepDevice(w, r, creds.Device); kept != nil {
			err = kept
		}
	}
	switch {
	case need != nil && errors.Is(err, need):
		writeJSON(w, http.StatusOK, secondFactorResponse{SecondFactor: &ticketJSON{Ticket: need.Ticket, ExpiresAt: need.Expires}})
	case err != nil:
		writeError(w, r, s.logger, err)
	default:
		s.startBrowserSession(w, r, u, sess, http.StatusOK)
	}
}

// startBrowserSession ends the session the browser had, if any, so that a
// sign-in always leaves one fresh ID (no session fixation), then sets the
// cookie and answers the profile.
func (s *Server) startBrowserSession(w http.ResponseWriter, r *http.Request, u *account.User, sess *account.Session, status int) {
	if old := tokenFrom(r.Context()); old != "" {
		if err := s.accounts.SignOut(r.Context(), old); err != nil {
			s.logger.Warn("fin de l'ancienne session à la connexion", "err", err)
		}
	}
	if err := s.setSessionCookie(w, r, sess); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, status, userResponse{User: u})
}

// handleLogout ends the session server-side and expires the cookie; it
// answers 204 even when nobody was signed in.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	s.clearSessionCookie(w, r)
	if err := s.accounts.SignOut(r.Context(), tokenFrom(r.Context())); err != nil {
		s.logger.Error("Erreur lors de la déconnexion", "err", err)
		writeError(w, r, s.logger, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
