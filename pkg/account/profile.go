package account

import (
	"context"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
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
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		u, hash, err = findUser(ctx, tx, "uid", uid)
		return err
	})
	return u, hash, err
}

// verifyOwn checks the password the user of session sessionID typed to
// confirm an action. Failures count per session, so a stolen session
// cannot be used to guess the password, and nobody else's attempts (wrong
// sign-ins to the account from anywhere) ever block the owner here.
func (s *Service) verifyOwn(ctx context.Context, sessionID string, u *User, hash, field, password, missing, wrong string) error {
	if password == "" {
		return fieldError(field, missing)
	}
	if err := s.guard.reauthReserve(sessionID); err != nil {
		return err
	}
	ok, err := s.hasher.Verify(ctx, password, hash)
	if err != nil {
		return err
	}
	if !ok {
		return fieldError(field, wrong)
	}
	s.guard.reauthSucceeded(sessionID)
	return nil
}

// UpdateProfile applies SPEC.md §3's update: the e-mail and display name
// (the old one kept when none is given) are written and updatedAt refreshed.
// A new e-mail needs the current password, ends every other session of the
// account (ASVS 5.0 7.4.3) and replaces sess: the session returned then
// takes its place (see rotateSession); it is nil when sess is kept.
func (s *Service) UpdateProfile(ctx context.Context, sess *Session, in ProfileUpdate) (*User, *Session, error) {
	u, fresh, ended, err := s.updateProfile(ctx, sess, in)
	if err != nil {
		return nil, nil, s.fail("mise à jour du profil", err, "uid", sess.UID)
	}
	if fresh != nil {
		s.log.Info("adresse e-mail changée", "uid", sess.UID, "autres_sessions_fermées", ended)
	}
	return u, fresh, nil
}

func (s *Service) updateProfile(ctx context.Context, sess *Session, in ProfileUpdate) (*User, *Session, int, error) {
	u, hash, err := s.readWithHash(ctx, sess.UID)
	if err != nil {
		return nil, nil, 0, err
	}
	if in.DisplayName != nil {
		name, err := cleanDisplayName(*in.DisplayName)
		if err != nil {
			return nil, nil, 0, err
		}
		if name != "" {
			u.DisplayName = name
		}
	}
	emailChanged, oldEmail := false, ""
	if in.Email != nil {
		email, err := NormalizeEmail(*in.Email)
		if err != nil {
			return nil, nil, 0, err
		}
		if email != u.Email {
			if err := checkScripts(email); err != nil {
				return nil, nil, 0, err
			}
			err := s.verifyOwn(ctx, sess.ID, u, hash, "currentPassword", in.CurrentPassword,
				"Saisissez votre mot de passe actuel pour changer d’adresse e-mail.", "Mot de passe actuel incorrect.")
			if err != nil {
				return nil, nil, 0, err
			}
			oldEmail, u.Email, emailChanged = u.Email, email, true
		}
	}
	u.UpdatedAt = s.now()
	var fresh *Session
	var ended int
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		// Only a new address is checked: an account whose address reads
		// like another's since before the skeletons keeps its name.
		if emailChanged {
			taken, err := emailTaken(ctx, tx, u.Email, u.UID)
			if err != nil {
				return err
			}
			if taken {
				return errEmailTaken()
			}
		}
		if err := updateUser(ctx, tx, u); err != nil || !emailChanged {
			return err
		}
		if fresh, ended, err = s.reauthenticated(ctx, tx, sess); err != nil {
			return err
		}
		return emailMoved(ctx, tx, u, oldEmail, u.UpdatedAt)
	})
	return u, fresh, ended, err
}

// reauthenticated ends the other sessions of sess's user and replaces sess,
// inside tx: what follows a change of the e-mail or the password.
func (s *Service) reauthenticated(ctx context.Context, tx *store.Tx, sess *Session) (*Session, int, error) {
	now := s.now()
	ended, err := endOtherSessions(ctx, tx, sess, now)
	if err != nil {
		return nil, 0, err
	}
	fresh, err := rotateSession(ctx, tx, sess, now)
	return fresh, ended, err
}

// ChangePassword replaces the password of sess's user after checking the
// current one, ends the user's other sessions and replaces sess by the
// session it returns (ASVS 5.0 7.2.4, 7.4.3). It also returns how many
// other sessions ended.
func (s *Service) ChangePassword(ctx context.Context, sess *Session, current, next string) (*Session, int, error) {
	fresh, n, err := s.changePassword(ctx, sess, current, next)
	if err != nil {
		return nil, 0, s.fail("changement de mot de passe", err, "uid", sess.UID)
	}
	s.log.Info("mot de passe changé", "uid", sess.UID, "autres_sessions_fermées", n)
	return fresh, n, nil
}

