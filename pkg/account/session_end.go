package account

import (
	"context"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// errNoSession answers an ID that names no session of the user: another
// account's session gets the same answer, so IDs cannot be probed.
func errNoSession() error {
	return apperr.Errorf(apperr.ENOTFOUND, "Cette session n’existe pas ou est déjà terminée.")
}

// confirmOwn checks the password sess's user typed to act on their
// sessions: ASVS 5.0 7.5.2 asks for a new authentication before a user
// ends sessions, so a stolen cookie cannot shut its owner out.
func (s *Service) confirmOwn(ctx context.Context, sess *Session, password string) error {
	u, hash, err := s.readWithHash(ctx, sess.UID)
	if err != nil {
		return err
	}
	return s.verifyOwn(ctx, sess.ID, u, hash, "password", password,
		"Saisissez votre mot de passe pour confirmer.", "Mot de passe incorrect.")
}

// EndSession ends the session named id of sess's user after checking their
// password. It returns the session that replaces sess (see rotateSession).
// A malformed id or sess's own is EINVALID; another account's is ENOTFOUND.
func (s *Service) EndSession(ctx context.Context, sess *Session, id, password string) (*Session, error) {
	fresh, err := s.endSession(ctx, sess, id, password)
	if err != nil {
		return nil, s.fail("fin d'une session", err, "uid", sess.UID, "session", id)
	}
	s.log.Info("session fermée par son utilisateur", "uid", sess.UID, "session", id)
	return fresh, nil
}

func (s *Service) endSession(ctx context.Context, sess *Session, id, password string) (*Session, error) {
	if !validPublicID(id) {
		return nil, apperr.Errorf(apperr.EINVALID, "Cet identifiant de session n’est pas valide.")
	}
	if id == sess.ID {
		return nil, apperr.Errorf(apperr.EINVALID, "Pour fermer la session en cours, utilisez «\u00a0Déconnexion\u00a0».")
	}
	if err := s.confirmOwn(ctx, sess, password); err != nil {
		return nil, err
	}
	var fresh *Session
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		found, err := deleteSessionOf(ctx, tx, sess.UID, id)
		if err != nil {
			return err
		}
		if !found {
			return errNoSession()
		}
		fresh, err = rotateSession(ctx, tx, sess, s.now())
		return err
	})
	return fresh, err
}

// EndOtherSessions ends every session of sess's user but sess, after
// checking their password. It returns the session that replaces sess and
// how many others ended.
func (s *Service) EndOtherSessions(ctx context.Context, sess *Session, password string) (*Session, int, error) {
	var fresh *Session
	var ended int
	err := s.confirmOwn(ctx, sess, password)
	if err == nil {
		err = s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
			now := s.now()
			if ended, err = endOtherSessions(ctx, tx, sess, now); err != nil {
				return err
			}
			fresh, err = rotateSession(ctx, tx, sess, now)
			return err
		})
	}
	if err != nil {
		return nil, 0, s.fail("fin des autres sessions", err, "uid", sess.UID)
	}
	s.log.Info("autres sessions fermées par leur utilisateur", "uid", sess.UID, "sessions_fermées", ended)
	return fresh, ended, nil
}

// SignOutAll ends every session of the account of email, for the staff
// (`courtier users sign-out`, ASVS 5.0 7.4.5), and returns how many live
// sessions ended. The account itself is left as it is.
func (s *Service) SignOutAll(ctx context.Context, email string) (int, error) {
	norm, err := NormalizeEmail(email)
	if err != nil {
		return 0, s.fail("fin des sessions du compte", err)
	}
	var uid string
	var ended int
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		u, _, err := findUser(ctx, tx, "email", norm)
		if err != nil {
			return err
		}
		uid = u.UID
		if err := purgeSessionsOf(ctx, tx, uid, s.now()); err != nil {
			return err
		}
		ended, err = deleteSessionsOf(ctx, tx, uid, "")
		return err
	})
	if err != nil {
		return 0, s.fail("fin des sessions du compte", err, "email", norm)
	}
	s.log.Info("sessions du compte fermées", "uid", uid, "sessions_fermées", ended)
	return ended, nil
}
