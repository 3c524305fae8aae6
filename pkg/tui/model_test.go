package tui

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

var visitor = account.Visitor

func newTestModel(src Source) Model {
	return NewModel(context.Background(), src, Options{
		Refresh: time.Millisecond, ChatRefresh: time.Millisecond, NoColor: true, Now: func() time.Time { return testClock }, Location: time.UTC,
	})
}

// send gives msg to m and returns the model.
func send(t *testing.T, m Model, msg tea.Msg) Model {
	t.Helper()
	next, _ := m.Update(msg)
	return next.(Model)
}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

var (
	keyTab      = tea.KeyMsg{Type: tea.KeyTab}
	keyShiftTab = tea.KeyMsg{Type: tea.KeyShiftTab}
	keyEsc      = tea.KeyMsg{Type: tea.KeyEsc}
	keyCtrlC    = tea.KeyMsg{Type: tea.KeyCtrlC}
)

// messages runs cmd and the batches it returns, and lists their messages.
func messages(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if batch, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range batch {
			out = append(out, messages(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// kinds names the types of msgs, for comparison.
func kinds(msgs []tea.Msg) string {
	var out []string
	for _, m := range msgs {
		switch m := m.(type) {
		case tea.QuitMsg:
			out = append(out, "quit")
		case tickMsg:
			out = append(out, "tick")
		case chatTickMsg:
			out = append(out, "chat tick")
		case nil:
			// A command done without news (the presence renewed or ended).
			out = append(out, "none")
		case loadedMsg:
			switch m.msg.(type) {
			case overviewMsg:
				out = append(out, "overview")
			case ErrMsg:
				out = append(out, "error")
			default:
				out = append(out, "loaded")
			}
		default:
			out = append(out, "other")
		}
	}
	return strings.Join(out, ",")
}

// TestKeys sends key sequences and checks the tab, the pause, the full
// help, and the commands of the last key.
func TestKeys(t *testing.T) {
	cases := []struct {
		name     string
		keys     []tea.KeyMsg
		active   int
		paused   bool
		fullHelp bool
		cmds     string
	}{
		{"tab goes to Demandes and loads it", []tea.KeyMsg{keyTab}, 1, false, false, "loaded"},
		{"tab wraps around", []tea.KeyMsg{keyTab, keyTab, keyTab, keyTab, keyTab, keyTab}, 0, false, false, "overview"},
		{"tab from Conversations ends the presence", []tea.KeyMsg{keyTab, keyTab, keyTab, keyTab}, 4, false, false, "none,loaded"},
		{"shift+tab from Aperçu goes to Contrats", []tea.KeyMsg{keyShiftTab}, 5, false, false, "loaded"},
		{"shift+tab thrice goes to Conversations, present", []tea.KeyMsg{keyShiftTab, keyShiftTab, keyShiftTab}, 3, false, false, "loaded,none,chat tick"},
		{"digit 5 goes to Courriels", []tea.KeyMsg{runes("5")}, 4, false, false, "loaded"},
		{"digit 3 goes to Utilisateurs", []tea.KeyMsg{runes("3")}, 2, false, false, "loaded"},
		{"digit 1 back to Aperçu loads it", []tea.KeyMsg{runes("4"), runes("1")}, 0, false, false, "none,overview"},
		{"the same digit twice does nothing", []tea.KeyMsg{runes("1")}, 0, false, false, ""},
		{"digit 6 goes to Contrats", []tea.KeyMsg{runes("6")}, 5, false, false, "loaded"},
		{"digit 7 is no tab", []tea.KeyMsg{runes("7")}, 0, false, false, ""},
		{"? shows the full help", []tea.KeyMsg{runes("?")}, 0, false, true, ""},
		{"? twice hides it", []tea.KeyMsg{runes("?"), runes("?")}, 0, false, false, ""},
		{"p pauses without command", []tea.KeyMsg{runes("p")}, 0, true, false, ""},
		{"p again resumes: reload and a new tick", []tea.KeyMsg{runes("p"), runes("p")}, 0, false, false, "overview,tick"},
		{"r reloads Aperçu", []tea.KeyMsg{runes("r")}, 0, false, false, "overview"},
		{"r on another tab reloads Aperçu too", []tea.KeyMsg{runes("2"), runes("r")}, 1, false, false, "loaded,overview"},
		{"q quits", []tea.KeyMsg{runes("q")}, 0, false, false, "quit"},
		{"ctrl+c quits", []tea.KeyMsg{runes("2"), keyCtrlC}, 1, false, false, "quit"},
		{"esc on Aperçu does nothing", []tea.KeyMsg{keyEsc}, 0, false, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTestModel(newFakeCoreSource(marie))
			var cmd tea.Cmd
			for _, k := range c.keys {
				var next tea.Model
				next, cmd = m.Update(k)
				m = next.(Model)
			}
			if m.Active() != c.active || m.Paused() != c.paused || m.help.ShowAll != c.fullHelp {
				t.Errorf("active %d paused %v full help %v, want %d %v %v", m.Active(), m.Paused(), m.help.ShowAll, c.active, c.paused, c.fullHelp)
			}
			if got := kinds(messages(cmd)); got != c.cmds {
				t.Errorf("commands %q, want %q", got, c.cmds)
			}
		})
	}
}

// stubScreen records the keys it gets; it may capture them or bind "r".
type stubScreen struct {
	tmpScreen
	capturing bool
	bindings  []key.Binding
	got       []string
	w, h      int
}

func (s *stubScreen) Capturing() bool          { return s.capturing }
func (s *stubScreen) ShortHelp() []key.Binding { return s.bindings }
func (s *stubScreen) SetSize(w, h int)         { s.w, s.h = w, h }
func (s *stubScreen) Update(msg tea.Msg) (Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		s.got = append(s.got, k.String())
	}
	return s, nil
}

// TestScreenKeys checks that a capturing screen gets q, tab, digits and
// esc, that ctrl+c still quits, and that a key the screen binds is its own.
func TestScreenKeys(t *testing.T) {
	role := key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rôle"))
	cases := []struct {
		name      string
		capturing bool
		bindings  []key.Binding
		keys      []tea.KeyMsg
		got       string
		quit      bool
	}{
		{"capturing takes q, tab, digits, esc", true, nil, []tea.KeyMsg{runes("q"), keyTab, runes("1"), keyEsc, runes("?")}, "q,tab,1,esc,?", false},
		{"ctrl+c quits even while capturing", true, nil, []tea.KeyMsg{keyCtrlC}, "", true},
		{"a bound r is the screen's", false, []key.Binding{role}, []tea.KeyMsg{runes("r")}, "r", false},
		{"esc and unbound keys go to the screen", false, nil, []tea.KeyMsg{keyEsc, runes("x")}, "esc,x", false},
		{"q quits when not capturing", false, nil, []tea.KeyMsg{runes("q")}, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTestModel(newFakeCoreSource(marie))
			stub := &stubScreen{capturing: c.capturing, bindings: c.bindings}
			m.screens[2] = stub
			m = send(t, m, runes("3"))
			var cmd tea.Cmd
			for _, k := range c.keys {
				var next tea.Model
				next, cmd = m.Update(k)
				m = next.(Model)
			}
			if got := strings.Join(stub.got, ","); got != c.got {
				t.Errorf("screen got %q, want %q", got, c.got)
			}
			if m.Active() != 2 {
				t.Errorf("active %d, want 2", m.Active())
			}
			if quit := kinds(messages(cmd)) == "quit"; quit != c.quit {
				t.Errorf("quit %v, want %v", quit, c.quit)
			}
		})
	}
}

// TestWindowSize sizes every screen, and below 80×24 shows one French
// line and takes no key but q.
func TestWindowSize(t *testing.T) {
	cases := []struct {
		w, h         int
		small        bool
		roomW, roomH int
	}{
		{120, 36, false, 120, 30},
		{80, 24, false, 80, 18},
		{79, 24, true, 79, 18},
		{80, 23, true, 80, 17},
		{10, 3, true, 10, 1},
		{0, 0, false, 80, 18}, // unknown size: 80×24 assumed
	}
	for _, c := range cases {
		m := newTestModel(newFakeCoreSource(marie))
		stubs := []*stubScreen{{}, {}, {}, {}, {}, {}}
		for i := range m.screens {
			m.screens[i] = stubs[i]
		}
		m = send(t, m, tea.WindowSizeMsg{Width: c.w, Height: c.h})
		for i, s := range stubs {
			if s.w != c.roomW || s.h != c.roomH {
				t.Errorf("%d×%d: screen %d got %d×%d, want %d×%d", c.w, c.h, i, s.w, s.h, c.roomW, c.roomH)
			}
		}
		view := m.View()
		if small := strings.HasPrefix(view, "Terminal"); small != c.small {
			t.Errorf("%d×%d: small view %v, want %v: %q", c.w, c.h, small, c.small, view)
		}
		if c.small {
			if strings.Contains(view, "\n") != (c.w < 70) {
				t.Errorf("%d×%d: one line only where it fits: %q", c.w, c.h, view)
			}
			m = send(t, m, runes("2"))
			if m.Active() != 0 {
				t.Errorf("%d×%d: a digit changed the tab of a too small terminal", c.w, c.h)
			}
			if _, cmd := m.Update(runes("q")); kinds(messages(cmd)) != "quit" {
				t.Errorf("%d×%d: q does not quit", c.w, c.h)
			}
		}
	}
}

// TestTicks checks that a tick reloads and schedules the next one, that a
// paused model or a tick of an ended chain does nothing.
func TestTicks(t *testing.T) {
	m := newTestModel(newFakeCoreSource(marie))
	if _, cmd := m.Update(tickMsg{n: 0}); kinds(messages(cmd)) != "overview,tick" {
		t.Errorf("tick: %q", kinds(messages(cmd)))
	}
	paused := send(t, m, runes("p"))
	if _, cmd := paused.Update(tickMsg{n: 0}); cmd != nil {
		t.Error("a paused model reloads on tick")
	}
	resumed := send(t, paused, runes("p"))
	if _, cmd := resumed.Update(tickMsg{n: 0}); cmd != nil {
		t.Error("the tick of the chain before the pause still runs")
	}
	if _, cmd := resumed.Update(tickMsg{n: 1}); kinds(messages(cmd)) != "overview,tick" {
		t.Errorf("tick of the new chain: %q", kinds(messages(cmd)))
	}
}

// TestStatusBar checks who acts, the refresh state and the last message,
// and that a database locked for a while shows a French error that the
// next successful load clears.
func TestStatusBar(t *testing.T) {
	src := newFakeCoreSource(marie)
	m := loaded(t, newTestModel(src), 120, 36)
	for _, want := range []string{"Compte\u00a0: Marie Dupont (Administrateur) · Actualisé à 14:05", "Base de données\u00a0: /srv/courtier/courtier.db"} {
		if v := m.View(); !strings.Contains(v, want) {
			t.Errorf("no %q in the status bar:\n%s", want, v)
		}
	}
	src.err = fmt.Errorf("décompte des demandes: %w", busyError(t))
	m = send(t, m, runes("p"))
	m = send(t, m, loadedMsg{msg: m.screens[0].Load(context.Background())()})
	v := m.View()
	for _, want := range []string{"Actualisation en pause", "Base de données occupée par un autre programme\u00a0: réessayez dans un instant."} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in:\n%s", want, v)
		}
	}
	if !strings.Contains(v, "Nouvelles") {
		t.Error("a failed read emptied the overview")
	}
	src.err = nil
	m = send(t, m, runes("p"))
	m = send(t, m, loadedMsg{msg: m.screens[0].Load(context.Background())()})
	if v := m.View(); strings.Contains(v, "occupée") || !strings.Contains(v, "Actualisé à 14:05") {
		t.Errorf("the error stays after a good read:\n%s", v)
	}
	m = send(t, m, InfoMsg{Text: "Demande DV-2026-000123 prise en charge."})
	if v := m.View(); !strings.Contains(v, "Demande DV-2026-000123 prise en charge.") {
		t.Errorf("no info line:\n%s", v)
	}
	m = send(t, m, ErrMsg{Err: apperr.Errorf(apperr.EFORBIDDEN, "Lecture seule.")})
	if v := m.View(); !strings.Contains(v, "Lecture seule.") {
		t.Errorf("no French error of the service:\n%s", v)
	}
	// An action's error outlives the reload that follows the action.
	m = send(t, m, loadedMsg{msg: m.screens[0].Load(context.Background())()})
	if v := m.View(); !strings.Contains(v, "Lecture seule.") {
		t.Errorf("the refresh after the action hid its error:\n%s", v)
	}
}

// busyError is a real busy database: a second connection asks for a
// database another holds in an exclusive transaction, and gives up at once.
func busyError(t *testing.T) error {
	t.Helper()
	dsn := "file:" + filepath.Join(t.TempDir(), "verrou.db") + "?_pragma=busy_timeout(0)"
	holder, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	ctx := context.Background()
	conn, err := holder.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "CREATE TABLE t (x INTEGER); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(ctx, "ROLLBACK") //nolint:errcheck // the file goes with the test
	other, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, err = other.ExecContext(ctx, "SELECT * FROM t")
	if !store.IsBusy(err) {
		t.Fatalf("expected a busy database (store.IsBusy), got %v", err)
	}
	return err
}
