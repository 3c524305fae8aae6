package tui

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// update rewrites the golden files: go test ./pkg/tui/ -update
var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// golden compares got with testdata/name.golden, or writes it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("View() differs from %s (run with -update after checking):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestGoldenOverview draws the root and the Aperçu tab, colours off, at
// the minimum size and at a larger one, in both modes of --as.
func TestGoldenOverview(t *testing.T) {
	cases := []struct {
		name  string
		w, h  int
		admin bool
		help  bool
	}{
		{"overview-80x24", 80, 24, true, false},
		{"overview-120x36", 120, 36, true, false},
		{"overview-readonly-80x24", 80, 24, false, false},
		{"overview-fullhelp-120x36", 120, 36, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := newFakeCoreSource(marie)
			if !c.admin {
				src.actor = visitor
			}
			m := loaded(t, newTestModel(src), c.w, c.h)
			if c.help {
				m = send(t, m, runes("?"))
			}
			golden(t, c.name, m.View())
		})
	}
}

// loaded sizes m and feeds it the answers of its first loads.
func loaded(t *testing.T, m Model, w, h int) Model {
	t.Helper()
	m = send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	cmd := m.screens[0].Load(context.Background())
	return send(t, m, loadedMsg{msg: cmd()})
}
