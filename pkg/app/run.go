package app

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"sync"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/chat"
	"courtier/pkg/mail"
)

// Task is a periodic task of App.Run that must run once per period across
// every instance on the database (a purge), not once per process.
type Task struct {
	// Name identifies the task in task_runs, for every instance.
	Name  string
	Every time.Duration
	// Run does one round and says what it did, for the log (nothing
	// logged when n is 0).
	Run func(ctx context.Context) (n int, err error)
	// Done is the log line of a round that did something.
	Done, Unit string
}

// Tasks are the periodic tasks of the App: the ended sessions, the
// conversations past their 12 months and the sign-in limits' rows that
// count nothing any more are deleted in short transactions, apart from any
// sign-in or start; then the purges of the kinds of request
// (desk.KindSpec.Purge), the contracts' day's work (debits paid, payment
// incidents, notices, renewals) and purge, and the outbox's.
func (a *App) Tasks() []Task {
	tasks := []Task{
		{Name: "purge-sessions", Every: account.PurgeEvery, Run: a.Accounts.PurgeExpiredSessions,
			Done: "sessions expirées supprimées", Unit: "sessions_supprimées"},
		{Name: "purge-conversations", Every: chat.PurgeEvery, Run: a.Chats.PurgeExpired,
			Done: "conversations expirées supprimées", Unit: "conversations_supprimées"},
		{Name: "purge-rate-buckets", Every: account.PurgeRateBucketsEvery, Run: a.Accounts.PurgeRateBuckets,
			Done: "limites de connexion revenues à zéro supprimées", Unit: "lignes_supprimées"},
	}
	for _, p := range a.Desk.Purges() {
		tasks = append(tasks, Task{Name: p.Name, Every: p.Every, Run: p.Run, Done: p.Done, Unit: p.Unit})
	}
	return append(tasks,
		Task{Name: "end-contracts", Every: time.Hour, Run: a.Contracts.EndDue,
			Done: "contrats résiliés à leur date d'effet", Unit: "contrats_résiliés"},
		// The day's work is claimed every hour, not once a day: each round
		// does what is due as of today and not done yet, so the first round
		// after midnight does the day's, the others find nothing, and a
		// midnight missed (no instance up) is caught up within the hour.
		Task{Name: "contracts-tick", Every: time.Hour, Run: a.Contracts.TickToday,
			Done: "travail du jour des contrats fait", Unit: "opérations"},
		Task{Name: "purge-contracts", Every: 24 * time.Hour, Run: a.Contracts.PurgeExpired,
			Done: "contrats supprimés après leur durée de conservation", Unit: "contrats_supprimés"},
		Task{Name: "purge-outbox", Every: mail.PurgeEvery, Run: a.Mail.Purge,
			Done: "mails et événements anciens supprimés", Unit: "lignes_supprimées"},
		Task{Name: "purge-account-links", Every: time.Hour, Run: a.Accounts.PurgeTokens,
			Done: "liens de compte expirés supprimés", Unit: "liens_supprimés"},
	)
}

// Run runs every background task of the App until ctx ends, and returns
// once they have all stopped (before the store may close): the periodic
// tasks, each claimed per period so that one instance runs it; on
// PostgreSQL the store's one listener (store.DB.Watch), which wakes this
// process's subscribers for what the other instances commit; the
// dispatcher of the events and the mail sender (with --smtp); the chat's
// watcher, which wakes this process's streams for what other instances and
// processes wrote (polling each second, and at once on a PostgreSQL
// notification); and on SQLite the WAL checkpoints. The session cache
// needs no task of its own: it reads its subscription's Version. `courtier
// serve` runs it beside its HTTP server.
func (a *App) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, t := range a.Tasks() {
		wg.Go(func() { a.runEvery(ctx, t) })
	}
	wg.Go(func() { a.Store.Watch(ctx, a.Log) })
	wg.Go(func() { a.Chats.Watch(ctx, time.Second) })
	// Events recorded by another process on SQLite (the CLI) or lost
	// notifications are found by the poll.
	wg.Go(func() { a.Events.Run(ctx, 2*time.Second) })
	if a.Sender != nil {
		wg.Go(func() { a.Sender.Run(ctx, 5*time.Second) })
	}
	// The WAL is copied into the database by a reader, once a second,
	// instead of inside one commit in so many (nothing on PostgreSQL).
	wg.Go(func() { a.Store.CheckpointEvery(ctx, time.Second, a.Log) })
	wg.Wait()
	return nil
}

// runEvery runs t at once and then every t.Every, each time only if this
// instance claims the period. A failed round is logged; the next one tries
// again.
func (a *App) runEvery(ctx context.Context, t Task) {
	tick := time.NewTicker(t.Every)
	defer tick.Stop()
	for {
		a.runOnce(ctx, t)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// runOnce runs one round of t if this instance claims it.
func (a *App) runOnce(ctx context.Context, t Task) {
	got, err := a.Store.Claim(ctx, t.Name, a.Instance, a.now(), t.Every)
	if err != nil {
		if ctx.Err() == nil {
			a.Log.Warn("tâche périodique non réservée", "tâche", t.Name, "err", err)
		}
		return
	}
	if !got {
		return
	}
	n, err := t.Run(ctx)
	switch {
	case err != nil && ctx.Err() == nil:
		a.Log.Warn("tâche périodique en échec", "tâche", t.Name, "err", err)
	case n > 0:
		a.Log.Info(t.Done, t.Unit, n)
	}
}

// newInstance names this process among the instances on the database:
// host, process and a random part (two containers may share both).
func newInstance() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), rand.Text()[:8])
}
