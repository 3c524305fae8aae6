package tui

import "github.com/charmbracelet/lipgloss"

// Styles are the looks every screen shares. Colours are adaptive (one
// for light terminals, one for dark ones); with NO_COLOR or noColor
// every style is plain, so the layout never depends on colour alone.
type Styles struct {
	// Title is a screen's or a section's heading.
	Title lipgloss.Style
	// Tab is a tab of the tab bar; ActiveTab the one shown.
	Tab       lipgloss.Style
	ActiveTab lipgloss.Style
	// Muted is secondary text (the database path, empty states).
	Muted lipgloss.Style
	// Error and Info are the status bar's messages.
	Error lipgloss.Style
	Info  lipgloss.Style
	// Overdue and DueToday mark deadlines.
	Overdue  lipgloss.Style
	DueToday lipgloss.Style
	// Selected is the row under the cursor.
	Selected lipgloss.Style
	// Header is a table's header row.
	Header lipgloss.Style
	// Border frames a pane (a preview, a dialog).
	Border lipgloss.Style
	// StatusBar is the bar at the bottom.
	StatusBar lipgloss.Style
	// NoColor tells that the styles are plain, so a screen marks with text
	// what colour would otherwise say.
	NoColor bool
}

// Adaptive colours: Light is used on light backgrounds, Dark on dark ones.
var (
	colorAccent  = lipgloss.AdaptiveColor{Light: "#1d4ed8", Dark: "#93c5fd"}
	colorMuted   = lipgloss.AdaptiveColor{Light: "#6b7280", Dark: "#9ca3af"}
	colorError   = lipgloss.AdaptiveColor{Light: "#b91c1c", Dark: "#f87171"}
	colorInfo    = lipgloss.AdaptiveColor{Light: "#15803d", Dark: "#4ade80"}
	colorWarn    = lipgloss.AdaptiveColor{Light: "#b45309", Dark: "#fbbf24"}
	colorSelBg   = lipgloss.AdaptiveColor{Light: "#dbeafe", Dark: "#1e3a8a"}
	colorBarBg   = lipgloss.AdaptiveColor{Light: "#e5e7eb", Dark: "#1f2937"}
	colorBorder  = lipgloss.AdaptiveColor{Light: "#9ca3af", Dark: "#4b5563"}
	colorTabText = lipgloss.AdaptiveColor{Light: "#ffffff", Dark: "#0b1220"}
)

// NewStyles builds the styles; noColor (NO_COLOR set, or asked) makes
// them all plain, borders kept since they are characters, not colour.
func NewStyles(noColor bool) Styles {
	plain := lipgloss.NewStyle()
	if noColor {
		return Styles{
			Title: plain, Tab: plain.Padding(0, 1), ActiveTab: plain.Padding(0, 1),
			Muted: plain, Error: plain, Info: plain, Overdue: plain, DueToday: plain,
			Selected: plain, Header: plain, StatusBar: plain,
			Border:  plain.Border(lipgloss.NormalBorder()),
			NoColor: true,
		}
	}
	return Styles{
		Title:     plain.Bold(true).Foreground(colorAccent),
		Tab:       plain.Padding(0, 1).Foreground(colorMuted),
		ActiveTab: plain.Padding(0, 1).Bold(true).Foreground(colorTabText).Background(colorAccent),
		Muted:     plain.Foreground(colorMuted),
		Error:     plain.Bold(true).Foreground(colorError),
		Info:      plain.Foreground(colorInfo),
		Overdue:   plain.Bold(true).Foreground(colorError),
		DueToday:  plain.Foreground(colorWarn),
		Selected:  plain.Bold(true).Background(colorSelBg),
		Header:    plain.Bold(true).Underline(true),
		Border:    plain.Border(lipgloss.RoundedBorder()).BorderForeground(colorBorder),
		StatusBar: plain.Background(colorBarBg),
	}
}
