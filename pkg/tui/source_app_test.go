package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/chat"
	"courtier/pkg/contact"
	"courtier/pkg/desk"
	"courtier/pkg/mail"
	"courtier/pkg/store/storetest"
)

// TestAppSource runs the Source over a real App: read-only reads as the
// Operator and refuses every action in French; an admin and an agent act
// under the services' own rules.
func TestAppSource(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	// Staff set up their second factor at the clock's time, as they must to act.
	mk := func(email string, role account.Role) account.Actor {
		return account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: email, Password: "cheval-agrafe-correct-42", DisplayName: email, Role: role}, clock.Now()))
	}
	admin, agent := mk("admin@exemple.fr", account.RoleAdmin), mk("agent@exemple.fr", account.RoleAgent)
	client := mk("client@exemple.fr", account.RoleClient)
	msg, err := a.Contacts.SendMessage(ctx, account.Visitor, contact.MessageDraft{Name: "Léa", Email: "lea@exemple.fr", Subject: "other", Message: "Une question simple.", Consent: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Chats.Start(ctx, chat.Viewer{}); err != nil {
		t.Fatal(err)
	}
	// The notice of Léa's message, written to the outbox as serve would.
	for {
		n, err := a.Events.Dispatch(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}

	ro := NewAppSource(a, account.Visitor).(*appSource)
	ro.now = clock.Now
	if ro.Actor() != account.Visitor || ro.DBPath() != a.Store.Path() {
		t.Errorf("read-only actor %+v, path %q", ro.Actor(), ro.DBPath())
	}
	ov, err := ro.Overview(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if ov.Counts.Open != 1 || len(ov.Urgent) != 1 || ov.Users[account.RoleAdmin] != 1 || ov.Users[account.RoleClient] != 1 || ov.Conversations != 1 {
		t.Errorf("overview: %+v", ov)
	}
	d, err := ro.Request(ctx, msg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Can.Take || len(d.Lines) != 2 || d.Lines[1] != [2]string{"Message", "Une question simple."} {
		t.Errorf("read-only detail: can %+v lines %q", d.Can, d.Lines)
	}
	if len(d.Mails) != 1 || d.Mails[0].To != "lea@exemple.fr" || d.Mails[0].Status != mail.StatusPending || d.Mails[0].Text != "" {
		t.Errorf("read-only detail's mails: %+v", d.Mails)
	}
	// The outbox holds Léa's notice, the newest, and the two notices of
	// the staff's second factor set up before it (two-factor-enabled).
	box, err := ro.Mails(ctx, "")
	if err != nil || len(box.Mails) != 3 || box.Counts != (mail.Counts{Pending: 3}) || box.Mails[0].To != "lea@exemple.fr" {
		t.Fatalf("read-only outbox: %+v, %v", box, err)
	}
	for i, to := range []string{"agent@exemple.fr", "admin@exemple.fr"} {
		if m := box.Mails[i+1]; m.Template != "two-factor-enabled" || m.To != to {
			t.Errorf("read-only outbox, mail %d: %s to %s, want two-factor-enabled to %s", i+1, m.Template, m.To, to)
		}
	}
	if box, err := ro.Mails(ctx, mail.StatusFailed); err != nil || len(box.Mails) != 0 || box.Counts.Pending != 3 {
		t.Errorf("read-only outbox, failed: %+v, %v", box, err)
	}
	if m, err := ro.Mail(ctx, box.Mails[0].ID); err != nil || !strings.Contains(m.Text, "Léa") {
		t.Errorf("read-only mail: %+v, %v", m, err)
	}
	convs, err := ro.Conversations(ctx, clock.Now().Add(-time.Hour))
	if err != nil || len(convs) != 1 || convs[0].Who != "Visiteur" || convs[0].Mode != "Assistant" {
		t.Fatalf("conversations: %+v, %v", convs, err)
	}
	if lines, err := ro.Transcript(ctx, convs[0].ID); err != nil || len(lines) != 1 || lines[0].Sender != "Assistant" {
		t.Errorf("transcript: %+v, %v", lines, err)
	}
	readOnly := "Lecture seule\u00a0: relancez avec --as EMAIL pour agir."
	for name, act := range map[string]func() error{
		"take":    func() error { return ro.Take(ctx, msg.ID) },
		"release": func() error { return ro.Release(ctx, msg.ID) },
		"assign":  func() error { return ro.Assign(ctx, msg.ID, agent.UID) },
		"status":  func() error { return ro.SetStatus(ctx, msg.ID, desk.StatusClosed) },
		"note":    func() error { return ro.AddNote(ctx, msg.ID, "note") },
		"role":    func() error { return ro.SetRole(ctx, client.UID, account.RoleAgent) },
		"disable": func() error { return ro.SetUserStatus(ctx, client.UID, account.StatusDisabled) },
		"signout": func() error { _, err := ro.SignOut(ctx, client.UID); return err },
		"staff":   func() error { _, err := ro.Staff(ctx); return err },
		"retry":   func() error { return ro.RetryMail(ctx, box.Mails[0].ID) },
	} {
		if err := act(); apperr.MessageOf(err) != readOnly {
			t.Errorf("read-only %s: %v", name, err)
		}
	}

	ag := NewAppSource(a, agent)
	if err := ag.Take(ctx, msg.ID); err != nil {
		t.Fatal(err)
	}
	if ov, err := ag.Overview(ctx); err != nil || ov.Users != nil || ov.Urgent[0].Assignee == nil || ov.Urgent[0].Assignee.UID != agent.UID {
		t.Errorf("agent's overview: %+v, %v", ov, err)
	}
	if _, err := ag.Users(ctx); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("an agent lists the users: %v", err)
	}
	if err := ag.SetRole(ctx, client.UID, account.RoleAgent); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("an agent changes a role: %v", err)
	}
	if _, err := ag.Mails(ctx, ""); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("an agent reads the outbox: %v", err)
	}
	if d, err := ag.Request(ctx, msg.ID); err != nil || len(d.Mails) != 1 {
		t.Errorf("an agent's request view lacks its mails: %+v, %v", d, err)
	}
	if err := ag.RetryMail(ctx, box.Mails[0].ID); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("an agent retries a mail: %v", err)
	}

	ad := NewAppSource(a, admin)
	if err := ad.RetryMail(ctx, box.Mails[0].ID); apperr.CodeOf(err) != apperr.ECONFLICT {
		t.Errorf("an admin retries a pending mail: %v", err)
	}
	if err := ad.SetRole(ctx, client.UID, account.RoleAgent); err != nil {
		t.Fatal(err)
	}
	if err := ad.SetRole(ctx, admin.UID, account.RoleAgent); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("an admin changes their own role: %v", err)
	}
	if n, err := ad.SignOut(ctx, client.UID); err != nil || n != 0 {
		t.Errorf("sign out: %d, %v", n, err)
	}
	users, err := ad.Users(ctx)
	if err != nil || len(users) != 3 || users[2].Role != account.RoleAgent {
		t.Errorf("users after the role change: %+v, %v", users, err)
	}
}

