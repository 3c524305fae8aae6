package account

import (
	"context"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// Confirming an address, and undoing a change of address (issue 19): an
// account that has not confirmed its address signs in and uses the site;
// its dashboard says what waits.
const (
	// ConfirmValid is how long a confirmation link works.
	ConfirmValid = 7 * 24 * time.Hour
	// UndoValid is how long the old address may undo a change.
	UndoValid = 7 * 24 * time.Hour
	// confirmsPerHour bounds the confirmation mails of one account.
	confirmsPerHour = 3
)

// askConfirm records a confirmation link for u's current address, in tx.
func askConfirm(ctx context.Context, tx *store.Tx, u *User, now time.Time) error {
	token, hash, err := store.NewToken()
	if err != nil {
		return err
	}
	if err := insertToken(ctx, tx, hash, u.UID, PurposeConfirm, u.Email, now, now.Add(ConfirmValid)); err != nil {
		return err
	}
	return event.Record(ctx, tx, event.EmailConfirmAsked, event.AccountAggregate(u.UID), event.AccountPayload{
		Recipient: recipient(u), UID: u.UID, Token: token, Expires: now.Add(ConfirmValid),
	}, now)
}

// emailMoved records, in tx, what follows u's move from the address old:
// the new one waits for its confirmation, and the old one is told, with a
// link that undoes the change for UndoValid.
func emailMoved(ctx context.Context, tx *store.Tx, u *User, old string, now time.Time) error {
	if err := setEmailConfirmed(ctx, tx, u.UID, time.Time{}); err != nil {
		return err
	}
	u.EmailConfirmed = false
	if err := voidTokens(ctx, tx, u.UID, PurposeConfirm, now); err != nil {
		return err
	}
	if err := askConfirm(ctx, tx, u, now); err != nil {
		return err
	}
	token, hash, err := store.NewToken()
	if err != nil {
		return err
	}
	if err := insertToken(ctx, tx, hash, u.UID, PurposeUndoEmail, old, now, now.Add(UndoValid)); err != nil {
		return err
	}
	return event.Record(ctx, tx, event.EmailChanged, event.AccountAggregate(u.UID), event.AccountPayload{
		Recipient: event.Recipient{Email: old, Name: u.DisplayName}, UID: u.UID, Token: token,
		Expires: now.Add(UndoValid), NewEmail: u.Email,
	}, now)
}

// ResendConfirmation sends the confirmation link of sess's account again,
// confirmsPerHour times an hour at most.
func (s *Service) ResendConfirmation(ctx context.Context, sess *Session) error {
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		u, _, err := findUser(ctx, tx, "uid", sess.UID)
		if err != nil {
			return err
		}
		if u.EmailConfirmed {
			return apperr.Errorf(apperr.ECONFLICT, "Votre adresse e-mail est déjà confirmée.")
		}
		now := s.now()
		n, err := countTokens(ctx, tx, u.UID, PurposeConfirm, now.Add(-time.Hour))
		if err != nil {
			return err
		}
		if n >= confirmsPerHour {
			return apperr.Errorf(apperr.ETOOMANY, "Plusieurs liens vous ont déjà été envoyés dans l’heure : regardez dans vos indésirables, ou réessayez plus tard.")
		}
		return askConfirm(ctx, tx, u, now)
	})
	if err != nil {
		return s.fail("nouvel envoi du lien de confirmation", err, "uid", sess.UID)
	}
	return nil
}

// ConfirmEmail records that the owner of a confirmation link received it:
// the account's address is confirmed, if it is still the one the link was
// sent to.
func (s *Service) ConfirmEmail(ctx context.Context, token string) (*User, error) {
	if err := s.linkTried(ctx); err != nil {
		return nil, err
	}
	var u *User
	err := s.useLink(ctx, token, PurposeConfirm, func(tx *store.Tx, t *linkToken, found *User, now time.Time) error {
		if found.Email != t.Email {
			return errBadLink()
		}
		u = found
		u.EmailConfirmed = true
		if err := setEmailConfirmed(ctx, tx, u.UID, now); err != nil {
			return err
		}
		for _, c := range s.confirmers {
			if err := c(ctx, tx, u.UID, u.Email); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("confirmation de l'adresse", err)
	}
	s.log.Info("adresse e-mail confirmée", "uid", u.UID)
	return u, nil
}

// UndoEmailChange puts back the address a change of address left, from
// the link sent there: every session of the account ends (whoever changed
// it is signed out) and the address counts as confirmed, since its owner
// just read a mail there.
func (s *Service) UndoEmailChange(ctx context.Context, token string) (*User, error) {
	if err := s.linkTried(ctx); err != nil {
		return nil, err
	}
	var u *User
	var ended int
	err := s.useLink(ctx, token, PurposeUndoEmail, func(tx *store.Tx, t *linkToken, found *User, now time.Time) error {
		taken, err := emailTaken(ctx, tx, t.Email, found.UID)
		if err != nil {
			return err
		}
		if taken {
			return apperr.Errorf(apperr.ECONFLICT, "Un autre compte utilise désormais cette adresse : appelez-nous pour reprendre la main sur le vôtre.")
		}
		u = found
		u.Email, u.UpdatedAt, u.EmailConfirmed = t.Email, now, true
		if err := updateUser(ctx, tx, u); err != nil {
			return err
		}
		if err := setEmailConfirmed(ctx, tx, u.UID, now); err != nil {
			return err
		}
		for _, p := range []Purpose{PurposeUndoEmail, PurposeConfirm, PurposeReset} {
			if err := voidTokens(ctx, tx, u.UID, p, now); err != nil {
				return err
			}
		}
		ended, err = deleteSessionsOf(ctx, tx, u.UID, "")
		return err
	})
	if err != nil {
		return nil, s.fail("annulation du changement d'adresse", err)
	}
	s.log.Info("changement d'adresse annulé", "uid", u.UID, "sessions_fermées", ended)
	return u, nil
}

// useLink runs fn on the account of a valid link of purpose p, in the
// transaction that marks the link used. The address check of linkValid
// does not apply: an undo link is about an address the account left.
func (s *Service) useLink(ctx context.Context, token string, p Purpose, fn func(tx *store.Tx, t *linkToken, u *User, now time.Time) error) error {
	if token == "" {
		return errBadLink()
	}
	hash := store.HashToken(token)
	return s.db.WriteTx(ctx, func(tx *store.Tx) error {
		t, err := findToken(ctx, tx, hash)
		if isNoRows(err) {
			return errBadLink()
		}
		if err != nil {
			return err
		}
		now := s.now()
		if t.Purpose != p || t.Used || !now.Before(t.Expires) {
			return errBadLink()
		}
		u, _, err := findUser(ctx, tx, "uid", t.UID)
		if err != nil {
			return err
		}
		if u.Status != StatusActive {
			return errBadLink()
		}
		if ok, err := useToken(ctx, tx, hash, now); err != nil || !ok {
			return errorOr(err, errBadLink())
		}
		return fn(tx, t, u, now)
	})
}

// errorOr is err, or alt when err is nil.
func errorOr(err, alt error) error {
	if err != nil {
		return err
	}
	return alt
}
