package account

import (
	"context"
	"time"

	"courtier/pkg/event"
	"courtier/pkg/store"
)

// InviteValid is how long the link of an account an admin made on the
// website works. Longer than a reset link (ResetValid): the new staff
// member may not read their mail within the half hour. Once it has run
// out, « Mot de passe oublié ? » sends a fresh one, as to anyone.
const InviteValid = 72 * time.Hour

// CreateAs makes an account for an admin on the website, under the rules
// of `courtier users create` (the same create: address, name, role,
// existing address). Nobody types a password there: the account gets a
// random one that nobody knows, and its owner an e-mail with a single-use
// link, valid InviteValid, to choose their own (the password reset's link
// and page, so the same password rules apply when they do). An admin never
// holds a password of someone else's, and no password travels by mail.
func (s *Service) CreateAs(ctx context.Context, actor Actor, in NewUser) (*User, error) {
	if err := s.ConfirmAdmin(ctx, actor); err != nil {
		return nil, err
	}
	if in.Role != "" {
		r, err := roleInput(string(in.Role))
		if err != nil {
			return nil, err
		}
		in.Role = r
	}
	secret, _, err := store.NewToken()
	if err != nil {
		return nil, s.fail("création d'un compte", err, "par", actor.UID)
	}
	in.Password, in.invite, in.confirm, in.Extra = secret, true, false, nil
	u, err := s.create(ctx, in)
	if err != nil {
		return nil, s.fail("création d'un compte", err, "par", actor.UID)
	}
	s.log.Info("compte créé", "uid", u.UID, "role", u.Role, "par", actor.UID)
	return u, nil
}

// askInvite records, in tx, the link u's owner chooses a password with
// (a reset link valid InviteValid) and the mail that carries it.
func askInvite(ctx context.Context, tx *store.Tx, u *User, now time.Time) error {
	token, hash, err := store.NewToken()
	if err != nil {
		return err
	}
	expires := now.Add(InviteValid)
	if err := insertToken(ctx, tx, hash, u.UID, PurposeReset, u.Email, now, expires); err != nil {
		return err
	}
	return event.Record(ctx, tx, event.AccountInvited, event.AccountAggregate(u.UID), event.AccountPayload{
		Recipient: recipient(u), UID: u.UID, Token: token, Expires: expires, Role: string(u.Role),
	}, now)
}
