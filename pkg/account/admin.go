package account

import (
	"context"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// SetRole gives the account of email a role and ends all its sessions, so
// that no browser keeps powers granted under the old role. It returns the
// profile and how many sessions ended.
func (s *Service) SetRole(ctx context.Context, email string, role Role) (*User, int, error) {
	if _, err := ParseRole(string(role)); err != nil {
		return nil, 0, s.fail("changement de rôle", err, "email", email)
	}
	u, n, err := s.adminUpdate(ctx, email, func(u *User) { u.Role = role })
	if err != nil {
		return nil, 0, s.fail("changement de rôle", err, "email", email)
	}
	s.log.Info("rôle changé", "uid", u.UID, "role", role, "sessions_fermées", n)
	return u, n, nil
}

// SetStatus enables or disables the account of email; disabling ends all
// its sessions.
func (s *Service) SetStatus(ctx context.Context, email string, status Status) (*User, int, error) {
	u, n, err := s.adminUpdate(ctx, email, func(u *User) { u.Status = status })
	if err != nil {
		return nil, 0, s.fail("changement de statut", err, "email", email)
	}
	s.log.Info("statut changé", "uid", u.UID, "status", status, "sessions_fermées", n)
	return u, n, nil
}

// adminUpdate applies change to the account of email in one write
// transaction and ends all its sessions unless it is left active and
// with the same role. It refuses to take away the last active admin:
// the check runs inside the write transaction, which SQLite runs one at
// a time (BEGIN IMMEDIATE), so two demotions at once cannot both see
// the other admin still there.
func (s *Service) adminUpdate(ctx context.Context, email string, change func(*User)) (*User, int, error) {
	norm, err := NormalizeEmail(email)
	if err != nil {
		return nil, 0, err
	}
	return s.adminUpdateWhere(ctx, "email", norm, change)
}

// adminUpdateWhere is adminUpdate on the account whose column (uid or
// email, one of ours) equals value.
func (s *Service) adminUpdateWhere(ctx context.Context, column, value string, change func(*User)) (*User, int, error) {
	var u *User
	var ended int
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		var err error
		if u, _, err = findUser(ctx, tx, column, value); err != nil {
			return err
		}
		before := *u
		change(u)
		if err := keepAnAdmin(ctx, tx, &before, u); err != nil {
			return err
		}
		u.UpdatedAt = s.now()
		if err := updateUser(ctx, tx, u); err != nil {
			return err
		}
		if u.Role != before.Role || u.Status != StatusActive {
			ended, err = deleteSessionsOf(ctx, tx, u.UID, "")
		}
		return err
	})
	return u, ended, err
}

// keepAnAdmin refuses a change from before to after that would leave no
// active admin: nobody could then manage roles from the site, and
// getting one back would take the command line on the server.
func keepAnAdmin(ctx context.Context, tx *store.Tx, before, after *User) error {
	wasAdmin := before.Role == RoleAdmin && before.Status == StatusActive
	if !wasAdmin || (after.Role == RoleAdmin && after.Status == StatusActive) {
		return nil
	}
	others, err := countOtherAdmins(ctx, tx, before.UID)
	if err != nil {
		return err
	}
	if others == 0 {
		return apperr.Errorf(apperr.ECONFLICT, "%s est le dernier administrateur actif\u00a0: nommez d’abord un autre administrateur.", before.Email)
	}
	return nil
}
