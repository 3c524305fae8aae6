package tui

import (
	"context"
	"time"

	"courtier/pkg/account"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Minimum terminal size: below it the root shows one French line instead
// of a layout that would break.
const (
	MinWidth  = 80
	MinHeight = 24
)

// Model is the root model: the tab bar, the active screen, the status bar
// and the help bar. It routes keys, sizes every screen, and reloads them
// on every refresh tick.
type Model struct {
	ctx     context.Context
	src     Source
	st      Styles
	keys    keyMap
	help    help.Model
	screens []Screen
	active  int
	// width and height are the terminal's; 0 until the first WindowSizeMsg.
	width, height int
	refresh       time.Duration
	paused        bool
	// tick numbers the tick chain, so that a tick of a chain that a pause
	// ended does not start a second one on resume.
	tick     int
	now      func() time.Time
	loc      *time.Location
	lastLoad time.Time
	// message is the last error or info, in French; isErr tells which.
	message string
	isErr   bool
	// loadErr marks an error of a refresh, which the next good refresh
	// clears; an action's error stays until the next message, so a refresh
	// a second later does not hide why a take or a role change failed.
	loadErr  bool
	quitting bool
}

// tickMsg is a refresh tick of chain n.
type tickMsg struct{ n int }

// loadedMsg wraps the answer of a screen's Load, so that the root records
// when data last arrived before it hands msg to the screens.
type loadedMsg struct{ msg tea.Msg }

// NewModel builds the root model over src with the six screens.
func NewModel(ctx context.Context, src Source, opts Options) Model {
	opts = opts.withDefaults()
	st := NewStyles(opts.NoColor)
	h := help.New()
	h.ShortSeparator, h.FullSeparator = " · ", "   "
	if opts.NoColor {
		plain := lipgloss.NewStyle()
		h.Styles = help.Styles{Ellipsis: plain, ShortKey: plain, ShortDesc: plain, ShortSeparator: plain,
			FullKey: plain, FullDesc: plain, FullSeparator: plain}
	} else {
		h.Styles.ShortKey, h.Styles.FullKey = st.Title, st.Title
	}
	return Model{
		ctx: ctx, src: src, st: st, keys: newKeyMap(), help: h,
		screens: newScreens(src, st, opts),
		refresh: opts.Refresh, now: opts.Now, loc: opts.Location,
	}
}

// newScreens are the tabs the actor may use: Utilisateurs and Courriels
// are the admins' (and the read-only operator's); an agent is not offered
// tabs whose every read the services refuse them.
func newScreens(src Source, st Styles, opts Options) []Screen {
	a := src.Actor()
	all := !a.SignedIn() || a.Role == account.RoleAdmin
	screens := []Screen{newOverviewScreen(src, st, opts.Location, opts.Now), newRequestsScreen(src, st)}
	if all {
		screens = append(screens, newUsersScreen(src, st))
	}
	screens = append(screens, newConversationsScreen(src, st, opts.ChatRefresh))
	if all {
		screens = append(screens, newMailsScreen(src, st))
	}
	return append(screens, newContractsScreen(src, st))
}

// Init loads every screen and starts the refresh ticks.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.tickCmd()}
	for _, s := range m.screens {
		cmds = append(cmds, m.load(s))
	}
	cmds = append(cmds, shownCmd(m.screens[m.active]))
	return tea.Batch(cmds...)
}

// Active is the index of the shown tab (0 Aperçu … 5 Contrats for an
// admin; an agent has four tabs, see newScreens).
func (m Model) Active() int { return m.active }

// Paused tells whether the automatic refresh is paused.
func (m Model) Paused() bool { return m.paused }

// tickCmd waits one refresh period.
func (m Model) tickCmd() tea.Cmd {
	n := m.tick
	return tea.Tick(m.refresh, func(time.Time) tea.Msg { return tickMsg{n: n} })
}

// load runs the Load of s and wraps its answer.
func (m Model) load(s Screen) tea.Cmd { return wrapLoad(s.Load(m.ctx)) }

// reload loads the active screen and the overview, the two a user sees
// change: the others load when their tab is chosen.
func (m Model) reload() tea.Cmd {
	cmds := []tea.Cmd{m.load(m.screens[m.active])}
	if m.active != 0 {
		cmds = append(cmds, m.load(m.screens[0]))
	}
	return tea.Batch(cmds...)
}

