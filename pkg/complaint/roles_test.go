package complaint

import (
	"context"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
)

// TestRoles: every method of the service for every actor the rules tell
// apart, on a complaint of the client that the agent took.
func TestRoles(t *testing.T) {
	ctx := context.Background()
	methods := []struct {
		name string
		call func(e *env, actor account.Actor, id string) error
		// want per actor: visitor, client, other client, agent who took
		// it, agent who did not, admin; "" is allowed.
		want [6]apperr.Code
	}{
		{"File", func(e *env, a account.Actor, _ string) error { _, err := e.svc.File(ctx, a, draft()); return err },
			[6]apperr.Code{"", "", "", "", "", ""}},
		{"Acknowledge", func(e *env, a account.Actor, id string) error {
			_, err := e.svc.Acknowledge(ctx, a, id, ackText)
			return err
		},
			[6]apperr.Code{apperr.EUNAUTHORIZED, apperr.EFORBIDDEN, apperr.EFORBIDDEN, "", apperr.EFORBIDDEN, ""}},
		{"Answer", func(e *env, a account.Actor, id string) error {
			_, err := e.svc.Answer(ctx, a, id, answerText)
			return err
		},
			[6]apperr.Code{apperr.EUNAUTHORIZED, apperr.EFORBIDDEN, apperr.EFORBIDDEN, "", apperr.EFORBIDDEN, ""}},
		{"StaffDetail", func(e *env, a account.Actor, id string) error { _, err := e.svc.StaffDetail(ctx, a, id); return err },
			[6]apperr.Code{apperr.EUNAUTHORIZED, apperr.EFORBIDDEN, apperr.EFORBIDDEN, "", "", ""}},
		{"Export", func(e *env, a account.Actor, _ string) error { _, err := e.svc.Export(ctx, a); return err },
			[6]apperr.Code{apperr.EUNAUTHORIZED, "", "", "", "", ""}},
	}
	names := [6]string{"visitor", "client", "other client", "agent who took it", "agent who did not", "admin"}
	for _, m := range methods {
		for i, name := range names {
			t.Run(m.name+"/"+name, func(t *testing.T) {
				e := newEnv(t)
				id := e.taken(t)
				actor := [6]account.Actor{account.Visitor, e.client, e.other, e.agent, e.agent2, e.admin}[i]
				if got := codeOf(m.call(e, actor, id)); got != m.want[i] {
					t.Fatalf("got %q, want %q", got, m.want[i])
				}
			})
		}
	}
}

// TestUnknownOrOtherKind: staff get the same 404 for an id that does not
// exist and for a request that is no complaint.
func TestUnknownOrOtherKind(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for _, id := range []string{"inconnu", "", "' OR 1=1 --"} {
		if _, err := e.svc.StaffDetail(ctx, e.admin, id); codeOf(err) != apperr.ENOTFOUND {
			t.Errorf("detail %q: %v", id, err)
		}
		if _, err := e.svc.Acknowledge(ctx, e.admin, id, ackText); codeOf(err) != apperr.ENOTFOUND {
			t.Errorf("acknowledge %q: %v", id, err)
		}
		if _, err := e.svc.Answer(ctx, e.admin, id, answerText); codeOf(err) != apperr.ENOTFOUND {
			t.Errorf("answer %q: %v", id, err)
		}
	}
}

// TestTheClientReadsBothReplies: the acknowledgement and the answer are on
// the client's dashboard (desk.Mine) with the status they read; the other
// client sees nothing of it.
func TestTheClientReadsBothReplies(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	id := e.taken(t)
	mine := func(a account.Actor) []string {
		list, err := e.desk.Mine(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range list {
			out = append(out, r.Ref+" "+r.StatusLabel)
			for _, rep := range r.Replies {
				out = append(out, rep.Label+" — "+rep.AuthorName)
			}
		}
		return out
	}
	if _, err := e.svc.Acknowledge(ctx, e.agent, id, ackText); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Answer(ctx, e.admin, id, answerText); err != nil {
		t.Fatal(err)
	}
	got := mine(e.client)
	want := []string{"RC-2026-000001 Réponse envoyée", "Accusé de réception — Thomas Agent", "Réponse à votre réclamation — Anne Admin"}
	if len(got) != len(want) {
		t.Fatalf("client reads %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("client reads %q, want %q", got[i], want[i])
		}
	}
	if other := mine(e.other); len(other) != 0 {
		t.Errorf("other client reads %q", other)
	}
}
