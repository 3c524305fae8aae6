package account

import (
	"context"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// TwoFactorSetup is what the set-up page shows: the secret to type into
// the app by hand, its otpauth:// link, and that link as a QR code (SVG).
type TwoFactorSetup struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
	QR     string `json:"qrSvg"`
}

// TwoFactorStatus is an account's second factor as its profile shows it.
type TwoFactorStatus struct {
	Enabled bool `json:"enabled"`
	// Required: staff may not turn it off.
	Required          bool `json:"required"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
}

// TwoFactor reads the second factor of sess's user.
func (s *Service) TwoFactor(ctx context.Context, sess *Session) (TwoFactorStatus, error) {
	var st TwoFactorStatus
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		u, _, err := findUser(ctx, tx, "uid", sess.UID)
		if err != nil {
			return err
		}
		st.Enabled, st.Required = u.TwoFactor, u.Role != RoleClient
		st.RecoveryCodesLeft, err = recoveryCodesLeft(ctx, tx, u.UID)
		return err
	})
	if err != nil {
		return st, s.fail("lecture de la validation en deux étapes", err, "uid", sess.UID)
	}
	return st, nil
}

// BeginTwoFactor gives sess's user a new secret to scan, which counts once
// a first code confirms it (EnableTwoFactor); issuer is the name the app
// shows. An account that has one already must turn it off first.
func (s *Service) BeginTwoFactor(ctx context.Context, sess *Session, issuer string) (*TwoFactorSetup, error) {
	secret := newTOTPSecret()
	var email string
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		u, _, err := findUser(ctx, tx, "uid", sess.UID)
		if err != nil {
			return err
		}
		if u.TwoFactor {
			return errTwoFactorOn()
		}
		email = u.Email
		return setTOTPSecret(ctx, tx, u.UID, secret)
	})
	if err != nil {
		return nil, s.fail("préparation de la validation en deux étapes", err, "uid", sess.UID)
	}
	uri := otpauthURI(issuer, email, secret)
	qr, err := qrSVG(uri)
	if err != nil {
		return nil, s.fail("préparation de la validation en deux étapes", err, "uid", sess.UID)
	}
	return &TwoFactorSetup{Secret: secret, URI: uri, QR: qr}, nil
}

func errTwoFactorOn() error {
	return apperr.Errorf(apperr.ECONFLICT, "La validation en deux étapes est déjà activée sur ce compte.")
}

// EnableTwoFactor turns the second factor on once the user typed a code
// of the new secret and their password, and returns their recovery codes,
// shown this once. The owner is told by e-mail.
func (s *Service) EnableTwoFactor(ctx context.Context, sess *Session, code, password string) ([]string, error) {
	codes, err := s.enableTwoFactor(ctx, sess, code, password)
	if err != nil {
		return nil, s.fail("activation de la validation en deux étapes", err, "uid", sess.UID)
	}
	s.log.Info("validation en deux étapes activée", "uid", sess.UID)
	return codes, nil
}

func (s *Service) enableTwoFactor(ctx context.Context, sess *Session, code, password string) ([]string, error) {
	if normalizeCode(code) == "" {
		return nil, apperr.FieldErrorf("code", "Saisissez le code affiché par votre application.")
	}
	if err := s.confirmOwn(ctx, sess, password); err != nil {
		return nil, err
	}
	var codes []string
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		u, _, err := findUser(ctx, tx, "uid", sess.UID)
		if err != nil {
			return err
		}
		st, err := findTOTP(ctx, tx, u.UID)
		if err != nil {
			return err
		}
		if st.Enabled {
			return errTwoFactorOn()
		}
		if st.Secret == "" {
			return apperr.Errorf(apperr.EINVALID, "Affichez d’abord le code QR à scanner.")
		}
		now := s.now()
		step, ok := matchTOTP(st.Secret, code, now, 0)
		if !ok {
			return apperr.FieldErrorf("code", "Code incorrect. Vérifiez que l’heure de votre téléphone est juste et saisissez le code affiché.")
		}
		if err := enableTOTP(ctx, tx, u.UID, step, now); err != nil {
			return err
		}
		codes = newRecoveryCodes()
		if err := replaceRecoveryCodes(ctx, tx, u.UID, codes, now); err != nil {
			return err
		}
		if err := sessionsChanged(ctx, tx); err != nil {
			return err
		}
		return event.Record(ctx, tx, event.TwoFactorEnabled, event.AccountAggregate(u.UID),
			event.AccountPayload{Recipient: recipient(u), UID: u.UID}, now)
	})
	return codes, err
}

// NewRecoveryCodes replaces the recovery codes of sess's user, after their
// password, and returns the new ones; the old ones stop working.
func (s *Service) NewRecoveryCodes(ctx context.Context, sess *Session, password string) ([]string, error) {
	if err := s.confirmOwn(ctx, sess, password); err != nil {
		return nil, s.fail("nouveaux codes de secours", err, "uid", sess.UID)
	}
	var codes []string
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		u, _, err := findUser(ctx, tx, "uid", sess.UID)
		if err != nil {
			return err
		}
		if !u.TwoFactor {
			return apperr.Errorf(apperr.EINVALID, "Activez d’abord la validation en deux étapes.")
		}
		codes = newRecoveryCodes()
		return replaceRecoveryCodes(ctx, tx, u.UID, codes, s.now())
	})
	if err != nil {
		return nil, s.fail("nouveaux codes de secours", err, "uid", sess.UID)
	}
	return codes, nil
}

// DisableTwoFactor turns a client's second factor off after their
// password; staff may not (it is what keeps them on the broker's side).
func (s *Service) DisableTwoFactor(ctx context.Context, sess *Session, password string) error {
	err := s.confirmOwn(ctx, sess, password)
	if err == nil {
		err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
			u, _, err := findUser(ctx, tx, "uid", sess.UID)
			if err != nil {
				return err
			}
			if u.Role != RoleClient {
				return apperr.Errorf(apperr.EFORBIDDEN, "La validation en deux étapes est obligatoire pour les comptes du cabinet.")
			}
			if !u.TwoFactor {
				return apperr.Errorf(apperr.EINVALID, "La validation en deux étapes n’est pas activée sur votre compte.")
			}
			return s.clearTwoFactor(ctx, tx, u, false)
		})
	}
	if err != nil {
		return s.fail("retrait de la validation en deux étapes", err, "uid", sess.UID)
	}
	s.log.Info("validation en deux étapes retirée", "uid", sess.UID)
	return nil
}

// ResetTwoFactor takes the second factor off the account of email, for an
// admin helping an owner who lost their phone (`courtier users
// reset-2fa`): a client signs in with the password alone, staff set up a
// new app at their next sign-in. The owner is told by e-mail.
func (s *Service) ResetTwoFactor(ctx context.Context, email string) (*User, error) {
	addr, err := NormalizeEmail(email)
	if err != nil {
		return nil, err
	}
	var u *User
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if u, _, err = findUser(ctx, tx, "email", addr); err != nil {
			return err
		}
		st, err := findTOTP(ctx, tx, u.UID)
		if err != nil {
			return err
		}
		if !st.Enabled {
			// A set-up never confirmed guards nothing, and a new one replaces it.
			return apperr.Errorf(apperr.EINVALID, "Le compte %s n’a pas de validation en deux étapes.", u.Email)
		}
		return s.clearTwoFactor(ctx, tx, u, true)
	})
	if err != nil {
		return nil, s.fail("réinitialisation de la validation en deux étapes", err, "email", addr)
	}
	s.log.Info("validation en deux étapes réinitialisée par un administrateur", "uid", u.UID)
	u.TwoFactor = false
	return u, nil
}

// clearTwoFactor removes u's secret and recovery codes, and tells the owner.
func (s *Service) clearTwoFactor(ctx context.Context, tx *store.Tx, u *User, byStaff bool) error {
	now := s.now()
	if err := clearTOTP(ctx, tx, u.UID, now); err != nil {
		return err
	}
	if err := sessionsChanged(ctx, tx); err != nil {
		return err
	}
	if !u.TwoFactor {
		return nil // a set-up never confirmed: nothing to tell
	}
	return event.Record(ctx, tx, event.TwoFactorDisabled, event.AccountAggregate(u.UID),
		event.AccountPayload{Recipient: recipient(u), UID: u.UID, ByStaff: byStaff}, now)
}
