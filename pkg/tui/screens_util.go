package tui

import (
	"strings"
	"time"
	_ "time/tzdata" // Europe/Paris without the system's zone files

	"courtier/pkg/store"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// paris is the company's time zone: every date on screen is read there.
var paris = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		return time.UTC
	}
	return loc
}()

var frMonths = [...]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."}

// frDate writes t the French way, « 23 nov. 14:05 », with the year in
// place of the time when t is not of now's year: « 23 nov. 2024 ».
func frDate(t, now time.Time) string {
	if t.IsZero() {
		return "—"
	}
	t = t.In(paris)
	day := itoa(t.Day()) + " " + frMonths[t.Month()-1]
	if t.Year() != now.In(paris).Year() {
		return day + " " + itoa(t.Year())
	}
	return day + " " + t.Format("15:04")
}

// frStoreDate is frDate of a time as the store writes it, "—" when empty.
func frStoreDate(s string, now time.Time) string {
	t, err := store.ParseTime(s)
	if s == "" || err != nil {
		return "—"
	}
	return frDate(t, now)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// elide cuts s to w cells, ending with « … » when cut; newlines become spaces.
func elide(s string, w int) string {
	s = strings.Join(strings.Fields(s), " ")
	if w <= 0 {
		return ""
	}
	return ansi.Truncate(s, w, "…")
}

// wrap folds s to w cells, keeping its paragraphs.
func wrap(s string, w int) string {
	if w < 10 {
		w = 10
	}
	return lipgloss.NewStyle().Width(w).Render(s)
}

// matches tells whether every word of q is in one of fields, ignoring case.
func matches(q string, fields ...string) bool {
	all := strings.ToLower(strings.Join(fields, "\x00"))
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if !strings.Contains(all, w) {
			return false
		}
	}
	return true
}

// cellPad is the room after each cell: one space between columns.
const cellPad = 1

// colSpec is a table column: its title, the least and the most it takes.
type colSpec struct {
	title    string
	min, max int
}

// fitColumns shares width among the columns (each also takes the cells of
// padding, cellPad): every column its minimum, then the rest in turn up to its
// maximum; below the minimums, columns shrink evenly (the table elides).
func fitColumns(width int, specs []colSpec) []table.Column {
	avail := width - cellPad*len(specs)
	ws := make([]int, len(specs))
	sum := 0
	for i, s := range specs {
		ws[i] = s.min
		sum += s.min
	}
	for sum > avail && sum > len(specs) {
		for i := range ws {
			if ws[i] > 1 && sum > avail {
				ws[i]--
				sum--
			}
		}
	}
	for grew := true; grew && sum < avail; {
		grew = false
		for i, s := range specs {
			if ws[i] < s.max && sum < avail {
				ws[i]++
				sum++
				grew = true
			}
		}
	}
	cols := make([]table.Column, len(specs))
	for i, s := range specs {
		cols[i] = table.Column{Title: s.title, Width: ws[i]}
	}
	return cols
}

// tableKeys are the table's moves without the letters the screens use
// (f, d, u, b, space): arrows, j/k, page up/down, home/end, g/G, with
// their help in French (the table's own is English).
func tableKeys() table.KeyMap {
	return table.KeyMap{
		LineUp:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "monter")),
		LineDown:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "descendre")),
		PageUp:       key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page précédente")),
		PageDown:     key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdown", "page suivante")),
		HalfPageUp:   key.NewBinding(key.WithDisabled()),
		HalfPageDown: key.NewBinding(key.WithDisabled()),
		GotoTop:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/début", "premier")),
		GotoBottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/fin", "dernier")),
	}
}

// newScreenTable is a focused table in the dashboard's styles.
func newScreenTable(st Styles) table.Model {
	t := table.New(table.WithFocused(true), table.WithKeyMap(tableKeys()))
	t.SetStyles(table.Styles{
		Header:   st.Header.PaddingRight(cellPad),
		Cell:     lipgloss.NewStyle().PaddingRight(cellPad),
		Selected: st.Selected,
	})
	return t
}

// marker starts the first cell of each row: « › » on the cursor's row,
// so the selection shows without colours too.
func marker(selected bool, s string) string {
	if selected {
		return "› " + s
	}
	return "  " + s
}

// fitHeight pads or cuts a view to exactly h lines of at most w cells,
// so the root can lay the screens out without measuring them.
func fitHeight(s string, w, h int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			lines[i] = ansi.Truncate(l, w, "…")
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// newScreenInput is a one-line input with a steady cursor: a screen gets
// no blink messages unless the root forwards them, and none are needed.
func newScreenInput(limit int) textinput.Model {
	ti := textinput.New()
	ti.Prompt = ""
	ti.CharLimit = limit
	ti.Cursor.SetMode(cursor.CursorStatic)
	return ti
}
