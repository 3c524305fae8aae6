package web

import (
	"net/http"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/privacy"
)

// handleProfile answers the signed-in user's profile.
func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) error {
	u, _, err := s.signedIn(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, userResponse{User: u})
	return nil
}

// handlePolicyholder answers the legal name, date of birth and phone the
// client gave at their last subscription, to prefill the next one.
func (s *Server) handlePolicyholder(w http.ResponseWriter, r *http.Request) error {
	p, err := s.accounts.Policyholder(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Policyholder account.Policyholder `json:"policyholder"`
	}{p})
	return nil
}

// profilePatch is an edit of the profile; absent fields are left as they are.
type profilePatch struct {
	DisplayName     *string `json:"displayName"`
	Email           *string `json:"email"`
	CurrentPassword string  `json:"currentPassword"`
}

func (p profilePatch) validate() error {
	if p.DisplayName == nil && p.Email == nil {
		return apperr.Errorf(apperr.EINVALID, "Indiquez le nom affiché ou l’adresse e-mail à modifier.")
	}
	return nil
}

// handleUpdateProfile changes the display name and/or the e-mail; a new
// e-mail needs the current password, ends the other sessions and gives this
// browser a new session cookie.
func (s *Server) handleUpdateProfile(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req profilePatch
	if err := decodeValid(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	in := account.ProfileUpdate{DisplayName: req.DisplayName, Email: req.Email, CurrentPassword: req.CurrentPassword}
	updated, fresh, err := s.accounts.UpdateProfile(r.Context(), sess, in)
	if err == nil && fresh != nil {
		err = s.setSessionCookie(w, r, fresh)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, userResponse{User: updated})
	return nil
}

type passwordChange struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

func (p passwordChange) validate() error {
	switch {
	case p.CurrentPassword == "":
		return apperr.FieldErrorf("currentPassword", "Saisissez votre mot de passe actuel.")
	case p.NewPassword == "":
		return apperr.FieldErrorf("newPassword", "Choisissez un nouveau mot de passe.")
	}
	return nil
}

// handleChangePassword replaces the password, ends the user's other
// sessions and answers with the cookie of this browser's new session.
func (s *Server) handleChangePassword(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req passwordChange
	if err := decodeValid(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	fresh, _, err := s.accounts.ChangePassword(r.Context(), sess, req.CurrentPassword, req.NewPassword)
	if err == nil {
		err = s.setSessionCookie(w, r, fresh)
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// newPrivacy builds the data export over the server's services. Each
// export reads the account's whole history, so an account gets 3 at once,
// then one every 20 minutes: far more than a person needs, far less than
// a script looping on it.
func newPrivacy(cfg Config) *privacy.Service {
	return privacy.New(privacy.Config{
		Accounts: cfg.App.Accounts, Kinds: cfg.App.Desk.Exports(), Chats: cfg.App.Chats, Contracts: cfg.App.Contracts,
		Limits: cfg.App.Limits, Logger: cfg.Logger,
	})
}

// exportWriteTime is how long the download of an export may take: far
// beyond the server's write timeout, which a history of 200,000 messages
// (66 MB) would exceed on a slow line, yet bounded, since the export
// holds a read transaction open while it writes.
const exportWriteTime = 10 * time.Minute

// handleExport downloads everything stored about the user (RGPD access and
// portability), streamed by pkg/privacy. An error once the download has
// begun cuts the connection, so that the browser reports a failed download
// instead of saving a truncated file.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	download, err := s.privacy.Export(r.Context(), sess)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", `attachment; filename="`+privacy.Filename+`"`)
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(exportWriteTime)) //nolint:errcheck // the server's timeout stays
	w.WriteHeader(http.StatusOK)
	if err := download.Write(r.Context(), w); err != nil {
		s.logger.Warn("export interrompu", "uid", sess.UID, "err", err)
		panic(http.ErrAbortHandler)
	}
	return nil
}

type deleteRequest struct {
	Password string `json:"password"`
}

// handleKept answers what deleting the account would leave, kept by law,
// for the client to read before they confirm.
func (s *Server) handleKept(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	kept, err := s.accounts.Kept(r.Context(), sess)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Kept []string `json:"kept"`
	}{kept})
	return nil
}

// handleDeleteAccount erases the account and its sessions after checking
// the password, and expires the cookie.
func (s *Server) handleDeleteAccount(w http.ResponseWriter, r *http.Request) error {
	_, sess, err := s.signedIn(r)
	if err != nil {
		return err
	}
	var req deleteRequest
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	if err := s.accounts.DeleteAccount(r.Context(), sess, req.Password); err != nil {
		return err
	}
	s.clearSessionCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
