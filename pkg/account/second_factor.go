package account

import (
	"context"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// The second factor of sign-in (ASVS 5.0 V6.3.3, V6.5): staff accounts,
// which read every client's data, must set up an authenticator app before
// they reach the broker's side; clients may turn one on. A sign-in whose
// password is right then waits for a code (or a recovery code) on a
// ticket, and no session opens before it.
const (
	// ticketValid is how long the code may be typed after the password.
	ticketValid = 5 * time.Minute
	// ticketTries is how many wrong codes a ticket takes.
	ticketTries = 5
	// codeWindow and codeFailuresMax bound the wrong codes of an account
	// across tickets: 6 digits guessed on ticket after ticket would go
	// through otherwise.
	codeWindow      = 15 * time.Minute
	codeFailuresMax = 10
)

// SecondFactorRequired is SignIn's answer for an account with a second
// factor: the password was right, and the sign-in goes on with Ticket and
// a code (SignInWithCode) until Expires.
type SecondFactorRequired struct {
	Ticket  string
	Expires time.Time
}

func (e *SecondFactorRequired) Error() string { return "code de validation attendu" }

// NeedsSecondFactorSetup tells whether u works for the broker and has no
// second factor yet: their sessions reach nothing of the broker's side
// (see ActorOf) before they set one up.
func NeedsSecondFactorSetup(u *User) bool {
	return u != nil && (u.Role == RoleAgent || u.Role == RoleAdmin) && !u.TwoFactor
}

// CodeAttempt is the second step of a sign-in.
type CodeAttempt struct {
	Ticket string
	// Code is the 6 digits of the app, or a recovery code.
	Code      string
	IP        string
	UserAgent string
}

// errBadTicket answers a ticket unknown, used, expired or worn out: the
// sign-in starts again from the password.
func errBadTicket() error {
	return apperr.Errorf(apperr.EUNAUTHORIZED, "Cette connexion a expiré. Saisissez de nouveau votre mot de passe.")
}

// errWrongCode answers a code that is not the app's of now, nor an unused
// recovery code.
func errWrongCode() error {
	return apperr.FieldErrorf("code", "Code incorrect ou déjà utilisé. Saisissez le code affiché par votre application, ou un code de secours.")
}

// beginSecondFactor records the ticket of u's sign-in waiting for a code.
func (s *Service) beginSecondFactor(ctx context.Context, u *User, c Credentials) (*SecondFactorRequired, error) {
	token, hash, err := store.NewToken()
	if err != nil {
		return nil, err
	}
	now := s.now()
	need := &SecondFactorRequired{Ticket: token, Expires: now.Add(ticketValid)}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		n, err := codeFailures(ctx, tx, u.UID, now.Add(-codeWindow))
		if err != nil {
			return err
		}
		if n >= codeFailuresMax {
			return apperr.TooMany(codeWindow, "Trop de codes incorrects. Réessayez dans %s.")
		}
		return insertTicket(ctx, tx, hash, ticket{UID: u.UID, Remember: c.Remember, UserAgent: c.UserAgent, Expires: need.Expires}, now)
	})
	if err != nil {
		return nil, err
	}
	return need, nil
}

// SignInWithCode ends a sign-in SignIn left waiting for a code: the app's
// code of now (each once) or an unused recovery code opens the session.
func (s *Service) SignInWithCode(ctx context.Context, a CodeAttempt) (*User, *Session, error) {
	u, remember, err := s.checkCode(ctx, a)
	if err != nil {
		return nil, nil, s.fail("connexion (code)", err, "ip", a.IP)
	}
	sess, err := s.startSession(ctx, u.UID, remember, a.UserAgent)
	if err != nil {
		return nil, nil, s.fail("ouverture de session", err, "uid", u.UID)
	}
	s.log.Info("connexion", "uid", u.UID, "ip", a.IP, "remember", remember, "second_facteur", true)
	return u, sess, nil
}

// checkCode counts no attempt of the address: each ticket came from a
// sign-in that did, and bounds its own codes (ticketTries, codeFailuresMax).
func (s *Service) checkCode(ctx context.Context, a CodeAttempt) (*User, bool, error) {
	if a.Ticket == "" {
		return nil, false, errBadTicket()
	}
	if normalizeCode(a.Code) == "" {
		return nil, false, apperr.FieldErrorf("code", "Saisissez le code affiché par votre application.")
	}
	hash := store.HashToken(a.Ticket)
	var u *User
	var t *ticket
	var wrong bool
	err := s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		wrong = false
		now := s.now()
		if t, err = findTicket(ctx, tx, hash); err != nil {
			if isNoRows(err) {
				return errBadTicket()
			}
			return err
		}
		if t.Used || now.After(t.Expires) || t.Tries >= ticketTries {
			return errBadTicket()
		}
		if u, _, err = findUser(ctx, tx, "uid", t.UID); err != nil || u.Status != StatusActive || !u.TwoFactor {
			return errBadTicket()
		}
		ok, err := s.acceptCode(ctx, tx, u, a.Code, now)
		if err != nil {
			return err
		}
		if !ok {
			wrong = true
			return failTicket(ctx, tx, hash)
		}
		if used, err := useTicket(ctx, tx, hash, now); err != nil || !used {
			if err == nil {
				err = errBadTicket()
			}
			return err
		}
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	if wrong {
		return nil, false, errWrongCode()
	}
	return u, t.Remember, nil
}

// acceptCode checks code against u's app (a step after the last one
// used) or u's recovery codes, and records its use. Using a recovery code
// tells the owner by e-mail, with how many remain.
func (s *Service) acceptCode(ctx context.Context, tx *store.Tx, u *User, code string, now time.Time) (bool, error) {
	st, err := findTOTP(ctx, tx, u.UID)
	if err != nil {
		return false, err
	}
	if step, ok := matchTOTP(st.Secret, code, now, st.LastStep); ok {
		return useTOTPStep(ctx, tx, u.UID, step)
	}
	ok, err := useRecoveryCode(ctx, tx, u.UID, code, now)
	if err != nil || !ok {
		return false, err
	}
	left, err := recoveryCodesLeft(ctx, tx, u.UID)
	if err != nil {
		return false, err
	}
	return true, event.Record(ctx, tx, event.RecoveryCodeUsed, event.AccountAggregate(u.UID),
		event.AccountPayload{Recipient: recipient(u), UID: u.UID, CodesLeft: left}, now)
}
