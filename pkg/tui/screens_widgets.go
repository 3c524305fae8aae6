package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// widgetKeys are the keys of the small lists and confirmations the
// screens open over their tables.
var widgetKeys = struct {
	Up, Down, Choose, Cancel, Yes, No key.Binding
}{
	Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "monter")),
	Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "descendre")),
	Choose: key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "valider")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "annuler")),
	Yes:    key.NewBinding(key.WithKeys("o", "O", "y", "Y"), key.WithHelp("o", "oui")),
	No:     key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n", "non")),
}

// picker is a short list to choose from (a status, a role, a person).
type picker struct {
	title  string
	labels []string
	cursor int
}

// pickerResult is what a key did to the picker.
type pickerResult int

const (
	pickerOpen pickerResult = iota
	pickerChosen
	pickerCancelled
)

// update moves the cursor, or answers that a choice was made or dropped.
func (p *picker) update(msg tea.KeyMsg) pickerResult {
	switch {
	case key.Matches(msg, widgetKeys.Up):
		if p.cursor > 0 {
			p.cursor--
		}
	case key.Matches(msg, widgetKeys.Down):
		if p.cursor < len(p.labels)-1 {
			p.cursor++
		}
	case key.Matches(msg, widgetKeys.Choose):
		if len(p.labels) > 0 {
			return pickerChosen
		}
	case key.Matches(msg, widgetKeys.Cancel):
		return pickerCancelled
	}
	return pickerOpen
}

// viewIn draws the picker in h lines at most (0: as many as it needs): a
// long list shows the part around the cursor.
func (p picker) viewIn(st Styles, w, h int) string {
	var b strings.Builder
	b.WriteString(st.Title.Render(elide(p.title, w)) + "\n")
	from, to := 0, len(p.labels)
	if room := h - 2; h > 0 && room > 0 && len(p.labels) > room {
		from = min(max(p.cursor-room/2, 0), len(p.labels)-room)
		to = from + room
	}
	for i := from; i < to; i++ {
		l := p.labels[i]
		line := marker(i == p.cursor, l)
		if i == p.cursor {
			line = st.Selected.Render(elide(line, w))
		} else {
			line = elide(line, w)
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(st.Muted.Render(elide("entrée valider · échap annuler", w)))
	return b.String()
}

func (p picker) help() []key.Binding {
	return []key.Binding{widgetKeys.Up, widgetKeys.Down, widgetKeys.Choose, widgetKeys.Cancel}
}

// confirm is a question answered with o or n; run is the action on « o ».
type confirm struct {
	prompt string
	run    func() tea.Cmd
}

// elideAsk fits a question in w cells: what is cut is the end of its
// text, never the « ? (o/n) » that says how to answer.
func elideAsk(prompt string, w int) string {
	cut := strings.LastIndex(prompt, "\u00a0?")
	if cut < 0 {
		cut = strings.LastIndex(prompt, " (o/n)")
	}
	if cut < 0 || ansi.StringWidth(prompt) <= w {
		return elide(prompt, w)
	}
	tail := prompt[cut:]
	return elide(prompt[:cut], w-ansi.StringWidth(tail)) + tail
}

func confirmHelp() []key.Binding { return []key.Binding{widgetKeys.Yes, widgetKeys.No} }

// msgCmd is a command answering msg at once.
func msgCmd(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// afterAction runs do, then asks the root to reload every screen, so the
// change shows everywhere whether it worked or not.
func afterAction(do func() tea.Msg) tea.Cmd {
	return tea.Sequence(do, msgCmd(ReloadMsg{}))
}

// errOr answers ErrMsg for err, or InfoMsg with text.
func errOr(err error, text string) tea.Msg {
	if err != nil {
		return ErrMsg{Err: err}
	}
	return InfoMsg{Text: text}
}
