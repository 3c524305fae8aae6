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

// Options are how the dashboard runs.
type Options struct {
	// Refresh is the period of the automatic reloads; DefaultRefresh when zero.
	Refresh time.Duration
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
	_, err := tea.NewProgram(m, popts...).Run()
	return err
}

// isTerminal tells whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
