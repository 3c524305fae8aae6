package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/chat"
	"courtier/pkg/store/storetest"
)

// TestAppSourceLiveChat runs the live Conversations screen over the real
// services: an agent present in the terminal takes a visitor's
// conversation and replies through the composer, and the visitor's side
// (chat.Service.Since, what the widget polls) reads the reply under the
// agent's name; a second agent's take is refused; read-only refuses all.
func TestAppSourceLiveChat(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	// Staff set up their second factor at the clock's time, as they must to act.
	mk := func(email, name string, role account.Role) account.Actor {
		return account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: email, Password: "cheval-agrafe-correct-42", DisplayName: name, Role: role}, clock.Now()))
	}
	arthur := mk("a@exemple.fr", "Arthur Bernard", account.RoleAgent)
	bea := mk("b@exemple.fr", "Béatrice Roux", account.RoleAgent)

	ro := NewAppSource(a, account.Visitor)
	readOnly := "Lecture seule\u00a0: relancez avec --as EMAIL pour agir."
	if _, err := ro.ChatInbox(ctx); apperr.MessageOf(err) != readOnly {
		t.Errorf("read-only inbox: %v", err)
	}
	if err := ro.ChatPresent(ctx); apperr.MessageOf(err) != readOnly {
		t.Errorf("read-only presence: %v", err)
	}

	// The agent opens the tab: present, so the visitor is told someone answers.
	src := NewAppSource(a, arthur)
	screensSetup()
	s := newConversationsScreen(src, NewStyles(true), time.Hour)
	s.SetSize(120, 36)
	// Shown batches the presence and the first tick: only the first runs
	// here (the tick would wait its hour).
	present := s.(showable).Shown()().(tea.BatchMsg)[0]
	if msg := present(); msg != nil {
		t.Fatalf("presence: %v", msg)
	}
	if !a.Chats.Available() {
		t.Fatal("an agent on the Conversations tab is not available")
	}
	conv, err := a.Chats.Start(ctx, chat.Viewer{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Chats.SetMode(ctx, chat.Viewer{}, conv.ID, chat.ModeAgent); err != nil {
		t.Fatal(err)
	}
	clock.Advance(3 * time.Minute)
	s.(*chatScreen).now = clock.Now
	if err := src.ChatPresent(ctx); err != nil { // the tick's heartbeat
		t.Fatal(err)
	}
	s, _ = feed(s, s.Load(ctx))
	if v := s.View(); !strings.Contains(v, "En attente") || !strings.Contains(v, "3\u00a0min") || !strings.Contains(v, "Visiteur") {
		t.Errorf("the waiting conversation is not listed:\n%s", v)
	}

	s, msgs := press(s, "t")
	if len(msgs) != 2 || msgs[0] != (InfoMsg{Text: "Vous avez pris la conversation avec un visiteur."}) {
		t.Fatalf("take: %v", msgs)
	}
	s, _ = feed(s, s.Load(ctx))
	s, msgs = press(s, "r", "Bonjour, je regarde votre dossier.", "enter")
	if len(msgs) != 2 || msgs[0] != (InfoMsg{Text: "Message envoyé à un visiteur."}) {
		t.Fatalf("reply: %v", msgs)
	}
	up, err := a.Chats.Since(ctx, chat.Viewer{}, conv.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	last := up.Messages[len(up.Messages)-1]
	if last.Sender != chat.SenderAgent || last.Text != "Bonjour, je regarde votre dossier." || last.Agent == nil || last.Agent.Name != "Arthur Bernard" {
		t.Errorf("the visitor reads %+v (agent %+v)", last, last.Agent)
	}
	if up.State.Live == nil || up.State.Live.State != chat.StateLive || up.State.Live.Agent.Name != "Arthur Bernard" {
		t.Errorf("the visitor's state: %+v", up.State.Live)
	}
	s, _ = feed(s, s.Load(ctx))
	if v := s.View(); !strings.Contains(v, "Arthur Bernard") || !strings.Contains(v, "Bonjour, je regarde votre dossier.") {
		t.Errorf("the reply is not in the transcript:\n%s", v)
	}

	// A second agent is too late: a conflict, in French.
	id := s.(*chatScreen).id
	err = NewAppSource(a, bea).ChatTake(ctx, id)
	if apperr.CodeOf(err) != apperr.ECONFLICT || !strings.Contains(errorText(err), "Un autre conseiller a déjà pris cette conversation.") {
		t.Errorf("second take: %v", err)
	}

	// Away, then leaving the tab: no agent for the visitors.
	if err := src.ChatSetAway(ctx, true); err != nil {
		t.Fatal(err)
	}
	if in, err := src.ChatInbox(ctx); err != nil || !in.Away || len(in.Mine) != 1 || a.Chats.Available() {
		t.Errorf("away: %+v, %v, available %v", in, err, a.Chats.Available())
	}
	if err := src.ChatSetAway(ctx, false); err != nil || !a.Chats.Available() {
		t.Fatalf("back: %v, available %v", err, a.Chats.Available())
	}
	run(s.(showable).Hidden())
	if a.Chats.Available() {
		t.Error("the agent who left the tab is still available")
	}
	if list, err := src.ChatCanned(ctx); err != nil || len(list) != 0 {
		t.Errorf("canned: %v, %v", list, err)
	}
	if err := src.ChatTransfer(ctx, id, bea.UID); err != nil {
		t.Fatal(err)
	}
	if err := NewAppSource(a, bea).ChatClose(ctx, id); err != nil {
		t.Fatal(err)
	}
	if in, err := src.ChatInbox(ctx); err != nil || len(in.Waiting)+len(in.Mine)+len(in.Others) != 0 {
		t.Errorf("inbox after the close: %+v, %v", in, err)
	}
}
