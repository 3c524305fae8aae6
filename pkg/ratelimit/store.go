package ratelimit

import (
	"context"
	"time"
)

// Store keeps token buckets where every instance of the server sees them:
// a limit kept in one process's memory gives a client spread over N
// instances behind a load balancer N times its budget, and a key refused
// on one instance is not refused on another. pkg/account keeps its
// sign-in limits in the database through one.
type Store interface {
	// Update runs fn in one atomic step of the store: no other Update, in
	// this process or another, reads or writes the buckets fn reads or
	// writes between its reads and its writes. An error of fn (or of the
	// store) leaves every bucket as it was. fn may run more than once (a
	// database transaction retried after a conflict), so it must act only
	// through the Buckets it is given and set its results afresh each time.
	Update(ctx context.Context, fn func(Buckets) error) error
}

// Buckets are the buckets of a Store within one Update. Each is named by
// its limit and its key and kept as the instant it is full again (see
// bucket.go): a bucket the store does not keep is full.
type Buckets interface {
	// Now is the instant of the Update, the same for every bucket it reads.
	Now() time.Time
	// Full is when the bucket of key in limit name is full again; the zero
	// time, or any instant not after Now, for a full bucket.
	Full(name, key string) (time.Time, error)
	// SetFull keeps that instant for the bucket; one not after Now forgets
	// the bucket, which is full.
	SetFull(name, key string, full time.Time) error
}

// Shared is a limit whose buckets are kept in a Store: the same token
// bucket as Limiter's, to run inside Store.Update, where several limits
// may be checked and counted in one atomic step.
type Shared struct {
	name string
	rule Rule
}

// NewShared is the limit rule kept in a Store under name, a constant of
// the code that tells its buckets from another limit's.
func NewShared(name string, rule Rule) Shared {
	return Shared{name: name, rule: rule.norm()}
}

// Allow takes a token for key and tells whether there was one; when not,
// it also tells how long until the next one.
func (s Shared) Allow(b Buckets, key string) (bool, time.Duration, error) {
	full, now, err := s.read(b, key)
	if err != nil {
		return false, 0, err
	}
	next, ok, wait := s.rule.allow(full, now)
	if !ok {
		return false, wait, nil
	}
	return true, 0, s.write(b, key, next, now)
}

// Wait tells how long key must wait for a token, zero when one is there,
// without taking it.
func (s Shared) Wait(b Buckets, key string) (time.Duration, error) {
	full, now, err := s.read(b, key)
	if err != nil {
		return 0, err
	}
	return s.rule.wait(full, now), nil
}

// Spend takes a token for key whether or not there is one (an empty
// bucket stays empty): it counts an event already done.
func (s Shared) Spend(b Buckets, key string) error {
	full, now, err := s.read(b, key)
	if err != nil {
		return err
	}
	return s.write(b, key, s.rule.spend(full, now), now)
}

// Refund gives back a token Allow took for key, up to the burst.
func (s Shared) Refund(b Buckets, key string) error {
	full, now, err := s.read(b, key)
	if err != nil || full <= now {
		return err
	}
	return s.write(b, key, s.rule.refund(full, now), now)
}

// Reset forgets key: its bucket is full again.
func (s Shared) Reset(b Buckets, key string) error {
	return b.SetFull(s.name, key, time.Time{})
}

// read is when key's bucket is full again and the Update's instant, in
// Unix nanoseconds; a full bucket reads as now.
func (s Shared) read(b Buckets, key string) (full, now int64, err error) {
	now = b.Now().UnixNano()
	t, err := b.Full(s.name, key)
	if err != nil || t.IsZero() {
		return now, now, err
	}
	return max(now, t.UnixNano()), now, nil
}

// write keeps the instant full for key's bucket (forgotten when full).
func (s Shared) write(b Buckets, key string, full, now int64) error {
	if full <= now {
		return b.SetFull(s.name, key, time.Time{})
	}
	return b.SetFull(s.name, key, time.Unix(0, full).UTC())
}
