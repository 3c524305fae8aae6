package ratelimit

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"courtier/pkg/store/storetest"
)

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// step is one action on a limiter at a time the test moves to.
type step struct {
	after  time.Duration // clock moved by this much before the action
	op     string        // allow, wait, spend, refund, reset
	key    string
	ok     bool          // allow: the answer
	wait   time.Duration // allow and wait: the answer
	remark string
}

func TestLimiterSteps(t *testing.T) {
	rule := Rule{Burst: 2, Every: 10 * time.Second}
	cases := []struct {
		name  string
		steps []step
	}{
		{"burst then refused with the wait", []step{
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: false, wait: 10 * time.Second},
			{after: 4 * time.Second, op: "allow", key: "a", ok: false, wait: 6 * time.Second},
			{op: "allow", key: "b", ok: true, remark: "another key has its own bucket"},
		}},
		{"refill one token per period, never past the burst", []step{
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{after: 10 * time.Second, op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: false, wait: 10 * time.Second},
			{after: time.Hour, op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: false, wait: 10 * time.Second},
		}},
		{"wait checks without taking", []step{
			{op: "wait", key: "a", wait: 0},
			{op: "wait", key: "a", wait: 0},
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{op: "wait", key: "a", wait: 10 * time.Second},
			{after: 10 * time.Second, op: "wait", key: "a", wait: 0},
			{op: "allow", key: "a", ok: true},
		}},
		{"spend counts past an empty bucket without going below it", []step{
			{op: "spend", key: "a"},
			{op: "spend", key: "a"},
			{op: "spend", key: "a"},
			{op: "wait", key: "a", wait: 10 * time.Second},
			{after: 10 * time.Second, op: "allow", key: "a", ok: true},
		}},
		{"refund gives back one token, never past the burst", []step{
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{op: "refund", key: "a"},
			{op: "allow", key: "a", ok: true},
			{op: "refund", key: "a"},
			{op: "refund", key: "a"},
			{op: "refund", key: "a"},
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: false, wait: 10 * time.Second},
			{op: "refund", key: "unknown"},
			{op: "allow", key: "unknown", ok: true},
		}},
		{"reset gives a full bucket", []step{
			{op: "spend", key: "a"},
			{op: "spend", key: "a"},
			{op: "reset", key: "a"},
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: false, wait: 10 * time.Second},
		}},
		{"a key kept across generations keeps its count", []step{
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{after: 19 * time.Second, op: "allow", key: "b", ok: true, remark: "b starts a generation"},
			{after: 2 * time.Second, op: "wait", key: "a", wait: 0, remark: "a refilled 2 tokens in 21 s"},
			{op: "allow", key: "a", ok: true},
			{op: "allow", key: "a", ok: true},
			{after: 25 * time.Second, op: "allow", key: "c", ok: true, remark: "rotation: a moves to prev"},
			{op: "allow", key: "a", ok: true},
		}},
	}
	for _, c := range cases {
		for _, kind := range []string{"memory", "store"} {
			t.Run(kind+"/"+c.name, func(t *testing.T) {
				clock := storetest.NewClock(t0)
				var l stepper = New(rule, clock.Now, 0)
				if kind == "store" {
					l = sharedStepper{NewShared("test", rule), &mapStore{now: clock.Now}}
				}
				for i, s := range c.steps {
					clock.Advance(s.after)
					s.run(t, i, l)
				}
			})
		}
	}
}

// stepper is what the steps do to a limiter: Limiter's methods, which a
// Shared over a Store answers as well (sharedStepper).
type stepper interface {
	Allow(key string) (bool, time.Duration)
	Wait(key string) time.Duration
	Spend(key string)
	Refund(key string)
	Reset(key string)
}

