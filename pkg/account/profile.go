package account

import (
	"context"
	"database/sql"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// ProfileUpdate is an edit of one's own profile; nil fields are left as they are.
type ProfileUpdate struct {
	DisplayName *string
	Email       *string
	// CurrentPassword is required to change the e-mail.
	CurrentPassword string
}

// fieldError is an EINVALID error on a form field with a fixed message.
func fieldError(field, message string) error {
	return &apperr.Error{Code: apperr.EINVALID, Field: field, Message: message}
}

// readWithHash reads uid's profile and password hash.
func (s *Service) readWithHash(ctx context.Context, uid string) (*User, string, error) {
	var u *User
	var hash string
	err := s.db.ReadTx(ctx, func(tx *sql.Tx) (err error) {
		u, hash, err = findUser(ctx, tx, "uid", uid)
		return err
	})
	return u, hash, err
}

// verifyOwn checks the password a signed-in user typed to confirm an
// action. Failures count against the account's sign-in limit, so a stolen
// session cannot be used to guess the password.
func (s *Service) verifyOwn(ctx context.Context, u *User, hash, field, password, missing, wrong string) error {
	if password == "" {
		return fieldError(field, missing)
	}
	if err := s.guard.locked(u.Email); err != nil {
		return err
	}
	ok, err := s.hasher.Verify(ctx, password, hash)
	if err != nil {
		return err
	}
	if !ok {
		s.guard.failed(u.Email)
		return fieldError(field, wrong)
	}
	return nil
}

// UpdateProfile applies SPEC.md §3's update: the e-mail and display name
// (the old one kept when none is given) are written and updatedAt refreshed.
// A new e-mail needs the current password.
func (s *Service) UpdateProfile(ctx context.Context, uid string, in ProfileUpdate) (*User, error) {
	u, err := s.updateProfile(ctx, uid, in)
	if err != nil {
		return nil, s.fail("mise à jour du profil", err, "uid", uid)
	}
	return u, nil
}

func (s *Service) updateProfile(ctx context.Context, uid string, in ProfileUpdate) (*User, error) {
	u, hash, err := s.readWithHash(ctx, uid)
	if err != nil {
		return nil, err
	}
	if in.DisplayName != nil {
		name, err := cleanDisplayName(*in.DisplayName)
		if err != nil {
			return nil, err
		}
		if name != "" {
			u.DisplayName = name
		}
	}
	if in.Email != nil {
		email, err := NormalizeEmail(*in.Email)
		if err != nil {
			return nil, err
		}
		if email != u.Email {
			err := s.verifyOwn(ctx, u, hash, "currentPassword", in.CurrentPassword,
				"Saisissez votre mot de passe actuel pour changer d'adresse e-mail.", "Mot de passe actuel incorrect.")
			if err != nil {
				return nil, err
			}
			u.Email = email
		}
	}
	u.UpdatedAt = s.now()
	err = s.db.WriteTx(ctx, func(tx *sql.Tx) error {
		taken, err := emailTaken(ctx, tx, u.Email, u.UID)
		if err != nil {
			return err
		}
		if taken {
			return errEmailTaken()
		}
		return updateUser(ctx, tx, u)
	})
	return u, err
}

// ChangePassword replaces the password of sess's user after checking the
// current one, and ends the user's other sessions. It returns how many ended.
func (s *Service) ChangePassword(ctx context.Context, sess *Session, current, next string) (int, error) {
	n, err := s.changePassword(ctx, sess, current, next)
	if err != nil {
		return 0, s.fail("changement de mot de passe", err, "uid", sess.UID)
	}
	s.log.Info("mot de passe changé", "uid", sess.UID, "autres_sessions_fermées", n)
	return n, nil
}

func (s *Service) changePassword(ctx context.Context, sess *Session, current, next string) (int, error) {
	u, hash, err := s.readWithHash(ctx, sess.UID)
	if err != nil {
		return 0, err
	}
	err = s.verifyOwn(ctx, u, hash, "currentPassword", current,
		"Saisissez votre mot de passe actuel.", "Mot de passe actuel incorrect.")
	if err != nil {
		return 0, err
	}
	if err := s.policy.check("newPassword", next, u.Email); err != nil {
		return 0, err
	}
	if next == current {
		return 0, fieldError("newPassword", "Choisissez un mot de passe différent de l'actuel.")
	}
	fresh, err := s.hasher.Hash(ctx, next)
	if err != nil {
		return 0, err
	}
	var ended int
	err = s.db.WriteTx(ctx, func(tx *sql.Tx) error {
		if err := setPasswordHash(ctx, tx, u.UID, fresh, store.FormatTime(s.now())); err != nil {
			return err
		}
		ended, err = deleteSessionsOf(ctx, tx, u.UID, sess.hash)
		return err
	})
	return ended, err
}

// DeleteAccount removes the account of uid and its sessions, after checking
// its password (RGPD right to erasure).
func (s *Service) DeleteAccount(ctx context.Context, uid, password string) error {
	u, hash, err := s.readWithHash(ctx, uid)
	if err == nil {
		err = s.verifyOwn(ctx, u, hash, "password", password,
			"Saisissez votre mot de passe pour confirmer la suppression.", "Mot de passe incorrect.")
	}
	if err == nil {
		err = s.db.WriteTx(ctx, func(tx *sql.Tx) error { return deleteUser(ctx, tx, uid) })
	}
	if err != nil {
		return s.fail("suppression du compte", err, "uid", uid)
	}
	s.log.Info("compte supprimé", "uid", uid)
	return nil
}
