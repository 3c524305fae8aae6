package tui

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"courtier/pkg/apperr"
	"courtier/pkg/chat"
)

// newLiveScreen is the live Conversations screen with a fast tick.
func newLiveScreen(src Source, st Styles) Screen {
	return newConversationsScreen(src, st, time.Millisecond)
}

// chatActs are the calls of f after the n first, without the reads.
func chatActs(f *fakeScreensSource, n int) []string {
	var out []string
	for _, c := range f.Calls()[n:] {
		if !strings.HasPrefix(c, "ChatInbox") && !strings.HasPrefix(c, "ChatConversation") && !strings.HasPrefix(c, "ChatMarkRead") {
			out = append(out, c)
		}
	}
	return out
}

func TestChatInbox(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newLiveScreen, f, 120, 36)
	m := s.(*chatScreen)
	var got []string
	for _, it := range m.shown {
		got = append(got, it.ID+" "+m.stateText(it))
	}
	want := []string{"w2 En attente", "w1 En attente", "k1 Avec moi", "o1 Avec Bob Admin"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows %v, want %v", got, want)
	}
	v := s.View()
	for _, w := range []string{"Conversations · Disponible · 2 en attente · 1 avec vous · 1 avec d’autres",
		"1\u00a0h\u00a012", "3\u00a0min", "Visiteur", "Jeanne Martin", "Complémentaire santé"} {
		if !strings.Contains(v, w) {
			t.Errorf("no %q in:\n%s", w, v)
		}
	}
	help := func() string {
		var h []string
		for _, b := range s.ShortHelp() {
			h = append(h, b.Help().Key+" "+b.Help().Desc)
		}
		return strings.Join(h, " · ")
	}
	if got := help(); got != "entrée ouvrir · t prendre · a se dire absent" {
		t.Errorf("help on a waiting row %q", got)
	}
	s, _ = press(s, "down", "down")
	if got := help(); got != "entrée ouvrir · a se dire absent" {
		t.Errorf("help on a held row %q", got)
	}
	s, _ = press(s, "enter")
	if got := help(); got != "échap retour · r/entrée répondre · c réponse type · m transmettre · b retour à l’assistant · x clore · a se dire absent" {
		t.Errorf("help in one's conversation %q", got)
	}
	for _, w := range []string{"Paul Durand <paul@example.fr> · Complémentaire santé · Avec moi", "Alice Agent · lu", "Système", "Et pour les lunettes"} {
		if !strings.Contains(s.View(), w) {
			t.Errorf("no %q in the open conversation:\n%s", w, s.View())
		}
	}
	// Bob's is listed, not readable by an agent: the service's refusal shows.
	s, _ = press(s, "esc", "down", "enter")
	if v := s.View(); !strings.Contains(v, "Cette conversation est suivie par un autre conseiller.") {
		t.Errorf("another agent's conversation opened:\n%s", v)
	}
}

