package tui

import (
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/table"

	"courtier/pkg/desk"
)

// The rows of the Demandes list: filtered, sorted, their deadline in words.

// cells are a request's cells in the queue.
func (m *requestsScreen) cells(r desk.StaffView) table.Row {
	who := "—"
	if r.Assignee != nil {
		who = r.Assignee.Name
	}
	return table.Row{r.KindLabel, r.Ref, r.Name, m.subject(r), r.StatusLabel, who, dueCell(r, m.now(), m.table.Columns()[6].Width)}
}

// order sorts the requests shown on the column o chose, O reversing it.
func (m *requestsScreen) order(shown []desk.StaffView) {
	sort.SliceStable(shown, func(i, j int) bool {
		less, a, b := false, shown[i], shown[j]
		switch requestSorts[m.sortCol] {
		case "échéance":
			less = a.DueAt != "" && (b.DueAt == "" || a.DueAt < b.DueAt)
			if m.sortDesc {
				return b.DueAt != "" && (a.DueAt == "" || b.DueAt < a.DueAt)
			}
			return less
		case "référence":
			less = a.Ref < b.Ref
			if m.sortDesc {
				return b.Ref < a.Ref
			}
		case "client":
			less = frCollator.CompareString(a.Name, b.Name) < 0
			if m.sortDesc {
				return frCollator.CompareString(b.Name, a.Name) < 0
			}
		case "statut":
			less = a.StatusLabel < b.StatusLabel
			if m.sortDesc {
				return b.StatusLabel < a.StatusLabel
			}
		}
		return less
	})
}

// subject is the « Objet » cell (the web desk's header), as its subjectOf:
// the product's title when the request has one, else its summary (a
// message's subject, a complaint's). A callback's summary is its slot,
// which the detail shows as « Créneau » and the échéance column as its
// end: without a product, a dash.
func (m *requestsScreen) subject(r desk.StaffView) string {
	switch {
	case r.Product != "":
		return m.src.ProductTitle(r.Product)
	case r.Kind == desk.KindCallback || r.Summary == "":
		return "—"
	}
	return r.Summary
}

// dueText is the échéance cell: the word first, so it survives elision.
func dueText(r desk.StaffView, now time.Time) string {
	due := frStoreDate(r.DueAt, now)
	switch {
	case r.DueAt == "":
		return "—"
	case r.Overdue:
		return "en retard · " + due
	case r.DueToday:
		return "aujourd’hui · " + due[strings.LastIndex(due, " ")+1:]
	}
	return due
}

// dueCell is dueText in a narrow column: the word alone, or the date
// without the time, rather than a cut word.
func dueCell(r desk.StaffView, now time.Time, w int) string {
	full := dueText(r, now)
	candidates := []string{full}
	if f := strings.Fields(full); r.Overdue && len(f) > 4 {
		candidates = append(candidates, strings.Join(f[:5], " "), "en retard")
	} else if r.DueToday {
		candidates = append(candidates, "aujourd’hui")
	} else if len(f) > 2 {
		candidates = append(candidates, strings.Join(f[:2], " "))
	}
	for _, c := range candidates {
		if len([]rune(c)) <= w {
			return c
		}
	}
	return candidates[len(candidates)-1]
}
