package account

import (
	"context"
	"fmt"
	"log/slog"
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
//
// Every count that is about an account (its budget, its failures per
// address, its known addresses, the re-authentication of its sessions) is
// kept in the database, so that it holds across every instance of the
// server: a guesser spread over N instances behind a load balancer gets
// the budget once, not N times, and an address refused on one instance is
// refused on all. Only the count per address stays in this process's
// memory (see addresses).
type loginGuard struct {
	// addresses counts every sign-in and sign-up attempt per address, in
	// this process's memory: it is the guard against a flood from one
	// address, and it runs first, so a flood is turned away before it
	// costs a write; moved to the database, every request of the flood
	// would be a write transaction, a cost the flood would choose. Behind
	// N instances an address gets N times its allowance, each instance
	// holding it to the rule; what protects an account from that address
	// (slow, lockout, budget) is shared all the same.
	addresses *ratelimit.Limiter
	// buckets is the database, where the limits below are kept.
	buckets ratelimit.Store
	// slow and lockout count wrong passwords per account and address.
	slow, lockout ratelimit.Shared
	// budget counts wrong passwords per account from every address.
	budget ratelimit.Shared
	// known remembers the account and address pairs that signed in: a
	// bucket of one token, spent at sign-in, that refills after
	// KnownAddress.
	known ratelimit.Shared
	// knownDevice remembers the account and browser pairs that signed in
	// (the device cookie, see Credentials.Device), for KnownDevice: such
	// a browser keeps its own failure counts and is not stopped by the
	// account's budget, whatever its address.
	knownDevice ratelimit.Shared
	// reauth counts wrong passwords of signed-in users per session: a
	// stolen session spread over the instances meets one count too, and
	// it is only written when a signed-in user types a password, which
	// costs an Argon2id hash anyway.
	reauth ratelimit.Shared
	log    *slog.Logger
}

// guardTimeout bounds a write of the guard. The sign-in code gives the
// guard no request context, and a failure counted must not be lost
// because its client went away: the guard's writes run on their own.
const guardTimeout = 10 * time.Second

// newLoginGuard keeps the limits of the registry l shared by the
// instances in buckets and the per-address one in memory.
func newLoginGuard(l *ratelimit.Registry, buckets ratelimit.Store, log *slog.Logger) *loginGuard {
	return &loginGuard{
		addresses:   l.Limiter(ratelimit.SignInAddress),
		buckets:     buckets,
		slow:        l.Shared(ratelimit.SignInSlow),
		lockout:     l.Shared(ratelimit.SignInLockout),
		budget:      l.Shared(ratelimit.AccountBudget),
		known:       l.Shared(ratelimit.KnownAddress),
		knownDevice: l.Shared(ratelimit.KnownDevice),
		reauth:      l.Shared(ratelimit.Reauth),
		log:         log,
	}
}

// update runs fn in one write transaction of the shared limits (which may
// run it more than once: fn sets its results afresh).
func (g *loginGuard) update(fn func(ratelimit.Buckets) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), guardTimeout)
	defer cancel()
	if err := g.buckets.Update(ctx, fn); err != nil {
		return fmt.Errorf("limites de connexion: %w", err)
	}
	return nil
}

// updateOrLog is update for a count made after the outcome is known: its
// failure is logged, the outcome stands.
func (g *loginGuard) updateOrLog(op string, fn func(ratelimit.Buckets) error) {
	if err := g.update(fn); err != nil {
		g.log.Error(op, "err", err)
	}
}

// pair is the key of an account at a client address.
func pair(email, ip string) string { return email + " " + ratelimit.AddrKey(ip) }

