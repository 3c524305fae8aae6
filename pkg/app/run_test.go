package app

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store/storetest"
)

var testArgon = account.Params{Memory: 64, Time: 1, Threads: 1}

// TestRunPurgesAtStartAndStopsWithItsContext: Run deletes the ended
// sessions at once, keeps the live ones, logs it, and returns when its
// context ends.
func TestRunPurgesAtStartAndStopsWithItsContext(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
	logs := &storetest.Buffer{}
	a, err := Open(ctx, Config{DB: storetest.DSN(t), Now: clock.Now, Logger: slog.New(slog.NewTextHandler(logs, nil)),
		Account: account.Config{Argon: testArgon}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	const pw = "cheval-agrafe-correct-42"
	for _, email := range []string{"ancienne@exemple.fr", "active@exemple.fr"} {
		if _, err := a.Accounts.Create(ctx, account.NewUser{Email: email, Password: pw}); err != nil {
			t.Fatal(err)
		}
	}
	_, old, err := a.Accounts.SignIn(ctx, account.Credentials{Email: "ancienne@exemple.fr", Password: pw, IP: "192.0.2.1"})
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(account.IdleTimeout + time.Minute)
	_, live, err := a.Accounts.SignIn(ctx, account.Credentials{Email: "active@exemple.fr", Password: pw, IP: "192.0.2.2"})
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- a.Run(runCtx) }()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(logs.String(), "sessions expirées supprimées"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no purge at start; logs:\n%s", logs)
		}
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return when its context ended")
	}
	if _, _, err := a.Accounts.Authenticate(ctx, old.Token); apperr.CodeOf(err) != apperr.EUNAUTHORIZED {
		t.Errorf("ended session: %v, want it gone", err)
	}
	if _, _, err := a.Accounts.Authenticate(ctx, live.Token); err != nil {
		t.Errorf("live session: %v", err)
	}
}

// TestPeriodicTaskRunsOnceAcrossInstances: three instances on one
// database try every round of a task at the same moment; each period is
// run by exactly one of them, and the next period again by one.
func TestPeriodicTaskRunsOnceAcrossInstances(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.DSN(t)
	clock := storetest.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
	var apps []*App
	for range 3 {
		a, err := Open(ctx, Config{DB: dsn, Now: clock.Now, Account: account.Config{Argon: testArgon}})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		apps = append(apps, a)
	}
	if apps[0].Instance == apps[1].Instance {
		t.Fatal("two instances share a name")
	}
	var runs atomic.Int32
	task := Task{Name: "test", Every: 10 * time.Minute, Run: func(context.Context) (int, error) {
		runs.Add(1)
		return 0, nil
	}}
	round := func() {
		var wg sync.WaitGroup
		for _, a := range apps {
			for range 2 {
				wg.Go(func() { a.runOnce(ctx, task) })
			}
		}
		wg.Wait()
	}
	round()
	if n := runs.Load(); n != 1 {
		t.Fatalf("first period run %d times, want 1", n)
	}
	clock.Advance(5 * time.Minute)
	round()
	if n := runs.Load(); n != 1 {
		t.Fatalf("run again within the period: %d runs", n)
	}
	clock.Advance(5 * time.Minute)
	round()
	if n := runs.Load(); n != 2 {
		t.Fatalf("second period: %d runs in all, want 2", n)
	}
}
