package chat

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// TestFiledFromTheConversation: a request filed from a conversation names
// it (Attachable) only for whoever may see it, the visitor reads the line
// that says so, and every agent reads the conversation from the request
// (AttachedTranscript), whatever its mode now; others may not.
func TestFiledFromTheConversation(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	anne := e.addUser(t, "anne")
	token, _, ex := e.askAgent(t)
	if !ex.Offer {
		t.Fatalf("nobody is online, yet no offer: %+v", ex)
	}
	e.send(t, Viewer{}, token, "Je voudrais être rappelée demain")
	mine := e.start(t, anne)

	cases := []struct {
		name  string
		v     Viewer
		token string
		want  apperr.Code
	}{
		{"the visitor's own", Viewer{}, token, ""},
		{"a client's, by its client", anne, mine, ""},
		{"a client's, without the session", Viewer{}, mine, apperr.ENOTFOUND},
		{"a made-up token", Viewer{}, strings.Repeat("A", IDLength), apperr.ENOTFOUND},
		{"junk", Viewer{}, "../../etc", apperr.ENOTFOUND},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id, err := e.svc.Attachable(ctx, c.v, c.token)
			if c.want != "" {
				wantCode(t, err, c.want)
				if _, err := e.svc.Filed(ctx, c.v, c.token, "Demande enregistrée."); apperr.CodeOf(err) != c.want {
					t.Errorf("Filed: %v, want %s", err, c.want)
				}
				return
			}
			if err != nil || id != store.HashToken(c.token) {
				t.Fatalf("Attachable = %q, %v", id, err)
			}
		})
	}

	e.clock.Advance(time.Minute)
	m, err := e.svc.Filed(ctx, Viewer{}, token, "Demande de rappel RA-2026-000001 enregistrée.")
	if err != nil || m.Sender != SenderSystem || m.ID == 0 {
		t.Fatalf("Filed: %+v, %v", m, err)
	}
	c, err := e.svc.Get(ctx, Viewer{}, token)
	if err != nil || c.Messages[len(c.Messages)-1].Text != "Demande de rappel RA-2026-000001 enregistrée." || c.Mode != ModeBot {
		t.Fatalf("the visitor reads %v (mode %s), %v", lines(c.Messages), c.Mode, err)
	}

	id := store.HashToken(token)
	readers := []struct {
		name  string
		actor account.Actor
		want  apperr.Code
	}{
		{"an agent", e.berthe, ""},
		{"an admin", e.adele, ""},
		{"the terminal's reader", account.Operator, ""},
		{"a client", account.Actor{UID: "anne", Role: account.RoleClient}, apperr.EFORBIDDEN},
		{"a visitor", account.Actor{}, apperr.EUNAUTHORIZED},
	}
	for _, r := range readers {
		t.Run("transcript for "+r.name, func(t *testing.T) {
			msgs, err := e.svc.AttachedTranscript(ctx, r.actor, id)
			if r.want != "" {
				wantCode(t, err, r.want)
				return
			}
			if err != nil || len(msgs) != len(c.Messages) || msgs[len(msgs)-1].ID != m.ID {
				t.Fatalf("transcript %v, %v", lines(msgs), err)
			}
		})
	}
	_, err = e.svc.AttachedTranscript(ctx, e.berthe, strings.Repeat("ab", 32))
	wantCode(t, err, apperr.ENOTFOUND)
	_, err = e.svc.AttachedTranscript(ctx, e.berthe, "pas-un-id")
	wantCode(t, err, apperr.ENOTFOUND)
}

// TestInboxPreviewsTheVisitorsWords: the inbox and the terminal's list
// show what the visitor last wrote, never a line of the system, of the
// assistant or of an agent after it; nothing before they wrote.
func TestInboxPreviewsTheVisitorsWords(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		// run hands a conversation off and does more; it answers its ID.
		run  func(e *liveEnv) string
		want string
	}{
		{"asked at once", func(e *liveEnv) string {
			_, id, _ := e.handOff(t)
			return id
		}, ""},
		{"wrote to the assistant, then asked", func(e *liveEnv) string {
			mustDo(t, e.svc.Present(ctx, e.arthur))
			token := e.start(t, Viewer{})
			e.send(t, Viewer{}, token, "Une assurance pour ma Clio ?")
			if _, err := e.svc.SetMode(ctx, Viewer{}, token, ModeAgent); err != nil {
				t.Fatal(err)
			}
			return store.HashToken(token)
		}, "Une assurance pour ma Clio ?"},
		{"wrote, then the agent joined and answered", func(e *liveEnv) string {
			token, id, _ := e.handOff(t)
			e.send(t, Viewer{}, token, "Bonjour, une question sur mon contrat")
			mustDo(t, e.svc.Take(ctx, e.arthur, id))
			if _, err := e.svc.Reply(ctx, e.arthur, id, "Je vous écoute."); err != nil {
				t.Fatal(err)
			}
			return id
		}, "Bonjour, une question sur mon contrat"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newLiveEnv(t)
			id := c.run(e)
			in, err := e.svc.Inbox(ctx, e.adele)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range append(append(in.Waiting, in.Mine...), in.Others...) {
				if it.ID == id {
					got = append(got, it.LastMessage)
				}
			}
			recent, err := e.svc.Recent(ctx, e.adele, e.clock.Now().Add(-time.Hour), 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recent {
				if r.ID == id {
					got = append(got, r.LastMessage)
				}
			}
			if len(got) != 2 || got[0] != c.want || got[1] != c.want {
				t.Errorf("inbox and list preview %q, want %q twice", got, c.want)
			}
		})
	}
}
