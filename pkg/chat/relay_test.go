package chat

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"courtier/pkg/company"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestSignalsReachOtherInstances: on PostgreSQL, a signal (an agent
// typing, a read mark) sent by one instance reaches the streams of
// another through NOTIFY, once, and an instance does not deliver its own
// twice; an empty notification asks the watcher for a round.
func TestSignalsReachOtherInstances(t *testing.T) {
	if storetest.Engine() != store.Postgres {
		t.Skip("several instances share one database on PostgreSQL; SQLite's processes poll")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dsn := storetest.DSN(t)
	profile, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	var svcs [2]*Service
	for i := range svcs {
		db, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		svcs[i] = New(db, profile, Config{})
		go db.Listen(ctx, Channel, svcs[i].Notified, slog.New(slog.DiscardHandler))
	}
	a, b := svcs[0], svcs[1]
	onA, onB := a.hub.subscribe("conv-1"), b.hub.subscribe("conv-1")
	sent := Signal{Kind: "typing", Conversation: "conv-1", Typing: true, Name: "Arthur"}
	// The listeners connect in the background: send until B hears.
	deadline := time.After(5 * time.Second)
	var got Signal
wait:
	for {
		a.signal(ctx, "conv-1", sent)
		select {
		case got = <-onB.Signals:
			break wait
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatal("the other instance's stream never got the signal")
		}
	}
	if got != sent {
		t.Errorf("relayed %+v, want %+v", got, sent)
	}
	// A's own stream gets each signal once, from A itself, never back
	// from its listener.
	time.Sleep(200 * time.Millisecond)
	for len(onA.Signals) > 0 {
		<-onA.Signals
	}
	a.signal(ctx, "conv-1", sent)
	time.Sleep(300 * time.Millisecond)
	if n := len(onA.Signals); n != 1 {
		t.Errorf("one signal on A gave its own stream %d", n)
	}
	b.Notified("")
	select {
	case <-b.kick:
	default:
		t.Error("an empty notification did not ask for a round")
	}
}
