package chat

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// recorder is an ExportWriter that keeps what it is given, and fails
// after failAfter messages when that is positive.
type recorder struct {
	convs     []Conversation
	failAfter int
	seen      int
}

func (r *recorder) Conversation(mode Mode) error {
	r.convs = append(r.convs, Conversation{Mode: mode})
	return nil
}

func (r *recorder) Message(m *Message) error {
	r.seen++
	if r.failAfter > 0 && r.seen > r.failAfter {
		return errors.New("client parti")
	}
	last := &r.convs[len(r.convs)-1]
	last.Messages = append(last.Messages, *m)
	return nil
}

func TestExportUserHandsOverEveryConversationInOrder(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne, bruno := e.addUser(t, "anne"), e.addUser(t, "bruno")
	first := e.start(t, anne)
	e.send(t, anne, first, "Une assurance pour ma voiture ?")
	e.clock.Advance(time.Minute)
	second := e.start(t, anne)
	arthur := e.addStaff(t, "arthur", account.RoleAgent)
	if err := e.svc.Present(ctx, arthur); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.SetMode(ctx, anne, second, ModeAgent); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.Take(ctx, arthur, store.HashToken(second)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Reply(ctx, arthur, store.HashToken(second), "Bonjour Anne, je regarde votre dossier."); err != nil {
		t.Fatal(err)
	}
	e.start(t, bruno)
	e.start(t, Viewer{})
	var got recorder
	if err := e.svc.ExportUser(ctx, "anne", &got); err != nil {
		t.Fatal(err)
	}
	if len(got.convs) != 2 || got.convs[0].Mode != ModeBot || got.convs[1].Mode != ModeAgent {
		t.Fatalf("anne's conversations %+v", got.convs)
	}
	one, two := got.convs[0].Messages, got.convs[1].Messages
	if len(one) != 4 || one[1].Text != "Une assurance pour ma voiture ?" || len(one[2].Links) == 0 || one[2].Intent == "" {
		t.Errorf("first conversation %+v", one)
	}
	if len(two) != 4 || two[3].Agent == nil || two[3].Agent.Name != "Agent arthur" || two[3].Sender != SenderAgent || two[2].Agent != nil {
		t.Errorf("second conversation %+v", two)
	}
	for _, c := range got.convs {
		for i := 1; i < len(c.Messages); i++ {
			if c.Messages[i].ID <= c.Messages[i-1].ID {
				t.Errorf("messages out of order: %d after %d", c.Messages[i].ID, c.Messages[i-1].ID)
			}
		}
	}
	var none recorder
	if err := e.svc.ExportUser(ctx, "nobody", &none); err != nil || len(none.convs) != 0 {
		t.Errorf("a user without conversations: %+v, %v", none.convs, err)
	}
}

func TestExportUserStopsWhenTheWriterFails(t *testing.T) {
	e := newEnv(t)
	anne := e.addUser(t, "anne")
	token := e.start(t, anne)
	for i := range 5 {
		e.send(t, anne, token, fmt.Sprintf("message %d", i))
	}
	r := recorder{failAfter: 3}
	err := e.svc.ExportUser(context.Background(), "anne", &r)
	if err == nil || r.seen != 4 {
		t.Errorf("export went on after the writer failed: %d messages, %v", r.seen, err)
	}
}
