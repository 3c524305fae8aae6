package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"courtier/pkg/apperr"
)

// TestRequestsClaimResponsibilityOffered: b is in the help and opens the
// list only on a vehicle's claim the actor works; elsewhere it is neither
// shown (short or full help) nor does anything.
func TestRequestsClaimResponsibilityOffered(t *testing.T) {
	cases := []struct {
		name    string
		f       *fakeScreensSource
		alter   func(m *requestsScreen)
		offered bool
	}{
		{"a car's claim, taken", &fakeScreensSource{claims: true, vehicle: true}, nil, true},
		{"by an admin", &fakeScreensSource{claims: true, vehicle: true, admin: true}, nil, true},
		{"a home insured elsewhere", &fakeScreensSource{claims: true}, nil, false},
		{"not taken", &fakeScreensSource{claims: true, vehicle: true}, func(m *requestsScreen) { m.detail.Claim.CanWork = false }, false},
		{"read-only", &fakeScreensSource{claims: true, vehicle: true, readOnly: true}, nil, false},
		{"not a claim", &fakeScreensSource{}, nil, false},
	}
	for _, c := range cases {
		s := newTestScreen(t, newRequestsScreen, c.f, 80, 24)
		m := s.(*requestsScreen)
		s, _ = press(s, "enter")
		if m.detail == nil {
			t.Fatalf("%s: enter opened nothing", c.name)
		}
		if c.alter != nil {
			c.alter(m)
		}
		var full []key.Binding
		for _, col := range s.FullHelp() {
			full = append(full, col...)
		}
		b := runes("b")
		if key.Matches(b, s.ShortHelp()...) != c.offered || key.Matches(b, full...) != c.offered {
			t.Errorf("%s: b in the help %v, full help %v, want %v", c.name, key.Matches(b, s.ShortHelp()...), key.Matches(b, full...), c.offered)
		}
		before := len(c.f.Calls())
		s, out := press(s, "b", "enter")
		if m.mode != reqDetail || s.Capturing() {
			t.Errorf("%s: b enter left mode %d", c.name, m.mode)
		}
		for _, call := range c.f.Calls()[before:] {
			if strings.HasPrefix(call, "SetClaimResponsibility") {
				t.Errorf("%s: b enter sent %s", c.name, call)
			}
		}
		// Offered, b enter chooses the current answer again: nothing sent.
		texts := statusTexts(out)
		if said := len(texts) == 1 && strings.HasPrefix(texts[0], "Responsabilité inchangée"); said != c.offered || len(texts) > 1 {
			t.Errorf("%s: status %q", c.name, texts)
		}
	}
}

