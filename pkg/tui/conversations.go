package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// conversationsKeys are the bindings of the Conversations screen.
var conversationsKeys = struct {
	Open, Back, Filter, Apply, Cancel, Scroll key.Binding
}{
	Open:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "lire")),
	Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "retour")),
	Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filtrer")),
	Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "valider")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "annuler")),
	Scroll: key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown"), key.WithHelp("↑/↓", "défiler")),
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
	src Source
	st  Styles
	ctx context.Context
	now func() time.Time

	width, height int
	all, shown    []ConversationSummary
	err           error
	loaded        bool
	table         table.Model
	input         textinput.Model
	filtering     bool
	query         string

	// The open conversation.
	open    *ConversationSummary
	lines   []TranscriptLine
	openErr error
	vp      viewport.Model
}

// newReadOnlyConversationsScreen builds the Conversations screen of the
// read-only dashboard over src: the chat of the last days, as the
// Operator reads it.
func newReadOnlyConversationsScreen(src Source, st Styles) Screen {
	ti := newScreenInput(100)
	m := &conversationsScreen{src: src, st: st, ctx: context.Background(), now: time.Now,
		table: newScreenTable(st), input: ti, vp: viewport.New(80, 20)}
	m.SetSize(80, 20)
	return m
}

func (m *conversationsScreen) Title() string { return "Conversations" }

func (m *conversationsScreen) Capturing() bool { return m.filtering }

func (m *conversationsScreen) SetSize(w, h int) {
	m.width, m.height = max(w, 20), max(h, 5)
	m.table.SetColumns(fitColumns(m.width, []colSpec{{"Qui", 14, 34}, {"Mode", 10, 10},
		{"Dernier message", 10, 200}, {"Msg", 3, 4}, {"Date", 14, 14}}))
	m.table.SetWidth(m.width)
	m.table.SetHeight(m.height - 2)
	m.input.Width = m.width - 12
	m.vp.Width, m.vp.Height = m.width, m.height-1
	m.refreshRows()
	m.refreshTranscript()
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
		m.loaded, m.err = true, msg.err
		if msg.err == nil {
			m.all = msg.list
		}
		m.refreshRows()
	case transcriptLoadedMsg:
		if m.open != nil && msg.id == m.open.ID {
			follow := m.lines == nil || m.vp.AtBottom()
			m.lines, m.openErr = msg.lines, msg.err
			m.refreshTranscript()
			if follow {
				m.vp.GotoBottom()
			}
		}
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

func (m *conversationsScreen) key(msg tea.KeyMsg) tea.Cmd {
	var cmd tea.Cmd
	switch {
	case m.filtering:
		var res filterResult
		var q string
		switch res, q, cmd = updateFilter(&m.input, msg, conversationsKeys.Apply, conversationsKeys.Cancel); res {
		case filterCancelled:
			m.filtering = false
		case filterApplied:
			m.filtering, m.query = false, q
			m.table.SetCursor(0)
			m.refreshRows()
		}
	case m.open == nil && key.Matches(msg, readOnlyKeys.List), m.open != nil && key.Matches(msg, readOnlyKeys.Open):
		cmd = msgCmd(ErrMsg{Err: errReadOnly()})
	case m.open != nil && key.Matches(msg, conversationsKeys.Back):
		m.open, m.lines, m.openErr = nil, nil, nil
	case m.open != nil:
		m.vp, cmd = m.vp.Update(msg)
	case key.Matches(msg, conversationsKeys.Filter):
		m.filtering = true
		m.input.SetValue(m.query)
		m.input.CursorEnd()
		cmd = m.input.Focus()
	case key.Matches(msg, conversationsKeys.Open):
		if c := m.table.Cursor(); c >= 0 && c < len(m.shown) {
			open := m.shown[c]
			m.open, m.lines, m.openErr = &open, nil, nil
			cmd = m.loadTranscript(open.ID)
		}
	default:
		m.table, cmd = m.table.Update(msg)
		m.refreshRows()
	}
	return cmd
}

func (m *conversationsScreen) refreshRows() {
	var id string
	if c := m.table.Cursor(); c >= 0 && c < len(m.shown) {
		id = m.shown[c].ID
	}
	m.shown = m.shown[:0:0]
	for _, c := range m.all {
		if matches(m.query, whoLabel(c), modeLabel(c.Mode), c.LastMessage) {
			m.shown = append(m.shown, c)
		}
	}
	cursor := min(max(m.table.Cursor(), 0), max(len(m.shown)-1, 0))
	for i, c := range m.shown {
		if c.ID == id {
			cursor = i
		}
	}
	now := m.now()
	rows := make([]table.Row, len(m.shown))
	for i, c := range m.shown {
		rows[i] = table.Row{marker(i == cursor, whoLabel(c)), modeLabel(c.Mode), elide(c.LastMessage, 200),
			fmt.Sprint(c.MessageCount), frDate(c.LastAt, now)}
	}
	m.table.SetRows(rows)
	m.table.SetCursor(cursor)
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

func (m *conversationsScreen) refreshTranscript() {
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
	y := m.vp.YOffset
	m.vp.SetContent(strings.TrimRight(b.String(), "\n"))
	m.vp.SetYOffset(y)
}

func (m *conversationsScreen) View() string {
	if m.open != nil {
		head := m.st.Title.Render(whoLabel(*m.open)) + m.st.Muted.Render(fmt.Sprintf(" · %s · %d message%s",
			modeLabel(m.open.Mode), m.open.MessageCount, plural(m.open.MessageCount)))
		body := m.vp.View()
		if m.openErr != nil {
			body = m.st.Error.Render(wrap(errorText(m.openErr), m.width))
		}
		return fitHeight(head+"\n"+body, m.width, m.height)
	}
	head := m.st.Title.Render("Conversations") + m.st.Muted.Render(fmt.Sprintf(" · %d derniers jours", conversationsDays))
	if m.loaded && m.err == nil {
		head += m.st.Muted.Render(fmt.Sprintf(" · %d conversation%s", len(m.shown), plural(len(m.shown))))
		if m.query != "" {
			head += m.st.Muted.Render(" · filtre «\u00a0" + m.query + "\u00a0»")
		}
	}
	var body string
	switch {
	case m.err != nil:
		body = m.st.Error.Render(wrap(errorText(m.err), m.width))
	case !m.loaded:
		body = m.st.Muted.Render("Chargement…")
	case len(m.shown) == 0:
		body = m.st.Muted.Render("Aucune conversation.")
	default:
		body = m.table.View()
	}
	out := fitHeight(head+"\n"+body, m.width, m.height-1)
	if m.filtering {
		return out + "\nFiltrer\u00a0: " + m.input.View()
	}
	return out + "\n"
}

func (m *conversationsScreen) ShortHelp() []key.Binding {
	switch {
	case m.filtering:
		return []key.Binding{conversationsKeys.Apply, conversationsKeys.Cancel}
	case m.open != nil:
		return []key.Binding{conversationsKeys.Back, conversationsKeys.Scroll, readOnlyKeys.Open}
	}
	return []key.Binding{conversationsKeys.Open, conversationsKeys.Filter, readOnlyKeys.List}
}

func (m *conversationsScreen) FullHelp() [][]key.Binding {
	return [][]key.Binding{m.ShortHelp(), m.table.KeyMap.ShortHelp()}
}
