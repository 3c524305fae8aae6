package account

import (
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/ratelimit"
)

// Limits are the rate limits of the account service: the sign-in part of
// ratelimit.Limits, where every number is written with its reason.
type Limits = ratelimit.Limits

// tooMany is the French answer to a rate-limited sign-in.
func tooMany(wait time.Duration) error {
	return apperr.TooMany(wait, "Trop de tentatives de connexion. Réessayez dans %s.")
}

// tooManyReauth is the French answer to a signed-in user who typed a wrong
// password too often to confirm an action.
func tooManyReauth(wait time.Duration) error {
	return apperr.TooMany(wait, "Trop de mots de passe incorrects. Réessayez dans %s.")
}

// loginGuard is the sign-in protection that a stranger cannot turn against
// the owner (ASVS 5.0 6.1.1, 6.3.1). Wrong passwords count per account AND
// client address, so a stranger's guesses lock out the stranger's address
// only; a per-account budget, far higher, stops a guesser spread over many
// addresses. Once that budget is spent, the addresses where the owner
// recently signed in still get through: a distributed guesser has no such
// address, and the owner keeps signing in from home during an attack. An
// owner on a new address then waits like the guesser: letting a right
// password through a spent budget would let the guesser through too.
//
// Unknown e-mails are counted like real ones, so a refusal tells nothing
// about which accounts exist.
type loginGuard struct {
	// addresses counts every sign-in and sign-up attempt per address.
	addresses *ratelimit.Limiter
	// slow and lockout count wrong passwords per account and address.
	slow, lockout *ratelimit.Limiter
	// budget counts wrong passwords per account. When a flood of e-mails
	// pushes an account out of it (ratelimit.New), its count starts over:
	// the flood costs the guesser far more attempts (every one of them
	// limited per address and paying an Argon2id hash) than it gives back.
	budget *ratelimit.Limiter
	// known remembers the account and address pairs that signed in: a
	// bucket of one token, spent at sign-in, that refills after
	// KnownAddress. Pushed out by a flood, the owner is only back to the
	// budget's rule.
	known *ratelimit.Limiter
	// reauth counts wrong passwords of signed-in users per session.
	reauth *ratelimit.Limiter
}

func newLoginGuard(l Limits, now func() time.Time) *loginGuard {
	newL := func(r ratelimit.Rule) *ratelimit.Limiter { return ratelimit.New(r, now, l.MaxKeys) }
	return &loginGuard{
		addresses: newL(l.SignInAddress),
		slow:      newL(l.SignInSlow),
		lockout:   newL(l.SignInLockout),
		budget:    newL(l.AccountBudget),
		known:     newL(ratelimit.Rule{Burst: 1, Every: l.KnownAddress}),
		reauth:    newL(l.Reauth),
	}
}

// pair is the key of an account at a client address.
func pair(email, ip string) string { return email + " " + ratelimit.AddrKey(ip) }

// attempt counts one sign-in or sign-up attempt from ip, refusing it when
// ip is over its limit.
func (g *loginGuard) attempt(ip string) error {
	if ok, wait := g.addresses.Allow(ratelimit.AddrKey(ip)); !ok {
		return tooMany(wait)
	}
	return nil
}

// reserve counts a sign-in to email from ip as a failure before the
// password is checked, refusing it when that address failed too often for
// that account, or when the account's budget is spent and ip is not one of
// its known addresses. Counting first means parallel guesses cannot all
// pass the check while the first ones are being verified; succeeded gives
// the counts back. It tells whether the budget was taken.
func (g *loginGuard) reserve(email, ip string) (bool, error) {
	p := pair(email, ip)
	if ok, wait := g.slow.Allow(p); !ok {
		return false, tooMany(wait)
	}
	if ok, wait := g.lockout.Allow(p); !ok {
		return false, tooMany(wait)
	}
	if g.known.Wait(p) > 0 {
		return false, nil
	}
	if ok, wait := g.budget.Allow(email); !ok {
		return false, tooMany(wait)
	}
	return true, nil
}

// failed counts a wrong password typed at a known address in the budget:
// reserve did not, so that a spent budget never stops the owner there.
func (g *loginGuard) failed(email string, budgetTaken bool) {
	if !budgetTaken {
		g.budget.Spend(email)
	}
}

// succeeded forgets the failures of email from ip, gives back the budget
// reserve took and remembers ip as a known address of the account. The
// budget is not reset: the owner's success says nothing of the guesses
// made from elsewhere.
func (g *loginGuard) succeeded(email, ip string, budgetTaken bool) {
	p := pair(email, ip)
	g.slow.Reset(p)
	g.lockout.Reset(p)
	if budgetTaken {
		g.budget.Refund(email)
	}
	g.known.Reset(p)
	g.known.Spend(p)
}

// reauthReserve counts a signed-in user's password confirmation in session
// id as a failure before the check (see reserve), refusing it after too
// many wrong ones in that same session: attempts made by anyone else,
// signed in or not, never count here.
func (g *loginGuard) reauthReserve(id string) error {
	if ok, wait := g.reauth.Allow(id); !ok {
		return tooManyReauth(wait)
	}
	return nil
}

// reauthSucceeded gives the session its attempts back.
func (g *loginGuard) reauthSucceeded(id string) { g.reauth.Reset(id) }
