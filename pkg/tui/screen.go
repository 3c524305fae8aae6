package tui

import (
	"context"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Screen is one tab of the dashboard (Aperçu, Demandes, Utilisateurs,
// Conversations, Courriels, Contrats), in the manner of soft-serve's components: the root model
// gives it its size, forwards it the messages it does not handle itself,
// asks it to reload on every refresh tick, and shows its key bindings in
// the help bar.
type Screen interface {
	// Title is the tab's French name.
	Title() string
	// SetSize gives the screen the room under the tab bar and above the
	// status and help bars.
	SetSize(width, height int)
	// Load returns the command that reads the screen's data from the Source
	// (run at start, on every refresh tick and after an action).
	Load(ctx context.Context) tea.Cmd
	// Update handles a message; it stays pure: I/O only in returned commands.
	Update(msg tea.Msg) (Screen, tea.Cmd)
	View() string
	// ShortHelp and FullHelp are the screen's bindings for the help bar.
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	// Capturing tells whether the screen is typing into a text input or a
	// confirmation, so the root must not take q, tab, digits or esc itself.
	Capturing() bool
}

// ErrMsg carries a failed action or read to the status bar, in French.
type ErrMsg struct{ Err error }

// InfoMsg is a French line for the status bar after a successful action
// (« Demande DV-2026-000123 prise en charge. »).
type InfoMsg struct{ Text string }

// ReloadMsg asks the root to reload every screen now (after an action that
// changes what several screens show).
type ReloadMsg struct{}

// showable is a screen that works only while its tab is shown: the
// Conversations screen of an agent reloads itself every 2 s and keeps the
// agent present to visitors. The root calls Shown when its tab appears or
// the refresh resumes, and Hidden when the tab is left, the refresh
// paused, or the dashboard quits.
type showable interface {
	Shown() tea.Cmd
	Hidden() tea.Cmd
}

// shownCmd and hiddenCmd call the hooks of s when it has them.
func shownCmd(s Screen) tea.Cmd {
	if v, ok := s.(showable); ok {
		return v.Shown()
	}
	return nil
}

func hiddenCmd(s Screen) tea.Cmd {
	if v, ok := s.(showable); ok {
		return v.Hidden()
	}
	return nil
}

// wrapLoad wraps the answer of a load in loadedMsg, so that the root
// records when data last arrived (and clears the error of a failed one).
func wrapLoad(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return loadedMsg{msg: cmd()} }
}
