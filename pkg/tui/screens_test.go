package tui

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"courtier/pkg/apperr"
)

var updateScreens = flag.Bool("update-screens", false, "rewrite the screens' golden files")

// newTestScreen builds a screen over a fake at a size, on the fixed clock, loaded.
func newTestScreen(t *testing.T, build func(Source, Styles) Screen, f *fakeScreensSource, w, h int) Screen {
	t.Helper()
	screensSetup()
	s := build(f, NewStyles(true))
	switch m := s.(type) {
	case *requestsScreen:
		m.now = func() time.Time { return screensNow }
	case *usersScreen:
		m.now = func() time.Time { return screensNow }
	case *conversationsScreen:
		m.now = func() time.Time { return screensNow }
	case *chatScreen:
		m.now = func() time.Time { return screensNow }
	case *mailsScreen:
		m.now = func() time.Time { return screensNow }
	case *contractsScreen:
		m.now = func() time.Time { return screensNow }
	}
	s.SetSize(w, h)
	s, _ = feed(s, s.Load(context.Background()))
	return s
}

func refs(m *requestsScreen) []string {
	var out []string
	for _, r := range m.shown {
		out = append(out, r.Ref)
	}
	return out
}

func TestRequestsListKeys(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newRequestsScreen, f, 120, 36)
	m := s.(*requestsScreen)
	byDue := []string{"DV-2026-000123", "MS-2026-000045", "RC-2026-000007", "RA-2026-000012"}
	if got := refs(m); !reflect.DeepEqual(got, byDue) {
		t.Fatalf("by due date: %v", got)
	}
	steps := []struct {
		keys  []string
		want  []string
		query string
	}{
		{[]string{"o"}, []string{"DV-2026-000123", "MS-2026-000045", "RA-2026-000012", "RC-2026-000007"}, ""},
		{[]string{"O"}, []string{"RC-2026-000007", "RA-2026-000012", "MS-2026-000045", "DV-2026-000123"}, ""},
		{[]string{"o"}, []string{"Paul Durand", "Lina Moreau", "Jeanne Martin", "Émilie Lefèvre-Dubois de la Grange"}, ""},
		{[]string{"o", "O"}, []string{"RC-2026-000007", "MS-2026-000045", "RA-2026-000012", "DV-2026-000123"}, ""},
		{[]string{"/", "en cours", "enter"}, []string{"MS-2026-000045"}, "en cours"},
		{[]string{"/", "x", "esc"}, []string{"MS-2026-000045"}, "en cours"},
		{[]string{"/", "\x7f"}, nil, "en cours"},
	}
	_ = steps[len(steps)-1]
	for i, st := range steps[:6] {
		s, _ = press(s, st.keys...)
		got := refs(m)
		if i == 2 {
			got = nil
			for _, r := range m.shown {
				got = append(got, r.Name)
			}
		}
		if !reflect.DeepEqual(got, st.want) || m.query != st.query {
			t.Errorf("step %d %v: %v query %q, want %v %q", i, st.keys, got, m.query, st.want, st.query)
		}
	}
	if m.Capturing() {
		t.Error("capturing after the filter was applied")
	}
	s, _ = press(s, "/")
	if !s.Capturing() {
		t.Error("not capturing while the filter is typed")
	}
	s, _ = press(s, "esc", "f", "m", "f")
	want := []string{"Queue open ", "Queue closed ", "Queue closed me", "Queue all me"}
	if got := f.Calls(); !reflect.DeepEqual(got, want) {
		t.Errorf("calls %v, want %v", got, want)
	}
	if !strings.Contains(s.View(), "toutes · mes demandes") {
		t.Errorf("the state and « mes demandes » are not shown:\n%s", s.View())
	}
}

