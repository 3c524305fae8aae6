package app

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store/storetest"
)

// TestContractsTickTaskOncePerHour: serve does the contracts' day's work
// as a periodic task of every instance, claimed each hour by one of them:
// two instances trying it at the same moment run it once, again once in
// the next hour, and each round is the real work of that day (no error).
func TestContractsTickTaskOncePerHour(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.DSN(t)
	clock := storetest.NewClock(time.Date(2026, 3, 10, 0, 5, 0, 0, time.UTC))
	var runs atomic.Int32
	var mu sync.Mutex
	var errs []error
	var tasks []Task
	var apps []*App
	for range 2 {
		a, err := Open(ctx, Config{DB: dsn, Now: clock.Now, Account: account.Config{Argon: testArgon}})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		apps = append(apps, a)
		var task *Task
		for _, tk := range a.Tasks() {
			if tk.Name == "contracts-tick" {
				task = &tk
			}
		}
		if task == nil {
			t.Fatal("no contracts-tick task")
		}
		if task.Every != time.Hour || task.Done == "" || task.Unit == "" {
			t.Fatalf("task %+v: want it every hour, with its log line", *task)
		}
		real := task.Run
		task.Run = func(ctx context.Context) (int, error) {
			runs.Add(1)
			n, err := real(ctx)
			if err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
			return n, err
		}
		tasks = append(tasks, *task)
	}
	round := func() {
		var wg sync.WaitGroup
		for i, a := range apps {
			for range 2 {
				wg.Go(func() { a.runOnce(ctx, tasks[i]) })
			}
		}
		wg.Wait()
	}
	for _, step := range []struct {
		advance time.Duration
		want    int32
	}{{0, 1}, {30 * time.Minute, 1}, {30 * time.Minute, 2}, {50 * time.Minute, 2}, {10 * time.Minute, 3}} {
		clock.Advance(step.advance)
		round()
		if n := runs.Load(); n != step.want {
			t.Fatalf("at %s: %d runs, want %d", clock.Now().Format(time.TimeOnly), n, step.want)
		}
	}
	if len(errs) > 0 {
		t.Errorf("the day's work failed: %v", errs)
	}
}
