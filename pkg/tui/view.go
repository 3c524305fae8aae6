package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// size is the terminal's size, 80×24 until the first WindowSizeMsg (the
// program does not send one when its output is not a terminal).
func (m Model) size() (int, int) {
	if m.width == 0 && m.height == 0 {
		return MinWidth, MinHeight
	}
	return m.width, m.height
}

// tooSmall tells whether the terminal is under the minimum size.
func (m Model) tooSmall() bool {
	w, h := m.size()
	return w < MinWidth || h < MinHeight
}

// statusLines is the height of the status bar.
const statusLines = 3

// resize gives every screen the room between the tab bar and the bars at
// the bottom, whose height depends on the help shown.
func (m *Model) resize() {
	w, h := m.size()
	m.help.Width = w
	room := h - 2 - statusLines - lipgloss.Height(m.helpView())
	if room < 1 {
		room = 1
	}
	for _, s := range m.screens {
		s.SetSize(w, room)
	}
}

// View draws the tab bar, the active screen, the status bar and the help.
func (m Model) View() string {
	if m.quitting {
		return ""
	}
	w, h := m.size()
	if m.tooSmall() {
		line := fmt.Sprintf("Terminal trop petit (%d×%d)\u00a0: il faut %d×%d au moins. q pour quitter.", w, h, MinWidth, MinHeight)
		if w > 0 && lipgloss.Width(line) > w {
			// Wrapped rather than cut, so that it stays readable.
			line = lipgloss.NewStyle().Width(w).Render(line)
		}
		return line
	}
	helpView := m.helpView()
	room := h - 2 - statusLines - lipgloss.Height(helpView)
	body := lipgloss.NewStyle().Width(w).Height(room).MaxHeight(room).MaxWidth(w).
		Render(m.screens[m.active].View())
	return lipgloss.JoinVertical(lipgloss.Left, m.tabBar(w), "", body, m.statusBar(w), helpView)
}

// tabBar shows the tabs with their digits; when they do not fit in w,
// without their padding, one space apart.
func (m Model) tabBar(w int) string {
	render := func(pad int) []string {
		tabs := make([]string, len(m.screens))
		for i, s := range m.screens {
			label := fmt.Sprintf("%d %s", i+1, s.Title())
			style := m.st.Tab
			if i == m.active {
				if m.st.NoColor {
					label = "[" + label + "]"
				}
				style = m.st.ActiveTab
			}
			tabs[i] = style.Padding(0, pad).Render(label)
		}
		return tabs
	}
	bar := lipgloss.JoinHorizontal(lipgloss.Top, render(1)...)
	if lipgloss.Width(bar) > w {
		bar = strings.Join(render(0), " ")
	}
	return lipgloss.NewStyle().MaxWidth(w).Render(bar)
}

// statusBar is three lines: who acts and the last refresh, the
// database, the last error or info.
func (m Model) statusBar(w int) string {
	a := m.src.Actor()
	who := "Lecture seule\u00a0: lancez avec --as pour agir"
	if a.SignedIn() {
		// « Compte : » rather than « en tant que », which a name starting
		// with a vowel would have to elide.
		who = fmt.Sprintf("Compte\u00a0: %s (%s)", a.Name, roleLabel(a.Role))
	}
	var when string
	switch {
	case m.paused:
		when = "Actualisation en pause"
	case m.lastLoad.IsZero():
		when = "Chargement…"
	default:
		when = "Actualisé à " + m.lastLoad.In(m.loc).Format("15:04")
	}
	line := who + " · " + when
	msg := m.message
	switch {
	case msg != "" && m.isErr:
		msg = m.st.Error.Render(msg)
	case msg != "":
		msg = m.st.Info.Render(msg)
	}
	fit := lipgloss.NewStyle().MaxWidth(w)
	db := m.st.Muted.Render("Base de données\u00a0: " + m.src.DBPath())
	return fit.Render(line) + "\n" + fit.Render(db) + "\n" + fit.Render(msg)
}

// helpView is the help bar: the active screen's keys first, then the root's.
func (m Model) helpView() string {
	s := m.screens[m.active]
	var h helpKeys
	h.shortKeys = append(h.shortKeys, s.ShortHelp()...)
	for _, b := range m.keys.short() {
		// A screen typing or asking takes every key but ctrl+c; the
		// screen's r (répondre, changer le rôle) wins over the root's: the
		// help offers only what the keys do.
		if !s.Capturing() && !shadowed(b, s.ShortHelp()) {
			h.shortKeys = append(h.shortKeys, b)
		}
	}
	h.fullKeys = append(h.fullKeys, s.FullHelp()...)
	h.fullKeys = append(h.fullKeys, m.keys.full(len(m.screens))...)
	return m.help.View(h)
}

// errorText is the French line for err in the status bar: the service's
// message, or a word on a database another process holds for too long.
func errorText(err error) string {
	if err == nil {
		return ""
	}
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Message
	}
	if store.IsBusy(err) {
		return "Base de données occupée par un autre programme\u00a0: réessayez dans un instant."
	}
	return apperr.MessageOf(err)
}

// shadowed tells whether one of b's keys is a key of one of the screen's bindings.
func shadowed(b key.Binding, screen []key.Binding) bool {
	for _, sb := range screen {
		for _, k := range b.Keys() {
			for _, sk := range sb.Keys() {
				if sb.Enabled() && k == sk {
					return true
				}
			}
		}
	}
	return false
}