// TestAppSourceRequestFromTheChat: a request filed from a conversation
// opens with it, for the read-only Operator as for an agent; one from a
// form has none.
func TestAppSourceRequestFromTheChat(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	// The agent set up their second factor at the clock's time, as they must to act.
	u := accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agent@exemple.fr", Password: "cheval-agrafe-correct-42", DisplayName: "Arthur", Role: account.RoleAgent}, clock.Now())
	c, err := a.Chats.Start(ctx, chat.Viewer{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Chats.Send(ctx, chat.Viewer{}, c.ID, "Mon contrat couvre-t-il le prêt du volant ?"); err != nil {
		t.Fatal(err)
	}
	cid, err := a.Chats.Attachable(ctx, chat.Viewer{}, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	draft := contact.MessageDraft{Name: "Léa", Email: "lea@exemple.fr", Subject: contact.SubjectOther, Message: "Le prêt du volant, couvert ?", Consent: true}
	fromForm, err := a.Contacts.SendMessage(ctx, account.Visitor, draft)
	if err != nil {
		t.Fatal(err)
	}
	draft.Conversation = cid
	fromChat, err := a.Contacts.SendMessage(ctx, account.Visitor, draft)
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []Source{NewAppSource(a, account.Visitor), NewAppSource(a, account.ActorOf(u))} {
		d, err := src.Request(ctx, fromChat.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Conversation) != 4 || d.Conversation[1] != (TranscriptLine{At: clock.Now(), Sender: "Visiteur", Text: "Mon contrat couvre-t-il le prêt du volant ?"}) {
			t.Errorf("as %+v, the conversation: %+v", src.Actor(), d.Conversation)
		}
		d, err = src.Request(ctx, fromForm.ID)
		if err != nil || d.Conversation != nil {
			t.Errorf("a form's request: %+v, %v", d, err)
		}
	}
}
