package tui

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"courtier/pkg/apperr"
)

// TestRequestsClaimMove: s on a claim lists the moves the service allows
// from where it stands, asks the field the move needs (the insurer's
// number already there), an optional word to the client, then confirms;
// only then is the move made, with what was typed. The fake claim waits
// for a piece (fakeClaim).
func TestRequestsClaimMove(t *testing.T) {
	const none = "ref= asked= amount=0 reason= note="
	steps := []struct {
		name string
		keys []string
		call string // the MoveClaim made, "" for none
		info string // the status line, "" for none
		mode requestsMode
	}{
		{"closed, no field, no word", []string{"s", "down", "down", "down", "down", "down", "enter", "enter", "o"},
			"MoveClaim s1 closed " + none, "SN-2026-000123 passé à «\u00a0Clos\u00a0»\u00a0; client averti par e-mail.", reqDetail},
		{"transmitted again, the insurer's number kept, a word", []string{"s", "down", "enter", "enter", "L’expert passe jeudi.", "enter", "o"},
			"MoveClaim s1 transmitted ref=EX-2026-44871 asked= amount=0 reason= note=L’expert passe jeudi.",
			"SN-2026-000123 passé à «\u00a0Transmis à l’assureur\u00a0»\u00a0; client averti par e-mail.", reqDetail},
		{"transmitted under a new number", []string{"s", "down", "enter", "ctrl+u", "EX-2026-50000", "enter", "enter", "O"},
			"MoveClaim s1 transmitted ref=EX-2026-50000 asked= amount=0 reason= note=", "passé à «\u00a0Transmis à l’assureur\u00a0»", reqDetail},
		{"indemnified, euros typed the French way", []string{"s", "down", "down", "down", "enter", "1 250,50 €", "enter", "enter", "o"},
			"MoveClaim s1 indemnified ref= asked= amount=125050 reason= note=", "passé à «\u00a0Indemnisé\u00a0»", reqDetail},
		{"refused with its reason", []string{"s", "down", "down", "down", "down", "enter", "Exclusion de garantie", "enter", "enter", "o"},
			"MoveClaim s1 refused ref= asked= amount=0 reason=Exclusion de garantie note=", "passé à «\u00a0Refusé\u00a0»", reqDetail},
		{"declared again", []string{"s", "enter", "enter", "y"}, "MoveClaim s1 declared " + none, "passé à «\u00a0Déclaré\u00a0»", reqDetail},
		{"no at the question", []string{"s", "enter", "enter", "n"}, "", "", reqDetail},
		{"esc at the question", []string{"s", "enter", "enter", "esc"}, "", "", reqDetail},
		{"esc in the list", []string{"s", "esc"}, "", "", reqDetail},
		{"esc at the reason", []string{"s", "down", "down", "down", "down", "enter", "Exclusion", "esc"}, "", "", reqDetail},
		{"esc at the word", []string{"s", "enter", "Bonjour", "esc"}, "", "", reqDetail},
		{"an empty reason says what it wants, stays open", []string{"s", "down", "down", "down", "down", "enter", "enter"}, "",
			"erreur\u00a0: Donnez le motif du refus de l’assureur.", reqClaimField},
		{"an empty number too", []string{"esc", "s", "down", "enter", "ctrl+u", "enter"}, "",
			"erreur\u00a0: Donnez le numéro de sinistre que l’assureur a attribué.", reqClaimField},
		{"a bad amount says why, stays open", []string{"esc", "s", "down", "down", "down", "enter", "douze euros", "enter"}, "",
			"erreur\u00a0: Écrivez un montant en euros, par exemple 1\u00a0250,50 (10\u00a0millions au plus).", reqClaimField},
		{"too much", []string{"ctrl+u", "10000000,01", "enter"}, "", "erreur\u00a0: Écrivez un montant en euros", reqClaimField},
		{"then mended", []string{"ctrl+u", "800", "enter", "enter", "o"},
			"MoveClaim s1 indemnified ref= asked= amount=80000 reason= note=", "passé à «\u00a0Indemnisé\u00a0»", reqDetail},
	}
	f := &fakeScreensSource{claims: true}
	s := newTestScreen(t, newRequestsScreen, f, 80, 24)
	m := s.(*requestsScreen)
	s, _ = press(s, "enter")
	if m.detail == nil || m.detail.Claim == nil {
		t.Fatal("enter did not open the claim")
	}
	if !key.Matches(runes("s"), s.ShortHelp()...) {
		t.Error("the claim's help lacks s")
	}
	for _, st := range steps {
		before := len(f.Calls())
		var out []tea.Msg
		s, out = press(s, st.keys...)
		var calls []string
		for _, c := range f.Calls()[before:] {
			if strings.HasPrefix(c, "MoveClaim") {
				calls = append(calls, c)
			}
		}
		if st.call == "" && len(calls) > 0 || st.call != "" && (len(calls) != 1 || calls[0] != st.call) {
			t.Errorf("%s: calls %q, want %q", st.name, calls, st.call)
		}
		texts := statusTexts(out)
		if st.info == "" && len(texts) > 0 || st.info != "" && (len(texts) != 1 || !strings.Contains(texts[0], st.info)) {
			t.Errorf("%s: status %q, want %q", st.name, texts, st.info)
		}
		if m.mode != st.mode || s.Capturing() != (st.mode != reqDetail) {
			t.Errorf("%s: mode %d capturing %v, want mode %d", st.name, m.mode, s.Capturing(), st.mode)
		}
	}
}

