package chat

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"courtier/pkg/apperr"
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