// TestChatActions drives every action from a fresh screen: the calls to
// the source, the status messages, and where the screen is left.
func TestChatActions(t *testing.T) {
	conflict := apperr.Errorf(apperr.ECONFLICT, "Un autre conseiller a déjà pris cette conversation.")
	openPaul := []string{"down", "down", "enter"}
	cases := []struct {
		name    string
		fail    map[string]error
		keys    []string
		calls   []string
		msgs    []tea.Msg
		mode    chatMode
		id      string
		compose string
	}{
		{name: "take from the list opens it", keys: []string{"t"}, calls: []string{"ChatTake w2"},
			msgs: []tea.Msg{InfoMsg{Text: "Vous avez pris la conversation avec Jeanne Martin."}, ReloadMsg{}}, mode: chatOpen, id: "w2"},
		{name: "take a visitor's in the open conversation", keys: []string{"down", "enter", "t"}, calls: []string{"ChatTake w1"},
			msgs: []tea.Msg{InfoMsg{Text: "Vous avez pris la conversation avec un visiteur."}, ReloadMsg{}}, mode: chatOpen, id: "w1"},
		{name: "taken by another first", fail: map[string]error{"ChatTake": conflict}, keys: []string{"t"}, calls: []string{"ChatTake w2"},
			msgs: []tea.Msg{ErrMsg{Err: conflict}, ReloadMsg{}}, mode: chatList},
		{name: "no reply before taking", keys: []string{"enter", "r", "c"}, mode: chatOpen, id: "w2"},
		{name: "no take of a held one", keys: []string{"down", "down", "t"}, mode: chatList},
		{name: "reply through the composer", keys: append(openPaul, "r", "Oui, à 100\u00a0%.", "enter"), calls: []string{"ChatReply k1 Oui, à 100\u00a0%."},
			msgs: []tea.Msg{InfoMsg{Text: "Message envoyé à Paul Durand."}, ReloadMsg{}}, mode: chatOpen, id: "k1"},
		{name: "entrée opens the composer", keys: append(openPaul, "enter", "Bien sûr.", "enter"), calls: []string{"ChatReply k1 Bien sûr."},
			msgs: []tea.Msg{InfoMsg{Text: "Message envoyé à Paul Durand."}, ReloadMsg{}}, mode: chatOpen, id: "k1"},
		{name: "an empty reply is not sent", keys: append(openPaul, "r", "   ", "enter"), mode: chatCompose, id: "k1", compose: "   "},
		{name: "échap drops the reply", keys: append(openPaul, "r", "oups", "esc"), mode: chatOpen, id: "k1"},
		{name: "a refused reply stays in the composer", fail: map[string]error{"ChatReply": apperr.Errorf(apperr.ECONFLICT, "Cette conversation est revenue à l’assistant.")},
			keys: append(openPaul, "r", "Voici", "enter"), calls: []string{"ChatReply k1 Voici"},
			msgs: []tea.Msg{ErrMsg{Err: apperr.Errorf(apperr.ECONFLICT, "Cette conversation est revenue à l’assistant.")}, ReloadMsg{}},
			mode: chatOpen, id: "k1", compose: "Voici"},
		{name: "a canned answer fills the composer", keys: append(openPaul, "c", "down", "enter"), calls: []string{"ChatCanned"},
			mode: chatCompose, id: "k1", compose: "Nous sommes joignables du lundi au vendredi, de 9 h à 18 h."},
		{name: "a canned answer is sent with entrée", keys: append(openPaul, "c", "enter", " Bonne journée.", "enter"),
			calls: []string{"ChatCanned", "ChatReply k1 Les remboursements arrivent sous 48 heures après la télétransmission. Bonne journée."},
			msgs:  []tea.Msg{InfoMsg{Text: "Message envoyé à Paul Durand."}, ReloadMsg{}}, mode: chatOpen, id: "k1"},
		{name: "canned list cancelled", keys: append(openPaul, "c", "esc"), calls: []string{"ChatCanned"}, mode: chatOpen, id: "k1"},
		{name: "transfer to the agent picked", keys: append(openPaul, "m", "enter"), calls: []string{"Staff", "ChatTransfer k1 u-bob"},
			msgs: []tea.Msg{InfoMsg{Text: "Conversation avec Paul Durand transmise à Bob Admin."}, ReloadMsg{}}, mode: chatList},
		{name: "transfer cancelled", keys: append(openPaul, "m", "esc"), calls: []string{"Staff"}, mode: chatOpen, id: "k1"},
		{name: "close asks first", keys: append(openPaul, "x", "o"), calls: []string{"ChatClose k1"},
			msgs: []tea.Msg{InfoMsg{Text: "Conversation avec Paul Durand close\u00a0: l’assistant reprend."}, ReloadMsg{}}, mode: chatList},
		{name: "close answered no", keys: append(openPaul, "x", "n"), mode: chatOpen, id: "k1"},
		{name: "back to the assistant asks first", keys: append(openPaul, "b", "o"), calls: []string{"ChatHandBack k1"},
			msgs: []tea.Msg{InfoMsg{Text: "Conversation avec Paul Durand rendue à l’assistant."}, ReloadMsg{}}, mode: chatList},
		{name: "close a waiting one", keys: []string{"enter", "x", "o"}, calls: []string{"ChatClose w2"},
			msgs: []tea.Msg{InfoMsg{Text: "Conversation avec Jeanne Martin close\u00a0: l’assistant reprend."}, ReloadMsg{}}, mode: chatList},
		{name: "away", keys: []string{"a"}, calls: []string{"ChatSetAway true"},
			msgs: []tea.Msg{InfoMsg{Text: "Vous êtes absent\u00a0: les visiteurs ne vous voient plus disponible."}, ReloadMsg{}}, mode: chatList},
		{name: "away from a conversation", keys: append(openPaul, "a"), calls: []string{"ChatSetAway true"},
			msgs: []tea.Msg{InfoMsg{Text: "Vous êtes absent\u00a0: les visiteurs ne vous voient plus disponible."}, ReloadMsg{}}, mode: chatOpen, id: "k1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeScreensSource{}
			_ = f.chat(func(l *fakeLive) error { l.fail = c.fail; return nil })
			s := newTestScreen(t, newLiveScreen, f, 80, 24)
			before := len(f.Calls())
			s, msgs := press(s, c.keys...)
			m := s.(*chatScreen)
			if got := chatActs(f, before); !reflect.DeepEqual(got, c.calls) {
				t.Errorf("calls %q, want %q", got, c.calls)
			}
			if !reflect.DeepEqual(msgs, c.msgs) {
				t.Errorf("msgs %v, want %v", msgs, c.msgs)
			}
			if m.mode != c.mode || m.id != c.id || m.input.Value() != c.compose {
				t.Errorf("mode %d id %q composer %q, want %d %q %q", m.mode, m.id, m.input.Value(), c.mode, c.id, c.compose)
			}
			if s.Capturing() != (c.mode >= chatCompose) {
				t.Errorf("capturing %v in mode %d", s.Capturing(), m.mode)
			}
		})
	}
}

