package tui

import "github.com/charmbracelet/lipgloss"

// TEMPORARY (tuiscreens): the screens need Styles to compile before
// tuicore's styles.go is merged. The lead deletes this file at merge and
// keeps tuicore's Styles, which must have at least these fields.

// Styles are the dashboard's lipgloss styles.
type Styles struct {
	Title, Tab, ActiveTab, Muted, Error, Info, Overdue, DueToday, Selected, Header, Border lipgloss.Style
}

// NewStyles builds plain styles (colours come with tuicore's version).
func NewStyles(noColor bool) Styles {
	p := lipgloss.NewStyle()
	return Styles{Title: p.Bold(true), Tab: p, ActiveTab: p.Bold(true), Muted: p.Faint(true),
		Error: p.Bold(true), Info: p, Overdue: p.Bold(true), DueToday: p, Selected: p.Reverse(true),
		Header: p.Bold(true), Border: p}
}
