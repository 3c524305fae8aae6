package web

import (
	"net/http"
)

// resetAskedMessage is the one answer to a reset asked, whether the
// address has an account or not.
const resetAskedMessage = "Si un compte existe avec cette adresse, nous venons de lui envoyer un lien pour choisir un nouveau mot de passe. Il est valable 30 minutes."

type resetAsk struct {
	Email string `json:"email"`
}

type messageBody struct {
	Message string `json:"message"`
}

// handleAskReset sends a reset link to the address if it has an account:
// 202 and the same words either way.
func (s *Server) handleAskReset(w http.ResponseWriter, r *http.Request) error {
	var req resetAsk
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	if !s.allow(w, r, limitCheck{s.linkLimiter, addrKey(r), "Vous avez demandé plusieurs liens en peu de temps."}) {
		return nil
	}
	if err := s.accounts.AskPasswordReset(r.Context(), req.Email); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, messageBody{Message: resetAskedMessage})
	return nil
}

type resetConfirm struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// handleResetPassword sets the new password of a reset link; every
// session of the account ends, this browser's too, and the person signs
// in with it.
func (s *Server) handleResetPassword(w http.ResponseWriter, r *http.Request) error {
	var req resetConfirm
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	if !s.allow(w, r, limitCheck{s.linkLimiter, addrKey(r), "Vous avez essayé plusieurs liens en peu de temps."}) {
		return nil
	}
	if err := s.accounts.ResetPassword(r.Context(), req.Token, req.Password); err != nil {
		return err
	}
	s.clearSessionCookie(w, r)
	writeJSON(w, http.StatusOK, messageBody{Message: "Votre mot de passe est changé. Connectez-vous avec le nouveau."})
	return nil
}
