package ratelimit

import (
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkAllow measures one request against a limiter already holding
// 1,000 or 100,000 addresses: the cost must not grow with the number
// (the old limiter swept every key past 10,000). The clock moves 1 µs per
// request, so generations rotate as in production.
func BenchmarkAllow(b *testing.B) {
	for _, keys := range []int{1_000, 100_000} {
		b.Run("keys="+strconv.Itoa(keys), func(b *testing.B) {
			var tick atomic.Int64
			now := func() time.Time { return time.Unix(0, tick.Add(1000)) }
			l := New(Rule{Burst: 20, Every: 45 * time.Second}, now, 4*keys)
			names := make([]string, keys)
			for i := range names {
				names[i] = "198.51." + strconv.Itoa(i/256%256) + "." + strconv.Itoa(i%256) + "/" + strconv.Itoa(i/65536)
				l.Allow(names[i])
			}
			b.ReportAllocs()
			b.ResetTimer()
			i := 0
			for b.Loop() {
				l.Allow(names[i])
				i++
				if i == keys {
					i = 0
				}
			}
			b.StopTimer()
			if n := l.Len(); n < keys/2 {
				b.Fatalf("only %d of %d keys remembered", n, keys)
			}
		})
	}
}

// BenchmarkFlood measures a flood of addresses never seen before against a
// limiter full at its cap of 1,000 or 100,000 keys: the case where the old
// limiter swept every key under its lock on each request.
func BenchmarkFlood(b *testing.B) {
	pool := make([]string, 1<<18)
	for i := range pool {
		pool[i] = "2001:db8:" + strconv.Itoa(i) + "::/64"
	}
	for _, keys := range []int{1_000, 100_000} {
		b.Run("keys="+strconv.Itoa(keys), func(b *testing.B) {
			var tick atomic.Int64
			now := func() time.Time { return time.Unix(0, tick.Add(1000)) }
			l := New(Rule{Burst: 20, Every: 45 * time.Second}, now, keys)
			for i := range keys {
				l.Allow("prefill" + strconv.Itoa(i))
			}
			b.ReportAllocs()
			b.ResetTimer()
			i := 0
			for b.Loop() {
				l.Allow(pool[i&(len(pool)-1)])
				i++
			}
			b.StopTimer()
			if n := l.Len(); n > keys {
				b.Fatalf("%d keys remembered, cap %d", n, keys)
			}
		})
	}
}

// BenchmarkPlainMap is the floor to compare BenchmarkAllow with: one read
// and one write of a Go map holding as many keys, no lock, no clock. Its
// own growth from 1,000 to 100,000 keys is the CPU cache's, not the work's.
func BenchmarkPlainMap(b *testing.B) {
	for _, keys := range []int{1_000, 100_000} {
		b.Run("keys="+strconv.Itoa(keys), func(b *testing.B) {
			m := make(map[string]int64)
			names := make([]string, keys)
			for i := range names {
				names[i] = "198.51." + strconv.Itoa(i/256%256) + "." + strconv.Itoa(i%256) + "/" + strconv.Itoa(i/65536)
				m[names[i]] = 0
			}
			b.ResetTimer()
			i := 0
			for b.Loop() {
				v := m[names[i]]
				v += int64(45 * time.Second)
				m[names[i]] = v
				i++
				if i == keys {
					i = 0
				}
			}
		})
	}
}
