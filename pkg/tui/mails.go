package tui

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/mail"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// mailsKeys are the bindings of the Courriels screen.
var mailsKeys = struct {
	Open, State, Filter, Retry, Back, Apply, Cancel, Scroll key.Binding
}{
	Open:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "ouvrir")),
	State:  key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "tous/non envoyés/envoyés/en échec")),
	Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filtrer")),
	Retry:  key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "renvoyer")),
	Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "retour")),
	Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "valider")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "annuler")),
	Scroll: key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown"), key.WithHelp("↑/↓", "défiler")),
}

// mailStates are the states f cycles, "" for every mail, with the label
// of the list's summary.
var mailStates = []struct {
	status mail.Status
	label  string
}{{"", "tous"}, {mail.StatusPending, "non envoyés"}, {mail.StatusSent, "envoyés"}, {mail.StatusFailed, "en échec"}}

// mailsMode is what the Courriels screen shows and where keys go.
type mailsMode int

const (
	mailList mailsMode = iota
	mailFilter
	mailDetail
)

// Messages of the Courriels screen's reads.
type (
	outboxLoadedMsg struct {
		status mail.Status
		box    *Outbox
		err    error
	}
	mailLoadedMsg struct {
		id   int64
		mail *mail.Mail
		err  error
	}
)

// mailsScreen is the Courriels tab: the outbox, for admins and the
// read-only operator; an admin retries a failed mail. Agents read a
// request's mails in its view (Demandes) instead.
type mailsScreen struct {
	src Source
	st  Styles
	ctx context.Context
	now func() time.Time

	width, height int
	mode          mailsMode
	state         int
	box           *Outbox
	shown         []mail.Mail
	err           error
	table         table.Model
	input         textinput.Model
	query         string
	ask           *confirm

	// The open mail and its view.
	id      int64
	open    *mail.Mail
	openErr error
	vp      viewport.Model
}

// newMailsScreen builds the Courriels screen over src.
func newMailsScreen(src Source, st Styles) Screen {
	m := &mailsScreen{src: src, st: st, ctx: context.Background(), now: time.Now,
		table: newScreenTable(st), input: newScreenInput(100), vp: viewport.New(80, 20)}
	m.SetSize(80, 20)
	return m
}

func (m *mailsScreen) Title() string { return "Courriels" }

func (m *mailsScreen) Capturing() bool { return m.mode == mailFilter || m.ask != nil }

func (m *mailsScreen) SetSize(w, h int) {
	m.width, m.height = max(w, 20), max(h, 5)
	m.table.SetColumns(fitColumns(m.width, []colSpec{{"N°", 5, 7}, {"État", 10, 10}, {"Écrit le", 14, 14},
		{"Destinataire", 14, 32}, {"Objet", 10, 200}}))
	m.table.SetWidth(m.width)
	m.table.SetHeight(m.height - 2)
	m.input.Width = m.width - 12
	m.vp.Width, m.vp.Height = m.width, m.height-2
	m.refreshRows()
	m.refreshDetail()
}

func (m *mailsScreen) Load(ctx context.Context) tea.Cmd {
	m.ctx = ctx
	src, status := m.src, mailStates[m.state].status
	cmds := []tea.Cmd{func() tea.Msg {
		box, err := src.Mails(ctx, status)
		return outboxLoadedMsg{status: status, box: box, err: err}
	}}
	if m.id != 0 {
		cmds = append(cmds, m.loadMail(m.id))
	}
	return tea.Batch(cmds...)
}

func (m *mailsScreen) loadMail(id int64) tea.Cmd {
	src, ctx := m.src, m.ctx
	return func() tea.Msg {
		ml, err := src.Mail(ctx, id)
		return mailLoadedMsg{id: id, mail: ml, err: err}
	}
}

