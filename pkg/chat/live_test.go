package chat

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/chatbot"
	"courtier/pkg/store"
)

// liveEnv is a chat environment with an agent, a second agent and an admin.
type liveEnv struct {
	*env
	arthur, berthe, adele account.Actor
}

func newLiveEnv(t *testing.T) *liveEnv {
	e := &liveEnv{env: newEnv(t)}
	e.arthur = e.addStaff(t, "arthur", account.RoleAgent)
	e.berthe = e.addStaff(t, "berthe", account.RoleAgent)
	e.adele = e.addStaff(t, "adele", account.RoleAdmin)
	return e
}

// handOff starts a visitor conversation and asks for an agent, Arthur
// being at his post: it waits in the inbox.
func (e *liveEnv) handOff(t *testing.T) (token, id string, ex *Exchange) {
	t.Helper()
	mustDo(t, e.svc.Present(context.Background(), e.arthur))
	return e.askAgent(t)
}

// askAgent starts a visitor conversation and asks for an agent, whoever is there.
func (e *liveEnv) askAgent(t *testing.T) (token, id string, ex *Exchange) {
	t.Helper()
	token = e.start(t, Viewer{})
	ex, err := e.svc.SetMode(context.Background(), Viewer{}, token, ModeAgent)
	if err != nil {
		t.Fatal(err)
	}
	return token, store.HashToken(token), ex
}

func lines(msgs []Message) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = string(m.Sender) + ": " + m.Text
	}
	return out
}

// TestHandOffFollowsAvailability: with an agent present, the visitor is
// told one is coming and the conversation waits in the inbox; with none
// (nobody there, the only one away, or their presence expired), the chat
// says so plainly, stays with the assistant, offers a callback or an
// e-mail, and nobody « connects », greets or answers in an agent's name
// (PRODUCT.md 8).
func TestHandOffFollowsAvailability(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name      string
		setup     func(e *liveEnv)
		available bool
	}{
		{"nobody present", func(*liveEnv) {}, false},
		{"an agent present", func(e *liveEnv) { mustDo(t, e.svc.Present(ctx, e.arthur)) }, true},
		{"the only agent present is away", func(e *liveEnv) {
			mustDo(t, e.svc.Present(ctx, e.arthur))
			mustDo(t, e.svc.SetAway(ctx, e.arthur, true))
		}, false},
		{"away, then back", func(e *liveEnv) {
			mustDo(t, e.svc.SetAway(ctx, e.arthur, true))
			mustDo(t, e.svc.Present(ctx, e.arthur))
			mustDo(t, e.svc.SetAway(ctx, e.arthur, false))
		}, true},
		{"presence expired", func(e *liveEnv) {
			mustDo(t, e.svc.Present(ctx, e.arthur))
			e.clock.Advance(PresenceTTL + time.Second)
			e.svc.refreshAvailability(ctx)
		}, false},
		{"the agent left their page", func(e *liveEnv) {
			mustDo(t, e.svc.Present(ctx, e.arthur))
			mustDo(t, e.svc.Leave(ctx, e.arthur))
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newLiveEnv(t)
			c.setup(e)
			if got, msg := e.svc.Availability(); got != c.available || msg == "" {
				t.Fatalf("Availability = %v %q, want %v", got, msg, c.available)
			}
			token, _, ex := e.askAgent(t)
			got := strings.Join(lines(ex.Messages), " | ")
			sent := e.send(t, Viewer{}, token, "Bonjour, il y a quelqu'un ?")
			in, err := e.svc.Inbox(ctx, e.berthe)
			if err != nil {
				t.Fatal(err)
			}
			if c.available {
				if got != "system: Un conseiller va vous répondre dans un instant." || ex.Mode != ModeAgent || ex.Offer {
					t.Errorf("hand-off: %s (mode %s, offer %v)", got, ex.Mode, ex.Offer)
				}
				if len(sent.Messages) != 1 || sent.Offer {
					t.Errorf("a reply or an offer while an agent is there: %v, offer %v", lines(sent.Messages), sent.Offer)
				}
				if len(in.Waiting) != 1 || in.Waiting[0].LastMessage != "Bonjour, il y a quelqu'un ?" {
					t.Errorf("inbox: %+v", in.Waiting)
				}
				return
			}
			if ex.Mode != ModeBot || !ex.Offer || got != "system: "+e.svc.texts.nobody {
				t.Errorf("hand-off with nobody: %s (mode %s, offer %v)", got, ex.Mode, ex.Offer)
			}
			for _, w := range []string{"Aucun conseiller n’est en ligne pour le moment.", "rappeler au créneau de votre choix", "par e-mail", e.co.Phone} {
				if !strings.Contains(got, chatbot.Typeset(w)) {
					t.Errorf("the statement %q misses %q", got, w)
				}
			}
			for _, m := range append(ex.Messages, sent.Messages...) {
				if m.Sender == SenderAgent || m.Agent != nil || strings.Contains(m.Text, "Connexion") {
					t.Errorf("someone speaks for an absent agent: %+v", m)
				}
			}
			// The assistant still answers, and nobody waits in the inbox.
			if len(sent.Messages) < 2 || sent.Messages[1].Sender != SenderBot {
				t.Errorf("after the statement: %v", lines(sent.Messages))
			}
			if len(in.Waiting) != 0 {
				t.Errorf("a conversation waits for nobody: %+v", in.Waiting)
			}
			// Asking again offers again, without repeating the line.
			again, err := e.svc.SetMode(ctx, Viewer{}, token, ModeAgent)
			if err != nil || !again.Offer || len(again.Messages) != 1 {
				t.Errorf("asking again after a message: %v %+v", err, again)
			}
			again, err = e.svc.SetMode(ctx, Viewer{}, token, ModeAgent)
			if err != nil || !again.Offer || len(again.Messages) != 0 {
				t.Errorf("asking twice in a row: %v %+v", err, again)
			}
		})
	}
}