func (s *Service) changePassword(ctx context.Context, sess *Session, current, next string) (*Session, int, error) {
	u, hash, err := s.readWithHash(ctx, sess.UID)
	if err != nil {
		return nil, 0, err
	}
	err = s.verifyOwn(ctx, sess.ID, u, hash, "currentPassword", current,
		"Saisissez votre mot de passe actuel.", "Mot de passe actuel incorrect.")
	if err != nil {
		return nil, 0, err
	}
	if err := s.policy.check("newPassword", next, u.Email); err != nil {
		return nil, 0, err
	}
	if next == current {
		return nil, 0, fieldError("newPassword", "Choisissez un mot de passe différent de l’actuel.")
	}
	fresh, err := s.hasher.Hash(ctx, next)
	if err != nil {
		return nil, 0, err
	}
	var renewed *Session
	var ended int
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := setPasswordHash(ctx, tx, u.UID, fresh, store.FormatTime(s.now())); err != nil {
			return err
		}
		if renewed, ended, err = s.reauthenticated(ctx, tx, sess); err != nil {
			return err
		}
		return passwordChanged(ctx, tx, u, s.now())
	})
	return renewed, ended, err
}

// Eraser is what a package that keeps an account's data does, in the
// erasure's transaction, before the account goes: delete what it no
// longer needs; the rest follows the foreign keys (deleted with the
// account, or kept with its uid set to NULL).
type Eraser func(ctx context.Context, tx *store.Tx, uid string) error

// OnErase adds an Eraser; the composition root calls it before serving.
func (s *Service) OnErase(e Eraser) { s.erasers = append(s.erasers, e) }

// Confirmer acts, in the confirmation's transaction, on an account that
// has just proved it receives mail at email: what a visitor left under
// that address (prices kept by e-mail) becomes the account's.
type Confirmer func(ctx context.Context, tx *store.Tx, uid, email string) error

// OnConfirm adds a Confirmer; the composition root calls it before serving.
func (s *Service) OnConfirm(c Confirmer) { s.confirmers = append(s.confirmers, c) }

// Keeper says, in French, what of uid's data the erasure of the account
// leaves because the law keeps it (a signed contract, an open claim):
// one line each, none when nothing stays.
type Keeper func(ctx context.Context, tx *store.Tx, uid string) ([]string, error)

// OnKeep adds a Keeper; the composition root calls it before serving.
func (s *Service) OnKeep(k Keeper) { s.keepers = append(s.keepers, k) }

// Kept lists what the erasure of sess's account would leave, for the
// client to read before they confirm it.
func (s *Service) Kept(ctx context.Context, sess *Session) ([]string, error) {
	var out []string
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		out, err = s.kept(ctx, tx, sess.UID)
		return err
	})
	if err != nil {
		return nil, s.fail("ce que garde la suppression", err, "uid", sess.UID)
	}
	return out, nil
}

func (s *Service) kept(ctx context.Context, tx *store.Tx, uid string) ([]string, error) {
	out := []string{}
	for _, keep := range s.keepers {
		lines, err := keep(ctx, tx, uid)
		if err != nil {
			return nil, err
		}
		out = append(out, lines...)
	}
	return out, nil
}

// DeleteAccount removes the account of sess's user and its sessions, after
// checking its password (RGPD right to erasure); the Erasers run first.
func (s *Service) DeleteAccount(ctx context.Context, sess *Session, password string) error {
	uid := sess.UID
	u, hash, err := s.readWithHash(ctx, uid)
	if err == nil {
		err = s.verifyOwn(ctx, sess.ID, u, hash, "password", password,
			"Saisissez votre mot de passe pour confirmer la suppression.", "Mot de passe incorrect.")
	}
	if err == nil {
		err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
			// Read before the erasers detach them from the account.
			kept, err := s.kept(ctx, tx, uid)
			if err != nil {
				return err
			}
			for _, erase := range s.erasers {
				if err := erase(ctx, tx, uid); err != nil {
					return err
				}
			}
			if err := deleteUser(ctx, tx, uid); err != nil {
				return err
			}
			// The last mail to the address: the outbox keeps it, not the account.
			return event.Record(ctx, tx, event.AccountDeleted, event.AccountAggregate(uid),
				event.AccountPayload{Recipient: recipient(u), UID: uid, Kept: kept}, s.now())
		})
	}
	if err != nil {
		return s.fail("suppression du compte", err, "uid", uid)
	}
	s.log.Info("compte supprimé", "uid", uid)
	return nil
}
