package tui

import (
	"context"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Screen is one tab of the dashboard (Aperçu, Demandes, Utilisateurs,
// Conversations), in the manner of soft-serve's components: the root model
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
