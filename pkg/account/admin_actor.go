package account

import (
	"context"

	"courtier/pkg/apperr"
	"courtier/pkg/input"
	"courtier/pkg/store"
)

// The admins' side of the accounts, for the website and the terminal
// dashboard: the same rules as `courtier users` (the last active admin
// stays, a role change or a disabling ends the account's sessions), plus
// the check of who acts, which the command line, run on the server by
// its operator, does not need.

// Listed is an account as the admins' list shows it.
type Listed struct {
	UID         string `json:"uid"`
	Email       string `json:"email"`
	DisplayName string `json:"displayName"`
	Role        Role   `json:"role"`
	Status      Status `json:"status"`
	CreatedAt   string `json:"createdAt"`
	// LastSeenAt is the last activity of the account's sessions still
	// stored, "" when it has none (never signed in, or signed out).
	LastSeenAt string `json:"lastSeenAt"`
}

// ListAs reads every account, oldest first, for an admin or the
// read-only Operator (who may list them with `courtier users list`).
func (s *Service) ListAs(ctx context.Context, actor Actor) ([]Listed, error) {
	return s.SearchAs(ctx, actor, "")
}

// searchField bounds the search of the admins' list.
var searchField = input.Field{Name: "q", Max: 100,
	Invalid: "La recherche contient des caractères non autorisés.", TooLong: "La recherche ne peut pas dépasser 100\u00a0caractères."}

// SearchAs reads the accounts whose name or e-mail address holds q
// (any case), oldest first, for whom ListAs serves; every account when q
// is empty.
func (s *Service) SearchAs(ctx context.Context, actor Actor, q string) ([]Listed, error) {
	if !actor.IsOperator() {
		if err := s.ConfirmAdmin(ctx, actor); err != nil {
			return nil, err
		}
	}
	q, err := searchField.Clean(q)
	if err != nil {
		return nil, err
	}
	var out []Listed
	err = s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		out, err = listAccounts(ctx, tx, q)
		return err
	})
	if err != nil {
		return nil, s.fail("liste des comptes", err)
	}
	return out, nil
}

// SetRoleAs gives account uid a role, for an admin, and ends its
// sessions. An admin does not change their own role here, so that no
// slip of the mouse locks them out; the last active admin stays.
func (s *Service) SetRoleAs(ctx context.Context, actor Actor, uid, role string) (*User, int, error) {
	if err := s.ConfirmAdmin(ctx, actor); err != nil {
		return nil, 0, err
	}
	r, err := roleInput(role)
	if err != nil {
		return nil, 0, err
	}
	if uid == actor.UID {
		return nil, 0, apperr.Errorf(apperr.EFORBIDDEN, "Vous ne pouvez pas changer votre propre rôle\u00a0: demandez-le à un autre administrateur.")
	}
	u, n, err := s.adminUpdateWhere(ctx, "uid", uid, func(u *User) { u.Role = r })
	if err != nil {
		return nil, 0, s.fail("changement de rôle", err, "uid", uid, "par", actor.UID)
	}
	s.log.Info("rôle changé", "uid", u.UID, "role", r, "par", actor.UID, "sessions_fermées", n)
	return u, n, nil
}

// SetStatusAs enables or disables account uid, for an admin; disabling
// ends its sessions. An admin does not disable their own account.
func (s *Service) SetStatusAs(ctx context.Context, actor Actor, uid, status string) (*User, int, error) {
	if err := s.ConfirmAdmin(ctx, actor); err != nil {
		return nil, 0, err
	}
	st, err := statusInput(status)
	if err != nil {
		return nil, 0, err
	}
	if uid == actor.UID {
		return nil, 0, apperr.Errorf(apperr.EFORBIDDEN, "Vous ne pouvez pas désactiver votre propre compte\u00a0: demandez-le à un autre administrateur.")
	}
	u, n, err := s.adminUpdateWhere(ctx, "uid", uid, func(u *User) { u.Status = st })
	if err != nil {
		return nil, 0, s.fail("changement de statut", err, "uid", uid, "par", actor.UID)
	}
	s.log.Info("statut changé", "uid", u.UID, "status", st, "par", actor.UID, "sessions_fermées", n)
	return u, n, nil
}

// roleInput reads a role sent by a browser; a value that is not a short
// plain word is not repeated in the message.
func roleInput(s string) (Role, error) {
	if !plainWord(s) {
		return "", apperr.FieldErrorf("role", "Rôle inconnu\u00a0: choisissez parmi %s.", RoleNames())
	}
	return ParseRole(s)
}

// statusInput reads an account status sent by a browser.
func statusInput(s string) (Status, error) {
	switch st := Status(s); st {
	case StatusActive, StatusDisabled:
		return st, nil
	}
	if !plainWord(s) {
		return "", apperr.FieldErrorf("status", "Statut inconnu\u00a0: choisissez parmi active, disabled.")
	}
	return "", apperr.FieldErrorf("status", "Statut inconnu «\u00a0%s\u00a0»\u00a0: choisissez parmi active, disabled.", s)
}

// plainWord tells whether s is 1 to 20 ASCII letters.
func plainWord(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}
