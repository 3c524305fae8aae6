package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"courtier/pkg/desk"
)

// TestOverviewFits: the Aperçu tab fits the terminal's width whatever the
// urgent requests hold (« Devis en ligne », the widest kind; a long name;
// a deadline of another year), every kind whole and every column where
// its title is.
func TestOverviewFits(t *testing.T) {
	online := desk.StaffView{ID: "o1", Kind: desk.KindOnline, KindLabel: "Devis en ligne", Ref: "DL-2026-000001",
		Name: "Paul Durand", DueAt: "2026-11-23T16:30:00.000Z", DueToday: true}
	late := desk.StaffView{ID: "o2", Kind: desk.KindOnline, KindLabel: "Devis en ligne", Ref: "DL-2025-000412",
		Name: "Marie-Christine Lefèvre-Dubois de la Grange", DueAt: "2025-12-30T09:00:00.000Z", Overdue: true}
	callback := desk.StaffView{ID: "r1", Kind: desk.KindCallback, KindLabel: "Rappel", Ref: "RA-2026-000007", Name: "Jean Martin",
		DueAt: "2026-11-23T09:00:00.000Z", Overdue: true}
	visitor := desk.StaffView{ID: "o3", Kind: desk.KindOnline, KindLabel: "Devis en ligne", Ref: "DL-2026-000002"}
	cases := []struct {
		name   string
		urgent []desk.StaffView
	}{
		{"an online lead due today", []desk.StaffView{online, callback}},
		{"an online lead late since last year, a long name", []desk.StaffView{callback, late, online}},
		{"a visitor's lead without a name", []desk.StaffView{visitor}},
		{"no online lead", []desk.StaffView{callback}},
	}
	for _, size := range [][2]int{{80, 24}, {120, 36}} {
		for _, c := range cases {
			src := newFakeCoreSource(marie)
			src.ov.Urgent = c.urgent
			src.ov.Counts.ByKind = append(src.ov.Counts.ByKind, desk.KindCounts{Kind: desk.KindOnline, Label: "Devis en ligne", Open: 3, New: 2, DueToday: 1})
			m := loaded(t, newTestModel(src), size[0], size[1])
			view := m.View()
			for i, l := range strings.Split(view, "\n") {
				if w := ansi.StringWidth(l); w > size[0] {
					t.Errorf("%s at %dx%d: line %d is %d wide: %q", c.name, size[0], size[1], i, w, l)
				}
			}
			// The urgent requests: each row's reference under « Référence »,
			// its kind whole before it.
			lines := strings.Split(view, "\n")
			head := -1
			for i, l := range lines {
				if strings.HasPrefix(l, "Type ") && strings.Contains(l, "Référence") {
					head = i
				}
			}
			if head < 0 {
				t.Fatalf("%s at %dx%d: no urgent requests' header:\n%s", c.name, size[0], size[1], view)
			}
			col := ansi.StringWidth(lines[head][:strings.Index(lines[head], "Référence")])
			for i, r := range c.urgent {
				// As many rows as the room allows, one at least.
				row := lines[head+1+i]
				if i > 0 && strings.TrimSpace(row) == "" {
					break
				}
				at := strings.Index(row, r.Ref)
				if at < 0 || ansi.StringWidth(row[:at]) != col || !strings.HasPrefix(row, r.KindLabel+" ") {
					t.Errorf("%s at %dx%d: row %q: %s not under Référence (col %d), or its kind cut", c.name, size[0], size[1], row, r.Ref, col)
				}
			}
			if !strings.Contains(view, "Devis en ligne ") {
				t.Errorf("%s at %dx%d: the counts lack « Devis en ligne »", c.name, size[0], size[1])
			}
		}
	}
}

// TestUrgentColumns: the name gives its room first; below 8 cells the
// deadline is cut instead.
func TestUrgentColumns(t *testing.T) {
	due := func(r desk.StaffView) string { return dueText(r, time.Date(2026, 11, 23, 10, 0, 0, 0, paris)) }
	lead := desk.StaffView{KindLabel: "Devis en ligne", Ref: "DL-2026-000001", DueAt: "2025-12-30T09:00:00.000Z", Overdue: true}
	quote := desk.StaffView{KindLabel: "Devis", Ref: "DV-2026-000123", DueAt: "2026-11-25T09:00:00.000Z"}
	cases := []struct {
		name                        string
		list                        []desk.StaffView
		width                       int
		kind, ref, client, deadline int
	}{
		{"a quote at 80", []desk.StaffView{quote}, 80, 12, 16, 24, 13},
		{"a late lead at 80", []desk.StaffView{lead, quote}, 80, 14, 16, 23, 24},
		{"a late lead at 120", []desk.StaffView{lead}, 120, 14, 16, 24, 24},
		{"a late lead at 60", []desk.StaffView{lead}, 60, 14, 16, 8, 19},
		{"before the first size", []desk.StaffView{quote}, 0, 12, 16, 24, 13},
	}
	for _, c := range cases {
		k, r, cl, d := urgentColumns(c.list, c.width, due)
		if k != c.kind || r != c.ref || cl != c.client || d != c.deadline {
			t.Errorf("%s: %d %d %d %d, want %d %d %d %d", c.name, k, r, cl, d, c.kind, c.ref, c.client, c.deadline)
		}
	}
}
