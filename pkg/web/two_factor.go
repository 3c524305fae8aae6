package web

import (
	"net/http"
	"time"

	"courtier/pkg/account"
)

// The second factor: the sign-in's second step, and its set-up from the
// profile (or, for staff, before the dashboard).

// secondFactorResponse answers a right password on an account with a
// second factor: no session yet, a ticket for the code.
type secondFactorResponse struct {
	SecondFactor *ticketJSON `json:"secondFactor"`
}

type ticketJSON struct {
	Ticket    string    `json:"ticket"`
	ExpiresAt time.Time `json:"expiresAt"`
}

type codeRequest struct {
	Ticket string `json:"ticket"`
	Code   string `json:"code"`
}

// handleLoginCode ends a sign-in with the code of the app or a recovery
// code, and opens the session as a sign-in does.
func (s *Server) handleLoginCode(w http.ResponseWriter, r *http.Request) error {
	var req codeRequest
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	u, sess, err := s.accounts.SignInWithCode(r.Context(), account.CodeAttempt{
		Ticket: req.Ticket, Code: req.Code, IP: clientAddr(r), UserAgent: r.UserAgent(),
	})
	if err != nil {
		return err
	}
	s.startBrowserSession(w, r, u, sess, http.StatusOK)
	return nil
}

// handleTwoFactor tells whether the user's second factor is on, required,
// and how many recovery codes remain.
func (s *Server) handleTwoFactor(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	st, err := s.accounts.TwoFactor(r.Context(), sess)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

// handleTwoFactorSetup gives a new secret to scan (QR code and text).
func (s *Server) handleTwoFactorSetup(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	setup, err := s.accounts.BeginTwoFactor(r.Context(), sess, s.brand)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, setup)
	return nil
}

type twoFactorEnable struct {
	Code     string `json:"code"`
	Password string `json:"password"`
}

type recoveryCodesResponse struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

// handleTwoFactorEnable turns the second factor on with a first code and
// the password; the answer holds the recovery codes, shown this once.
func (s *Server) handleTwoFactorEnable(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req twoFactorEnable
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	codes, err := s.accounts.EnableTwoFactor(r.Context(), sess, req.Code, req.Password)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, recoveryCodesResponse{RecoveryCodes: codes})
	return nil
}

type passwordOnly struct {
	Password string `json:"password"`
}

// handleRecoveryCodes replaces the recovery codes, after the password.
func (s *Server) handleRecoveryCodes(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req passwordOnly
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	codes, err := s.accounts.NewRecoveryCodes(r.Context(), sess, req.Password)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, recoveryCodesResponse{RecoveryCodes: codes})
	return nil
}

// handleTwoFactorDisable turns a client's second factor off, after the password.
func (s *Server) handleTwoFactorDisable(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req passwordOnly
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	if err := s.accounts.DisableTwoFactor(r.Context(), sess, req.Password); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