// devicePair is the key of an account in one browser (its device cookie);
// "" when there is no device.
func devicePair(email, device string) string {
	if device == "" {
		return ""
	}
	return email + " device:" + device
}

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
// the counts back. It tells whether the budget was taken. The checks and
// counts are one transaction: each instance sees the others' counts.
//
// A browser where the account signed in before (device, its device
// cookie) counts its failures under its own key instead of its address's,
// and never meets the budget: strangers' guesses, from any number of
// addresses, do not keep the owner out of their own browser.
func (g *loginGuard) reserve(email, ip, device string) (bool, error) {
	p, dp := pair(email, ip), devicePair(email, device)
	var taken bool
	var refused error
	err := g.update(func(b ratelimit.Buckets) error {
		taken, refused = false, nil
		key, ownDevice := p, false
		if dp != "" {
			wait, err := g.knownDevice.Wait(b, dp)
			if err != nil {
				return err
			}
			if wait > 0 {
				key, ownDevice = dp, true
			}
		}
		for _, l := range []ratelimit.Shared{g.slow, g.lockout} {
			ok, wait, err := l.Allow(b, key)
			if err != nil {
				return err
			}
			if !ok {
				refused = tooMany(wait)
				return nil
			}
		}
		if ownDevice {
			return nil
		}
		if wait, err := g.known.Wait(b, p); err != nil || wait > 0 {
			return err
		}
		ok, wait, err := g.budget.Allow(b, email)
		if err != nil {
			return err
		}
		if !ok {
			refused = tooMany(wait)
			return nil
		}
		taken = true
		return nil
	})
	if err != nil {
		return false, err
	}
	return taken, refused
}

// failed counts a wrong password typed at a known address in the budget:
// reserve did not, so that a spent budget never stops the owner there.
func (g *loginGuard) failed(email string, budgetTaken bool) {
	if budgetTaken {
		return
	}
	g.updateOrLog("décompte d'un mot de passe incorrect", func(b ratelimit.Buckets) error {
		return g.budget.Spend(b, email)
	})
}

// succeeded forgets the failures of email from ip, gives back the budget
// reserve took and remembers ip as a known address of the account. The
// budget is not reset: the owner's success says nothing of the guesses
// made from elsewhere.
func (g *loginGuard) succeeded(email, ip, device string, budgetTaken bool) {
	p, dp := pair(email, ip), devicePair(email, device)
	g.updateOrLog("mise à jour des limites après une connexion", func(b ratelimit.Buckets) error {
		for _, key := range []string{p, dp} {
			if key == "" {
				continue
			}
			if err := g.slow.Reset(b, key); err != nil {
				return err
			}
			if err := g.lockout.Reset(b, key); err != nil {
				return err
			}
		}
		if dp != "" {
			if err := g.knownDevice.Spend(b, dp); err != nil {
				return err
			}
		}
		if budgetTaken {
			if err := g.budget.Refund(b, email); err != nil {
				return err
			}
		}
		// A bucket of one token spent is empty whatever it held: the
		// address is known for KnownAddress from now.
		return g.known.Spend(b, p)
	})
}

// unlock makes device a known browser of the account (the owner opened
// an unlock link there), with no failure counted against it.
func (g *loginGuard) unlock(email, device string) error {
	dp := devicePair(email, device)
	return g.update(func(b ratelimit.Buckets) error {
		if err := g.slow.Reset(b, dp); err != nil {
			return err
		}
		if err := g.lockout.Reset(b, dp); err != nil {
			return err
		}
		return g.knownDevice.Spend(b, dp)
	})
}

// reauthReserve counts a signed-in user's password confirmation in session
// id as a failure before the check (see reserve), refusing it after too
// many wrong ones in that same session: attempts made by anyone else,
// signed in or not, never count here.
func (g *loginGuard) reauthReserve(id string) error {
	var refused error
	err := g.update(func(b ratelimit.Buckets) error {
		refused = nil
		ok, wait, err := g.reauth.Allow(b, id)
		if err == nil && !ok {
			refused = tooManyReauth(wait)
		}
		return err
	})
	if err != nil {
		return err
	}
	return refused
}

// reauthSucceeded gives the session its attempts back.
func (g *loginGuard) reauthSucceeded(id string) {
	g.updateOrLog("mise à jour des limites après une confirmation", func(b ratelimit.Buckets) error {
		return g.reauth.Reset(b, id)
	})
}

// linkAsked takes one of the link mails a client address may ask for (a
// reset, an unlock), linkTried one of the links it may try: one bucket per
// address for both, shared with the prices' links (ratelimit.AccountLinks),
// so that a script can neither mail a list of addresses nor guess links.
func (s *Service) linkAsked(ctx context.Context) error {
	return s.limits.AllowClient(ctx, ratelimit.AccountLinks, "Vous avez demandé plusieurs liens en peu de temps.")
}

func (s *Service) linkTried(ctx context.Context) error {
	return s.limits.AllowClient(ctx, ratelimit.AccountLinks, "Vous avez essayé plusieurs liens en peu de temps.")
}