// Update handles a message: sizes, keys, ticks, loads; everything else
// goes to the screens (each ignores what is not its own).
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.resize()
		return m, nil
	case tea.KeyMsg:
		return m.key(msg)
	case tickMsg:
		if msg.n != m.tick || m.paused {
			return m, nil
		}
		return m, tea.Batch(m.reload(), m.tickCmd())
	case loadedMsg:
		if e, failed := msg.msg.(ErrMsg); failed {
			m.message, m.isErr, m.loadErr = errorText(e.Err), true, true
			return m, nil
		}
		if msg.msg != nil {
			m.lastLoad = m.now()
			if m.loadErr {
				m.message, m.isErr, m.loadErr = "", false, false
			}
		}
		if batch, ok := msg.msg.(tea.BatchMsg); ok {
			return m, tea.Batch(batch...)
		}
		return m.Update(msg.msg)
	case ErrMsg:
		m.message, m.isErr, m.loadErr = errorText(msg.Err), true, false
		return m, nil
	case InfoMsg:
		m.message, m.isErr, m.loadErr = msg.Text, false, false
		return m, nil
	case ReloadMsg:
		return m, m.reload()
	case nil:
		return m, nil
	}
	var cmds []tea.Cmd
	for i, s := range m.screens {
		var cmd tea.Cmd
		m.screens[i], cmd = s.Update(msg)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// key routes a key: ctrl+c always quits; a capturing screen takes every
// other key; a key the screen binds is the screen's; then the root's.
func (m Model) key(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if msg.String() == "ctrl+c" {
		return m.quit()
	}
	if m.tooSmall() {
		if key.Matches(msg, m.keys.Quit) {
			return m.quit()
		}
		return m, nil
	}
	screen := m.screens[m.active]
	if screen.Capturing() || bound(screen, msg) {
		return m.toActive(msg)
	}
	switch {
	case key.Matches(msg, m.keys.Quit):
		return m.quit()
	case key.Matches(msg, m.keys.Next):
		return m.show((m.active + 1) % len(m.screens))
	case key.Matches(msg, m.keys.Prev):
		return m.show((m.active + len(m.screens) - 1) % len(m.screens))
	case key.Matches(msg, m.keys.Help):
		m.help.ShowAll = !m.help.ShowAll
		m.resize()
		return m, nil
	case key.Matches(msg, m.keys.Refresh):
		return m, m.reload()
	case key.Matches(msg, m.keys.Pause):
		return m.togglePause()
	}
	for i, b := range m.keys.Tabs {
		if key.Matches(msg, b) && i < len(m.screens) {
			return m.show(i)
		}
	}
	return m.toActive(msg)
}

// bound tells whether the screen has a binding for msg (the Utilisateurs
// screen's r changes a role, before the root's r refreshes).
func bound(s Screen, msg tea.KeyMsg) bool {
	for _, col := range s.FullHelp() {
		if key.Matches(msg, col...) {
			return true
		}
	}
	return key.Matches(msg, s.ShortHelp()...)
}

// toActive hands msg to the active screen.
func (m Model) toActive(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	m.screens[m.active], cmd = m.screens[m.active].Update(msg)
	return m, cmd
}

// show makes tab i the active one and reloads it; the tab left and the
// tab shown are told (see showable).
func (m Model) show(i int) (tea.Model, tea.Cmd) {
	if i == m.active {
		return m, nil
	}
	left := hiddenCmd(m.screens[m.active])
	m.active = i
	m.resize()
	cmds := []tea.Cmd{left, m.load(m.screens[i])}
	if !m.paused {
		cmds = append(cmds, shownCmd(m.screens[i]))
	}
	return m, tea.Batch(cmds...)
}

// togglePause stops or resumes the automatic refresh; resuming reloads
// at once and starts a new tick chain. The active screen's own refresh
// stops and resumes with it.
func (m Model) togglePause() (tea.Model, tea.Cmd) {
	m.paused = !m.paused
	if m.paused {
		return m, hiddenCmd(m.screens[m.active])
	}
	m.tick++
	return m, tea.Batch(m.reload(), m.tickCmd(), shownCmd(m.screens[m.active]))
}

// quit ends the program once the active screen is told it is left (the
// Conversations screen ends the agent's presence first).
func (m Model) quit() (tea.Model, tea.Cmd) {
	m.quitting = true
	if left := hiddenCmd(m.screens[m.active]); left != nil {
		return m, tea.Sequence(left, tea.Quit)
	}
	return m, tea.Quit
}
