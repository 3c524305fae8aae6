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
	if err := s.accounts.ResetPassword(r.Context(), req.Token, req.Password); err != nil {
		return err
	}
	s.clearSessionCookie(w, r)
	writeJSON(w, http.StatusOK, messageBody{Message: "Votre mot de passe est changé. Connectez-vous avec le nouveau."})
	return nil
}

type linkRequest struct {
	Token string `json:"token"`
}

// handleConfirmEmail confirms the address of a confirmation link; no
// session is needed (the link may be opened on another device).
func (s *Server) handleConfirmEmail(w http.ResponseWriter, r *http.Request) error {
	var req linkRequest
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	u, err := s.accounts.ConfirmEmail(r.Context(), req.Token)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, messageBody{Message: "Merci : l’adresse " + u.Email + " est confirmée."})
	return nil
}

// handleUndoEmail puts back the address a change left, from the link sent
// there; every session of the account ends, this browser's too.
func (s *Server) handleUndoEmail(w http.ResponseWriter, r *http.Request) error {
	var req linkRequest
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	u, err := s.accounts.UndoEmailChange(r.Context(), req.Token)
	if err != nil {
		return err
	}
	s.clearSessionCookie(w, r)
	writeJSON(w, http.StatusOK, messageBody{Message: "Votre adresse " + u.Email + " est rétablie et toutes les sessions du compte sont fermées. " +
		"Si vous n’êtes pas à l’origine du changement, choisissez aussi un nouveau mot de passe."})
	return nil
}

// handleResendConfirmation sends the signed-in account's confirmation link again.
func (s *Server) handleResendConfirmation(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	if err := s.accounts.ResendConfirmation(r.Context(), sess); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, messageBody{Message: "Un nouveau lien de confirmation est en cours d’envoi."})
	return nil
}

// unlockAskedMessage is the one answer to an unlock asked.
const unlockAskedMessage = "Si un compte existe avec cette adresse, nous venons de lui envoyer un lien de déblocage. Ouvrez-le dans ce navigateur : il est valable une heure."

// handleAskUnlock sends an unlock link to the address if it has an account:
// 202 and the same words either way.
func (s *Server) handleAskUnlock(w http.ResponseWriter, r *http.Request) error {
	var req resetAsk
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	if err := s.accounts.AskUnlock(r.Context(), req.Email); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, messageBody{Message: unlockAskedMessage})
	return nil
}

type unlockedBody struct {
	Message string `json:"message"`
	Email   string `json:"email"`
}

// handleUnlock uses an unlock link in this browser, which becomes one the
// account knows: it signs in here whatever the guesses made elsewhere.
func (s *Server) handleUnlock(w http.ResponseWriter, r *http.Request) error {
	var req linkRequest
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	device, _ := s.deviceOf(r)
	email, err := s.accounts.Unlock(r.Context(), req.Token, device)
	if err != nil {
		return err
	}
	if err := s.keepDevice(w, r, device); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, unlockedBody{Message: "Votre compte est débloqué dans ce navigateur : connectez-vous.", Email: email})
	return nil
}
