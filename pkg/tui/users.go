package tui

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
)

// usersKeys are the bindings of the Utilisateurs screen.
var usersKeys = struct {
	Role, Disable, SignOut key.Binding
}{
	Role:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "changer le rôle")),
	Disable: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "désactiver/réactiver")),
	SignOut: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "terminer les sessions")),
}

// usersRole is the step where the account's new role is chosen.
const usersRole = frameOwn

// usersLoadedMsg answers the Utilisateurs screen's read.
type usersLoadedMsg struct {
	list []account.Listed
	err  error
}

// usersScreen is the Utilisateurs tab: the accounts, for admins.
type usersScreen struct {
	frame[account.Listed]
	src Source
	ctx context.Context
	now func() time.Time
}

// newUsersScreen builds the Utilisateurs screen over src.
func newUsersScreen(src Source, st Styles) Screen {
	m := &usersScreen{src: src, ctx: context.Background(), now: time.Now}
	m.frame = newFrame(st, frameSpec[account.Listed]{
		cols: []colSpec{{"E-mail", 14, 40}, {"Nom", 9, 24}, {"Rôle", 14, 14}, {"Statut", 9, 9}, {"Créé le", 14, 14}, {"Activité", 13, 17}},
		cells: func(u account.Listed) table.Row {
			status, now := "actif", m.now()
			if u.Status == account.StatusDisabled {
				status = "désactivé"
			}
			return table.Row{u.Email, u.DisplayName, roleLabel(u.Role), status, frStoreDate(u.CreatedAt, now), frStoreDate(u.LastSeenAt, now)}
		},
		id:          func(u account.Listed) string { return u.UID },
		match:       func(q string, u account.Listed) bool { return matches(q, u.Email, u.DisplayName) },
		empty:       func() string { return "Aucun compte." },
		unavailable: func(err error) string { return "La liste des comptes n’est pas disponible\u00a0: " + errorText(err) },
	})
	m.SetSize(80, 20)
	return m
}

func (m *usersScreen) Title() string { return "Utilisateurs" }

func (m *usersScreen) Capturing() bool { return m.capturing() }

func (m *usersScreen) SetSize(w, h int) { m.resize(w, h) }

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
		m.setRows(msg.list, msg.err)
	case tea.KeyMsg:
		return m, m.route(msg, m.actions())
	}
	return m, nil
}

// actions are the list's keys, each on the account under the cursor.
func (m *usersScreen) actions() []action {
	u, ok := m.current()
	on := func(do func(account.Listed) tea.Cmd) func() tea.Cmd {
		return func() tea.Cmd {
			if !ok {
				return nil
			}
			return do(u)
		}
	}
	return []action{m.filterAction(),
		{key: usersKeys.Role, ok: true, run: on(m.pickRole)},
		{key: usersKeys.Disable, ok: true, run: on(m.askDisable)},
		{key: usersKeys.SignOut, ok: true, run: on(m.askSignOut)}}
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

// pickRole opens the list of roles, on the account's own, then asks
// before giving the one chosen.
func (m *usersScreen) pickRole(u account.Listed) tea.Cmd {
	m.choose(usersRole, "Rôle du compte "+u.Email, roleNames(), func(i int) tea.Cmd {
		to := account.Roles()[i]
		if to == u.Role {
			return nil
		}
		uid, email, src, ctx := u.UID, u.Email, m.src, m.ctx
		m.ask = &confirm{prompt: fmt.Sprintf("Donner le rôle %s au compte %s\u00a0? (o/n)", roleLabel(to), email), run: func() tea.Cmd {
			return afterAction(func() tea.Msg {
				return errOr(src.SetRole(ctx, uid, to), "Le compte "+email+" a désormais le rôle "+roleLabel(to)+".")
			})
		}}
		return nil
	})
	for i, r := range account.Roles() {
		if r == u.Role {
			m.pick.cursor = i
		}
	}
	return nil
}

// askSignOut asks before ending the sessions of u.
func (m *usersScreen) askSignOut(u account.Listed) tea.Cmd {
	uid, src, ctx := u.UID, m.src, m.ctx
	m.ask = &confirm{prompt: "Terminer les sessions du compte " + u.Email + "\u00a0? (o/n)", run: func() tea.Cmd {
		return afterAction(func() tea.Msg {
			n, err := src.SignOut(ctx, uid)
			return errOr(err, sessionsEnded(n))
		})
	}}
	return nil
}

// askDisable asks before disabling u, or enabling it again.
func (m *usersScreen) askDisable(u account.Listed) tea.Cmd {
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
	return nil
}

func (m *usersScreen) View() string {
	summary := ""
	if m.loaded && m.err == nil {
		n := len(m.shown)
		summary = fmt.Sprintf("%d compte%s", n, plural(n))
		if m.query != "" {
			summary += " · filtre «\u00a0" + m.query + "\u00a0»"
		}
	}
	body := m.listBody()
	if m.choosing() && m.err == nil {
		body = m.pick.viewIn(m.st, m.width, m.height-2)
	}
	return m.page(m.headLine("Utilisateurs", summary), body, m.bottom())
}

func (m *usersScreen) ShortHelp() []key.Binding { return m.help(m.actions()) }

func (m *usersScreen) FullHelp() [][]key.Binding { return m.fullHelp(m.ShortHelp()) }
