package account

import (
	"context"
	"time"

	"courtier/pkg/event"
	"courtier/pkg/store"
)

// The password reset (ASVS 5.0 V6.4): a link by e-mail, valid 30 minutes,
// once; the new password under the usual rules; every session ends.
const (
	// ResetValid is how long a reset link works.
	ResetValid = 30 * time.Minute
	// resetsPerHour bounds the reset mails of one account: more asks get
	// the same answer and no mail, so that nobody floods a mailbox.
	resetsPerHour = 3
	// resetFloor is how long AskPasswordReset takes at least, whether the
	// address has an account or not: the work of one is not seen in the
	// time of the answer.
	resetFloor = 250 * time.Millisecond
)

// AskPasswordReset sends a reset link to email when an active account
// has it. It answers the same, after the same time, whether it does or
// not; only an address that cannot be one is refused.
func (s *Service) AskPasswordReset(ctx context.Context, email string) error {
	if err := s.linkAsked(ctx); err != nil {
		return err
	}
	start := time.Now()
	defer s.waitFloor(ctx, start)
	addr, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	var sent bool
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		sent = false
		u, _, err := findUser(ctx, tx, "email", addr)
		if err != nil || u.Status != StatusActive {
			return nil // unknown or disabled: no mail, the same answer
		}
		now := s.now()
		n, err := countTokens(ctx, tx, u.UID, PurposeReset, now.Add(-time.Hour))
		if err != nil || n >= resetsPerHour {
			return err
		}
		token, hash, err := store.NewToken()
		if err != nil {
			return err
		}
		if err := insertToken(ctx, tx, hash, u.UID, PurposeReset, u.Email, now, now.Add(ResetValid)); err != nil {
			return err
		}
		sent = true
		return event.Record(ctx, tx, event.PasswordResetAsked, event.AccountAggregate(u.UID), event.AccountPayload{
			Recipient: recipient(u), UID: u.UID, Token: token, Expires: now.Add(ResetValid),
		}, now)
	})
	if err != nil {
		return s.fail("demande de réinitialisation", err)
	}
	if sent {
		s.log.Info("lien de réinitialisation envoyé")
	}
	return nil
}

// waitFloor waits until resetFloor has passed since start, or ctx ends.
func (s *Service) waitFloor(ctx context.Context, start time.Time) {
	t := time.NewTimer(time.Until(start.Add(resetFloor)))
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// recipient is who the notices of u go to.
func recipient(u *User) event.Recipient {
	return event.Recipient{Email: u.Email, Name: GivenName(u.DisplayName, u.Email)}
}

// ResetPassword sets password on the account of a reset link: once,
// within ResetValid, while the account still has the address the link was
// sent to. Every session of the account ends, the other reset links stop
// working, and the owner is told by e-mail.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if err := s.linkTried(ctx); err != nil {
		return err
	}
	if token == "" {
		return errBadLink()
	}
	hash := store.HashToken(token)
	var t *linkToken
	var u *User
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		var err error
		if t, err = findToken(ctx, tx, hash); err != nil {
			return err
		}
		u, _, err = findUser(ctx, tx, "uid", t.UID)
		return err
	})
	if isNoRows(err) || (err == nil && !s.linkValid(t, u, PurposeReset)) {
		return errBadLink()
	}
	if err != nil {
		return s.fail("réinitialisation du mot de passe", err)
	}
	if err := s.policy.check("password", password, u.Email); err != nil {
		return err
	}
	fresh, err := s.hasher.Hash(ctx, password)
	if err != nil {
		return s.fail("réinitialisation du mot de passe", err)
	}
	var ended int
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		now := s.now()
		ok, err := useToken(ctx, tx, hash, now)
		if err != nil {
			return err
		}
		if !ok {
			return errBadLink()
		}
		ended, err = s.setPassword(ctx, tx, u, fresh, now)
		return err
	})
	if err != nil {
		return s.fail("réinitialisation du mot de passe", err, "uid", u.UID)
	}
	s.log.Info("mot de passe réinitialisé", "uid", u.UID, "sessions_fermées", ended)
	return nil
}

// linkValid tells whether link t of u may still serve for purpose p.
func (s *Service) linkValid(t *linkToken, u *User, p Purpose) bool {
	return t.Purpose == p && !t.Used && s.now().Before(t.Expires) && u.Status == StatusActive && u.Email == t.Email
}

// setPassword writes u's new password hash in tx, ends every session of
// the account, voids its reset links and records the notice to its owner.
// It returns how many sessions ended.
func (s *Service) setPassword(ctx context.Context, tx *store.Tx, u *User, hash string, now time.Time) (int, error) {
	if err := setPasswordHash(ctx, tx, u.UID, hash, store.FormatTime(now)); err != nil {
		return 0, err
	}
	ended, err := deleteSessionsOf(ctx, tx, u.UID, "")
	if err != nil {
		return 0, err
	}
	if err := voidTokens(ctx, tx, u.UID, PurposeReset, now); err != nil {
		return 0, err
	}
	return ended, passwordChanged(ctx, tx, u, now)
}

// passwordChanged records the notice « Votre mot de passe a été modifié ».
func passwordChanged(ctx context.Context, tx *store.Tx, u *User, now time.Time) error {
	return event.Record(ctx, tx, event.PasswordChanged, event.AccountAggregate(u.UID),
		event.AccountPayload{Recipient: recipient(u), UID: u.UID}, now)
}

// SetPassword gives the account of email a new password, for an admin
// helping its owner (`courtier users set-password`): every session ends
// and the owner is told by e-mail.
func (s *Service) SetPassword(ctx context.Context, email, password string) (int, error) {
	addr, err := NormalizeEmail(email)
	if err != nil {
		return 0, err
	}
	var u *User
	err = s.db.ReadTx(ctx, func(tx *store.Tx) error {
		u, _, err = findUser(ctx, tx, "email", addr)
		return err
	})
	if err != nil {
		return 0, err
	}
	if err := s.policy.check("password", password, u.Email); err != nil {
		return 0, err
	}
	fresh, err := s.hasher.Hash(ctx, password)
	if err != nil {
		return 0, err
	}
	var ended int
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		ended, err = s.setPassword(ctx, tx, u, fresh, s.now())
		return err
	})
	if err != nil {
		return 0, s.fail("nouveau mot de passe", err, "uid", u.UID)
	}
	s.log.Info("mot de passe changé par un administrateur", "uid", u.UID, "sessions_fermées", ended)
	return ended, nil
}

// PurgeTokens deletes the links and the sign-ins waiting for a code
// expired for a day (App.Run).
func (s *Service) PurgeTokens(ctx context.Context) (int, error) {
	var n int
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		var err error
		before := s.now().Add(-24 * time.Hour)
		n, err = purgeTokens(ctx, tx, before)
		if err != nil {
			return err
		}
		tickets, err := purgeTickets(ctx, tx, before)
		n += tickets
		return err
	})
	return n, err
}
