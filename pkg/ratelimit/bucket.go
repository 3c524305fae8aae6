package ratelimit

import (
	"math"
	"time"
)

// Rule is one limit: Burst requests at once, then one more every Every.
type Rule struct {
	Burst int
	Every time.Duration
}

// norm is r with at least one token and a positive period.
func (r Rule) norm() Rule {
	if r.Burst < 1 {
		r.Burst = 1
	}
	if r.Every <= 0 {
		r.Every = time.Nanosecond
	}
	return r
}

// The arithmetic of a token bucket, shared by Limiter and Shared. A bucket
// is kept as one instant, full: when it will hold Burst tokens again (the
// "theoretical arrival time" of the generic cell rate algorithm). Its debt
// at now, full-now when positive, is the time its missing tokens take to
// come back, so it holds Burst - debt/Every tokens. One number per bucket,
// in integer nanoseconds: nothing to refill on each read, no rounding, and a
// bucket whose instant is past is the same as no bucket at all, which is
// what lets a store forget it (and a purge find it by that instant alone).

// refill is how long an empty bucket takes to be full again: past it, a
// bucket is the same as a new one and may be forgotten.
func (r Rule) refill() int64 { return times(r.Burst, r.Every) }

// slack is the most debt a bucket may carry and still give a token.
func (r Rule) slack() int64 { return times(r.Burst-1, r.Every) }

// times is n×d in nanoseconds, saturated rather than wrapped: a rule
// without a practical limit (Burst 1<<30) must not overflow into one.
func times(n int, d time.Duration) int64 {
	if n > 0 && int64(d) > math.MaxInt64/int64(n) {
		return math.MaxInt64
	}
	return int64(n) * int64(d)
}

// debt is how long the bucket kept as full takes to be full again at now.
func debt(full, now int64) int64 { return max(0, full-now) }

// allow takes a token from the bucket when it holds one: it returns the
// bucket's new instant, whether there was a token, and when not how long
// until there is one (the bucket is then unchanged).
func (r Rule) allow(full, now int64) (int64, bool, time.Duration) {
	d := debt(full, now)
	if w := r.wait(full, now); w > 0 {
		return full, false, w
	}
	return now + d + int64(r.Every), true, 0
}

// wait is how long the bucket takes to hold one token, zero when it holds one.
func (r Rule) wait(full, now int64) time.Duration {
	return time.Duration(max(0, debt(full, now)-r.slack()))
}

// spend takes a token whether or not there is one, an empty bucket
// staying empty: it counts an event already done.
func (r Rule) spend(full, now int64) int64 {
	return now + min(debt(full, now)+int64(r.Every), r.refill())
}

// refund gives back one token, up to the burst.
func (r Rule) refund(full, now int64) int64 {
	return now + max(0, debt(full, now)-int64(r.Every))
}
