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
