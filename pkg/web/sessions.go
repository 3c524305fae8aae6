package web

import (
	"net/http"

	"courtier/pkg/account"
)

// sessionsBody is the JSON of the "Mes sessions" endpoints: the user's live
// sessions, this one first, and after an action how many ended.
type sessionsBody struct {
	Sessions []account.SessionInfo `json:"sessions"`
	Ended    int                   `json:"ended,omitempty"`
}

// confirmRequest is the password that confirms ending sessions (ASVS 5.0 7.5.2).
type confirmRequest struct {
	Password string `json:"password"`
}

// handleListSessions answers the signed-in user's sessions.
func (s *Server) handleListSessions(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	list, err := s.accounts.Sessions(r.Context(), sess)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sessionsBody{Sessions: list})
	return nil
}

// handleEndSession ends one other session of the user, named by its public
// ID; another account's answers 404.
func (s *Server) handleEndSession(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req confirmRequest
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	fresh, err := s.accounts.EndSession(r.Context(), sess, r.PathValue("id"), req.Password)
	return s.answerSessions(w, r, fresh, 1, err)
}

// handleEndOtherSessions ends every session of the user but this one.
func (s *Server) handleEndOtherSessions(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req confirmRequest
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	fresh, ended, err := s.accounts.EndOtherSessions(r.Context(), sess, req.Password)
	return s.answerSessions(w, r, fresh, ended, err)
}

// answerSessions finishes an action on sessions: the password confirmed it,
// so this browser gets the cookie of its renewed session, and the list as
// it now stands.
func (s *Server) answerSessions(w http.ResponseWriter, r *http.Request, fresh *account.Session, ended int, err error) error {
	var list []account.SessionInfo
	if err == nil {
		err = s.setSessionCookie(w, r, fresh)
	}
	if err == nil {
		list, err = s.accounts.Sessions(r.Context(), fresh)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sessionsBody{Sessions: list, Ended: ended})
	return nil
}