// TestWaitingWhenTheAgentsLeave: a visitor waits for an agent, and every
// agent leaves: what they write is kept for the inbox, no one answers in
// an agent's name, and the widget is told to offer a callback or an e-mail.
func TestWaitingWhenTheAgentsLeave(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	mustDo(t, e.svc.Present(ctx, e.arthur))
	token, _, _ := e.handOff(t)
	mustDo(t, e.svc.Leave(ctx, e.arthur))
	sent := e.send(t, Viewer{}, token, "Toujours personne ?")
	if len(sent.Messages) != 1 || !sent.Offer || sent.Mode != ModeAgent {
		t.Errorf("send while nobody is online: %v, offer %v, mode %s", lines(sent.Messages), sent.Offer, sent.Mode)
	}
	in, err := e.svc.Inbox(ctx, e.adele)
	if err != nil || len(in.Waiting) != 1 || in.Waiting[0].LastMessage != "Toujours personne ?" {
		t.Errorf("inbox: %+v %v", in, err)
	}
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSinceHoldsTheFuture: a message stamped ahead of the clock (none
// is written so today, but one instance's clock may run ahead of
// another's) is not read before its time; after it, it is, once.
func TestSinceHoldsTheFuture(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	mustDo(t, e.svc.Present(ctx, e.arthur))
	token, id, _ := e.handOff(t)
	sent := e.send(t, Viewer{}, token, "Allô ?")
	user := sent.Messages[0]
	const ahead = 2 * time.Second
	mustDo(t, e.svc.writeMessages(ctx, func(tx *store.Tx) error {
		return insertMessage(ctx, tx, id, &Message{Sender: SenderSystem, Text: "plus tard", Timestamp: e.clock.Now().Add(ahead)})
	}))
	up, err := e.svc.Since(ctx, Viewer{}, token, user.ID-1)
	if err != nil {
		t.Fatal(err)
	}
	if len(up.Messages) != 1 || up.Messages[0].ID != user.ID || up.Due != ahead {
		t.Fatalf("before its time: %v, due in %v", lines(up.Messages), up.Due)
	}
	e.clock.Advance(ahead)
	up, err = e.svc.Since(ctx, Viewer{}, token, user.ID)
	if err != nil || len(up.Messages) != 1 || up.Messages[0].Text != "plus tard" || up.Due != 0 {
		t.Fatalf("after: %v %v %v", lines(up.Messages), up.Due, err)
	}
	if up.State.Mode != ModeAgent || up.State.Live == nil || up.State.Live.State != StateWaiting || up.State.Live.WaitingSince == nil {
		t.Errorf("state: %+v", up.State)
	}
}

// TestAgentsActions walks a conversation through take, reply, transfer,
// read marks and the two ways out, checking what the visitor reads.
func TestAgentsActions(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	mustDo(t, e.svc.Present(ctx, e.arthur))
	token, id, _ := e.handOff(t)
	visitorSees := func() []string {
		c, err := e.svc.Get(ctx, Viewer{}, token)
		if err != nil {
			t.Fatal(err)
		}
		return lines(c.Messages)
	}
	wantCode(t, replyErr(e.svc, e.arthur, id, "Bonjour"), apperr.ECONFLICT) // take first
	mustDo(t, e.svc.Take(ctx, e.arthur, id))
	mustDo(t, e.svc.Take(ctx, e.arthur, id)) // pressing twice is no error
	wantCode(t, e.svc.Take(ctx, e.berthe, id), apperr.ECONFLICT)
	m, err := e.svc.Reply(ctx, e.arthur, id, "  Quel est votre véhicule ?  ")
	if err != nil {
		t.Fatal(err)
	}
	if m.Agent == nil || m.Agent.Name != "Agent arthur" || m.Text != "Quel est votre véhicule ?" {
		t.Errorf("reply: %+v", m)
	}
	wantCode(t, replyErr(e.svc, e.berthe, id, "Moi aussi"), apperr.EFORBIDDEN)
	wantCode(t, replyErr(e.svc, e.arthur, id, " "), apperr.EINVALID)
	seen := visitorSees()
	// One line announces the agent, then their own words: no greeting in their name.
	want := "system: Un conseiller va vous répondre dans un instant. | system: Agent arthur a rejoint la conversation. | agent: Quel est votre véhicule ?"
	if got := strings.Join(seen[len(seen)-3:], " | "); got != want {
		t.Errorf("visitor reads: %s\nwant %s", got, want)
	}
	c, err := e.svc.Get(ctx, Viewer{}, token)
	if err != nil {
		t.Fatal(err)
	}
	if c.Live == nil || c.Live.State != StateLive || c.Live.Agent == nil || c.Live.Agent.Name != "Agent arthur" {
		t.Errorf("live state: %+v", c.Live)
	}

	// Read marks go up only, and never past the last message.
	mustDo(t, e.svc.MarkRead(ctx, e.arthur, id, 1<<40))
	sc, err := e.svc.StaffConversation(ctx, e.arthur, id)
	if err != nil {
		t.Fatal(err)
	}
	last := sc.Messages[len(sc.Messages)-1].ID
	if sc.AgentRead != last || sc.Unread != 0 {
		t.Errorf("agent read %d (unread %d), want %d", sc.AgentRead, sc.Unread, last)
	}
	e.send(t, Viewer{}, token, "Une Clio de 2019")
	in, err := e.svc.Inbox(ctx, e.arthur)
	if err != nil || len(in.Mine) != 1 || in.Mine[0].Unread != 1 || in.Mine[0].LastMessage != "Une Clio de 2019" {
		t.Fatalf("inbox after the visitor's message: %+v %v", in, err)
	}

	// Transfer: only to an active agent or admin.
	wantCode(t, e.svc.Transfer(ctx, e.arthur, id, "personne"), apperr.EINVALID)
	mustDo(t, e.svc.Transfer(ctx, e.arthur, id, "berthe"))
	wantCode(t, replyErr(e.svc, e.arthur, id, "Encore moi"), apperr.EFORBIDDEN)
	if _, err := e.svc.StaffConversation(ctx, e.arthur, id); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("the former holder still reads it: %v", err)
	}
	if _, err := e.svc.Reply(ctx, e.berthe, id, "Je prends le relais."); err != nil {
		t.Fatal(err)
	}
	// An admin may write in any, and close it.
	if _, err := e.svc.Reply(ctx, e.adele, id, "Bonjour, je supervise."); err != nil {
		t.Fatal(err)
	}
	mustDo(t, e.svc.Close(ctx, e.adele, id))
	seen = visitorSees()
	if got := strings.Join(seen[len(seen)-6:], " | "); !strings.Contains(got, "system: Agent arthur a transmis la conversation à Agent berthe.") ||
		!strings.Contains(got, "system: Agent adele a terminé la conversation.") || !strings.HasPrefix(seen[len(seen)-1], "bot: Me revoilà") {
		t.Errorf("visitor reads: %s", got)
	}
	c, _ = e.svc.Get(ctx, Viewer{}, token)
	if c.Mode != ModeBot || c.Live != nil {
		t.Errorf("after close: %s %+v", c.Mode, c.Live)
	}
	wantCode(t, e.svc.HandBack(ctx, e.berthe, id), apperr.EFORBIDDEN) // the assistant's now: not an agent's to read

	// Hand back: SPEC.md §4's messages.
	_, err = e.svc.SetMode(ctx, Viewer{}, token, ModeAgent)
	mustDo(t, err)
	mustDo(t, e.svc.Take(ctx, e.berthe, id))
	mustDo(t, e.svc.HandBack(ctx, e.berthe, id))
	seen = visitorSees()
	if got := strings.Join(seen[len(seen)-2:], " | "); got != "system: "+e.svc.texts.backToBot+" | bot: "+e.svc.texts.botIsBack {
		t.Errorf("hand back: %s", got)
	}
	in, _ = e.svc.Inbox(ctx, e.adele)
	if len(in.Waiting)+len(in.Mine)+len(in.Others) != 0 {
		t.Errorf("inbox after hand back: %+v", in)
	}
}

// replyErr is Reply for tests that only look at the error.
func replyErr(s *Service, a account.Actor, id, text string) error {
	_, err := s.Reply(context.Background(), a, id, text)
	return err
}

// TestVisitorGoesBackLetsTheAgentGo: the visitor may return to the
// assistant at any time; the agent no longer holds the conversation.
func TestVisitorGoesBackLetsTheAgentGo(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	token, id, _ := e.handOff(t)
	mustDo(t, e.svc.Take(ctx, e.arthur, id))
	if _, err := e.svc.SetMode(ctx, Viewer{}, token, ModeBot); err != nil {
		t.Fatal(err)
	}
	wantCode(t, replyErr(e.svc, e.arthur, id, "Vous êtes là ?"), apperr.EFORBIDDEN)
	in, err := e.svc.Inbox(ctx, e.arthur)
	if err != nil || len(in.Mine) != 0 {
		t.Errorf("inbox: %+v %v", in, err)
	}
	// Asking again puts it back in the waiting list, nobody holding it.
	if _, err := e.svc.SetMode(ctx, Viewer{}, token, ModeAgent); err != nil {
		t.Fatal(err)
	}
	if in, _ := e.svc.Inbox(ctx, e.berthe); len(in.Waiting) != 1 || in.Waiting[0].Agent != nil {
		t.Errorf("inbox: %+v", in)
	}
}

// TestStaffSinceShowsWhatTheAgentMayRead: an agent's stream carries the
// conversations waiting and theirs, not another agent's; an admin's all;
// a client or an agent who lost the role none.
func TestStaffSinceShowsWhatTheAgentMayRead(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	_, waiting, _ := e.handOff(t)
	_, held, _ := e.handOff(t)
	mustDo(t, e.svc.Take(ctx, e.berthe, held))
	bot := e.start(t, Viewer{})
	e.send(t, Viewer{}, bot, "bonjour")
	convs := func(a account.Actor) map[string]bool {
		list, err := e.svc.StaffSince(ctx, a, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, m := range list {
			out[m.Conversation] = true
		}
		return out
	}
	if got := convs(e.arthur); len(got) != 1 || !got[waiting] {
		t.Errorf("arthur reads %v", got)
	}
	if got := convs(e.berthe); len(got) != 2 || !got[waiting] || !got[held] {
		t.Errorf("berthe reads %v", got)
	}
	if got := convs(e.adele); len(got) != 2 {
		t.Errorf("adele reads %v (the assistant's conversations are not in the agents' stream)", got)
	}
	if _, err := e.svc.StaffSince(ctx, account.Actor{UID: "anne", Role: account.RoleClient}, 0); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("a client: %v", err)
	}
	mustDo(t, e.db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), "UPDATE users SET role = 'client' WHERE uid = 'arthur'")
		return err
	}))
	if _, err := e.svc.StaffSince(ctx, e.arthur, 0); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("an agent made client keeps reading: %v", err)
	}
}

