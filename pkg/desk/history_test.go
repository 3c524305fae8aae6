package desk_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// TestHistoryIsCompleteAndAppendOnly: a request's life, step by step,
// is in its history with who, what and when; the history cannot be
// rewritten; notes stay with staff, replies reach the client.
func TestHistoryIsCompleteAndAppendOnly(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	r := f.open(t, f.client, desk.Draft{UID: f.client.UID, Name: "Claire Client", Due: f.clock.Now().Add(24 * time.Hour)})
	steps := []struct {
		do           func() error
		who, action  string
		detail       string
		changesState bool
	}{
		{func() error { _, err := f.svc.Take(ctx, f.agent, r.ID); return err }, "Alain Agent", "taken", "Prise en charge · Statut\u00a0: Nouvelle → En cours d’étude", true},
		{func() error { _, err := f.svc.AddNote(ctx, f.agent, r.ID, "Client joignable le matin."); return err }, "Alain Agent", "note", "Note interne ajoutée", false},
		{func() error { _, err := f.svc.Assign(ctx, f.agent, r.ID, f.admin.UID); return err }, "Alain Agent", "assigned", "Confiée à Ada Admin", true},
		{func() error {
			return f.db.WriteTx(ctx, func(tx *store.Tx) error {
				_, err := f.svc.AddReply(ctx, tx, f.admin, r.ID, "Réponse", "Voici nos offres.")
				return err
			})
		}, "Ada Admin", "reply", "Réponse", false},
		{func() error { _, err := f.svc.Take(ctx, f.agent2, r.ID); return err }, "", "", "", false}, // refused: held by Ada
		{func() error { _, err := f.svc.Release(ctx, f.admin, r.ID); return err }, "Ada Admin", "released", "Remise dans la file", true},
		{func() error { _, err := f.svc.Take(ctx, f.agent2, r.ID); return err }, "Berthe Agent", "taken", "Prise en charge", true},
		{func() error { _, err := f.svc.Take(ctx, f.admin, r.ID); return err }, "Ada Admin", "taken", "Prise en charge (suivie jusque-là par Berthe Agent)", true},
		{func() error { _, err := f.svc.SetStatus(ctx, f.admin, r.ID, quote.StatusClosed); return err }, "Ada Admin", "status", "Statut\u00a0: En cours d’étude → Clôturée", true},
	}
	want := []string{"created Claire Client Demande reçue " + f.clock.Now().Add(-time.Minute).UTC().Format(time.RFC3339)}
	for i, s := range steps {
		f.clock.Advance(time.Minute)
		before := f.detail(t, r.ID).Request.UpdatedAt
		err := s.do()
		if (err == nil) != (s.action != "") {
			t.Fatalf("step %d: %v", i, err)
		}
		if s.action != "" {
			want = append(want, fmt.Sprintf("%s %s %s %s", s.action, s.who, s.detail, f.clock.Now().UTC().Format(time.RFC3339)))
		}
		if after := f.detail(t, r.ID).Request.UpdatedAt; (after != before) != s.changesState {
			t.Errorf("step %d: updatedAt %s → %s", i, before, after)
		}
	}
	d := f.detail(t, r.ID)
	var got []string
	for _, e := range d.History {
		got = append(got, fmt.Sprintf("%s %s %s %s", e.Action, e.ActorName, e.Detail, e.At.UTC().Format(time.RFC3339)))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("history:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(d.Notes) != 1 || d.Notes[0].Body != "Client joignable le matin." || d.Notes[0].AuthorName != "Alain Agent" {
		t.Errorf("notes %+v", d.Notes)
	}
	if len(d.Replies) != 1 || d.Replies[0].Body != "Voici nos offres." {
		t.Errorf("replies %+v", d.Replies)
	}
	for _, q := range []string{"UPDATE request_events SET detail = 'effacé'", "UPDATE request_events SET actor_name = 'x'", "UPDATE request_events SET at = '2020-01-01T00:00:00.000Z'"} {
		if err := f.exec(t, q); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v", q, err)
		}
	}
	if n := len(f.detail(t, r.ID).History); n != len(want) {
		t.Errorf("history has %d lines after the attempts, want %d", n, len(want))
	}
}

// TestMine: a client reads their own requests of every kind, newest
// first, with the client's labels and the replies (signed); never the
// notes or another client's.
func TestMine(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	q := f.open(t, f.client, desk.Draft{UID: f.client.UID, Product: "car", Summary: "Assurance auto"})
	m := f.open(t, f.client, desk.Draft{Kind: desk.KindContact, UID: f.client.UID, Summary: "Question"})
	f.open(t, f.other, desk.Draft{UID: f.other.UID, Product: "home"})
	f.open(t, f.visitor, desk.Draft{Kind: desk.KindContact, Name: "Vera"})
	must(f.svc.Take(ctx, f.agent, q.ID))
	must(f.svc.SetStatus(ctx, f.agent, q.ID, quote.StatusInReview))
	must(f.svc.AddNote(ctx, f.agent, q.ID, "Note secrète"))
	if err := f.db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := f.svc.AddReply(ctx, tx, f.agent, m.ID, "Réponse", "Bonjour, voici la réponse.")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		who  string
		code apperr.Code
		want string
	}{
		{"visitor", apperr.EUNAUTHORIZED, ""},
		{"client", "", m.Ref + " Reçu 1, " + q.Ref + " En cours d’étude 0"},
		{"other", "", "DV-2026-000002 Reçue 0"},
		{"agent", "", ""},
	}
	for _, c := range cases {
		t.Run(c.who, func(t *testing.T) {
			list, err := f.svc.Mine(ctx, f.actor(c.who))
			if codeOf(err) != c.code {
				t.Fatalf("error %v", err)
			}
			var got []string
			for _, v := range list {
				got = append(got, fmt.Sprintf("%s %s %d", v.Ref, v.StatusLabel, len(v.Replies)))
			}
			if strings.Join(got, ", ") != c.want {
				t.Errorf("got %q, want %q", strings.Join(got, ", "), c.want)
			}
			if b := fmt.Sprintf("%+v", list); strings.Contains(b, "secrète") {
				t.Errorf("the client reads an internal note: %s", b)
			}
		})
	}
}

// TestStaff: the people a request can be handed to are the active agents
// and admins, by name; an account without a name shows its e-mail.
func TestStaff(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.user(t, "zoe@exemple.fr", "", account.RoleAgent)
	if err := f.exec(t, "UPDATE users SET display_name = '' WHERE email = 'zoe@exemple.fr'"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.accounts.SetStatus(ctx, "berthe@exemple.fr", account.StatusDisabled); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range must(f.svc.Staff(ctx, f.agent)) {
		got = append(got, p.Name)
	}
	if want := "Ada Admin, Alain Agent, zoe@exemple.fr"; strings.Join(got, ", ") != want {
		t.Errorf("staff %q, want %q", strings.Join(got, ", "), want)
	}
	for who, code := range map[string]apperr.Code{"visitor": apperr.EUNAUTHORIZED, "client": apperr.EFORBIDDEN} {
		if _, err := f.svc.Staff(ctx, f.actor(who)); codeOf(err) != code {
			t.Errorf("%s: %v", who, err)
		}
	}
}
