package ratelimit

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"courtier/pkg/apperr"
)

// Name names one limit of the registry. A limit kept in a Store keeps its
// buckets under its name, so the names of the shared ones never change.
type Name string

// The limits of the table (Limits), by name. Two names may count with the
// same rule in buckets of their own (AccountLinks and Cancellations).
const (
	// Kept in memory, per process.
	SignInAddress    Name = "sign-in-address"
	ChatStarts       Name = "chat-starts"
	ChatAddress      Name = "chat-address"
	ChatConversation Name = "chat-conversation"
	ClientErrors     Name = "client-errors"
	Exports          Name = "exports"
	ContactMessages  Name = "contact-messages"
	Callbacks        Name = "callbacks"
	Complaints       Name = "complaints"
	AccountLinks     Name = "account-links"
	// Cancellations are the cancellations asked without an account and
	// their links, counted with the AccountLinks rule in buckets of their
	// own, so that one does not spend the other.
	Cancellations Name = "cancellations"
	Prices        Name = "prices"
	PriceKeeps    Name = "price-keeps"

	// Kept in a Store (Shared), across instances.
	SignInSlow    Name = "sign-in-slow"
	SignInLockout Name = "sign-in-lockout"
	AccountBudget Name = "account-budget"
	KnownAddress  Name = "known-address"
	KnownDevice   Name = "known-device"
	Reauth        Name = "reauth"
)

// rules is the rule of each name in a table of limits.
var rules = map[Name]func(Limits) Rule{
	SignInAddress:    func(l Limits) Rule { return l.SignInAddress },
	ChatStarts:       func(l Limits) Rule { return l.ChatStarts },
	ChatAddress:      func(l Limits) Rule { return l.ChatAddress },
	ChatConversation: func(l Limits) Rule { return l.ChatConversation },
	ClientErrors:     func(l Limits) Rule { return l.ClientErrors },
	Exports:          func(l Limits) Rule { return l.Exports },
	ContactMessages:  func(l Limits) Rule { return l.ContactMessages },
	Callbacks:        func(l Limits) Rule { return l.Callbacks },
	Complaints:       func(l Limits) Rule { return l.Complaints },
	AccountLinks:     func(l Limits) Rule { return l.AccountLinks },
	Cancellations:    func(l Limits) Rule { return l.AccountLinks },
	Prices:           func(l Limits) Rule { return l.Prices },
	PriceKeeps:       func(l Limits) Rule { return l.PriceKeeps },
	SignInSlow:       func(l Limits) Rule { return l.SignInSlow },
	SignInLockout:    func(l Limits) Rule { return l.SignInLockout },
	AccountBudget:    func(l Limits) Rule { return l.AccountBudget },
	KnownAddress:     func(l Limits) Rule { return Rule{Burst: 1, Every: l.KnownAddress} },
	KnownDevice:      func(l Limits) Rule { return Rule{Burst: 1, Every: l.KnownDevice} },
	Reauth:           func(l Limits) Rule { return l.Reauth },
}

// Registry is every limit of the server, built once from the table by the
// composition root (pkg/app) and handed to each service, which asks it for
// its limits by name. A name gives the same Limiter to every service that
// asks: the account links' bucket of an address is one, whether the link
// resets a password (pkg/account) or opens prices (pkg/instant). Safe for
// concurrent use.
type Registry struct {
	limits Limits
	now    func() time.Time
	mu     sync.Mutex
	memory map[Name]*Limiter
}

// NewRegistry is the registry of the table l (Default when zero) over the
// clock now (time.Now when nil).
func NewRegistry(l Limits, now func() time.Time) *Registry {
	if now == nil {
		now = time.Now
	}
	return &Registry{limits: l.OrDefault(), now: now, memory: map[Name]*Limiter{}}
}

// Limits is the table the registry was built from.
func (r *Registry) Limits() Limits { return r.limits }

// Rule is the rule of the limit n. An unknown name is a mistake of the
// code, found by the first test that uses it: it panics.
func (r *Registry) Rule(n Name) Rule {
	rule, ok := rules[n]
	if !ok {
		panic(fmt.Sprintf("ratelimit: no limit named %q", n))
	}
	return rule(r.limits)
}

// Limiter is the limit n kept in this process's memory, the same one for
// every caller.
func (r *Registry) Limiter(n Name) *Limiter {
	rule := r.Rule(n)
	r.mu.Lock()
	defer r.mu.Unlock()
	l, ok := r.memory[n]
	if !ok {
		l = New(rule, r.now, r.limits.MaxKeys)
		r.memory[n] = l
	}
	return l
}

// Shared is the limit n kept in a Store, under its name.
func (r *Registry) Shared(n Name) Shared { return NewShared(string(n), r.Rule(n)) }

// Allow takes a token of the limit n (in memory) for key when ctx is a
// request of a client (WithClient), and refuses with an ETOOMANY error
// otherwise: refused, then « Réessayez dans N secondes. », the wait as its
// Retry-After. Without a client (the terminal, a task, a test of the
// service) nothing is counted: the limits hold the network back.
func (r *Registry) Allow(ctx context.Context, n Name, key, refused string) error {
	if _, ok := ClientOf(ctx); !ok {
		return nil
	}
	if ok, wait := r.Limiter(n).Allow(key); !ok {
		return TooMany(refused, wait)
	}
	return nil
}

// AllowClient is Allow keyed by the client's address (ClientKey).
func (r *Registry) AllowClient(ctx context.Context, n Name, refused string) error {
	return r.Allow(ctx, n, ClientKey(ctx), refused)
}

// TooMany is the answer of a limit: refused, then when to try again in
// whole seconds, at least one, and the wait as the Retry-After.
func TooMany(refused string, wait time.Duration) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	unit := "secondes"
	if secs == 1 {
		unit = "seconde"
	}
	msg := fmt.Sprintf("%s Réessayez dans %d %s.", refused, secs, unit)
	return &apperr.Error{Code: apperr.ETOOMANY, Message: msg, RetryAfter: wait}
}

type clientKey struct{}

// WithClient is ctx of a request from the client address addr, as the web
// server found it (behind its trusted proxies): the services count their
// per-address limits on it.
func WithClient(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, clientKey{}, addr)
}

// ClientOf is the client address of ctx, and whether ctx is a client's
// request at all.
func ClientOf(ctx context.Context) (string, bool) {
	a, ok := ctx.Value(clientKey{}).(string)
	return a, ok
}

// ClientKey is the key of ctx's client address in a per-address limit
// (AddrKey), "" without a client.
func ClientKey(ctx context.Context) string {
	a, _ := ClientOf(ctx)
	return AddrKey(a)
}