// TestCannedAnswers: the admin maintains them, agents read them, with
// French messages for bad input.
func TestCannedAnswers(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	c, err := e.svc.SaveCanned(ctx, e.adele, 0, " Délais ", "Nous répondons sous 24\u00a0heures ouvrées.")
	if err != nil || c.ID == 0 || c.Title != "Délais" {
		t.Fatalf("create: %+v %v", c, err)
	}
	if _, err := e.svc.SaveCanned(ctx, e.adele, c.ID, "Délais de réponse", "Sous 24 heures."); err != nil {
		t.Fatal(err)
	}
	list, err := e.svc.CannedAnswers(ctx, e.arthur)
	if err != nil || len(list) != 1 || list[0].Title != "Délais de réponse" {
		t.Fatalf("list: %+v %v", list, err)
	}
	bad := []struct {
		name        string
		actor       account.Actor
		id          int64
		title, text string
		code        apperr.Code
	}{
		{"an agent", e.arthur, 0, "A", "B", apperr.EFORBIDDEN},
		{"no title", e.adele, 0, " ", "B", apperr.EINVALID},
		{"no text", e.adele, 0, "A", "", apperr.EINVALID},
		{"title too long", e.adele, 0, strings.Repeat("é", 81), "B", apperr.EINVALID},
		{"text too long", e.adele, 0, "A", strings.Repeat("é", 1001), apperr.EINVALID},
		{"bidi control", e.adele, 0, "A\u202e", "B", apperr.EINVALID},
		{"unknown", e.adele, 999, "A", "B", apperr.ENOTFOUND},
	}
	for _, b := range bad {
		t.Run(b.name, func(t *testing.T) {
			_, err := e.svc.SaveCanned(ctx, b.actor, b.id, b.title, b.text)
			if apperr.CodeOf(err) != b.code || apperr.MessageOf(err) == "" {
				t.Errorf("%v, want %s", err, b.code)
			}
		})
	}
	wantCode(t, e.svc.DeleteCanned(ctx, e.arthur, c.ID), apperr.EFORBIDDEN)
	mustDo(t, e.svc.DeleteCanned(ctx, e.adele, c.ID))
	wantCode(t, e.svc.DeleteCanned(ctx, e.adele, c.ID), apperr.ENOTFOUND)
}

