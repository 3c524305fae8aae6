package tui

import (
	"context"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"courtier/pkg/account"
	"courtier/pkg/chat"
	"courtier/pkg/desk"
)

// The Conversations tab of an agent or admin (--as): the live chat's
// inbox and one conversation, reloaded every ChatRefresh while shown, the
// agent present to visitors meanwhile (docs/live-chat.md).

// chatKeys are the bindings of the live Conversations screen.
var chatKeys = struct {
	Take, Reply, Canned, Transfer, HandBack, Close, Send key.Binding
}{
	Take:     key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "prendre")),
	Reply:    key.NewBinding(key.WithKeys("r", "enter"), key.WithHelp("r/entrée", "répondre")),
	Canned:   key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "réponse type")),
	Transfer: key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "transmettre")),
	HandBack: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "retour à l’assistant")),
	Close:    key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "clore")),
	Send:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "envoyer")),
}

// awayKey is a toggles « Absent » and « Disponible »; its help says what it does now.
func awayKey(away bool) key.Binding {
	if away {
		return key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "se dire disponible"))
	}
	return key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "se dire absent"))
}

// chatMode is what the live screen shows and where keys go: the inbox,
// a conversation, and over it the reply typed or a list to choose from.
type chatMode = frameMode

const (
	chatList = frameList
	chatOpen = frameDetail
)

const (
	chatCompose = frameOwn + iota
	chatCanned
	chatTransfer
)

// chatAct names an action, so that its answer does what follows it.
type chatAct int

const (
	actTake chatAct = iota
	actReply
	actTransfer
	actEnd
	actAway
	actRead
)

// Messages of the live screen.
type (
	inboxLoadedMsg struct {
		inbox *chat.Inbox
		err   error
	}
	chatLoadedMsg struct {
		id   string
		conv *chat.StaffConversation
		err  error
	}
	// chatTickMsg is the tick n of the screen's own refresh.
	chatTickMsg  struct{ n int }
	cannedLoaded struct {
		list []chat.Canned
		err  error
	}
	chatStaffLoaded struct {
		staff []desk.Person
		err   error
	}
	chatDoneMsg struct {
		act  chatAct
		id   string
		info string
		err  error
	}
)

// chatScreen is the Conversations tab of an agent or admin.
type chatScreen struct {
	frame[chat.InboxItem]
	src Source
	ctx context.Context
	now func() time.Time
	me  account.Actor
	// period is the refresh while shown; visible tells whether the tab is
	// shown (and the actor present); seq numbers the one tick awaited.
	period  time.Duration
	visible bool
	seq     int

	inbox *chat.Inbox

	// The open conversation and the lists open over it; the frame's input
	// is the reply.
	id      string
	conv    *chat.StaffConversation
	convErr error
	marked  int64
}

// newConversationsScreen is the Conversations tab: live for an agent or
// admin, read-only without --as.
func newConversationsScreen(src Source, st Styles, period time.Duration) Screen {
	if !src.Actor().IsStaff() {
		return newReadOnlyConversationsScreen(src, st)
	}
	if period <= 0 {
		period = DefaultChatRefresh
	}
	m := &chatScreen{src: src, ctx: context.Background(), now: time.Now, me: src.Actor(), period: period}
	m.frame = newFrame(st, frameSpec[chat.InboxItem]{
		cols: []colSpec{{"État", 10, 20}, {"Qui", 10, 20}, {"Produit", 8, 20},
			{"Attente", 7, 7}, {"Non lus", 7, 7}, {"Dernier message", 14, 200}},
		cells: m.cells,
		id:    func(it chat.InboxItem) string { return it.ID },
		open: func(it chat.InboxItem) tea.Cmd {
			m.openConversation(it.ID)
			return m.loadConversation(it.ID)
		},
		close: m.closeConversation,
		empty: func() string {
			return wrap("Aucune conversation avec un conseiller pour le moment\u00a0: les visiteurs qui en demandent un apparaîtront ici.", m.width)
		},
	})
	m.input.CharLimit = chat.MaxMessageLen
	m.SetSize(80, 20)
	return m
}

func (m *chatScreen) Title() string { return "Conversations" }

func (m *chatScreen) Capturing() bool { return m.capturing() }

func (m *chatScreen) SetSize(w, h int) {
	// A transcript read at its end stays at its end when the lines fold anew.
	follow := m.conv != nil && m.vp.AtBottom()
	m.resize(w, h)
	m.input.Width = m.width - len("Message : ") - 1
	m.refreshTranscript(follow)
}

func (m *chatScreen) Load(ctx context.Context) tea.Cmd {
	m.ctx = ctx
	src := m.src
	cmds := []tea.Cmd{func() tea.Msg {
		in, err := src.ChatInbox(ctx)
		return inboxLoadedMsg{inbox: in, err: err}
	}}
	if m.id != "" {
		cmds = append(cmds, m.loadConversation(m.id))
	}
	return tea.Batch(cmds...)
}

