package account

import (
	"sync"
	"time"

	"courtier/pkg/apperr"
)

// Limits are the sign-in rate limits.
type Limits struct {
	// AccountFailures failed sign-ins within Window lock the e-mail until
	// the oldest of them leaves the window.
	AccountFailures int
	// IPAttempts sign-in and sign-up attempts within Window from one
	// address are allowed; the next ones wait.
	IPAttempts int
	Window     time.Duration
}

// DefaultLimits: 5 failures per account and 20 attempts per address in 15 minutes.
func DefaultLimits() Limits {
	return Limits{AccountFailures: 5, IPAttempts: 20, Window: 15 * time.Minute}
}

// attemptLog keeps, per key, the times of the last max events within the
// window: a sliding-window counter in memory, enough for one process.
type attemptLog struct {
	mu     sync.Mutex
	events map[string][]time.Time
	max    int
	window time.Duration
	now    func() time.Time
}

func newAttemptLog(max int, window time.Duration, now func() time.Time) *attemptLog {
	return &attemptLog{events: map[string][]time.Time{}, max: max, window: window, now: now}
}

// recent drops the events of key older than the window; call with mu held.
func (l *attemptLog) recent(key string, now time.Time) []time.Time {
	ev := l.events[key]
	i := 0
	for i < len(ev) && now.Sub(ev[i]) >= l.window {
		i++
	}
	ev = ev[i:]
	if len(ev) == 0 {
		delete(l.events, key)
	} else {
		l.events[key] = ev
	}
	return ev
}

// blocked tells how long key must wait, zero when it may go on.
func (l *attemptLog) blocked(key string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	ev := l.recent(key, now)
	if len(ev) < l.max {
		return 0
	}
	return ev[len(ev)-l.max].Add(l.window).Sub(now)
}

// add records an event for key, keeping only the last max.
func (l *attemptLog) add(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if len(l.events) > 10000 {
		l.sweep(now)
	}
	ev := append(l.recent(key, now), now)
	if len(ev) > l.max {
		ev = ev[len(ev)-l.max:]
	}
	l.events[key] = ev
}

// reset forgets key, after a successful sign-in.
func (l *attemptLog) reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.events, key)
}

// sweep forgets keys whose events all left the window, so the map stays small.
func (l *attemptLog) sweep(now time.Time) {
	for k := range l.events {
		l.recent(k, now)
	}
}

// tooMany is the French answer to a rate-limited sign-in.
func tooMany(wait time.Duration) error {
	return apperr.TooMany(wait, "Trop de tentatives de connexion. Réessayez dans %s.")
}

// loginGuard combines the per-account and per-address limits.
type loginGuard struct {
	accounts *attemptLog
	ips      *attemptLog
}

func newLoginGuard(l Limits, now func() time.Time) *loginGuard {
	return &loginGuard{
		accounts: newAttemptLog(l.AccountFailures, l.Window, now),
		ips:      newAttemptLog(l.IPAttempts, l.Window, now),
	}
}

// attempt counts one attempt from ip, refusing it when ip is over its limit.
func (g *loginGuard) attempt(ip string) error {
	if wait := g.ips.blocked(ip); wait > 0 {
		return tooMany(wait)
	}
	g.ips.add(ip)
	return nil
}

// locked refuses an account that failed too often; unknown e-mails are
// counted the same way, so a lock tells nothing about existence.
func (g *loginGuard) locked(email string) error {
	if wait := g.accounts.blocked(email); wait > 0 {
		return tooMany(wait)
	}
	return nil
}

func (g *loginGuard) failed(email string)    { g.accounts.add(email) }
func (g *loginGuard) succeeded(email string) { g.accounts.reset(email) }