// TestWakesOnlyTheAgentsConcerned: a message in a conversation that
// waits wakes every agent's stream; one in a conversation Arthur holds,
// his and the admin's only; one to the assistant, no agent's.
func TestWakesOnlyTheAgentsConcerned(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	subs := map[string]*Sub{}
	for _, a := range []account.Actor{e.arthur, e.berthe, e.adele} {
		sub, err := e.svc.SubscribeStaff(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		defer e.svc.UnsubscribeStaff(ctx, a, sub)
		subs[a.UID] = sub
	}
	woken := func() string {
		var out []string
		for _, uid := range []string{"arthur", "berthe", "adele"} {
			select {
			case <-subs[uid].Wake:
				out = append(out, uid)
			default:
			}
		}
		return strings.Join(out, " ")
	}
	token, id, _ := e.handOff(t)
	if got := woken(); got != "arthur berthe adele" {
		t.Errorf("hand-off woke %q", got)
	}
	e.send(t, Viewer{}, token, "J'attends")
	if got := woken(); got != "arthur berthe adele" {
		t.Errorf("a message waiting woke %q", got)
	}
	mustDo(t, e.svc.Take(ctx, e.arthur, id))
	woken()
	e.send(t, Viewer{}, token, "Merci")
	if got := woken(); got != "arthur adele" {
		t.Errorf("a message to Arthur woke %q", got)
	}
	bot := e.start(t, Viewer{})
	e.send(t, Viewer{}, bot, "Bonjour")
	if got := woken(); got != "" {
		t.Errorf("a message to the assistant woke %q", got)
	}
}

// TestAgentsNamesStayWithTheClientsRecord: the client's export names the
// real agent who wrote to them, and still does once that agent's account
// is gone; the client's erasure takes the conversation with it.
func TestAgentsNamesStayWithTheClientsRecord(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	anne := e.addUser(t, "anne")
	token := e.start(t, anne)
	mustDo(t, e.svc.Present(ctx, e.arthur))
	if _, err := e.svc.SetMode(ctx, anne, token, ModeAgent); err != nil {
		t.Fatal(err)
	}
	id := store.HashToken(token)
	mustDo(t, e.svc.Take(ctx, e.arthur, id))
	if _, err := e.svc.Reply(ctx, e.arthur, id, "Votre contrat est bien enregistré."); err != nil {
		t.Fatal(err)
	}
	exported := func() string {
		var r recorder
		mustDo(t, e.svc.ExportUser(ctx, "anne", &r))
		for _, c := range r.convs {
			for _, m := range c.Messages {
				if m.Text == "Votre contrat est bien enregistré." && m.Agent != nil {
					return m.Agent.Name
				}
			}
		}
		return ""
	}
	if got := exported(); got != "Agent arthur" {
		t.Fatalf("export names %q", got)
	}
	del := func(uid string) {
		mustDo(t, e.db.WriteTx(ctx, func(tx *store.Tx) error {
			_, err := tx.ExecContext(context.Background(), "DELETE FROM users WHERE uid = ?", uid)
			return err
		}))
	}
	del("arthur")
	if got := exported(); got != "Agent arthur" {
		t.Errorf("after the agent's account went, the export names %q", got)
	}
	del("anne")
	if _, err := e.svc.Get(ctx, anne, token); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("the client's conversation outlived their account: %v", err)
	}
}

