package chat

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"courtier/pkg/account"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// TestConcurrentSendsShareCommits sends from many visitors at once, so
// that their messages share transactions (store.Batcher), with a message
// to a conversation that does not exist among them: every message is
// stored once, directly followed by its reply (a message and its reply are
// one write), and the bad one fails alone.
func TestConcurrentSendsShareCommits(t *testing.T) {
	e := newEnv(t)
	const conversations, writers, each = 4, 3, 8
	tokens := make([]string, conversations)
	for i := range tokens {
		tokens[i] = e.start(t, Viewer{})
	}
	missing := e.start(t, Viewer{})
	missing = missing[:len(missing)-2] + "AA"
	if missing == tokens[0] {
		t.Fatal("jeton de test identique")
	}
	var wg sync.WaitGroup
	errs := make(chan error, conversations*writers*each+each)
	for c := range conversations {
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := range each {
					_, err := e.svc.Send(context.Background(), Viewer{}, tokens[c], fmt.Sprintf("message %d-%d", w, n))
					errs <- err
				}
			}()
		}
	}
	wg.Add(1)
	var refused int
	go func() {
		defer wg.Done()
		for range each {
			_, err := e.svc.Send(context.Background(), Viewer{}, missing, "perdu")
			if apperr.CodeOf(err) == apperr.ENOTFOUND {
				refused++
			} else {
				errs <- fmt.Errorf("conversation absente: %v, attendu ENOTFOUND", err)
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if refused != each {
		t.Errorf("%d envois refusés à la conversation absente, want %d", refused, each)
	}
	for c, token := range tokens {
		conv, err := e.svc.Get(context.Background(), Viewer{}, token)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		msgs := conv.Messages
		for i, m := range msgs {
			if m.Sender != SenderUser {
				continue
			}
			seen[m.Text]++
			if i+1 >= len(msgs) || msgs[i+1].Sender != SenderBot || msgs[i+1].ID != m.ID+1 {
				t.Errorf("conversation %d: %q n'est pas suivi de sa réponse", c, m.Text)
			}
		}
		for w := range writers {
			for n := range each {
				if text := fmt.Sprintf("message %d-%d", w, n); seen[text] != 1 {
					t.Errorf("conversation %d: %q stocké %d fois", c, text, seen[text])
				}
			}
		}
	}
}

// TestSendRereadsAConversationChangedBeforeItsWrite changes the
// conversation between Send's read and its write (the visitor's other tab,
// an agent, the account): the compare-and-set sees it and the message
// takes the general path, as if it had come after the change; nothing is
// written twice.
func TestSendRereadsAConversationChangedBeforeItsWrite(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		change func(t *testing.T, e *env, token string)
		// wantErr is the code Send answers, "" when it is stored.
		wantErr apperr.Code
		// wantMode is the conversation's mode after the message.
		wantMode Mode
		// wantCount is how many messages the conversation holds after.
		wantCount int
	}{
		{"another message first", func(t *testing.T, e *env, token string) {
			e.send(t, Viewer{}, token, "assurance auto")
		}, "", ModeBot, -1},
		{"switched to an advisor", func(t *testing.T, e *env, token string) {
			// An agent at their post: with none, the conversation stays with the assistant.
			if err := e.svc.Present(ctx, e.addStaff(t, "arthur", account.RoleAgent)); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.SetMode(ctx, Viewer{}, token, ModeAgent); err != nil {
				t.Fatal(err)
			}
		}, "", ModeAgent, -1},
		{"taken by an account", func(t *testing.T, e *env, token string) {
			v := e.addUser(t, "u-prise")
			if err := e.svc.Attach(ctx, v, token); err != nil {
				t.Fatal(err)
			}
		}, apperr.ENOTFOUND, ModeBot, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			token := e.start(t, Viewer{})
			once := true
			e.svc.beforeWrite = func() {
				if once {
					once = false
					tt.change(t, e, token)
				}
			}
			ex, err := e.svc.Send(ctx, Viewer{}, token, "bonjour, une question")
			e.svc.beforeWrite = nil
			if tt.wantErr != "" {
				wantCode(t, err, tt.wantErr)
			} else if err != nil {
				t.Fatal(err)
			} else if ex.Mode != tt.wantMode || ex.Messages[0].Text != "bonjour, une question" {
				t.Fatalf("exchange %+v, want mode %s and the message first", ex, tt.wantMode)
			}
			var mode string
			var stored, mine int
			err = e.db.ReadTx(ctx, func(tx *store.Tx) error {
				id := store.HashToken(token)
				if err := tx.QueryRowContext(context.Background(), "SELECT mode FROM chat_conversations WHERE id = ?", id).Scan(&mode); err != nil {
					return err
				}
				return tx.QueryRowContext(context.Background(), `SELECT COUNT(*), COUNT(*) FILTER (WHERE text = 'bonjour, une question')
					FROM chat_messages WHERE conversation_id = ?`, id).Scan(&stored, &mine)
			})
			if err != nil {
				t.Fatal(err)
			}
			if Mode(mode) != tt.wantMode {
				t.Errorf("mode %s, want %s", mode, tt.wantMode)
			}
			wantMine := 1
			if tt.wantErr != "" {
				wantMine = 0
			}
			if mine != wantMine {
				t.Errorf("the message is stored %d times, want %d", mine, wantMine)
			}
			if tt.wantCount >= 0 && stored != tt.wantCount {
				t.Errorf("%d messages stored, want %d", stored, tt.wantCount)
			}
		})
	}
}