func TestRequestsDetailActions(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newRequestsScreen, f, 80, 24)
	s, _ = press(s, "enter")
	m := s.(*requestsScreen)
	if m.mode != reqDetail || m.detail == nil || m.detail.Request.Ref != "DV-2026-000123" {
		t.Fatalf("enter did not open the first request: mode %d", m.mode)
	}
	// Can: take, work, note, assign; not release.
	var help []string
	for _, b := range s.ShortHelp() {
		help = append(help, b.Help().Key)
	}
	if got := strings.Join(help, " "); got != "échap ↑/↓ a s n h" {
		t.Errorf("help %q", got)
	}
	cases := []struct {
		name  string
		keys  []string
		call  string
		info  string
		other bool
	}{
		{"take", []string{"a"}, "Take q1", "Demande DV-2026-000123 prise en charge.", false},
		{"status", []string{"s", "down", "enter"}, "SetStatus q1 closed", "Demande DV-2026-000123\u00a0: Clôturée.", false},
		{"status cancelled", []string{"s", "esc"}, "", "", false},
		{"note", []string{"n", "Rappeler lundi", "enter"}, "AddNote q1 Rappeler lundi", "Note ajoutée à DV-2026-000123.", false},
		{"note cancelled", []string{"n", "oups", "esc"}, "", "", false},
		{"hand", []string{"h", "down", "enter"}, "Assign q1 u-bob", "Demande DV-2026-000123 confiée à Bob Admin.", false},
		{"release not allowed", []string{"l"}, "", "", false},
	}
	for _, c := range cases {
		before := len(f.Calls())
		var msgs []any
		var got []string
		s2, out := press(s, c.keys...)
		s = s2
		for _, msg := range out {
			msgs = append(msgs, msg)
		}
		for _, call := range f.Calls()[before:] {
			if call != "Staff" {
				got = append(got, call)
			}
		}
		var wantCalls []string
		var wantMsgs []any
		if c.call != "" {
			wantCalls = []string{c.call}
			wantMsgs = []any{InfoMsg{Text: c.info}, ReloadMsg{}}
		}
		if !reflect.DeepEqual(got, wantCalls) || !reflect.DeepEqual(msgs, wantMsgs) {
			t.Errorf("%s: calls %v msgs %v, want %v %v", c.name, got, msgs, wantCalls, wantMsgs)
		}
		if m.mode != reqDetail || s.Capturing() {
			t.Errorf("%s: mode %d after the action, capturing %v", c.name, m.mode, s.Capturing())
		}
	}
	s, _ = press(s, "n")
	if !s.Capturing() {
		t.Error("not capturing while the note is typed")
	}
	s, _ = press(s, "esc", "esc")
	if m.mode != reqList || m.id != "" {
		t.Errorf("esc did not go back to the list: mode %d", m.mode)
	}
	// A reload reads the list only once the request is closed.
	before := len(f.Calls())
	feed(s, s.Load(context.Background()))
	if got := f.Calls()[before:]; !reflect.DeepEqual(got, []string{"Queue open "}) {
		t.Errorf("reload calls %v", got)
	}
}

func TestRequestsActionError(t *testing.T) {
	f := &fakeScreensSource{failTake: errors.New("Bob Admin suit déjà cette demande.")}
	s := newTestScreen(t, newRequestsScreen, f, 80, 24)
	_, out := press(s, "enter", "a")
	want := []any{ErrMsg{Err: f.failTake}, ReloadMsg{}}
	var got []any
	for _, m := range out {
		got = append(got, m)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("msgs %v, want %v", got, want)
	}
}

