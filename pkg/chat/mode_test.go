package chat

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// TestAgentModeThereAndBack: to a real agent and back to the assistant,
// with the messages SPEC.md §4 adds on each side; no persona anywhere.
func TestAgentModeThereAndBack(t *testing.T) {
	e := newLiveEnv(t)
	ctx := context.Background()
	v := Viewer{}
	token := e.start(t, v)
	mustDo(t, e.svc.Present(ctx, e.arthur))

	ex, err := e.svc.SetMode(ctx, v, token, ModeAgent)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Mode != ModeAgent || ex.Offer || len(ex.Messages) != 1 || ex.Messages[0].Sender != SenderSystem {
		t.Fatalf("switch to the agent: %+v", ex)
	}
	if again, _ := e.svc.SetMode(ctx, v, token, ModeAgent); len(again.Messages) != 0 || again.Mode != ModeAgent {
		t.Errorf("asking twice added %+v", again.Messages)
	}
	// Nobody answers in the agent's place while they have not taken it.
	if ex := e.send(t, v, token, "Pouvez-vous m'aider ?"); len(ex.Messages) != 1 || ex.Offer {
		t.Fatalf("waiting for the agent: %+v", ex)
	}

	ex, err = e.svc.SetMode(ctx, v, token, ModeBot)
	if err != nil || ex.Mode != ModeBot || len(ex.Messages) != 2 {
		t.Fatalf("back to the assistant: %+v, %v", ex, err)
	}
	if ex.Messages[0].Sender != SenderSystem || ex.Messages[1].Sender != SenderBot {
		t.Errorf("back messages %+v", ex.Messages)
	}
	if ex := e.send(t, v, token, "bonjour"); ex.Messages[1].Sender != SenderBot || ex.Offer {
		t.Errorf("the chatbot did not answer after coming back: %+v", ex)
	}

	c, _ := e.svc.Get(ctx, v, token)
	senders := ""
	for _, m := range c.Messages {
		senders += string(m.Sender)[:1]
	}
	if c.Mode != ModeBot || senders != "bsusbub" {
		t.Errorf("stored conversation %s in mode %s, want bsusbub", senders, c.Mode)
	}
	if records, _ := e.svc.Records(ctx, v, token); len(records) != 1 {
		t.Errorf("only the chatbot's answers are records, got %+v", records)
	}
	_, err = e.svc.SetMode(ctx, v, token, "humain")
	wantCode(t, err, apperr.EINVALID)
}

func TestDeletingTheAccountDeletesItsConversations(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne := e.addUser(t, "anne")
	token := e.start(t, anne)
	e.send(t, anne, token, "bonjour")
	err := e.db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), "DELETE FROM users WHERE uid = 'anne'")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Get(ctx, anne, token)
	wantCode(t, err, apperr.ENOTFOUND)
	var n int
	e.db.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM chat_messages").Scan(&n)
	})
	if n != 0 {
		t.Errorf("%d messages left after the account was deleted", n)
	}
}

func TestConversationsAreKeptTwelveMonths(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	old := e.start(t, Viewer{})
	e.clock.Advance(200 * 24 * time.Hour)
	recent := e.start(t, Viewer{})
	e.send(t, Viewer{}, old, "toujours là ?") // a new message restarts its 12 months
	e.clock.Advance(Retention - 24*time.Hour)
	if n, err := e.svc.PurgeExpired(ctx); err != nil || n != 0 {
		t.Fatalf("purged %d (%v), want none", n, err)
	}
	if _, err := e.svc.Get(ctx, Viewer{}, old); err != nil {
		t.Errorf("a conversation used %v ago was purged: %v", Retention-24*time.Hour, err)
	}
	e.clock.Advance(2 * 24 * time.Hour)
	// Both were last written to at the same time, a day past 12 months now.
	if n, err := e.svc.PurgeExpired(ctx); err != nil || n != 2 {
		t.Fatalf("purged %d (%v), want 2", n, err)
	}
	_, err := e.svc.Get(ctx, Viewer{}, recent)
	wantCode(t, err, apperr.ENOTFOUND)
}

// TestPurgeExpiredGoesInShortTransactions expires more conversations than
// one transaction deletes: all of them go, with their messages, and the
// live ones stay.
func TestPurgeExpiredGoesInShortTransactions(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	const expired = 2*purgeBatch + 17
	for range expired {
		e.start(t, Viewer{})
	}
	e.clock.Advance(Retention + time.Hour)
	live := e.start(t, Viewer{})
	n, err := e.svc.PurgeExpired(ctx)
	if err != nil || n != expired {
		t.Fatalf("purged %d (%v), want %d", n, err, expired)
	}
	var conversations, messages int
	e.db.ReadTx(ctx, func(tx *store.Tx) error {
		tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM chat_conversations").Scan(&conversations)
		return tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM chat_messages").Scan(&messages)
	})
	if conversations != 1 || messages != 1 {
		t.Errorf("%d conversations and %d messages left, want the live one and its welcome", conversations, messages)
	}
	if _, err := e.svc.Get(ctx, Viewer{}, live); err != nil {
		t.Errorf("the live conversation: %v", err)
	}
}

func TestConcurrentMessagesKeepTheContextWhole(t *testing.T) {
	e := newEnv(t)
	token := e.start(t, Viewer{})
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := e.svc.Send(context.Background(), Viewer{}, token, fmt.Sprintf("message %d", i))
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var ctxJSON string
	e.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT context FROM chat_conversations").Scan(&ctxJSON)
	})
	if !strings.Contains(ctxJSON, fmt.Sprintf(`"entries":%d`, n)) {
		t.Errorf("context after %d parallel messages: %s", n, ctxJSON)
	}
}
