package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// retryPolicy is the one policy of every write on PostgreSQL: WriteTx
// runs through it, and the Batcher, Claim and the event dispatcher run
// through WriteTx. A transaction that PostgreSQL could not serialize with
// a concurrent one (40001) or chose as the victim of a deadlock (40P01)
// runs again from the start, after a random pause whose bound doubles
// from first to most, until it commits or budget has passed since its
// first run and it has run alone at least once; only then is the failure
// returned. The pause is drawn from
// the whole bound ("full jitter"), so that writers that collided once do
// not all come back at the same moment. From its run number alone on, the
// transaction runs alone among the writers (see turnAlone): the pauses
// spread collisions, they do not stop a writer from losing every time to
// fresh ones on a row they all update.
//
// The budget is generous on purpose: under a burst on a small machine
// (sign-ups, chat, claims and the dispatcher together on two cores) a
// sign-up lost ten runs in a row, the former limit (90 ms of pauses at
// most), and answered 500 where a little later it would have committed.
// A request still ends with its context.
type retryPolicy struct {
	first, most, budget time.Duration
	alone               int
}

// defaultRetry is the policy of the store: pauses from 1 ms up to 100 ms,
// for 2 s in all, alone from the 8th run (after some 60 ms of pauses).
func defaultRetry() retryPolicy {
	return retryPolicy{first: time.Millisecond, most: 100 * time.Millisecond, budget: 2 * time.Second, alone: 8}
}

// do runs attempt, again while it fails with IsRetryable and the budget
// lasts, telling it whether the run is to be alone. A failure that
// persisted comes back wrapped with the number of runs it took, still told
// by IsRetryable; when ctx ends during a pause, the last failure comes
// back joined with ctx's error.
func (p retryPolicy) do(ctx context.Context, attempt func(alone bool) error) error {
	begin := time.Now()
	deadline := begin.Add(p.budget)
	bound := max(p.first, time.Microsecond)
	triedAlone := false
	for n := 1; ; n++ {
		// Alone from the run number p.alone, or once half the budget has
		// gone: on a loaded machine a run can take half a second, and a
		// writer that lost four of them must not give up before it has
		// run alone once (CI, 2026-12-07: three sign-ups out of 700 gave
		// up after 4 runs in 2 s).
		alone := p.alone > 0 && (n >= p.alone || time.Since(begin) >= p.budget/2)
		err := attempt(alone)
		if err == nil || !IsRetryable(err) {
			return err
		}
		triedAlone = triedAlone || alone
		left := time.Until(deadline)
		if left <= 0 && (triedAlone || p.alone <= 0) {
			return fmt.Errorf("transaction concurrente, %d essais: %w", n, err)
		}
		pause := min(time.Duration(rand.Int64N(int64(bound)))+1, max(left, 0))
		timer := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			timer.Stop()
			return errors.Join(err, ctx.Err())
		case <-timer.C:
		}
		bound = min(2*bound, max(p.most, p.first))
	}
}