func TestUsersKeys(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newUsersScreen, f, 80, 24)
	cases := []struct {
		name   string
		keys   []string
		prompt string
		call   string
		info   string
	}{
		{"role", []string{"down", "down", "r", "up", "enter"}, "Donner le rôle Conseiller au compte jeanne.martin.tres.longue.adresse@example.fr\u00a0? (o/n)",
			"SetRole u-jeanne agent", "Le compte jeanne.martin.tres.longue.adresse@example.fr a désormais le rôle Conseiller."},
		{"role refused", []string{"up", "up", "r", "down", "enter"}, "Donner le rôle Conseiller au compte bob@courtier.fr\u00a0? (o/n)", "", ""},
		{"same role", []string{"r", "enter"}, "", "", ""},
		{"enable", []string{"down", "down", "d"}, "Réactiver le compte jeanne.martin.tres.longue.adresse@example.fr\u00a0? (o/n)",
			"SetUserStatus u-jeanne active", "Compte jeanne.martin.tres.longue.adresse@example.fr réactivé."},
		{"disable", []string{"up", "d"}, "Désactiver le compte alice@courtier.fr\u00a0? (o/n)",
			"SetUserStatus u-alice disabled", "Compte alice@courtier.fr désactivé."},
		{"sign out", []string{"x"}, "Terminer les sessions du compte alice@courtier.fr\u00a0? (o/n)", "SignOut u-alice", "2 sessions terminées."},
	}
	for _, c := range cases {
		s, _ = press(s, c.keys...)
		m := s.(*usersScreen)
		prompt := ""
		if m.ask != nil {
			prompt = m.ask.prompt
		}
		if prompt != c.prompt || s.Capturing() != (c.prompt != "") {
			t.Errorf("%s: prompt %q capturing %v, want %q", c.name, prompt, s.Capturing(), c.prompt)
		}
		if c.prompt != "" && !strings.Contains(s.View(), "(o/n)") {
			t.Errorf("%s: the question is not on screen", c.name)
		}
		before := len(f.Calls())
		answer := "o"
		if c.call == "" {
			answer = "n"
		}
		var out []any
		s2, msgs := press(s, answer)
		s = s2
		for _, msg := range msgs {
			out = append(out, msg)
		}
		var want []any
		var wantCalls []string
		if c.call != "" {
			want, wantCalls = []any{InfoMsg{Text: c.info}, ReloadMsg{}}, []string{c.call}
		}
		if got := f.Calls()[before:]; fmt.Sprint(got) != fmt.Sprint(wantCalls) || !reflect.DeepEqual(out, want) {
			t.Errorf("%s: calls %v msgs %v, want %v %v", c.name, got, out, wantCalls, want)
		}
	}
	s, _ = press(s, "/", "ALICE", "enter")
	if m := s.(*usersScreen); len(m.shown) != 1 || m.shown[0].UID != "u-alice" {
		t.Errorf("filter by name: %v", m.shown)
	}
	s, _ = press(s, "/", "ctrl+u", "example.fr", "enter")
	if m := s.(*usersScreen); len(m.shown) != 1 || m.shown[0].UID != "u-jeanne" {
		t.Errorf("filter by e-mail: %v", m.shown)
	}
}

func TestUsersRefused(t *testing.T) {
	// The service's refusal, whose Error() starts with its code: the
	// screen shows the French message alone.
	f := &fakeScreensSource{usersErr: apperr.Errorf(apperr.EFORBIDDEN, "Cette action est réservée aux administrateurs.")}
	s := newTestScreen(t, newUsersScreen, f, 80, 24)
	v := strings.Join(strings.Fields(s.View()), " ")
	if !strings.Contains(v, "Cette action est réservée aux administrateurs.") || strings.Contains(v, "forbidden") || strings.Contains(v, "E-mail") {
		t.Errorf("the refusal is not shown in place of the table:\n%s", v)
	}
	before := len(f.Calls())
	s, _ = press(s, "r", "d", "x")
	if got := f.Calls()[before:]; len(got) != 0 || s.Capturing() || len(s.ShortHelp()) != 0 {
		t.Errorf("actions on a refused list: calls %v, capturing %v", got, s.Capturing())
	}
}

func TestConversationsKeys(t *testing.T) {
	f := &fakeScreensSource{readOnly: true}
	s := newTestScreen(t, newReadOnlyConversationsScreen, f, 80, 24)
	if got := f.Calls(); !reflect.DeepEqual(got, []string{"Conversations 2026-11-16 10:00"}) {
		t.Errorf("calls %v", got)
	}
	s, _ = press(s, "down", "enter")
	m := s.(*conversationsScreen)
	if m.open == nil || m.open.ID != "k2" || len(m.lines) != 4 {
		t.Fatalf("enter did not open the second conversation: %v", m.open)
	}
	v := s.View()
	for _, w := range []string{"Visiteur", "Assistant", "Client", "Système", "Conseiller"} {
		if !strings.Contains(v, w) {
			t.Errorf("the transcript lacks %q:\n%s", w, v)
		}
	}
	s, _ = press(s, "esc", "/", "visiteur", "enter")
	if m.open != nil || len(m.shown) != 1 || m.shown[0].ID != "k2" {
		t.Errorf("esc then filter: open %v shown %v", m.open, m.shown)
	}
}

