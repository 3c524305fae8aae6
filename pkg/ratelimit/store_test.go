package ratelimit

import (
	"context"
	"errors"
	"maps"
	"sync"
	"testing"
	"time"

	"courtier/pkg/store/storetest"
)

// mapStore is a Store in a map, as a database keeps it: one row per
// bucket not full, an Update all or nothing.
type mapStore struct {
	mu     sync.Mutex
	now    func() time.Time
	rows   map[[2]string]time.Time
	writes int
}

func (s *mapStore) Update(_ context.Context, fn func(Buckets) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := &mapBuckets{now: s.now(), rows: maps.Clone(s.rows)}
	if b.rows == nil {
		b.rows = map[[2]string]time.Time{}
	}
	if err := fn(b); err != nil {
		return err
	}
	s.rows, s.writes = b.rows, s.writes+b.writes
	return nil
}

type mapBuckets struct {
	now    time.Time
	rows   map[[2]string]time.Time
	writes int
}

func (b *mapBuckets) Now() time.Time { return b.now }

func (b *mapBuckets) Full(name, key string) (time.Time, error) {
	return b.rows[[2]string{name, key}], nil
}

func (b *mapBuckets) SetFull(name, key string, full time.Time) error {
	b.writes++
	if !full.After(b.now) {
		delete(b.rows, [2]string{name, key})
		return nil
	}
	b.rows[[2]string{name, key}] = full
	return nil
}

// sharedStepper runs each step of TestLimiterSteps as an Update of its own.
type sharedStepper struct {
	l  Shared
	st *mapStore
}

func (s sharedStepper) update(fn func(Buckets) error) {
	if err := s.st.Update(context.Background(), fn); err != nil {
		panic(err)
	}
}

func (s sharedStepper) Allow(key string) (ok bool, wait time.Duration) {
	s.update(func(b Buckets) (err error) {
		ok, wait, err = s.l.Allow(b, key)
		return err
	})
	return ok, wait
}

func (s sharedStepper) Wait(key string) (wait time.Duration) {
	s.update(func(b Buckets) (err error) {
		wait, err = s.l.Wait(b, key)
		return err
	})
	return wait
}

func (s sharedStepper) Spend(key string) {
	s.update(func(b Buckets) error { return s.l.Spend(b, key) })
}
func (s sharedStepper) Refund(key string) {
	s.update(func(b Buckets) error { return s.l.Refund(b, key) })
}
func (s sharedStepper) Reset(key string) {
	s.update(func(b Buckets) error { return s.l.Reset(b, key) })
}

// A Store keeps only the buckets that are not full: a refused request
// writes nothing, and a bucket given back its last token is forgotten, so
// the rows of a database are the keys being limited and no others.
func TestSharedKeepsOnlyBucketsNotFull(t *testing.T) {
	clock := storetest.NewClock(t0)
	st := &mapStore{now: clock.Now}
	s := sharedStepper{NewShared("test", Rule{Burst: 2, Every: 10 * time.Second}), st}
	cases := []struct {
		after  time.Duration
		do     func()
		rows   int
		writes int
	}{
		{0, func() { s.Wait("a") }, 0, 0},
		{0, func() { s.Allow("a") }, 1, 1},
		{0, func() { s.Allow("a") }, 1, 2},
		{0, func() { s.Allow("a") }, 1, 2},
		{0, func() { s.Refund("a") }, 1, 3},
		{0, func() { s.Refund("a") }, 0, 4},
		{0, func() { s.Refund("a") }, 0, 4},
		{0, func() { s.Spend("b") }, 1, 5},
		{10 * time.Second, func() { s.Allow("b") }, 1, 6},
		{20 * time.Second, func() { s.Wait("b") }, 1, 6},
		{0, func() { s.Reset("b") }, 0, 7},
	}
	for i, c := range cases {
		clock.Advance(c.after)
		c.do()
		if len(st.rows) != c.rows || st.writes != c.writes {
			t.Fatalf("step %d: %d rows after %d writes, want %d after %d", i, len(st.rows), st.writes, c.rows, c.writes)
		}
	}
}

// Several limits checked in one Update are counted together or not at
// all: a failure after the first count leaves it uncounted.
func TestSharedLimitsInOneUpdate(t *testing.T) {
	clock := storetest.NewClock(t0)
	st := &mapStore{now: clock.Now}
	first, second := NewShared("first", Rule{Burst: 1, Every: time.Hour}), NewShared("second", Rule{Burst: 1, Every: time.Hour})
	boom := errors.New("panne")
	err := st.Update(context.Background(), func(b Buckets) error {
		if ok, _, err := first.Allow(b, "k"); !ok || err != nil {
			t.Fatalf("first Allow = %v, %v", ok, err)
		}
		return boom
	})
	if !errors.Is(err, boom) || len(st.rows) != 0 {
		t.Fatalf("Update = %v with %d rows, want the failure and no row", err, len(st.rows))
	}
	err = st.Update(context.Background(), func(b Buckets) error {
		for _, l := range []Shared{first, second} {
			if ok, _, err := l.Allow(b, "k"); !ok || err != nil {
				t.Fatalf("Allow = %v, %v", ok, err)
			}
		}
		return nil
	})
	if err != nil || len(st.rows) != 2 {
		t.Fatalf("Update = %v with %d rows, want 2", err, len(st.rows))
	}
}

// A rule without a practical limit (the benchmarks' Burst 1<<30) must not
// overflow into a small one, in memory or in a store.
func TestHugeRuleDoesNotOverflow(t *testing.T) {
	rule := Rule{Burst: 1 << 30, Every: time.Minute}
	clock := storetest.NewClock(t0)
	for _, l := range []stepper{New(rule, clock.Now, 0), sharedStepper{NewShared("huge", rule), &mapStore{now: clock.Now}}} {
		for i := range 1000 {
			if ok, wait := l.Allow("k"); !ok {
				t.Fatalf("%T: request %d refused (wait %v)", l, i, wait)
			}
		}
		l.Spend("k")
		if w := l.Wait("k"); w != 0 {
			t.Fatalf("%T: Wait = %v, want 0", l, w)
		}
	}
}