// TestChatConflictShows checks the 409 in the status bar, through the root.
func TestChatConflictShows(t *testing.T) {
	screensSetup()
	f := &fakeScreensSource{}
	_ = f.chat(func(l *fakeLive) error {
		l.fail = map[string]error{"ChatTake": apperr.Errorf(apperr.ECONFLICT, "Un autre conseiller a déjà pris cette conversation.")}
		return nil
	})
	m := newTestModel(f)
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	// An agent's tabs: Aperçu, Demandes, Conversations, Contrats.
	m = send(t, m, runes("3"))
	m = send(t, m, loadedMsg{msg: m.screens[2].Load(context.Background())()})
	m = drive(m, runes("t"))
	if v := m.View(); !strings.Contains(v, "Un autre conseiller a déjà pris cette conversation.") {
		t.Errorf("the conflict is not in the status bar:\n%s", v)
	}
}

// TestChatFollows checks the read mark and that new messages show on
// reload, the view following the bottom only when it was there.
func TestChatFollows(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newLiveScreen, f, 80, 12)
	before := len(f.Calls())
	s, _ = press(s, "down", "down", "enter")
	reload := func() {
		t.Helper()
		s, _ = feed(s, s.Load(context.Background()))
	}
	reload()
	marks := func() []string {
		var out []string
		for _, c := range f.Calls()[before:] {
			if strings.HasPrefix(c, "ChatMarkRead") {
				out = append(out, c)
			}
		}
		return out
	}
	if got := marks(); !reflect.DeepEqual(got, []string{"ChatMarkRead k1 15"}) {
		t.Errorf("read marks %v", got)
	}
	m := s.(*chatScreen)
	if !m.vp.AtBottom() {
		t.Fatal("an opened conversation does not show its end")
	}
	f.say("k1", chat.SenderUser, "Vous êtes toujours là ?")
	reload()
	if !strings.Contains(s.View(), "Vous êtes toujours là") || !m.vp.AtBottom() {
		t.Errorf("the new message is not shown at the bottom:\n%s", s.View())
	}
	if got := marks(); !reflect.DeepEqual(got, []string{"ChatMarkRead k1 15", "ChatMarkRead k1 101"}) {
		t.Errorf("read marks %v", got)
	}
	s.SetSize(60, 12)
	if !m.vp.AtBottom() {
		t.Error("a narrower terminal left the end of the transcript")
	}
	s.SetSize(80, 12)
	s, _ = press(s, "up", "up", "up")
	y := m.vp.YOffset
	f.say("k1", chat.SenderUser, "Allô ?")
	reload()
	if m.vp.YOffset != y || m.vp.AtBottom() {
		t.Errorf("the view moved while the agent read above: %d, was %d", m.vp.YOffset, y)
	}
}

