package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The frame's keys: the actions a screen offers where it stands, the
// steps it opens (a line to type, a list to choose from, a question),
// and the routing of a key to the first that takes it.

// frameKeys are the keys every framed screen shares.
var frameKeys = struct {
	Open, Filter, Back, Apply, Cancel, Scroll key.Binding
}{
	Open:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "ouvrir")),
	Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filtrer")),
	Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "retour")),
	Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "valider")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "annuler")),
	Scroll: key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown"), key.WithHelp("↑/↓", "défiler")),
}

// action is a key a screen answers where it stands: offered in the help
// and run when ok; an action without run is only shown (the pane's
// scrolling, which the frame does).
type action struct {
	key key.Binding
	ok  bool
	run func() tea.Cmd
}

// openAction opens the row under the cursor with b.
func (f *frame[T]) openAction(b key.Binding) action {
	return action{key: b, ok: true, run: func() tea.Cmd {
		it, ok := f.current()
		if !ok || f.spec.open == nil {
			return nil
		}
		f.openPane()
		return f.spec.open(it)
	}}
}

// filterAction opens the line of the list's filter.
func (f *frame[T]) filterAction() action {
	return action{key: frameKeys.Filter, ok: true, run: func() tea.Cmd {
		f.mode = frameFilter
		return f.startLine(f.query, filterLimit, f.width-12)
	}}
}

// backAction goes back from the pane to the list, the row forgotten.
func (f *frame[T]) backAction() action {
	return action{key: frameKeys.Back, ok: true, run: func() tea.Cmd {
		f.mode = frameList
		if f.spec.close != nil {
			f.spec.close()
		}
		return nil
	}}
}

// scrollAction shows that the pane scrolls.
func scrollAction() action { return action{key: frameKeys.Scroll, ok: true} }

// openPane shows the pane, empty and at its top, until the row is read.
func (f *frame[T]) openPane() {
	f.mode = frameDetail
	f.vp.SetContent("")
	f.vp.GotoTop()
}

// startLine opens the screen's line on value, limit characters at most
// in width cells.
func (f *frame[T]) startLine(value string, limit, width int) tea.Cmd {
	f.input.CharLimit, f.input.Width = limit, width
	f.input.SetValue(value)
	f.input.CursorEnd()
	return f.input.Focus()
}

// endLine closes the screen's line, emptied, and gives it back to the filter.
func (f *frame[T]) endLine() {
	f.input.Blur()
	f.input.SetValue("")
	f.input.CharLimit, f.input.Width = filterLimit, f.width-12
}

// choose opens a list of labels to choose from, as the screen's step
// mode; a line chosen runs then, and either way the screen comes back to
// where it was.
func (f *frame[T]) choose(mode frameMode, title string, labels []string, then func(i int) tea.Cmd) {
	f.back, f.mode = f.mode, mode
	f.pick, f.chosen = picker{title: title, labels: labels}, then
}

// choosing tells whether a list to choose from is open.
func (f *frame[T]) choosing() bool { return f.chosen != nil }

// pickKey moves in the list to choose from, or closes it.
func (f *frame[T]) pickKey(msg tea.KeyMsg) tea.Cmd {
	switch f.pick.update(msg) {
	case pickerCancelled:
		f.mode, f.chosen = f.back, nil
	case pickerChosen:
		then := f.chosen
		f.mode, f.chosen = f.back, nil
		return then(f.pick.cursor)
	}
	return nil
}

// offered are the actions that the help shows and the keys run: none on
// a list that is unavailable.
func (f *frame[T]) offered(actions []action) []action {
	if f.mode == frameList && f.unavailable() {
		return nil
	}
	var out []action
	for _, a := range actions {
		if a.ok {
			out = append(out, a)
		}
	}
	return out
}

// route hands a key to the question asked, the filter typed, the
// screen's actions, then to the table's moves or the pane's scrolling.
func (f *frame[T]) route(msg tea.KeyMsg, actions []action) tea.Cmd {
	switch {
	case f.ask != nil:
		return f.answer(msg)
	case f.choosing():
		return f.pickKey(msg)
	case f.mode == frameFilter:
		return f.filterKey(msg)
	}
	for _, a := range f.offered(actions) {
		if a.run != nil && key.Matches(msg, a.key) {
			return a.run()
		}
	}
	var cmd tea.Cmd
	if f.mode == frameDetail {
		f.vp, cmd = f.vp.Update(msg)
		return cmd
	}
	f.table, cmd = f.table.Update(msg)
	f.refresh()
	return cmd
}

// answer takes o or n to the question asked; o runs what it asked.
func (f *frame[T]) answer(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, widgetKeys.Yes):
		run := f.ask.run
		f.ask = nil
		return run()
	case key.Matches(msg, widgetKeys.No):
		f.ask = nil
	}
	return nil
}

// filterKey handles a key while the filter is typed: entrée filters and
// puts the cursor back on the first row, échap leaves the filter as it was.
func (f *frame[T]) filterKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, frameKeys.Cancel):
		f.input.Blur()
		f.mode = frameList
		return nil
	case key.Matches(msg, frameKeys.Apply):
		f.input.Blur()
		f.mode, f.query = frameList, strings.TrimSpace(f.input.Value())
		f.table.SetCursor(0)
		f.refresh()
		return nil
	}
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	return cmd
}

// help is the short help where the frame stands: the question's keys,
// the filter's, or the actions offered.
func (f *frame[T]) help(actions []action) []key.Binding {
	switch {
	case f.ask != nil:
		return confirmHelp()
	case f.choosing():
		return f.pick.help()
	case f.mode == frameFilter:
		return []key.Binding{frameKeys.Apply, frameKeys.Cancel}
	}
	var h []key.Binding
	for _, a := range f.offered(actions) {
		h = append(h, a.key)
	}
	return h
}

// fullHelp is short, with the table's moves when the list has the keys.
func (f *frame[T]) fullHelp(short []key.Binding) [][]key.Binding {
	h := [][]key.Binding{short}
	if f.mode == frameList && f.ask == nil && !f.choosing() {
		h = append(h, f.table.KeyMap.ShortHelp())
	}
	return h
}