func (s step) run(t *testing.T, i int, l stepper) {
	t.Helper()
	switch s.op {
	case "allow":
		ok, wait := l.Allow(s.key)
		if ok != s.ok || wait != s.wait {
			t.Fatalf("step %d (%s): Allow(%q) = %v, %v; want %v, %v", i, s.remark, s.key, ok, wait, s.ok, s.wait)
		}
	case "wait":
		if wait := l.Wait(s.key); wait != s.wait {
			t.Fatalf("step %d (%s): Wait(%q) = %v, want %v", i, s.remark, s.key, wait, s.wait)
		}
	case "spend":
		l.Spend(s.key)
	case "reset":
		l.Reset(s.key)
	case "refund":
		l.Refund(s.key)
	default:
		t.Fatalf("unknown op %q", s.op)
	}
}

// A flood of distinct keys never holds more than the cap, and idle keys
// are forgotten a refill later, by whole generations.
func TestLimiterMemoryBounded(t *testing.T) {
	cases := []struct {
		name    string
		maxKeys int
		keys    int
		advance time.Duration // between keys
		atMost  int
	}{
		{"flood within a generation stays under the cap", 1024, 100_000, 0, 1024},
		{"flood over time stays under the cap", 1024, 50_000, time.Millisecond, 1024},
		{"idle keys are forgotten after two refills", 1 << 20, 5000, 5 * time.Millisecond, 1300},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			clock := storetest.NewClock(t0)
			l := New(Rule{Burst: 3, Every: time.Second}, clock.Now, c.maxKeys)
			for i := range c.keys {
				clock.Advance(c.advance)
				l.Allow("k" + strconv.Itoa(i))
			}
			if n := l.Len(); n > c.atMost {
				t.Errorf("%d keys remembered, want at most %d", n, c.atMost)
			}
		})
	}
	clock := storetest.NewClock(t0)
	l := New(Rule{Burst: 3, Every: time.Second}, clock.Now, 0)
	for i := range 1000 {
		l.Allow(strconv.Itoa(i))
	}
	// Two refills later every shard that sees a request drops them all.
	clock.Advance(7 * time.Second)
	for i := range 200 {
		l.Allow("new" + strconv.Itoa(i))
	}
	clock.Advance(7 * time.Second)
	for i := range 200 {
		l.Allow("newer" + strconv.Itoa(i))
	}
	if n := l.Len(); n > 400 {
		t.Errorf("%d keys remembered after the old ones went idle, want at most 400", n)
	}
}

// A key pushed out by a flood starts again with a full bucket: the
// documented meaning of eviction.
func TestEvictedKeyStartsFull(t *testing.T) {
	clock := storetest.NewClock(t0)
	l := New(Rule{Burst: 1, Every: time.Hour}, clock.Now, 64)
	if ok, _ := l.Allow("victim"); !ok {
		t.Fatal("first request refused")
	}
	if ok, _ := l.Allow("victim"); ok {
		t.Fatal("second request allowed")
	}
	for i := range 10_000 {
		l.Allow(fmt.Sprint("flood", i))
	}
	if ok, _ := l.Allow("victim"); !ok {
		t.Fatal("an evicted key should start with a full bucket")
	}
}

func TestAddrKey(t *testing.T) {
	cases := []struct{ in, want string }{
		{"192.0.2.7", "192.0.2.7"},
		{"::ffff:192.0.2.7", "192.0.2.7"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", "2001:db8:1:3::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"::1", "::/64"},
		{"pas une adresse", "pas une adresse"},
	}
	for _, c := range cases {
		if got := AddrKey(c.in); got != c.want {
			t.Errorf("AddrKey(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestDefaultLimits(t *testing.T) {
	d := Default()
	if (Limits{}).OrDefault() != d {
		t.Error("zero limits do not take the defaults")
	}
	custom := Limits{SignInAddress: Rule{Burst: 1, Every: time.Second}}
	if custom.OrDefault() != custom {
		t.Error("custom limits replaced by the defaults")
	}
	if d.AccountBudget.Burst < 10*d.SignInLockout.Burst {
		t.Error("the per-account budget must be far higher than the per-address lockout")
	}
}
