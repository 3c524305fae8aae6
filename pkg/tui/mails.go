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
	tea "github.com/charmbracelet/bubbletea"
)

// mailsKeys are the bindings of the Courriels screen.
var mailsKeys = struct {
	State, Retry key.Binding
}{
	State: key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "tous/non envoyés/envoyés/en échec")),
	Retry: key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "renvoyer")),
}

// mailStates are the states f cycles, "" for every mail, with the label
// of the list's summary.
var mailStates = []struct {
	status mail.Status
	label  string
}{{"", "tous"}, {mail.StatusPending, "non envoyés"}, {mail.StatusSent, "envoyés"}, {mail.StatusFailed, "en échec"}}

// mailsMode is what the Courriels screen shows and where keys go.
type mailsMode = frameMode

const (
	mailList   = frameList
	mailFilter = frameFilter
	mailDetail = frameDetail
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
	frame[mail.Mail]
	src Source
	ctx context.Context
	now func() time.Time

	state int
	box   *Outbox

	// The open mail.
	id      int64
	open    *mail.Mail
	openErr error
}

// newMailsScreen builds the Courriels screen over src.
func newMailsScreen(src Source, st Styles) Screen {
	m := &mailsScreen{src: src, ctx: context.Background(), now: time.Now}
	m.frame = newFrame(st, frameSpec[mail.Mail]{
		cols: []colSpec{{"N°", 5, 7}, {"État", 10, 10}, {"Écrit le", 14, 14}, {"Destinataire", 14, 32}, {"Objet", 10, 200}},
		cells: func(ml mail.Mail) table.Row {
			return table.Row{strconv.FormatInt(ml.ID, 10), ml.Status.Label(), frDate(ml.CreatedAt, m.now()), ml.To, ml.Subject}
		},
		id: func(ml mail.Mail) string { return strconv.FormatInt(ml.ID, 10) },
		match: func(q string, ml mail.Mail) bool {
			return matches(q, ml.To, ml.Subject, ml.Template, ml.Status.Label())
		},
		open: func(ml mail.Mail) tea.Cmd {
			m.id, m.open, m.openErr = ml.ID, nil, nil
			return m.loadMail(m.id)
		},
		close:       func() { m.id, m.open, m.openErr = 0, nil, nil },
		empty:       func() string { return "Aucun courriel." },
		unavailable: refusal,
	})
	m.SetSize(80, 20)
	return m
}

func (m *mailsScreen) Title() string { return "Courriels" }

func (m *mailsScreen) Capturing() bool { return m.capturing() }

func (m *mailsScreen) SetSize(w, h int) {
	m.resize(w, h)
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
			var list []mail.Mail
			if msg.err == nil && msg.box != nil {
				m.box, list = msg.box, msg.box.Mails
			}
			m.setRows(list, msg.err)
		}
	case mailLoadedMsg:
		if msg.id == m.id {
			m.open, m.openErr = msg.mail, msg.err
			m.refreshDetail()
		}
	case tea.KeyMsg:
		return m, m.route(msg, m.actions())
	}
	return m, nil
}

// actions are the keys of the list and of the open mail.
func (m *mailsScreen) actions() []action {
	if m.mode == mailDetail {
		return []action{m.backAction(), scrollAction(),
			{key: mailsKeys.Retry, ok: m.open != nil && m.mayRetry(m.open), run: func() tea.Cmd { return m.askRetry(*m.open) }}}
	}
	ml, selected := m.current()
	return []action{m.openAction(frameKeys.Open),
		{key: mailsKeys.State, ok: true, run: func() tea.Cmd {
			m.state = (m.state + 1) % len(mailStates)
			m.table.SetCursor(0)
			return m.Load(m.ctx)
		}},
		m.filterAction(),
		{key: mailsKeys.Retry, ok: selected && m.mayRetry(&ml), run: func() tea.Cmd { return m.askRetry(ml) }}}
}

// mayRetry tells whether to offer « renvoyer » on ml: a failed mail, to
// an admin (the service refuses the others; the help offers only what works).
func (m *mailsScreen) mayRetry(ml *mail.Mail) bool {
	return ml.Status == mail.StatusFailed && m.src.Actor().IsAdmin()
}

// askRetry asks before putting ml back in the queue.
func (m *mailsScreen) askRetry(ml mail.Mail) tea.Cmd {
	src, ctx, id := m.src, m.ctx, ml.ID
	m.ask = &confirm{prompt: fmt.Sprintf("Renvoyer le courriel n°\u00a0%d à %s\u00a0? (o/n)", id, ml.To), run: func() tea.Cmd {
		return afterAction(func() tea.Msg {
			return errOr(src.RetryMail(ctx, id), fmt.Sprintf("Courriel n°\u00a0%d remis en file d’envoi.", id))
		})
	}}
	return nil
}

func (m *mailsScreen) View() string {
	if m.mode == mailDetail {
		return m.detailView()
	}
	summary := ""
	if m.box != nil && m.err == nil {
		summary = m.summary()
	}
	return m.listView(m.headLine("Courriels", summary))
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

func (m *mailsScreen) ShortHelp() []key.Binding { return m.help(m.actions()) }

func (m *mailsScreen) FullHelp() [][]key.Binding { return m.fullHelp(m.ShortHelp()) }
