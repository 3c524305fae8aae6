package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
)

// conversationsKeys are the bindings of the Conversations screen.
var conversationsKeys = struct{ Open key.Binding }{
	Open: key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "lire")),
}

// readOnlyKeys are the live chat's actions, which the read-only screen
// answers in the status bar: they need --as.
var readOnlyKeys = struct{ List, Open key.Binding }{
	List: key.NewBinding(key.WithKeys("t", "a"), key.WithHelp("t/a", "agir (avec --as)")),
	Open: key.NewBinding(key.WithKeys("t", "r", "c", "m", "b", "x", "a"), key.WithHelp("t/r/c/m/b/x/a", "agir (avec --as)")),
}

// conversationsDays is how far back the list goes.
const conversationsDays = 7

// Messages of the Conversations screen's reads.
type (
	conversationsLoadedMsg struct {
		list []ConversationSummary
		err  error
	}
	transcriptLoadedMsg struct {
		id    string
		lines []TranscriptLine
		err   error
	}
)

// conversationsScreen is the Conversations tab without --as: the chat of
// the last days, read-only. With --as the tab is the live chat (chatScreen).
type conversationsScreen struct {
	frame[ConversationSummary]
	src Source
	ctx context.Context
	now func() time.Time

	// The open conversation.
	open    *ConversationSummary
	lines   []TranscriptLine
	openErr error
}

// newReadOnlyConversationsScreen builds the Conversations screen of the
// read-only dashboard over src: the chat of the last days, as the
// Operator reads it.
func newReadOnlyConversationsScreen(src Source, st Styles) Screen {
	m := &conversationsScreen{src: src, ctx: context.Background(), now: time.Now}
	m.frame = newFrame(st, frameSpec[ConversationSummary]{
		cols: []colSpec{{"Qui", 14, 34}, {"Mode", 10, 10}, {"Dernier message", 10, 200}, {"Msg", 3, 4}, {"Date", 14, 14}},
		cells: func(c ConversationSummary) table.Row {
			return table.Row{whoLabel(c), modeLabel(c.Mode), elide(c.LastMessage, 200), fmt.Sprint(c.MessageCount), frDate(c.LastAt, m.now())}
		},
		id: func(c ConversationSummary) string { return c.ID },
		match: func(q string, c ConversationSummary) bool {
			return matches(q, whoLabel(c), modeLabel(c.Mode), c.LastMessage)
		},
		open: func(c ConversationSummary) tea.Cmd {
			m.open, m.lines, m.openErr = &c, nil, nil
			return m.loadTranscript(c.ID)
		},
		close: func() { m.open, m.lines, m.openErr = nil, nil, nil },
		empty: func() string { return "Aucune conversation." },
	})
	m.SetSize(80, 20)
	return m
}

func (m *conversationsScreen) Title() string { return "Conversations" }

func (m *conversationsScreen) Capturing() bool { return m.capturing() }

func (m *conversationsScreen) SetSize(w, h int) {
	m.resize(w, h)
	// Nothing is ever asked under a transcript: it takes the bottom line too.
	m.vp.Height = m.height - 1
	m.refreshTranscript(false)
}

func (m *conversationsScreen) Load(ctx context.Context) tea.Cmd {
	m.ctx = ctx
	src, since := m.src, m.now().AddDate(0, 0, -conversationsDays)
	cmds := []tea.Cmd{func() tea.Msg {
		list, err := src.Conversations(ctx, since)
		return conversationsLoadedMsg{list: list, err: err}
	}}
	if m.open != nil {
		cmds = append(cmds, m.loadTranscript(m.open.ID))
	}
	return tea.Batch(cmds...)
}

func (m *conversationsScreen) loadTranscript(id string) tea.Cmd {
	src, ctx := m.src, m.ctx
	return func() tea.Msg {
		lines, err := src.Transcript(ctx, id)
		return transcriptLoadedMsg{id: id, lines: lines, err: err}
	}
}

func (m *conversationsScreen) Update(msg tea.Msg) (Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case conversationsLoadedMsg:
		m.setRows(msg.list, msg.err)
	case transcriptLoadedMsg:
		if m.open != nil && msg.id == m.open.ID {
			follow := m.lines == nil || m.vp.AtBottom()
			m.lines, m.openErr = msg.lines, msg.err
			m.refreshTranscript(follow)
		}
	case tea.KeyMsg:
		return m, m.route(msg, m.actions())
	}
	return m, nil
}

// actions are the keys of the list and of the open conversation; the live
// chat's, which need --as, say so in the status bar.
func (m *conversationsScreen) actions() []action {
	readOnly := func() tea.Cmd { return msgCmd(ErrMsg{Err: errReadOnly()}) }
	if m.mode == frameDetail {
		return []action{m.backAction(), scrollAction(), {key: readOnlyKeys.Open, ok: true, run: readOnly}}
	}
	return []action{m.openAction(conversationsKeys.Open), m.filterAction(), {key: readOnlyKeys.List, ok: true, run: readOnly}}
}

// whoLabel names who chatted: the account, or « Visiteur ».
func whoLabel(c ConversationSummary) string {
	if c.Who == "" {
		return "Visiteur"
	}
	return c.Who
}

// modeLabel names a conversation's mode in French.
func modeLabel(mode string) string {
	switch mode {
	case "bot":
		return "Assistant"
	case "agent":
		return "Conseiller"
	}
	return mode
}

// senderLabel names who wrote a message in French (the chat's senders
// are bot, user, agent and system; a label already French stays).
func senderLabel(s string) string {
	switch strings.ToLower(s) {
	case "bot", "assistant":
		return "Assistant"
	case "user", "client", "visitor":
		return "Client"
	case "agent", "conseiller":
		return "Conseiller"
	case "system", "système":
		return "Système"
	}
	return s
}

// refreshTranscript writes the open conversation into the pane.
func (m *conversationsScreen) refreshTranscript(follow bool) {
	if m.open == nil {
		return
	}
	now := m.now()
	var b strings.Builder
	for _, l := range m.lines {
		b.WriteString(m.st.Muted.Render(frDate(l.At, now)) + " " + m.st.Header.Render(senderLabel(l.Sender)) + "\n")
		b.WriteString(wrap(l.Text, m.width-2) + "\n\n")
	}
	if len(m.lines) == 0 && m.openErr == nil {
		b.WriteString(m.st.Muted.Render("Aucun message."))
	}
	m.showText(strings.TrimRight(b.String(), "\n"), follow)
}

func (m *conversationsScreen) View() string {
	if m.open != nil {
		head := m.headLine(whoLabel(*m.open), fmt.Sprintf("%s · %d message%s",
			modeLabel(m.open.Mode), m.open.MessageCount, plural(m.open.MessageCount)))
		body := m.vp.View()
		if m.openErr != nil {
			body = m.st.Error.Render(wrap(errorText(m.openErr), m.width))
		}
		return fitHeight(head+"\n"+body, m.width, m.height)
	}
	summary := fmt.Sprintf("%d derniers jours", conversationsDays)
	if m.loaded && m.err == nil {
		summary += fmt.Sprintf(" · %d conversation%s", len(m.shown), plural(len(m.shown)))
		if m.query != "" {
			summary += " · filtre «\u00a0" + m.query + "\u00a0»"
		}
	}
	return m.listView(m.headLine("Conversations", summary))
}

func (m *conversationsScreen) ShortHelp() []key.Binding { return m.help(m.actions()) }

func (m *conversationsScreen) FullHelp() [][]key.Binding { return m.fullHelp(m.ShortHelp()) }