func (m *mailsScreen) Update(msg tea.Msg) (Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case outboxLoadedMsg:
		// An answer for a state left since (f pressed twice) is dropped.
		if msg.status == mailStates[m.state].status {
			m.box, m.err = msg.box, msg.err
			m.refreshRows()
		}
	case mailLoadedMsg:
		if msg.id == m.id {
			m.open, m.openErr = msg.mail, msg.err
			m.refreshDetail()
		}
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

func (m *mailsScreen) key(msg tea.KeyMsg) tea.Cmd {
	switch {
	case m.ask != nil:
		return m.askKey(msg)
	case m.mode == mailFilter:
		return m.filterKey(msg)
	case m.mode == mailDetail:
		return m.detailKey(msg)
	}
	switch {
	case key.Matches(msg, mailsKeys.State):
		m.state = (m.state + 1) % len(mailStates)
		m.table.SetCursor(0)
		return m.Load(m.ctx)
	case key.Matches(msg, mailsKeys.Filter) && m.err == nil:
		m.mode = mailFilter
		m.input.SetValue(m.query)
		m.input.CursorEnd()
		return m.input.Focus()
	case key.Matches(msg, mailsKeys.Open):
		if ml := m.selected(); ml != nil {
			m.mode, m.id, m.open, m.openErr = mailDetail, ml.ID, nil, nil
			m.vp.SetYOffset(0)
			return m.loadMail(m.id)
		}
	case key.Matches(msg, mailsKeys.Retry):
		if ml := m.selected(); ml != nil && m.mayRetry(ml) {
			m.askRetry(*ml)
		}
	default:
		var cmd tea.Cmd
		m.table, cmd = m.table.Update(msg)
		m.refreshRows()
		return cmd
	}
	return nil
}

func (m *mailsScreen) detailKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, mailsKeys.Back):
		m.mode, m.id, m.open, m.openErr = mailList, 0, nil, nil
	case key.Matches(msg, mailsKeys.Retry):
		if m.open != nil && m.mayRetry(m.open) {
			m.askRetry(*m.open)
		}
	default:
		var cmd tea.Cmd
		m.vp, cmd = m.vp.Update(msg)
		return cmd
	}
	return nil
}

func (m *mailsScreen) filterKey(msg tea.KeyMsg) tea.Cmd {
	res, q, cmd := updateFilter(&m.input, msg, mailsKeys.Apply, mailsKeys.Cancel)
	switch res {
	case filterCancelled:
		m.mode = mailList
	case filterApplied:
		m.mode, m.query = mailList, q
		m.table.SetCursor(0)
		m.refreshRows()
	}
	return cmd
}

// mayRetry tells whether to offer « renvoyer » on ml: a failed mail, to
// an admin (the service refuses the others; the help offers only what works).
func (m *mailsScreen) mayRetry(ml *mail.Mail) bool {
	return ml.Status == mail.StatusFailed && m.src.Actor().IsAdmin()
}

// askRetry asks before putting ml back in the queue.
func (m *mailsScreen) askRetry(ml mail.Mail) {
	src, ctx, id := m.src, m.ctx, ml.ID
	m.ask = &confirm{prompt: fmt.Sprintf("Renvoyer le courriel n°\u00a0%d à %s\u00a0? (o/n)", id, ml.To), run: func() tea.Cmd {
		return afterAction(func() tea.Msg {
			return errOr(src.RetryMail(ctx, id), fmt.Sprintf("Courriel n°\u00a0%d remis en file d’envoi.", id))
		})
	}}
}

func (m *mailsScreen) askKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, widgetKeys.Yes):
		run := m.ask.run
		m.ask = nil
		return run()
	case key.Matches(msg, widgetKeys.No):
		m.ask = nil
	}
	return nil
}

// selected is the mail under the cursor, nil when the list is empty.
func (m *mailsScreen) selected() *mail.Mail {
	if c := m.table.Cursor(); m.err == nil && c >= 0 && c < len(m.shown) {
		return &m.shown[c]
	}
	return nil
}

