package chat

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// TestRecentAndTranscript: an admin and the read-only Operator list the
// conversations of the last day, latest first, with their owner, last
// message and count, and read a transcript by its stored ID; an agent
// only those waiting for an agent or theirs; a visitor or a client none,
// and a secret token or junk is no stored ID.
func TestRecentAndTranscript(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	old := e.start(t, Viewer{})
	e.clock.Advance(30 * time.Hour)
	anne := e.addUser(t, "anne")
	mine := e.start(t, anne)
	e.send(t, anne, mine, "Bonjour, je voudrais un devis auto")
	e.clock.Advance(time.Minute)
	visitor := e.start(t, Viewer{})
	agent := e.addStaff(t, "adele", account.RoleAdmin)
	arthur := e.addStaff(t, "arthur", account.RoleAgent)
	since := e.clock.Now().Add(-24 * time.Hour)

	list, err := e.svc.Recent(ctx, agent, since, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != store.HashToken(visitor) || list[1].ID != store.HashToken(mine) {
		t.Fatalf("recent: %+v", list)
	}
	if c := list[1]; c.UID != "anne" || c.Email != "anne@exemple.fr" || c.Messages < 3 || c.LastMessage == "" || c.Mode != ModeBot {
		t.Errorf("anne's conversation: %+v", c)
	}
	if list[0].UID != "" || list[0].Messages != 1 {
		t.Errorf("visitor's conversation: %+v", list[0])
	}
	if n, err := e.svc.Count(ctx, account.Operator, since); err != nil || n != 2 {
		t.Errorf("Count = %d, %v; want 2", n, err)
	}
	if got, _ := e.svc.Recent(ctx, agent, since, 1); len(got) != 1 {
		t.Errorf("limit 1 gave %d", len(got))
	}
	lines, err := e.svc.Transcript(ctx, account.Operator, list[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != list[1].Messages || lines[1].Sender != SenderUser || lines[1].Text != "Bonjour, je voudrais un devis auto" {
		t.Errorf("transcript: %+v", lines)
	}

	client := account.Actor{UID: "anne", Role: account.RoleClient}
	cases := []struct {
		name  string
		actor account.Actor
		id    string
		code  apperr.Code
	}{
		{"visitor", account.Visitor, list[0].ID, apperr.EUNAUTHORIZED},
		{"client", client, list[0].ID, apperr.EFORBIDDEN},
		{"the secret token is no stored ID", agent, mine, apperr.ENOTFOUND},
		{"junk", agent, "'; DROP TABLE chat_messages; --", apperr.ENOTFOUND},
		{"unknown hash", agent, store.HashToken("inconnu"), apperr.ENOTFOUND},
		{"old conversation still readable", agent, store.HashToken(old), ""},
		{"an agent does not read the assistant's conversations", arthur, list[0].ID, apperr.EFORBIDDEN},
	}
	if got, err := e.svc.Recent(ctx, arthur, since, 0); err != nil || len(got) != 0 {
		t.Errorf("an agent's recent list: %+v, %v; want none (no conversation waits for an agent)", got, err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.svc.Transcript(ctx, c.actor, c.id)
			if got := codeOf(err); got != c.code {
				t.Errorf("Transcript: %q, want %q (%v)", got, c.code, err)
			}
			if !c.actor.IsStaff() {
				if _, err := e.svc.Recent(ctx, c.actor, since, 0); codeOf(err) != c.code {
					t.Errorf("Recent: %v, want %q", err, c.code)
				}
			}
		})
	}
}

func codeOf(err error) apperr.Code {
	if err == nil {
		return ""
	}
	return apperr.CodeOf(err)
}
