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

// handleAdminUsers answers the accounts, oldest first, for an admin:
// every one, or with ?q= those whose name or e-mail holds it.
func (s *Server) handleAdminUsers(w http.ResponseWriter, r *http.Request) error {
	params, err := queryParams(r.URL.Query(), "q")
	if err != nil {
		return err
	}
	list, err := s.accounts.SearchAs(r.Context(), actorOf(r), params["q"])
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

// handleAdminCreateUser makes an account {"email", "displayName",
// "role"} for an admin, under the rules of `courtier users create`; its
// owner receives the link to choose a password (account.CreateAs).
func (s *Server) handleAdminCreateUser(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Email       string `json:"email"`
		DisplayName string `json:"displayName"`
		Role        string `json:"role"`
	}
	if err := decodeJSON(w, r, adminMaxBytes, &body); err != nil {
		return err
	}
	u, err := s.accounts.CreateAs(r.Context(), actorOf(r), account.NewUser{Email: body.Email, DisplayName: body.DisplayName, Role: account.Role(body.Role)})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, struct {
		User *account.User `json:"user"`
	}{u})
	return nil
}
