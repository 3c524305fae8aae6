// Package ratelimit is the one rate limiter of courtier: a token bucket per
// key, in memory, whose cost per request does not grow with the number of
// keys and whose memory has a hard cap. Web, account and chat limits all use
// it; their numbers are in limits.go.
package ratelimit

import (
	"hash/maphash"
	"sync"
	"time"
)

// Rule is one limit: Burst requests at once, then one more every Every.
type Rule struct {
	Burst int
	Every time.Duration
}

// refill is how long an empty bucket takes to be full again: past it, a
// bucket is the same as a new one and may be forgotten.
func (r Rule) refill() time.Duration { return time.Duration(r.Burst) * r.Every }

// DefaultMaxKeys is the hard cap on the keys one limiter remembers. A
// bucket costs about 100 bytes with its key, so a limiter stays under
// about 7 MB however many addresses flood it.
const DefaultMaxKeys = 1 << 16

// shardCount splits a limiter into independently locked parts, so that
// requests for different keys rarely wait for each other.
const shardCount = 16

// Limiter holds a token bucket per key. Keys that have not been seen for
// a full refill are forgotten by whole generations (see shard), never by a
// sweep of every key. Safe for concurrent use.
type Limiter struct {
	rule   Rule
	now    func() time.Time
	seed   maphash.Seed
	shards [shardCount]shard
}

// New builds a limiter of rule over the clock now (time.Now outside tests)
// remembering at most maxKeys keys (DefaultMaxKeys when zero or less).
//
// When a flood of new keys reaches the cap, the keys least recently seen
// are forgotten first, a generation at a time: a forgotten key starts again
// with a full bucket, as if it had never been seen.
func New(rule Rule, now func() time.Time, maxKeys int) *Limiter {
	if maxKeys <= 0 {
		maxKeys = DefaultMaxKeys
	}
	if rule.Burst < 1 {
		rule.Burst = 1
	}
	if rule.Every <= 0 {
		rule.Every = time.Nanosecond
	}
	// Each shard holds two generations of at most perGen keys each.
	perGen := max(1, maxKeys/(2*shardCount))
	l := &Limiter{rule: rule, now: now, seed: maphash.MakeSeed()}
	for i := range l.shards {
		l.shards[i].perGen = perGen
	}
	return l
}

// Allow takes a token for key and tells whether there was one; when not,
// it also tells how long until the next one.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	sh, now := l.shard(key), l.now()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	b := sh.take(key, now, l.rule)
	if b.tokens >= 1 {
		b.tokens--
		sh.cur[key] = b
		return true, 0
	}
	sh.cur[key] = b
	return false, l.wait(b)
}

// Wait tells how long key must wait for a token, zero when one is there,
// without taking it: "is this account locked" before checking a password.
func (l *Limiter) Wait(key string) time.Duration {
	sh, now := l.shard(key), l.now()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	b, ok := sh.find(key, now, l.rule)
	if !ok || b.tokens >= 1 {
		return 0
	}
	return l.wait(b)
}

// Spend takes a token for key whether or not there is one (an empty
// bucket stays empty): it counts an event already done, a wrong password.
func (l *Limiter) Spend(key string) {
	sh, now := l.shard(key), l.now()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	b := sh.take(key, now, l.rule)
	b.tokens = max(0, b.tokens-1)
	sh.cur[key] = b
}

// Refund gives back a token Allow took for key, up to the burst: an
// attempt counted before its outcome was known turned out fine.
func (l *Limiter) Refund(key string) {
	sh, now := l.shard(key), l.now()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	b, ok := sh.find(key, now, l.rule)
	if ok {
		b.tokens = min(float64(l.rule.Burst), b.tokens+1)
		sh.cur[key] = b
		delete(sh.prev, key)
	}
}

// Reset forgets key: its bucket is full again (after a successful sign-in).
func (l *Limiter) Reset(key string) {
	sh := l.shard(key)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	delete(sh.cur, key)
	delete(sh.prev, key)
}

// Len is how many keys the limiter remembers, for tests and benchmarks.
func (l *Limiter) Len() int {
	n := 0
	for i := range l.shards {
		sh := &l.shards[i]
		sh.mu.Lock()
		n += len(sh.cur) + len(sh.prev)
		sh.mu.Unlock()
	}
	return n
}

func (l *Limiter) shard(key string) *shard {
	return &l.shards[maphash.String(l.seed, key)%shardCount]
}

// wait is how long bucket b takes to hold one token.
func (l *Limiter) wait(b bucket) time.Duration {
	return max(time.Nanosecond, time.Duration((1-b.tokens)*float64(l.rule.Every)))
}

// bucket is a key's tokens when last seen (in Unix nanoseconds).
type bucket struct {
	tokens float64
	last   int64
}

// shard holds its keys in two generations: cur, where every key seen goes,
// and prev, the generation before. When cur is a refill old, or full, prev
// is dropped whole and cur becomes prev: a dropped key had not been seen
// for a refill at least (its bucket was full) unless the cap forced it out.
// So each request costs a map lookup or two, whatever the number of keys.
type shard struct {
	mu       sync.Mutex
	cur      map[string]bucket
	prev     map[string]bucket
	curStart int64
	perGen   int
}

// rotate starts a new generation when the current one is a refill old or full.
func (sh *shard) rotate(now int64, rule Rule) {
	if sh.cur == nil {
		sh.cur, sh.curStart = make(map[string]bucket), now
		return
	}
	if now-sh.curStart < int64(rule.refill()) && len(sh.cur) < sh.perGen {
		return
	}
	sh.prev, sh.cur, sh.curStart = sh.cur, make(map[string]bucket, len(sh.cur)/2), now
}

// find returns key's bucket refilled up to now, and whether it was known.
func (sh *shard) find(key string, t time.Time, rule Rule) (bucket, bool) {
	now := t.UnixNano()
	sh.rotate(now, rule)
	b, ok := sh.cur[key]
	if !ok {
		b, ok = sh.prev[key]
	}
	if !ok {
		return bucket{tokens: float64(rule.Burst), last: now}, false
	}
	if now > b.last {
		b.tokens = min(float64(rule.Burst), b.tokens+float64(now-b.last)/float64(rule.Every))
		b.last = now
	}
	return b, true
}

// take is find for a key about to be written: it leaves prev for cur.
func (sh *shard) take(key string, t time.Time, rule Rule) bucket {
	b, _ := sh.find(key, t, rule)
	delete(sh.prev, key)
	return b
}
