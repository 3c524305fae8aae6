package tui

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// usersKeys are the bindings of the Utilisateurs screen.
var usersKeys = struct {
	Filter, Role, Disable, SignOut, Apply, Cancel key.Binding
}{
	Filter:  key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filtrer")),
	Role:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "changer le rôle")),
	Disable: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "désactiver/réactiver")),
	SignOut: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "terminer les sessions")),
	Apply:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "valider")),
	Cancel:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "annuler")),
}

// usersLoadedMsg answers the Utilisateurs screen's read.
type usersLoadedMsg struct {
	list []account.Listed
	err  error
}

// usersScreen is the Utilisateurs tab: the accounts, for admins.
type usersScreen struct {
	src Source
	st  Styles
	ctx context.Context
	now func() time.Time

	width, height int
	all, shown    []account.Listed
	err           error
	loaded        bool
	table         table.Model
	input         textinput.Model
	filtering     bool
	query         string
	// pick is open while choosing a role; ask while a question waits.
	picking bool
	pick    picker
	ask     *confirm
}

// newUsersScreen builds the Utilisateurs screen over src.
func newUsersScreen(src Source, st Styles) Screen {
	ti := newScreenInput(100)
	m := &usersScreen{src: src, st: st, ctx: context.Background(), now: time.Now, table: newScreenTable(st), input: ti}
	m.SetSize(80, 20)
	return m
}

func (m *usersScreen) Title() string { return "Utilisateurs" }

func (m *usersScreen) Capturing() bool { return m.filtering || m.picking || m.ask != nil }

func (m *usersScreen) SetSize(w, h int) {
	m.width, m.height = max(w, 20), max(h, 5)
	m.table.SetColumns(fitColumns(m.width, []colSpec{{"E-mail", 14, 40}, {"Nom", 9, 24}, {"Rôle", 14, 14},
		{"Statut", 9, 9}, {"Créé le", 14, 14}, {"Activité", 13, 17}}))
	m.table.SetWidth(m.width)
	m.table.SetHeight(m.height - 2)
	m.input.Width = m.width - 12
	m.refreshRows()
}

func (m *usersScreen) Load(ctx context.Context) tea.Cmd {
	m.ctx = ctx
	src := m.src
	return func() tea.Msg {
		list, err := src.Users(ctx)
		return usersLoadedMsg{list: list, err: err}
	}
}