// TestRequestsClaimMoveRefused: what the service refuses shows in French
// in the status line, and the claim is read again.
func TestRequestsClaimMoveRefused(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"a move the machine refuses", apperr.Errorf(apperr.ECONFLICT, "Un sinistre «\u00a0Clos\u00a0» ne peut pas passer à «\u00a0Expertise\u00a0»."),
			"erreur\u00a0: Un sinistre «\u00a0Clos\u00a0» ne peut pas passer à «\u00a0Expertise\u00a0»."},
		{"not the agent who took it", apperr.Errorf(apperr.EFORBIDDEN, "Bob Admin suit déjà cette demande."), "erreur\u00a0: Bob Admin suit déjà cette demande."},
		{"read-only", errReadOnly(), "erreur\u00a0: Lecture seule\u00a0: relancez avec --as EMAIL pour agir."},
	}
	for _, c := range cases {
		f := &fakeScreensSource{claims: true, failMove: c.err}
		s := newTestScreen(t, newRequestsScreen, f, 80, 24)
		s, _ = press(s, "enter")
		_, out := press(s, "s", "down", "down", "enter", "enter", "o")
		if texts := statusTexts(out); len(texts) != 1 || texts[0] != c.want {
			t.Errorf("%s: status %q, want %q", c.name, texts, c.want)
		}
		if _, reload := out[len(out)-1].(ReloadMsg); !reload {
			t.Errorf("%s: no reload after the refusal: %v", c.name, out)
		}
	}
}

// TestRequestsClaimMoveNotOffered: s neither shows nor acts on a claim
// the actor may not move (not taken, read-only: CanWork false), nor on a
// claim with no move left.
func TestRequestsClaimMoveNotOffered(t *testing.T) {
	cases := []struct {
		name  string
		alter func(m *requestsScreen)
	}{
		{"not taken", func(m *requestsScreen) { m.detail.Claim.CanWork = false }},
		{"no move", func(m *requestsScreen) { m.detail.Claim.Moves = nil }},
	}
	for _, c := range cases {
		f := &fakeScreensSource{claims: true}
		s := newTestScreen(t, newRequestsScreen, f, 80, 24)
		s, _ = press(s, "enter")
		m := s.(*requestsScreen)
		c.alter(m)
		if key.Matches(runes("s"), s.ShortHelp()...) {
			t.Errorf("%s: s is offered", c.name)
		}
		s, _ = press(s, "s")
		if m.mode != reqDetail || s.Capturing() {
			t.Errorf("%s: s opened mode %d", c.name, m.mode)
		}
	}
}

// TestIndemnityCents reads amounts as the web desk's form does.
func TestIndemnityCents(t *testing.T) {
	cases := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1 250,50", 125050, true}, {"1250.5", 125050, true}, {"800 €", 80000, true}, {"800€", 80000, true},
		{"1\u202f250,05", 125005, true}, {"0,01", 1, true}, {"10000000", 1_000_000_000, true},
		{"10000000,01", 0, false}, {"0", 0, false}, {"0,00", 0, false}, {"-5", 0, false}, {"12,345", 0, false},
		{"douze", 0, false}, {"", 0, false}, {"1,2,3", 0, false}, {"99999999999999999999", 0, false},
	}
	for _, c := range cases {
		got, ok := indemnityCents(c.in)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("indemnityCents(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestRequestsClaimMoveThroughARefresh: a refresh that reads the claim
// changed, or fails to read it, while a move is chosen or typed neither
// breaks the screen nor changes the move: the service judges it when it
// is sent.
func TestRequestsClaimMoveThroughARefresh(t *testing.T) {
	taken := fakeClaimDetail()
	taken.Claim.CanWork, taken.Claim.Moves = false, nil
	cases := []struct {
		name   string
		before []string // keys before the refresh
		reload requestLoadedMsg
		after  []string
		call   string
	}{
		{"the list open, the claim taken by another", []string{"s", "down"}, requestLoadedMsg{id: "s1", detail: taken},
			[]string{"enter", "enter", "enter", "o"}, "MoveClaim s1 transmitted ref=EX-2026-44871 asked= amount=0 reason= note="},
		{"the amount typed, the claim unreadable", []string{"s", "down", "down", "down", "enter", "800"},
			requestLoadedMsg{id: "s1", err: errors.New("Base de données occupée.")},
			[]string{"enter", "enter", "o"}, "MoveClaim s1 indemnified ref= asked= amount=80000 reason= note="},
	}
	for _, c := range cases {
		f := &fakeScreensSource{claims: true}
		s := newTestScreen(t, newRequestsScreen, f, 80, 24)
		s, _ = press(s, "enter")
		s, _ = press(s, c.before...)
		s, _ = s.Update(c.reload)
		if v := s.View(); !strings.Contains(v, "SN-2026-000123") && !strings.Contains(v, "Nouvelle étape") {
			t.Errorf("%s: the view after the refresh:\n%s", c.name, v)
		}
		s, _ = press(s, c.after...)
		var calls []string
		for _, call := range f.Calls() {
			if strings.HasPrefix(call, "MoveClaim") {
				calls = append(calls, call)
			}
		}
		if len(calls) != 1 || calls[0] != c.call {
			t.Errorf("%s: calls %q, want %q", c.name, calls, c.call)
		}
	}
}
