package tui

import (
	"context"
	"io"
	"os"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/term"
)

// DefaultRefresh is the refresh period when none is given.
const DefaultRefresh = 5 * time.Second

// DefaultChatRefresh is how often the live Conversations screen reloads
// while shown: a visitor waits for an answer, and the presence it renews
// lasts chat.PresenceTTL (45 s).
const DefaultChatRefresh = 2 * time.Second

// Options are how the dashboard runs.
type Options struct {
	// Refresh is the period of the automatic reloads; DefaultRefresh when zero.
	Refresh time.Duration
	// ChatRefresh is the period of the live Conversations screen's own
	// reloads and presence heartbeat while it is shown; DefaultChatRefresh
	// when zero.
	ChatRefresh time.Duration
	// NoColor draws without colours (NO_COLOR).
	NoColor bool
	// Now is the clock; time.Now when nil. Tests fix it.
	Now func() time.Time
	// Location is where times are shown (the company's); time.Local when nil.
	Location *time.Location
}

// withDefaults fills the zero fields.
func (o Options) withDefaults() Options {
	if o.Refresh <= 0 {
		o.Refresh = DefaultRefresh
	}
	if o.ChatRefresh <= 0 {
		o.ChatRefresh = DefaultChatRefresh
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Location == nil {
		o.Location = time.Local
	}
	return o
}

// Run runs the dashboard over src until the user quits or ctx ends. in
// and out are the terminal (tests give buffers); the alternate screen is
// used only when out is a terminal, so that a pipe gets plain frames.
func Run(ctx context.Context, src Source, opts Options, in io.Reader, out io.Writer) error {
	m := NewModel(ctx, src, opts)
	popts := []tea.ProgramOption{tea.WithInput(in), tea.WithOutput(out), tea.WithContext(ctx)}
	if isTerminal(out) {
		popts = append(popts, tea.WithAltScreen())
	}
	final, err := tea.NewProgram(m, popts...).Run()
	if fm, ok := final.(Model); ok {
		// Quitting with q told the active screen already; a program ended
		// by its context did not.
		fm.farewell()
	}
	return err
}

// farewell runs the active screen's Hidden hook now, if it has work left
// (the Conversations screen ends the agent's presence).
func (m Model) farewell() {
	if cmd := hiddenCmd(m.screens[m.active]); cmd != nil {
		cmd()
	}
}

// isTerminal tells whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
