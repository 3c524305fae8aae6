package account

import (
	"context"
	"time"

	"courtier/pkg/event"
	"courtier/pkg/store"
)

// « Débloquer mon compte »: an owner whose account strangers' guesses
// blocked, in a browser it never signed in from, gets a single-use link by
// e-mail; the browser that opens it becomes a known one.
const (
	// UnlockValid is how long an unlock link works.
	UnlockValid = time.Hour
	// unlocksPerHour bounds the unlock mails of one account.
	unlocksPerHour = 3
)

// AskUnlock sends an unlock link to email when an active account has it;
// the same answer after the same time otherwise (see AskPasswordReset).
func (s *Service) AskUnlock(ctx context.Context, email string) error {
	if err := s.linkAsked(ctx); err != nil {
		return err
	}
	start := time.Now()
	defer s.waitFloor(ctx, start)
	addr, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		u, _, err := findUser(ctx, tx, "email", addr)
		if err != nil || u.Status != StatusActive {
			return nil
		}
		now := s.now()
		n, err := countTokens(ctx, tx, u.UID, PurposeUnlock, now.Add(-time.Hour))
		if err != nil || n >= unlocksPerHour {
			return err
		}
		token, hash, err := store.NewToken()
		if err != nil {
			return err
		}
		if err := insertToken(ctx, tx, hash, u.UID, PurposeUnlock, u.Email, now, now.Add(UnlockValid)); err != nil {
			return err
		}
		return event.Record(ctx, tx, event.UnlockAsked, event.AccountAggregate(u.UID), event.AccountPayload{
			Recipient: recipient(u), UID: u.UID, Token: token, Expires: now.Add(UnlockValid),
		}, now)
	})
	if err != nil {
		return s.fail("demande de déblocage", err)
	}
	return nil
}

// Unlock uses an unlock link in the browser whose device cookie is device:
// that browser signs in to the account from then on whatever the guesses
// made elsewhere. It returns the account's address, for the sign-in form.
func (s *Service) Unlock(ctx context.Context, token, device string) (string, error) {
	if err := s.linkTried(ctx); err != nil {
		return "", err
	}
	if device == "" {
		return "", errBadLink()
	}
	var email string
	err := s.useLink(ctx, token, PurposeUnlock, func(_ *store.Tx, t *linkToken, u *User, _ time.Time) error {
		if u.Email != t.Email {
			return errBadLink()
		}
		email = u.Email
		return nil
	})
	if err == nil {
		// After the link's transaction: the limits have their own.
		err = s.guard.unlock(email, device)
	}
	if err != nil {
		return "", s.fail("déblocage du compte", err)
	}
	s.log.Info("compte débloqué pour un navigateur", "email", email)
	return email, nil
}