// TestRequestsClaimResponsibility: b lists the four answers in the web
// desk's order, the current one marked and under the cursor; one that
// differs is saved with its value and said in the status line, the
// request read again; the current one sends nothing and says so; esc
// sends nothing.
func TestRequestsClaimResponsibility(t *testing.T) {
	cases := []struct {
		name    string
		current string
		keys    []string
		marked  string // the line of the list under the cursor
		call    string // the SetClaimResponsibility made, "" for none
		info    string
	}{
		{"shared, from not known", "", []string{"down", "down"}, "› Pas encore connue (actuelle)",
			`SetClaimResponsibility s1 "shared"`, "Responsabilité enregistrée\u00a0: partagée."},
		{"none", "", []string{"down"}, "› Pas encore connue (actuelle)",
			`SetClaimResponsibility s1 "none"`, "Responsabilité enregistrée\u00a0: aucune."},
		{"full, from shared", "shared", []string{"down"}, "› Partagée (actuelle)",
			`SetClaimResponsibility s1 "full"`, "Responsabilité enregistrée\u00a0: entière."},
		{"back to not known", "full", []string{"up", "up", "up"}, "› Entière (actuelle)",
			`SetClaimResponsibility s1 ""`, "Responsabilité enregistrée\u00a0: pas encore connue."},
		{"the current one again", "shared", nil, "› Partagée (actuelle)", "", "Responsabilité inchangée\u00a0: partagée."},
		{"not known again", "", nil, "› Pas encore connue (actuelle)", "", "Responsabilité inchangée\u00a0: pas encore connue."},
		{"moved then back", "none", []string{"down", "up"}, "› Aucune (actuelle)", "", "Responsabilité inchangée\u00a0: aucune."},
	}
	for _, c := range cases {
		f := &fakeScreensSource{claims: true, vehicle: true, responsibility: c.current}
		s := openFakeClaim(t, f)
		m := s.(*requestsScreen)
		s, _ = press(s, "b")
		v := s.View()
		if !strings.Contains(v, "Responsabilité retenue par l’assureur · SN-2026-000123") || !strings.Contains(v, c.marked) {
			t.Errorf("%s: the list:\n%s", c.name, v)
		}
		if i, j, k, l := strings.Index(v, "Pas encore connue"), strings.Index(v, "Aucune"), strings.Index(v, "Partagée"), strings.Index(v, "Entière"); i < 0 || !(i < j && j < k && k < l) {
			t.Errorf("%s: the answers out of the web's order:\n%s", c.name, v)
		}
		s, out := press(s, append(c.keys, "enter")...)
		var calls []string
		for _, call := range f.Calls() {
			if strings.HasPrefix(call, "SetClaimResponsibility") {
				calls = append(calls, call)
			}
		}
		if c.call == "" && len(calls) > 0 || c.call != "" && (len(calls) != 1 || calls[0] != c.call) {
			t.Errorf("%s: calls %q, want %q", c.name, calls, c.call)
		}
		texts := statusTexts(out)
		if c.info == "" && len(texts) > 0 || c.info != "" && (len(texts) != 1 || texts[0] != c.info) {
			t.Errorf("%s: status %q, want %q", c.name, texts, c.info)
		}
		if _, reload := lastMsg(out).(ReloadMsg); reload != (c.call != "") {
			t.Errorf("%s: reload %v after %v", c.name, reload, out)
		}
		if m.mode != reqDetail || s.Capturing() {
			t.Errorf("%s: mode %d after the choice", c.name, m.mode)
		}
	}
	f := &fakeScreensSource{claims: true, vehicle: true}
	s := openFakeClaim(t, f)
	s, _ = press(s, "b", "down", "esc")
	if m := s.(*requestsScreen); m.mode != reqDetail || s.Capturing() || len(f.Calls()) != 2 {
		t.Errorf("esc: mode %d, calls %q", m.mode, f.Calls())
	}
}

// TestRequestsClaimResponsibilityRefused: what the service refuses shows
// in French in the status line, never a crash, and the claim is read
// again.
func TestRequestsClaimResponsibilityRefused(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"taken by another meanwhile", apperr.Errorf(apperr.EFORBIDDEN, "Bob Admin suit déjà cette demande."), "erreur\u00a0: Bob Admin suit déjà cette demande."},
		{"not a vehicle's claim", apperr.FieldErrorf("responsibility", "Seul un sinistre de véhicule déclaré sur l’un de nos contrats a une responsabilité retenue pour le bonus-malus."),
			"erreur\u00a0: Seul un sinistre de véhicule déclaré sur l’un de nos contrats a une responsabilité retenue pour le bonus-malus."},
		{"read-only", errReadOnly(), "erreur\u00a0: Lecture seule\u00a0: relancez avec --as EMAIL pour agir."},
	}
	for _, c := range cases {
		f := &fakeScreensSource{claims: true, vehicle: true, failResponsibility: c.err}
		s := openFakeClaim(t, f)
		s, out := press(s, "b", "down", "enter")
		if texts := statusTexts(out); len(texts) != 1 || texts[0] != c.want {
			t.Errorf("%s: status %q, want %q", c.name, texts, c.want)
		}
		if _, reload := lastMsg(out).(ReloadMsg); !reload {
			t.Errorf("%s: no reload after the refusal: %v", c.name, out)
		}
		if m := s.(*requestsScreen); m.mode != reqDetail || m.detail == nil {
			t.Errorf("%s: mode %d after the refusal", c.name, m.mode)
		}
	}
}

// openFakeClaim opens the fake's claim, first in the queue (the most
// overdue), at 80×24.
func openFakeClaim(t *testing.T, f *fakeScreensSource) Screen {
	t.Helper()
	s := newTestScreen(t, newRequestsScreen, f, 80, 24)
	s, _ = press(s, "enter")
	if m := s.(*requestsScreen); m.detail == nil || m.detail.Claim == nil {
		t.Fatal("enter did not open the claim")
	}
	return s
}

// lastMsg is the last of msgs, nil when there is none.
func lastMsg(msgs []tea.Msg) tea.Msg {
	if len(msgs) == 0 {
		return nil
	}
	return msgs[len(msgs)-1]
}
