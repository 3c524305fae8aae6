package tui

import (
	"context"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"courtier/pkg/chat"
	"courtier/pkg/desk"
)

// The keys of the live Conversations screen and the actions they start.

func (m *chatScreen) key(msg tea.KeyMsg) tea.Cmd {
	switch m.mode {
	case chatCompose:
		return m.composeKey(msg)
	}
	return m.route(msg, m.actions())
}

// actions are the keys of the inbox and of the open conversation, each
// offered when the service would allow it.
func (m *chatScreen) actions() []action {
	away := action{key: awayKey(m.inbox != nil && m.inbox.Away), ok: true, run: m.toggleAway}
	if m.mode == chatList {
		it, ok := m.current()
		open := m.openAction(frameKeys.Open)
		open.ok = ok
		return []action{open, {key: chatKeys.Take, ok: ok && it.Agent == nil, run: func() tea.Cmd { return m.take(it) }}, away}
	}
	c, can := m.conv, m.can()
	return []action{m.backAction(),
		{key: chatKeys.Take, ok: can.take, run: func() tea.Cmd { return m.take(c.InboxItem) }},
		{key: chatKeys.Reply, ok: can.write, run: func() tea.Cmd {
			m.mode = chatCompose
			m.input.CursorEnd()
			return m.input.Focus()
		}},
		{key: chatKeys.Canned, ok: can.write, run: func() tea.Cmd {
			src, ctx := m.src, m.ctx
			return func() tea.Msg {
				list, err := src.ChatCanned(ctx)
				return cannedLoaded{list: list, err: err}
			}
		}},
		{key: chatKeys.Transfer, ok: can.manage, run: func() tea.Cmd {
			src, ctx := m.src, m.ctx
			return func() tea.Msg {
				staff, err := src.Staff(ctx)
				return chatStaffLoaded{staff: staff, err: err}
			}
		}},
		{key: chatKeys.HandBack, ok: can.manage, run: func() tea.Cmd {
			return m.confirmEnd("Rendre la conversation avec "+whoText(c.Who)+" à l’assistant\u00a0? (o/n)",
				"Conversation avec "+whoText(c.Who)+" rendue à l’assistant.",
				func(src Source, ctx context.Context, id string) error { return src.ChatHandBack(ctx, id) })
		}},
		{key: chatKeys.Close, ok: can.manage, run: func() tea.Cmd {
			return m.confirmEnd("Clore la conversation avec "+whoText(c.Who)+"\u00a0? (o/n)",
				"Conversation avec "+whoText(c.Who)+" close\u00a0: l’assistant reprend.",
				func(src Source, ctx context.Context, id string) error { return src.ChatClose(ctx, id) })
		}},
		away}
}

// chatCan is what the actor may do in the open conversation, as the
// service decides it (it refuses the rest anyway): take one waiting,
// write in one they hold (an admin in any held), and hand over, give back
// or close one waiting or theirs (an admin any).
type chatCan struct{ take, write, manage bool }

func (m *chatScreen) can() chatCan {
	c := m.conv
	if c == nil || m.convErr != nil || c.Mode != chat.ModeAgent {
		return chatCan{}
	}
	admin := m.me.IsAdmin()
	mine := c.Agent != nil && c.Agent.UID == m.me.UID
	return chatCan{take: c.Agent == nil, write: c.Agent != nil && (mine || admin), manage: c.Agent == nil || mine || admin}
}

// act runs do in a command; its answer (chatDoneMsg) says how it went.
func (m *chatScreen) act(a chatAct, id, info string, do func(src Source, ctx context.Context) error) tea.Cmd {
	src, ctx := m.src, m.ctx
	return func() tea.Msg {
		return chatDoneMsg{act: a, id: id, info: info, err: do(src, ctx)}
	}
}