// tickMsgs runs cmd and counts the chat ticks it produces.
func tickMsgs(cmd tea.Cmd) (ticks []chatTickMsg, others []tea.Msg) {
	for _, msg := range run(cmd) {
		if tk, ok := msg.(chatTickMsg); ok {
			ticks = append(ticks, tk)
		} else {
			others = append(others, msg)
		}
	}
	return ticks, others
}

// TestChatTicks checks the screen's own refresh: one tick awaited at a
// time, a reload and a presence each tick, none once hidden.
func TestChatTicks(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newLiveScreen, f, 80, 24)
	m := s.(*chatScreen)
	count := func(name string, from int) int {
		n := 0
		for _, c := range f.Calls()[from:] {
			if c == name {
				n++
			}
		}
		return n
	}
	before := len(f.Calls())
	ticks, _ := tickMsgs(m.Shown())
	if len(ticks) != 1 || count("ChatPresent", before) != 1 {
		t.Fatalf("shown: ticks %v, presence %d", ticks, count("ChatPresent", before))
	}
	if again := m.Shown(); again != nil {
		t.Error("shown twice starts a second chain")
	}
	first := ticks[0]
	before = len(f.Calls())
	_, cmd := s.Update(first)
	ticks, others := tickMsgs(cmd)
	if len(ticks) != 1 || len(others) != 1 || count("ChatPresent", before) != 1 {
		t.Fatalf("tick: next ticks %v, other messages %v, presence %d", ticks, others, count("ChatPresent", before))
	}
	// The reload of the tick is a load the root records.
	if _, ok := others[0].(loadedMsg); !ok {
		t.Errorf("the tick's reload is not wrapped: %T", others[0])
	}
	if _, cmd := s.Update(first); cmd != nil {
		t.Error("a tick delivered twice starts a second chain")
	}
	second := ticks[0]
	before = len(f.Calls())
	run(m.Hidden())
	if got := f.Calls()[before:]; !reflect.DeepEqual(got, []string{"ChatLeave"}) {
		t.Errorf("hidden: calls %v", got)
	}
	if _, cmd := s.Update(second); cmd != nil {
		t.Error("the tick awaited when the tab was left still reloads")
	}
	if m.Hidden() != nil {
		t.Error("hidden twice leaves twice")
	}
	ticks, _ = tickMsgs(m.Shown())
	if _, cmd := s.Update(second); cmd != nil || len(ticks) != 1 || ticks[0] == second {
		t.Errorf("shown again: ticks %v; the old tick runs %v", ticks, cmd != nil)
	}
}

