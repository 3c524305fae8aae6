package web

import (
	"net/http"

	"courtier/pkg/account"
)

// adminMaxBytes bounds the bodies of the users' list (a role, a status).
const adminMaxBytes = 1 << 10

// adminUserResponse is the JSON of an account after a change, with how
// many of its sessions the change ended.
type adminUserResponse struct {
	User          *account.User `json:"user"`
	EndedSessions int           `json:"endedSessions"`
}

// handleAdminUsers answers every account, oldest first, for an admin.
func (s *Server) handleAdminUsers(w http.ResponseWriter, r *http.Request) error {
	list, err := s.accounts.ListAs(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Users []account.Listed `json:"users"`
	}{list})
	return nil
}

// handleAdminRole gives an account a role {"role"}.
func (s *Server) handleAdminRole(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Role string `json:"role"`
	}
	if err := decodeJSON(w, r, adminMaxBytes, &body); err != nil {
		return err
	}
	u, n, err := s.accounts.SetRoleAs(r.Context(), actorOf(r), r.PathValue("uid"), body.Role)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, adminUserResponse{User: u, EndedSessions: n})
	return nil
}

// handleAdminStatus enables or disables an account {"status"}.
func (s *Server) handleAdminStatus(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Status string `json:"status"`
	}
	if err := decodeJSON(w, r, adminMaxBytes, &body); err != nil {
		return err
	}
	u, n, err := s.accounts.SetStatusAs(r.Context(), actorOf(r), r.PathValue("uid"), body.Status)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, adminUserResponse{User: u, EndedSessions: n})
	return nil
}
