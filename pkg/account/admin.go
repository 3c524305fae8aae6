package account

import (
	"context"
	"database/sql"
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
// with the same role.
func (s *Service) adminUpdate(ctx context.Context, email string, change func(*User)) (*User, int, error) {
	norm, err := NormalizeEmail(email)
	if err != nil {
		return nil, 0, err
	}
	var u *User
	var ended int
	err = s.db.WriteTx(ctx, func(tx *sql.Tx) error {
		var err error
		if u, _, err = findUser(ctx, tx, "email", norm); err != nil {
			return err
		}
		before := *u
		change(u)
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