// TestAnAgentWhoLeftLetsTheConversationGo: the visitor writes to an agent
// who has closed their page: they are told, the conversation waits again
// for anyone; with another agent online, it waits for them, and with
// nobody, the line says so and the widget offers a callback or an e-mail.
func TestAnAgentWhoLeftLetsTheConversationGo(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	mustDo(t, e.svc.Present(ctx, e.arthur))
	token, id, _ := e.handOff(t)
	mustDo(t, e.svc.Take(ctx, e.arthur, id))
	if ex := e.send(t, Viewer{}, token, "Vous êtes là ?"); len(ex.Messages) != 1 {
		t.Fatalf("while Arthur is there: %v", lines(ex.Messages))
	}
	mustDo(t, e.svc.Present(ctx, e.berthe))
	mustDo(t, e.svc.Leave(ctx, e.arthur))
	ex := e.send(t, Viewer{}, token, "Allô ?")
	got := lines(ex.Messages)
	if len(got) != 2 || got[1] != "system: Agent arthur n’est plus en ligne\u00a0: votre conversation attend le prochain conseiller disponible." || ex.Offer {
		t.Fatalf("after Arthur left, Berthe there: %q, offer %v", got, ex.Offer)
	}
	mustDo(t, e.svc.Take(ctx, e.berthe, id))
	mustDo(t, e.svc.Leave(ctx, e.berthe))
	ex = e.send(t, Viewer{}, token, "Et maintenant ?")
	got = lines(ex.Messages)
	if len(got) != 2 || !strings.HasPrefix(got[1], "system: Agent berthe n’est plus en ligne, et aucun autre conseiller ne l’est pour le moment. Un conseiller peut vous rappeler") ||
		!ex.Offer {
		t.Fatalf("after Berthe left, nobody there: %q, offer %v", got, ex.Offer)
	}
	in, err := e.svc.Inbox(ctx, e.berthe)
	if err != nil || len(in.Waiting) != 1 || in.Waiting[0].ID != id {
		t.Fatalf("the conversation does not wait again: %+v %v", in, err)
	}
	mustDo(t, e.svc.Take(ctx, e.berthe, id))
}
