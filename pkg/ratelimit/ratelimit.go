// Package ratelimit is the one rate limiter of courtier: a token bucket per
// key, whose arithmetic is written once (bucket.go) and kept in one of two
// places. Limiter keeps the buckets in the process's memory, at a cost per
// request that does not grow with the number of keys and a hard cap on
// memory. Shared keeps them in a Store, a database every instance of the
// server reads, for the limits that must hold across instances (store.go).
// Their numbers are in one table (limits.go); the Registry (registry.go)
// holds every limit of the server by name, built once by pkg/app, and the
// services alone ask it: a service decides its limits in the method that
// acts, the web server only passes the client's address (WithClient) and
// turns the ETOOMANY error into a 429 with its Retry-After.
package ratelimit

import (
	"hash/maphash"
	"sync"
	"time"
)

// DefaultMaxKeys is the hard cap on the keys one limiter remembers. A
// bucket costs about 100 bytes with its key, so a limiter stays under
// about 7 MB however many addresses flood it.
const DefaultMaxKeys = 1 << 16

// shardCount splits a limiter into independently locked parts, so that
// requests for different keys rarely wait for each other.
const shardCount = 16

// Limiter holds a token bucket per key in memory. Keys that have not been
// seen for a full refill are forgotten by whole generations (see shard),
// never by a sweep of every key. Safe for concurrent use.
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
	// Each shard holds two generations of at most perGen keys each.
	perGen := max(1, maxKeys/(2*shardCount))
	l := &Limiter{rule: rule.norm(), now: now, seed: maphash.MakeSeed()}
	for i := range l.shards {
		l.shards[i].perGen = perGen
	}
	return l
}

// Allow takes a token for key and tells whether there was one; when not,
// it also tells how long until the next one.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	sh, now := l.shard(key), l.now().UnixNano()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	full := sh.take(key, now, l.rule)
	next, ok, wait := l.rule.allow(full, now)
	sh.cur[key] = next
	return ok, wait
}

// Wait tells how long key must wait for a token, zero when one is there,
// without taking it: "is this account locked" before checking a password.
func (l *Limiter) Wait(key string) time.Duration {
	sh, now := l.shard(key), l.now().UnixNano()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	full, _ := sh.find(key, now, l.rule)
	return l.rule.wait(full, now)
}

// Spend takes a token for key whether or not there is one (an empty
// bucket stays empty): it counts an event already done, a wrong password.
func (l *Limiter) Spend(key string) {
	sh, now := l.shard(key), l.now().UnixNano()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.cur[key] = l.rule.spend(sh.take(key, now, l.rule), now)
}

// Refund gives back a token Allow took for key, up to the burst: an
// attempt counted before its outcome was known turned out fine.
func (l *Limiter) Refund(key string) {
	sh, now := l.shard(key), l.now().UnixNano()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if full, ok := sh.find(key, now, l.rule); ok {
		sh.cur[key] = l.rule.refund(full, now)
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

// shard holds its keys, each with the instant its bucket is full again
// (Unix nanoseconds, see bucket.go), in two generations: cur, where every
// key seen goes, and prev, the generation before. When cur is a refill
// old, or full, prev is dropped whole and cur becomes prev: a dropped key
// had not been seen for a refill at least (its bucket was full) unless the
// cap forced it out. So each request costs a map lookup or two, whatever
// the number of keys.
type shard struct {
	mu       sync.Mutex
	cur      map[string]int64
	prev     map[string]int64
	curStart int64
	perGen   int
}

// rotate starts a new generation when the current one is a refill old or full.
func (sh *shard) rotate(now int64, rule Rule) {
	if sh.cur == nil {
		sh.cur, sh.curStart = make(map[string]int64), now
		return
	}
	if now-sh.curStart < rule.refill() && len(sh.cur) < sh.perGen {
		return
	}
	sh.prev, sh.cur, sh.curStart = sh.cur, make(map[string]int64, len(sh.cur)/2), now
}

// find returns when key's bucket is full again (now for a key it does not
// know: full), and whether it knew the key.
func (sh *shard) find(key string, now int64, rule Rule) (int64, bool) {
	sh.rotate(now, rule)
	full, ok := sh.cur[key]
	if !ok {
		full, ok = sh.prev[key]
	}
	if !ok {
		return now, false
	}
	return full, true
}

// take is find for a key about to be written: it leaves prev for cur.
func (sh *shard) take(key string, now int64, rule Rule) int64 {
	full, _ := sh.find(key, now, rule)
	delete(sh.prev, key)
	return full
}
