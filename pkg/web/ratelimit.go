package web

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// RateLimiter allows each key a burst of requests that refills at a steady
// rate (a token bucket per key), in memory.
type RateLimiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	burst   float64
	every   time.Duration
	now     func() time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewRateLimiter lets each key make burst requests at once, then one more
// every `every`. now is the clock (time.Now outside tests).
func NewRateLimiter(burst int, every time.Duration, now func() time.Time) *RateLimiter {
	return &RateLimiter{buckets: map[string]*bucket{}, burst: float64(burst), every: every, now: now}
}

// Allow takes a token for key and tells whether there was one; when not,
// it also says how long until the next one.
func (l *RateLimiter) Allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) > 10000 {
			l.sweep(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.every))
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(l.every))
}

// sweep forgets full buckets, which behave as new ones, so the map stays small.
func (l *RateLimiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+float64(now.Sub(b.last))/float64(l.every) >= l.burst {
			delete(l.buckets, k)
		}
	}
}

// clientIP is the peer address of the request. X-Forwarded-For is not
// trusted: a proxy deployment will configure that in the server.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
