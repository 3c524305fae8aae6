package account

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/ratelimit"
)

// The purge deletes a bucket once it is full again, and not before: a
// wrong password leaves its rows for the time their rules take to refill
// (ratelimit.Default), a sign-in the known address for 30 days.
func TestPurgeRateBuckets(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, marie, "")
	_, _, err := f.svc.SignIn(ctx, Credentials{Email: marie, Password: "mauvais mot de passe", IP: addrA})
	wantErr(t, err, apperr.EUNAUTHORIZED, "", "incorrect")
	if _, _, err := f.svc.SignIn(ctx, Credentials{Email: marie, Password: goodPassword, IP: addrB}); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		after   time.Duration
		deleted int
		left    int
		why     string
	}{
		{0, 0, 4, "A's slow-down, lockout, the budget and B known"},
		{time.Minute - time.Millisecond, 0, 4, "A's slow-down is a millisecond from full"},
		{time.Millisecond, 1, 3, "A's slow-down is full again"},
		{5 * time.Minute, 1, 2, "the budget is full again"},
		{9 * time.Minute, 1, 1, "A's lockout is full again"},
		{30*24*time.Hour - 15*time.Minute, 1, 0, "B is no longer known"},
		{0, 0, 0, "nothing left to purge"},
	}
	for i, s := range steps {
		f.clock.Advance(s.after)
		n, err := f.svc.PurgeRateBuckets(ctx)
		if err != nil {
			t.Fatal(err)
		}
		left, err := countRateBuckets(ctx, f.db)
		if err != nil {
			t.Fatal(err)
		}
		if n != s.deleted || left != s.left {
			t.Errorf("step %d (%s): %d deleted, %d left; want %d, %d", i, s.why, n, left, s.deleted, s.left)
		}
	}
}

// A purge call deletes at most its batches' worth of rows; the next call
// goes on where it stopped.
func TestPurgeRateBucketsIsBounded(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	l := ratelimit.NewShared("test", ratelimit.Rule{Burst: 1, Every: time.Minute})
	const rows = 2*rateBucketsBatch + 200
	err := f.svc.guard.buckets.Update(ctx, func(b ratelimit.Buckets) error {
		for i := range rows {
			if err := l.Spend(b, strconv.Itoa(i)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(time.Minute)
	for i, want := range []int{2 * rateBucketsBatch, 200, 0} {
		n, err := f.svc.purgeRateBuckets(ctx, 2)
		if err != nil || n != want {
			t.Fatalf("call %d: %d deleted (%v), want %d", i, n, err, want)
		}
	}
}

// Re-authentication counts per session across instances: a stolen session
// whose wrong passwords go alternately to both is stopped at the count of
// one instance, on both, and the owner's session is not.
func TestReauthenticationAcrossInstances(t *testing.T) {
	_, svcs := newInstances(t, 2, roomyLimits())
	mustCreateOn(t, svcs[0], marie)
	ctx := context.Background()
	signIn := func(svc *Service) *Session {
		_, sess, err := svc.SignIn(ctx, Credentials{Email: marie, Password: goodPassword, IP: addrA})
		if err != nil {
			t.Fatal(err)
		}
		return sess
	}
	owner, thief := signIn(svcs[0]), signIn(svcs[1])
	for i := range 5 {
		_, _, err := svcs[i%2].ChangePassword(ctx, thief, "devine", "un-autre-mot-de-passe-long")
		wantErr(t, err, apperr.EINVALID, "currentPassword", "Mot de passe actuel incorrect.")
	}
	for _, svc := range svcs {
		_, _, err := svc.ChangePassword(ctx, thief, goodPassword, "un-autre-mot-de-passe-long")
		wantErr(t, err, apperr.ETOOMANY, "", "Trop de mots de passe incorrects.")
	}
	if _, _, err := svcs[1].ChangePassword(ctx, owner, goodPassword, "un-autre-mot-de-passe-long"); err != nil {
		t.Fatalf("the owner could not change the password: %v", err)
	}
}

// TestConcurrentGuessesAcrossInstancesWaitTheirTurn: 64 wrong passwords
// for one account, all at once, from 64 addresses through two instances.
// Every one is counted and answered (a wrong password or a refusal), none
// fails: the writers of the account's rows wait their turn
// (store.Tx.LockWriters) where PostgreSQL's SERIALIZABLE alone would fail
// all but one of them, again and again.
func TestConcurrentGuessesAcrossInstancesWaitTheirTurn(t *testing.T) {
	_, svcs := newInstances(t, 2, roomyLimits())
	mustCreateOn(t, svcs[0], marie)
	var wg sync.WaitGroup
	codes := make(chan apperr.Code, 64)
	for i := range 64 {
		wg.Go(func() {
			_, _, err := svcs[i%2].SignIn(context.Background(), Credentials{Email: marie, Password: "devine", IP: fmt.Sprintf("198.51.100.%d", i+1)})
			codes <- apperr.CodeOf(err)
		})
	}
	wg.Wait()
	close(codes)
	got := map[apperr.Code]int{}
	for c := range codes {
		got[c]++
	}
	if got[apperr.EUNAUTHORIZED]+got[apperr.ETOOMANY] != 64 {
		t.Errorf("answers %v, want only wrong passwords and refusals", got)
	}
}
