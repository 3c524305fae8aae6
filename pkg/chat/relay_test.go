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
// twice; a change of the chat committed by one instance asks the other's
// watcher for a round.
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
		go db.Watch(ctx, slog.New(slog.DiscardHandler))
		// A round a minute: a round within the test comes from a notification.
		go svcs[i].Watch(ctx, time.Minute)
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
	token, err := a.Start(ctx, Viewer{})
	if err != nil {
		t.Fatal(err)
	}
	id, err := a.storedID(ctx, Viewer{}, token.ID)
	if err != nil {
		t.Fatal(err)
	}
	onB = b.hub.subscribe(id)
	// B's watcher runs (the signal came through it): A's message reaches
	// B's stream only through B's round.
	if _, err := a.Send(ctx, Viewer{}, token.ID, "Bonjour"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-onB.Wake:
	case <-time.After(5 * time.Second):
		t.Error("a change committed by the other instance did not ask for a round")
	}
}
