package tui

import (
	"github.com/charmbracelet/bubbles/table"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// The frame every tab that lists things is drawn in (Demandes,
// Utilisateurs, Conversations, Courriels, Contrats), in the manner of
// soft-serve's selector: the screen says what its rows are, what the
// thing it opens reads like and which keys it answers; the frame keeps
// the table, its cursor and its `/` filter, the pane the open thing
// scrolls in, the question asked at the bottom, and routes the keys.
// A screen embeds a frame and reads its fields (mode, shown, query,
// input, vp, ask, pick) as its own.

// frameMode is where a framed screen's keys go: its list, the list's
// filter, or the thing it opened. A screen with steps of its own (a list
// to choose from, a line to type) numbers them from frameOwn; the frame
// takes the keys of a list to choose from (choose) and of a question
// (ask), the screen those of its lines before handing the others on.
type frameMode int

const (
	frameList frameMode = iota
	frameFilter
	frameDetail
	// frameOwn is the first of a screen's own steps; every one captures the keys.
	frameOwn
)

// frameSpec is what a screen tells its frame of the things it lists.
type frameSpec[T any] struct {
	// cols are the table's columns; cells a row's cells, the first
	// without its cursor mark.
	cols  []colSpec
	cells func(T) table.Row
	// id names a row, so the cursor stays on it when the rows change.
	id func(T) string
	// match tells whether a row answers the filter q; nil when the list
	// has no filter.
	match func(q string, it T) bool
	// order sorts the rows shown, after the filter; nil keeps the order read.
	order func([]T)
	// open starts reading the row chosen, close forgets it; nil when the
	// rows are not opened.
	open  func(T) tea.Cmd
	close func()
	// empty is the body's words when no row is shown.
	empty func() string
	// unavailable words a failed read of the list, after which the list
	// offers no key; nil when a failure shows as an error and the keys
	// stay (the next refresh may bring the rows back).
	unavailable func(error) string
}

// frame is a list of T with its cursor and filter, and the pane of the
// row opened.
type frame[T any] struct {
	st   Styles
	spec frameSpec[T]

	width, height int
	mode          frameMode

	// all are the rows read; shown those that answer the filter, in order.
	all, shown []T
	loaded     bool
	err        error
	table      table.Model
	query      string
	// input is the screen's one line: the filter's, or what the screen
	// asks to type when it is not filtering.
	input textinput.Model

	// vp is the pane of the row opened; ask the question waiting for o or n.
	vp  viewport.Model
	ask *confirm
	// pick is the list to choose from in a step of the screen's, chosen
	// what a choice runs, back the mode the screen comes back to.
	pick   picker
	chosen func(i int) tea.Cmd
	back   frameMode
}

// filterLimit is the most characters a filter takes.
const filterLimit = 100

// newFrame is the frame of a screen, its rows as spec says.
func newFrame[T any](st Styles, spec frameSpec[T]) frame[T] {
	return frame[T]{st: st, spec: spec, table: newScreenTable(st), input: newScreenInput(filterLimit), vp: viewport.New(80, 20)}
}

// resize gives the frame the screen's room: the head and the bottom line
// take one line each, the table or the pane the rest.
func (f *frame[T]) resize(w, h int) {
	f.width, f.height = max(w, 20), max(h, 5)
	f.table.SetColumns(fitColumns(f.width, f.spec.cols))
	f.table.SetWidth(f.width)
	f.table.SetHeight(f.height - 2)
	if f.mode == frameFilter {
		f.input.Width = f.width - 12
	}
	f.vp.Width, f.vp.Height = f.width, f.height-2
	f.refresh()
}

// setRows takes the answer of the list's read: the rows, or why there are
// none (the rows of the last good read are kept for when it comes back).
func (f *frame[T]) setRows(list []T, err error) {
	f.loaded, f.err = true, err
	if err == nil {
		f.all = list
	}
	f.refresh()
}

// current is the row under the cursor; false when the list is empty or failed.
func (f *frame[T]) current() (T, bool) {
	if c := f.table.Cursor(); f.err == nil && c >= 0 && c < len(f.shown) {
		return f.shown[c], true
	}
	var none T
	return none, false
}

// refresh filters and orders the rows into the table, the cursor kept on
// the same row, else at the same place.
func (f *frame[T]) refresh() {
	id, had := "", false
	if it, ok := f.current(); ok {
		id, had = f.spec.id(it), true
	}
	f.shown = f.shown[:0:0]
	for _, it := range f.all {
		if f.spec.match == nil || f.spec.match(f.query, it) {
			f.shown = append(f.shown, it)
		}
	}
	if f.spec.order != nil {
		f.spec.order(f.shown)
	}
	cursor := min(max(f.table.Cursor(), 0), max(len(f.shown)-1, 0))
	for i, it := range f.shown {
		if had && f.spec.id(it) == id {
			cursor = i
		}
	}
	rows := make([]table.Row, len(f.shown))
	for i, it := range f.shown {
		rows[i] = f.spec.cells(it)
		rows[i][0] = marker(i == cursor, rows[i][0])
	}
	f.table.SetRows(rows)
	f.table.SetCursor(cursor)
}

// unavailable tells whether the list failed in a way that leaves nothing to do.
func (f *frame[T]) unavailable() bool { return f.err != nil && f.spec.unavailable != nil }

// capturing tells whether the frame takes every key: the filter typed, a
// question asked, a list to choose from, or a step of the screen's own.
func (f *frame[T]) capturing() bool {
	return f.mode == frameFilter || f.mode >= frameOwn || f.ask != nil || f.choosing()
}
