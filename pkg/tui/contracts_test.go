package tui

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// numbers are the contract numbers the Contrats list shows.
func numbers(m *contractsScreen) []string {
	var out []string
	for _, c := range m.shown {
		out = append(out, c.Number)
	}
	return out
}

// TestContractsListKeys: f shows the contracts with a supporting document
// to check and back, / filters what was read, enter opens, esc closes.
func TestContractsListKeys(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newContractsScreen, f, 120, 36)
	m := s.(*contractsScreen)
	steps := []struct {
		keys    []string
		want    []string
		summary string
	}{
		{nil, []string{"CT-2026-000002", "CT-2026-000001"}, "tous · 2 affichés"},
		{[]string{"f"}, []string{"CT-2026-000002"}, "justificatifs à vérifier · 1 affiché"},
		{[]string{"f"}, []string{"CT-2026-000002", "CT-2026-000001"}, "tous · 2 affichés"},
		{[]string{"/", "martin", "enter"}, []string{"CT-2026-000001"}, "filtre «\u00a0martin\u00a0» · 1 affiché"},
		{[]string{"/", "ctrl+u", "ab-123", "enter"}, []string{"CT-2026-000002"}, "filtre «\u00a0ab-123\u00a0»"},
		{[]string{"/", "ctrl+u", "enter"}, []string{"CT-2026-000002", "CT-2026-000001"}, "tous · 2 affichés"},
	}
	for i, st := range steps {
		s, _ = press(s, st.keys...)
		if got := numbers(m); !reflect.DeepEqual(got, st.want) || !strings.Contains(m.summary(), st.summary) {
			t.Errorf("step %d %v: %v « %s », want %v « %s »", i, st.keys, got, m.summary(), st.want, st.summary)
		}
	}
	s, _ = press(s, "down", "enter")
	if m.mode != ctrDetail || m.open == nil || m.open.ID != "c1" {
		t.Fatalf("enter did not open c1: mode %d", m.mode)
	}
	if v := s.View(); !strings.Contains(v, "Aucun justificatif demandé pour ce produit.") {
		t.Errorf("c1's view:\n%s", v)
	}
	s, _ = press(s, "esc")
	if m.mode != ctrList || m.open != nil {
		t.Errorf("esc left mode %d", m.mode)
	}
	want := []string{"Contracts false", "Contracts true", "Contracts false", "Contract c1"}
	if got := f.Calls(); !reflect.DeepEqual(got, want) {
		t.Errorf("calls %v, want %v", got, want)
	}
}

// TestContractsActions: a accepts a supporting document after a choice
// and a question, x refuses one with a reason, s saves a file where told.
func TestContractsActions(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newContractsScreen, f, 120, 36)
	m := s.(*contractsScreen)
	s, _ = press(s, "enter")
	steps := []struct {
		name string
		keys []string
		call string
		info string
	}{
		{"accept", []string{"a", "enter", "o"}, `ReviewProof c2 licence true ""`, "Permis de conduire du contrat CT-2026-000002 accepté."},
		{"accept the second, after no", []string{"a", "down", "enter", "n", "a", "down", "enter", "o"}, `ReviewProof c2 registration true ""`, "accepté"},
		{"refuse", []string{"x", "down", "enter", "Photo illisible", "enter"}, `ReviewProof c2 registration false "Photo illisible"`, "refusé\u00a0: le client en est informé."},
		{"refuse cancelled", []string{"x", "enter", "esc"}, "", ""},
		{"refuse without a reason, then cancelled", []string{"x", "enter", "enter", "  ", "enter", "esc"}, "", ""},
		{"save the mandate", []string{"s", "down", "enter", "enter"}, "SaveContractFile c2 documents d2 CT-2026-000002-mandate-signe.pdf", "Enregistré dans CT-2026-000002-mandate-signe.pdf (1\u202f234\u00a0octets)."},
		{"save a proof elsewhere", []string{"s", "down", "down", "enter", "ctrl+u", "/tmp/permis.jpg", "enter"}, "SaveContractFile c2 proofs licence /tmp/permis.jpg", "/tmp/permis.jpg"},
	}
	for _, st := range steps {
		before := len(f.Calls())
		var msgs []string
		var out []tea.Msg
		s, out = press(s, st.keys...)
		for _, msg := range out {
			switch msg := msg.(type) {
			case InfoMsg:
				msgs = append(msgs, msg.Text)
			case ErrMsg:
				msgs = append(msgs, "error: "+errorText(msg.Err))
			}
		}
		var calls []string
		for _, c := range f.Calls()[before:] {
			if !strings.HasPrefix(c, "Contract") {
				calls = append(calls, c)
			}
		}
		if st.call == "" && len(calls) > 0 || st.call != "" && (len(calls) != 1 || calls[0] != st.call) {
			t.Errorf("%s: calls %q, want %q", st.name, calls, st.call)
		}
		if st.info != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], st.info)) {
			t.Errorf("%s: messages %q, want %q", st.name, msgs, st.info)
		}
		if m.act != nil || m.Capturing() {
			t.Errorf("%s: an action is still open", st.name)
		}
	}
}

// TestContractsReadOnly: without --as the help offers no check, and a and
// x do nothing; a file may still be saved.
func TestContractsReadOnly(t *testing.T) {
	f := &fakeScreensSource{readOnly: true}
	s := newTestScreen(t, newContractsScreen, f, 120, 36)
	s, _ = press(s, "enter", "a", "x")
	m := s.(*contractsScreen)
	if m.act != nil {
		t.Fatal("a or x opened an action without --as")
	}
	for _, b := range s.ShortHelp() {
		if key.Matches(runes("a"), b) || key.Matches(runes("x"), b) {
			t.Errorf("read-only help offers %v", b.Help())
		}
	}
	if !key.Matches(runes("s"), s.ShortHelp()...) {
		t.Error("read-only help lacks s")
	}
}