// refreshRows filters the loaded mails into the table, the cursor kept
// on the same mail.
func (m *mailsScreen) refreshRows() {
	var id int64
	if ml := m.selected(); ml != nil {
		id = ml.ID
	}
	m.shown = m.shown[:0:0]
	if m.box != nil && m.err == nil {
		for _, ml := range m.box.Mails {
			if matches(m.query, ml.To, ml.Subject, ml.Template, ml.Status.Label()) {
				m.shown = append(m.shown, ml)
			}
		}
	}
	cursor := min(max(m.table.Cursor(), 0), max(len(m.shown)-1, 0))
	for i, ml := range m.shown {
		if ml.ID == id {
			cursor = i
		}
	}
	now := m.now()
	rows := make([]table.Row, len(m.shown))
	for i, ml := range m.shown {
		rows[i] = table.Row{marker(i == cursor, strconv.FormatInt(ml.ID, 10)), ml.Status.Label(),
			frDate(ml.CreatedAt, now), ml.To, ml.Subject}
	}
	m.table.SetRows(rows)
	m.table.SetCursor(cursor)
}

func (m *mailsScreen) View() string {
	if m.mode == mailDetail {
		return m.detailView()
	}
	head := m.st.Title.Render("Courriels")
	if m.box != nil && m.err == nil {
		head += m.st.Muted.Render(" · " + m.summary())
	}
	var body string
	switch {
	case m.err != nil:
		body = m.st.Muted.Render(wrap(refusal(m.err), m.width))
	case m.box == nil:
		body = m.st.Muted.Render("Chargement…")
	case len(m.shown) == 0:
		body = m.st.Muted.Render("Aucun courriel.")
	default:
		body = m.table.View()
	}
	out := fitHeight(head+"\n"+body, m.width, m.height-1)
	switch {
	case m.ask != nil:
		return out + "\n" + m.st.Info.Render(elideAsk(m.ask.prompt, m.width))
	case m.mode == mailFilter:
		return out + "\nFiltrer\u00a0: " + m.input.View()
	}
	return out + "\n"
}

// refusal says why the outbox is not shown: to an agent, where to read
// a request's mails instead.
func refusal(err error) string {
	if apperr.CodeOf(err) == apperr.EFORBIDDEN {
		return "Le journal des courriels est réservé aux administrateurs. " +
			"Les courriels envoyés au client d’une demande se lisent dans sa fiche (onglet Demandes, entrée)."
	}
	return "Les courriels ne sont pas disponibles\u00a0: " + errorText(err)
}

// summary says which mails the list shows and how many stand in each state.
func (m *mailsScreen) summary() string {
	c := m.box.Counts
	parts := []string{mailStates[m.state].label,
		fmt.Sprintf("%d non envoyé%s", c.Pending, plural(c.Pending)),
		fmt.Sprintf("%d envoyé%s", c.Sent, plural(c.Sent)),
		fmt.Sprintf("%d en échec", c.Failed)}
	if m.query != "" {
		parts = append(parts, "filtre «\u00a0"+m.query+"\u00a0»")
	}
	n := len(m.shown)
	parts = append(parts, fmt.Sprintf("%d affiché%s", n, plural(n)))
	return strings.Join(parts, " · ")
}

func (m *mailsScreen) ShortHelp() []key.Binding {
	switch {
	case m.ask != nil:
		return confirmHelp()
	case m.mode == mailFilter:
		return []key.Binding{mailsKeys.Apply, mailsKeys.Cancel}
	case m.mode == mailDetail:
		h := []key.Binding{mailsKeys.Back, mailsKeys.Scroll}
		if m.open != nil && m.mayRetry(m.open) {
			h = append(h, mailsKeys.Retry)
		}
		return h
	case m.err != nil:
		return nil
	}
	h := []key.Binding{mailsKeys.Open, mailsKeys.State, mailsKeys.Filter}
	if ml := m.selected(); ml != nil && m.mayRetry(ml) {
		h = append(h, mailsKeys.Retry)
	}
	return h
}

func (m *mailsScreen) FullHelp() [][]key.Binding {
	h := [][]key.Binding{m.ShortHelp()}
	if m.mode == mailList && m.ask == nil {
		h = append(h, m.table.KeyMap.ShortHelp())
	}
	return h
}