// TestChatTabs checks the root: the tab shown starts presence and ticks,
// the tab left, the pause and q end them.
func TestChatTabs(t *testing.T) {
	f := &fakeScreensSource{}
	m := newTestModel(f)
	step := func(k tea.KeyMsg) []string {
		t.Helper()
		before := len(f.Calls())
		next, cmd := m.Update(k)
		m = next.(Model)
		var kinds []string
		for _, msg := range run(cmd) {
			switch msg.(type) {
			case chatTickMsg:
				kinds = append(kinds, "chat tick")
			case tea.QuitMsg:
				kinds = append(kinds, "quit")
			}
		}
		for _, c := range f.Calls()[before:] {
			if c == "ChatPresent" || c == "ChatLeave" {
				kinds = append(kinds, c)
			}
		}
		return kinds
	}
	cases := []struct {
		key  tea.KeyMsg
		want []string
	}{
		// An agent's Conversations is the third tab of four.
		{runes("3"), []string{"chat tick", "ChatPresent"}},
		{runes("p"), []string{"ChatLeave"}},
		{runes("p"), []string{"chat tick", "ChatPresent"}},
		{runes("1"), []string{"ChatLeave"}},
		{runes("1"), nil},
		{tea.KeyMsg{Type: tea.KeyShiftTab}, nil},
		{tea.KeyMsg{Type: tea.KeyShiftTab}, []string{"chat tick", "ChatPresent"}},
		{runes("q"), []string{"quit", "ChatLeave"}},
	}
	for i, c := range cases {
		if got := step(c.key); !reflect.DeepEqual(got, c.want) {
			t.Errorf("step %d %s: %v, want %v", i, c.key, got, c.want)
		}
	}
	// Quitting told the screen: the program's end does not leave again.
	before := len(f.Calls())
	m.farewell()
	if got := f.Calls()[before:]; len(got) != 0 {
		t.Errorf("farewell after q: %v", got)
	}
}

// TestChatFarewell: a program ended by its context leaves too.
func TestChatFarewell(t *testing.T) {
	f := &fakeScreensSource{}
	m := newTestModel(f)
	next, cmd := m.Update(runes("3"))
	m = next.(Model)
	run(cmd)
	before := len(f.Calls())
	m.farewell()
	if got := f.Calls()[before:]; !reflect.DeepEqual(got, []string{"ChatLeave"}) {
		t.Errorf("farewell: %v", got)
	}
}

// TestChatReadOnly: without --as the screen lists as the Operator and
// every action of the live chat says that it needs --as.
func TestChatReadOnly(t *testing.T) {
	f := &fakeScreensSource{readOnly: true}
	s := newConversationsScreen(f, NewStyles(true), time.Millisecond)
	if _, ok := s.(*conversationsScreen); !ok {
		t.Fatalf("read-only screen %T", s)
	}
	if _, ok := s.(showable); ok {
		t.Error("the read-only screen keeps a presence")
	}
	s, _ = feed(s, s.Load(context.Background()))
	refusal := []tea.Msg{ErrMsg{Err: errReadOnly()}}
	for _, k := range []string{"t", "a"} {
		if _, msgs := press(s, k); !reflect.DeepEqual(msgs, refusal) {
			t.Errorf("%s on the list: %v", k, msgs)
		}
	}
	s, _ = press(s, "enter")
	for _, k := range []string{"t", "r", "c", "m", "b", "x", "a"} {
		if _, msgs := press(s, k); !reflect.DeepEqual(msgs, refusal) {
			t.Errorf("%s on a transcript: %v", k, msgs)
		}
	}
	for _, c := range f.Calls() {
		if strings.HasPrefix(c, "Chat") {
			t.Errorf("the read-only screen called %s", c)
		}
	}
	if got := errorText(errReadOnly()); got != "Lecture seule\u00a0: relancez avec --as EMAIL pour agir." {
		t.Errorf("refusal %q", got)
	}
}

func TestSinceText(t *testing.T) {
	now := screensNow
	for d, want := range map[time.Duration]string{
		20 * time.Second: "<\u00a01\u00a0min", 3 * time.Minute: "3\u00a0min", 65 * time.Minute: "1\u00a0h\u00a005", 50 * time.Hour: "2\u00a0j",
	} {
		if got := sinceText(now.Add(-d), now); got != want {
			t.Errorf("%s: %q, want %q", d, got, want)
		}
	}
}

// drive gives msg to m and then every message its commands produce, as
// the runtime would, except the ticks and the reloads (which would loop).
func drive(m Model, msg tea.Msg) Model {
	next, cmd := m.Update(msg)
	m = next.(Model)
	for _, out := range run(cmd) {
		switch out.(type) {
		case chatTickMsg, tickMsg, ReloadMsg:
			continue
		}
		m = drive(m, out)
	}
	return m
}