// TestScreensGolden checks the views at 80×24 and 120×36, colours off:
// exactly the screen's height, no line wider than its width.
func TestScreensGolden(t *testing.T) {
	views := []struct {
		name  string
		build func(Source, Styles) Screen
		keys  []string
	}{
		{"requests", newRequestsScreen, nil},
		{"requests-detail", newRequestsScreen, []string{"enter"}},
		{"requests-status", newRequestsScreen, []string{"enter", "s"}},
		{"requests-chat", newRequestsScreen, []string{"down", "enter"}},
		{"requests-claim", newRequestsScreen, []string{"enter"}},
		{"requests-claim-files", newRequestsScreen, []string{"enter", "pgdown"}},
		{"requests-claim-save", newRequestsScreen, []string{"enter", "pgdown", "f", "2"}},
		{"requests-claim-move", newRequestsScreen, []string{"enter", "s"}},
		{"requests-claim-amount", newRequestsScreen, []string{"enter", "s", "down", "down", "down", "enter", "1 250,50"}},
		{"requests-claim-confirm", newRequestsScreen, []string{"enter", "s", "down", "down", "down", "enter", "1 250,50", "enter", "Le virement part demain.", "enter"}},
		{"requests-claim-responsibility", newRequestsScreen, []string{"enter", "b"}},
		{"users", newUsersScreen, nil},
		{"users-confirm", newUsersScreen, []string{"down", "r", "down", "enter"}},
		{"conversations", newReadOnlyConversationsScreen, nil},
		{"conversations-transcript", newReadOnlyConversationsScreen, []string{"enter"}},
		{"chat-inbox", newLiveScreen, nil},
		{"chat-open", newLiveScreen, []string{"down", "down", "enter"}},
		{"chat-compose", newLiveScreen, []string{"down", "down", "enter", "r", "Je regarde votre contrat."}},
		{"mails", newMailsScreen, nil},
		{"mails-open", newMailsScreen, []string{"down", "enter"}},
		{"mails-retry", newMailsScreen, []string{"down", "e"}},
		{"contracts", newContractsScreen, nil},
		{"contracts-proofs", newContractsScreen, []string{"f"}},
		{"contracts-open", newContractsScreen, []string{"enter"}},
		{"contracts-refuse", newContractsScreen, []string{"enter", "x", "down", "enter", "Photo illisible"}},
		{"contracts-save", newContractsScreen, []string{"enter", "s"}},
	}
	for _, size := range [][2]int{{80, 24}, {120, 36}} {
		for _, v := range views {
			// An admin, so that the Courriels tab reads the outbox and offers a retry.
			f := &fakeScreensSource{admin: strings.HasPrefix(v.name, "mails"), claims: strings.HasPrefix(v.name, "requests-claim")}
			if v.name == "requests-claim-responsibility" {
				// A car's claim on one of the house's contracts, its responsibility shared.
				f.vehicle, f.responsibility = true, "shared"
			}
			s := newTestScreen(t, v.build, f, size[0], size[1])
			s, _ = press(s, v.keys...)
			got := s.View()
			lines := strings.Split(got, "\n")
			if len(lines) != size[1] {
				t.Errorf("%s at %dx%d: %d lines", v.name, size[0], size[1], len(lines))
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w > size[0] {
					t.Errorf("%s at %dx%d: line %d is %d wide", v.name, size[0], size[1], i, w)
				}
			}
			checkScreenGolden(t, v.name, size, got)
		}
	}
}

func checkScreenGolden(t *testing.T, name string, size [2]int, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+"-"+itoa(size[0])+"x"+itoa(size[1])+".golden")
	if *updateScreens {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update-screens)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n%s", name, path, got)
	}
}

func TestScreensHelpIsFrench(t *testing.T) {
	for _, b := range []key.Binding{requestsKeys.Take, requestsKeys.Hand, usersKeys.Role, conversationsKeys.Open} {
		if b.Help().Desc == "" {
			t.Errorf("%v has no help", b.Keys())
		}
	}
}