func (m *chatScreen) loadConversation(id string) tea.Cmd {
	src, ctx := m.src, m.ctx
	return func() tea.Msg {
		c, err := src.ChatConversation(ctx, id)
		return chatLoadedMsg{id: id, conv: c, err: err}
	}
}

// Shown starts the screen's own refresh and the agent's presence.
func (m *chatScreen) Shown() tea.Cmd {
	if m.visible {
		return nil
	}
	m.visible = true
	m.seq++
	return tea.Batch(m.present(), m.tick())
}

// Hidden stops them: the tick awaited is dropped when it comes, and the
// agent leaves at once rather than after chat.PresenceTTL.
func (m *chatScreen) Hidden() tea.Cmd {
	if !m.visible {
		return nil
	}
	m.visible = false
	m.seq++
	src, ctx := m.src, m.ctx
	return func() tea.Msg {
		// Also when the dashboard's context has ended: the agent is gone.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := src.ChatLeave(ctx); err != nil {
			return ErrMsg{Err: err}
		}
		return nil
	}
}

// tick waits one period for the tick numbered seq, the only one accepted.
func (m *chatScreen) tick() tea.Cmd {
	n := m.seq
	return tea.Tick(m.period, func(time.Time) tea.Msg { return chatTickMsg{n: n} })
}

// present renews the actor's presence; a failure shows as a failed read.
func (m *chatScreen) present() tea.Cmd {
	src, ctx := m.src, m.ctx
	return func() tea.Msg {
		if err := src.ChatPresent(ctx); err != nil {
			return loadedMsg{msg: ErrMsg{Err: err}}
		}
		return nil
	}
}

func (m *chatScreen) Update(msg tea.Msg) (Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case chatTickMsg:
		if !m.visible || msg.n != m.seq {
			return m, nil
		}
		m.seq++
		return m, tea.Batch(wrapLoad(m.Load(m.ctx)), m.present(), m.tick())
	case inboxLoadedMsg:
		if msg.err == nil {
			m.inbox = msg.inbox
		}
		m.setRows(m.items(), msg.err)
	case chatLoadedMsg:
		return m, m.conversationLoaded(msg)
	case cannedLoaded:
		return m, m.cannedLoaded(msg)
	case chatStaffLoaded:
		return m, m.staffLoaded(msg)
	case chatDoneMsg:
		return m, m.done(msg)
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// conversationLoaded shows the open conversation, following its bottom
// if the view was there, and marks it read up to its last message.
func (m *chatScreen) conversationLoaded(msg chatLoadedMsg) tea.Cmd {
	if msg.id != m.id {
		return nil
	}
	follow := m.conv == nil || m.vp.AtBottom()
	m.convErr = msg.err
	if msg.err != nil {
		return nil
	}
	m.conv = msg.conv
	m.refreshTranscript(follow)
	return m.markRead()
}

// markRead records the last message as read, once, in a conversation
// waiting or the actor's: an admin looking at another agent's does not
// hide what that agent has not read.
func (m *chatScreen) markRead() tea.Cmd {
	c := m.conv
	if c == nil || len(c.Messages) == 0 || (c.Agent != nil && c.Agent.UID != m.me.UID) {
		return nil
	}
	last := c.Messages[len(c.Messages)-1].ID
	if last <= c.AgentRead || last <= m.marked {
		return nil
	}
	m.marked = last
	src, ctx, id := m.src, m.ctx, m.id
	return func() tea.Msg {
		return chatDoneMsg{act: actRead, id: id, err: src.ChatMarkRead(ctx, id, last)}
	}
}

// done follows an action's answer: the status bar says how it went, the
// screen moves where the action leads, and everything reloads.
func (m *chatScreen) done(msg chatDoneMsg) tea.Cmd {
	if msg.act == actRead {
		if msg.err != nil {
			return msgCmd(ErrMsg{Err: msg.err})
		}
		return nil
	}
	status := errOr(msg.err, msg.info)
	var open tea.Cmd
	if msg.err == nil {
		switch msg.act {
		case actTake:
			if m.id != msg.id {
				m.openConversation(msg.id)
				open = m.loadConversation(msg.id)
			}
		case actReply:
			if m.id == msg.id {
				m.input.SetValue("")
			}
		case actTransfer, actEnd:
			if m.id == msg.id {
				m.closeConversation()
			}
		}
	}
	return tea.Batch(open, tea.Sequence(msgCmd(status), msgCmd(ReloadMsg{})))
}

// openConversation shows conversation id, not yet loaded.
func (m *chatScreen) openConversation(id string) {
	m.openPane()
	m.id, m.conv, m.convErr, m.marked = id, nil, nil, 0
	m.input.SetValue("")
}

// closeConversation goes back to the list.
func (m *chatScreen) closeConversation() {
	m.mode, m.id, m.conv, m.convErr, m.ask = chatList, "", nil, nil, nil
	m.input.Blur()
	m.input.SetValue("")
}