func (m *usersScreen) Update(msg tea.Msg) (Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case usersLoadedMsg:
		m.loaded, m.err = true, msg.err
		if msg.err == nil {
			m.all = msg.list
		}
		m.refreshRows()
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

func (m *usersScreen) key(msg tea.KeyMsg) tea.Cmd {
	switch {
	case m.ask != nil:
		return m.askKey(msg)
	case m.picking:
		return m.roleKey(msg)
	case m.filtering:
		return m.filterKey(msg)
	}
	u := m.selected()
	switch {
	case key.Matches(msg, usersKeys.Filter):
		m.filtering = true
		m.input.SetValue(m.query)
		m.input.CursorEnd()
		return m.input.Focus()
	case key.Matches(msg, usersKeys.Role) && u != nil:
		m.picking, m.pick = true, picker{title: "Rôle du compte " + u.Email, labels: roleNames()}
		for i, r := range account.Roles() {
			if r == u.Role {
				m.pick.cursor = i
			}
		}
	case key.Matches(msg, usersKeys.Disable) && u != nil:
		m.askDisable(*u)
	case key.Matches(msg, usersKeys.SignOut) && u != nil:
		uid, src, ctx := u.UID, m.src, m.ctx
		m.ask = &confirm{prompt: "Terminer les sessions du compte " + u.Email + "\u00a0? (o/n)", run: func() tea.Cmd {
			return afterAction(func() tea.Msg {
				n, err := src.SignOut(ctx, uid)
				return errOr(err, sessionsEnded(n))
			})
		}}
	default:
		var cmd tea.Cmd
		m.table, cmd = m.table.Update(msg)
		m.refreshRows()
		return cmd
	}
	return nil
}

// roleNames are the roles in French, in the order of account.Roles.
func roleNames() []string {
	var out []string
	for _, r := range account.Roles() {
		out = append(out, roleLabel(r))
	}
	return out
}

// roleLabel names a role as the website does (account.Role.Label); an
// unknown role as it is stored.
func roleLabel(r account.Role) string {
	if l := r.Label(); l != "" {
		return l
	}
	return string(r)
}

// sessionsEnded says how many sessions SignOut ended.
func sessionsEnded(n int) string {
	switch n {
	case 0:
		return "Aucune session n’était ouverte."
	case 1:
		return "1 session terminée."
	}
	return fmt.Sprintf("%d sessions terminées.", n)
}

func (m *usersScreen) askDisable(u account.Listed) {
	to, verb, done := account.StatusDisabled, "Désactiver", "désactivé"
	if u.Status == account.StatusDisabled {
		to, verb, done = account.StatusActive, "Réactiver", "réactivé"
	}
	src, ctx := m.src, m.ctx
	m.ask = &confirm{prompt: verb + " le compte " + u.Email + "\u00a0? (o/n)", run: func() tea.Cmd {
		return afterAction(func() tea.Msg {
			return errOr(src.SetUserStatus(ctx, u.UID, to), "Compte "+u.Email+" "+done+".")
		})
	}}
}

func (m *usersScreen) roleKey(msg tea.KeyMsg) tea.Cmd {
	switch m.pick.update(msg) {
	case pickerCancelled:
		m.picking = false
	case pickerChosen:
		m.picking = false
		u, to := m.selected(), account.Roles()[m.pick.cursor]
		if u == nil || to == u.Role {
			return nil
		}
		uid, email, src, ctx := u.UID, u.Email, m.src, m.ctx
		m.ask = &confirm{prompt: fmt.Sprintf("Donner le rôle %s au compte %s\u00a0? (o/n)", roleLabel(to), email), run: func() tea.Cmd {
			return afterAction(func() tea.Msg {
				return errOr(src.SetRole(ctx, uid, to), "Le compte "+email+" a désormais le rôle "+roleLabel(to)+".")
			})
		}}
	}
	return nil
}

func (m *usersScreen) askKey(msg tea.KeyMsg) tea.Cmd {
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

func (m *usersScreen) filterKey(msg tea.KeyMsg) tea.Cmd {
	res, q, cmd := updateFilter(&m.input, msg, usersKeys.Apply, usersKeys.Cancel)
	switch res {
	case filterCancelled:
		m.filtering = false
	case filterApplied:
		m.filtering, m.query = false, q
		m.table.SetCursor(0)
		m.refreshRows()
	}
	return cmd
}

// selected is the account under the cursor, nil when the list is empty.
func (m *usersScreen) selected() *account.Listed {
	if c := m.table.Cursor(); m.err == nil && c >= 0 && c < len(m.shown) {
		return &m.shown[c]
	}
	return nil
}

func (m *usersScreen) refreshRows() {
	var uid string
	if u := m.selected(); u != nil {
		uid = u.UID
	}
	m.shown = m.shown[:0:0]
	for _, u := range m.all {
		if matches(m.query, u.Email, u.DisplayName) {
			m.shown = append(m.shown, u)
		}
	}
	cursor := min(max(m.table.Cursor(), 0), max(len(m.shown)-1, 0))
	for i, u := range m.shown {
		if u.UID == uid {
			cursor = i
		}
	}
	now := m.now()
	rows := make([]table.Row, len(m.shown))
	for i, u := range m.shown {
		status := "actif"
		if u.Status == account.StatusDisabled {
			status = "désactivé"
		}
		rows[i] = table.Row{marker(i == cursor, u.Email), u.DisplayName, roleLabel(u.Role), status,
			frStoreDate(u.CreatedAt, now), frStoreDate(u.LastSeenAt, now)}
	}
	m.table.SetRows(rows)
	m.table.SetCursor(cursor)
}

func (m *usersScreen) View() string {
	head := m.st.Title.Render("Utilisateurs")
	if m.loaded && m.err == nil {
		n := len(m.shown)
		info := fmt.Sprintf(" · %d compte%s", n, plural(n))
		if m.query != "" {
			info += " · filtre «\u00a0" + m.query + "\u00a0»"
		}
		head += m.st.Muted.Render(info)
	}
	var body string
	switch {
	case m.err != nil:
		body = m.st.Muted.Render(wrap("La liste des comptes n’est pas disponible\u00a0: "+errorText(m.err), m.width))
	case !m.loaded:
		body = m.st.Muted.Render("Chargement…")
	case m.picking:
		body = m.pick.view(m.st, m.width)
	case len(m.shown) == 0:
		body = m.st.Muted.Render("Aucun compte.")
	default:
		body = m.table.View()
	}
	out := fitHeight(head+"\n"+body, m.width, m.height-1)
	switch {
	case m.ask != nil:
		return out + "\n" + m.st.Info.Render(elideAsk(m.ask.prompt, m.width))
	case m.filtering:
		return out + "\nFiltrer\u00a0: " + m.input.View()
	}
	return out + "\n"
}

func (m *usersScreen) ShortHelp() []key.Binding {
	switch {
	case m.ask != nil:
		return confirmHelp()
	case m.picking:
		return m.pick.help()
	case m.filtering:
		return []key.Binding{usersKeys.Apply, usersKeys.Cancel}
	case m.err != nil:
		return nil
	}
	return []key.Binding{usersKeys.Filter, usersKeys.Role, usersKeys.Disable, usersKeys.SignOut}
}

func (m *usersScreen) FullHelp() [][]key.Binding {
	return [][]key.Binding{m.ShortHelp(), m.table.KeyMap.ShortHelp()}
}