// take takes conversation it; from the list, it opens once taken. A
// conflict (another agent was quicker) shows in the status bar and reloads.
func (m *chatScreen) take(it chat.InboxItem) tea.Cmd {
	id := it.ID
	return m.act(actTake, id, "Vous avez pris la conversation avec "+whoText(it.Who)+".",
		func(src Source, ctx context.Context) error { return src.ChatTake(ctx, id) })
}

func (m *chatScreen) toggleAway() tea.Cmd {
	away := m.inbox == nil || !m.inbox.Away
	info := "Vous êtes de nouveau disponible pour les visiteurs."
	if away {
		info = "Vous êtes absent\u00a0: les visiteurs ne vous voient plus disponible."
	}
	return m.act(actAway, "", info, func(src Source, ctx context.Context) error { return src.ChatSetAway(ctx, away) })
}

// confirmEnd asks before closing or giving back the open conversation.
func (m *chatScreen) confirmEnd(prompt, info string, do func(src Source, ctx context.Context, id string) error) tea.Cmd {
	id := m.id
	m.ask = &confirm{prompt: prompt, run: func() tea.Cmd {
		return m.act(actEnd, id, info, func(src Source, ctx context.Context) error { return do(src, ctx, id) })
	}}
	return nil
}

// composeKey edits the reply; entrée sends it, échap drops it. The text
// stays in the composer until the service took it, so a refused reply
// is not lost (r opens it again).
func (m *chatScreen) composeKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, frameKeys.Cancel):
		m.mode = chatOpen
		m.input.Blur()
		m.input.SetValue("")
		return nil
	case key.Matches(msg, chatKeys.Send):
		text := m.input.Value()
		if strings.TrimSpace(text) == "" {
			return nil
		}
		m.mode = chatOpen
		m.input.Blur()
		id, who := m.id, whoText(m.conv.Who)
		return m.act(actReply, id, "Message envoyé à "+who+".", func(src Source, ctx context.Context) error {
			_, err := src.ChatReply(ctx, id, text)
			return err
		})
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

func (m *chatScreen) cannedLoaded(msg cannedLoaded) tea.Cmd {
	switch {
	case msg.err != nil:
		return msgCmd(ErrMsg{Err: msg.err})
	case m.mode != chatOpen || !m.can().write:
		return nil
	case len(msg.list) == 0:
		return msgCmd(InfoMsg{Text: "Aucune réponse type n’est enregistrée."})
	}
	labels := make([]string, len(msg.list))
	for i, c := range msg.list {
		labels[i] = c.Title + " · " + c.Text
	}
	m.choose(chatCanned, "Réponse type à mettre dans le message", labels, func(i int) tea.Cmd {
		m.mode = chatCompose
		return m.startLine(msg.list[i].Text, chat.MaxMessageLen, m.input.Width)
	})
	return nil
}

func (m *chatScreen) staffLoaded(msg chatStaffLoaded) tea.Cmd {
	if msg.err != nil {
		return msgCmd(ErrMsg{Err: msg.err})
	}
	if m.mode != chatOpen || !m.can().manage {
		return nil
	}
	// Not to the actor (t takes) nor to whom holds it already.
	var staff []desk.Person
	var labels []string
	for _, p := range msg.staff {
		if p.UID != m.me.UID && (m.conv.Agent == nil || p.UID != m.conv.Agent.UID) {
			staff, labels = append(staff, p), append(labels, p.Name)
		}
	}
	if len(staff) == 0 {
		return msgCmd(InfoMsg{Text: "Aucun autre conseiller à qui transmettre cette conversation."})
	}
	id, who := m.id, whoText(m.conv.Who)
	m.choose(chatTransfer, "Transmettre la conversation avec "+who+" à…", labels, func(i int) tea.Cmd {
		p := staff[i]
		return m.act(actTransfer, id, "Conversation avec "+who+" transmise à "+p.Name+".",
			func(src Source, ctx context.Context) error { return src.ChatTransfer(ctx, id, p.UID) })
	})
	return nil
}
