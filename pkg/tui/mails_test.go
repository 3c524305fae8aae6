package tui

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"courtier/pkg/apperr"
)

// mailIDs are the numbers of the mails the Courriels list shows.
func mailIDs(m *mailsScreen) []int64 {
	var out []int64
	for _, ml := range m.shown {
		out = append(out, ml.ID)
	}
	return out
}

// TestMailsListKeys: f cycles the states through the Source, / filters
// what was read, enter opens a mail and esc closes it.
func TestMailsListKeys(t *testing.T) {
	f := &fakeScreensSource{admin: true}
	s := newTestScreen(t, newMailsScreen, f, 120, 36)
	m := s.(*mailsScreen)
	steps := []struct {
		keys    []string
		want    []int64
		summary string
	}{
		{nil, []int64{14, 13, 12}, "tous · 1 non envoyé · 1 envoyé · 1 en échec · 3 affichés"},
		{[]string{"f"}, []int64{14}, "non envoyés · 1 non envoyé · 1 envoyé · 1 en échec · 1 affiché"},
		{[]string{"f"}, []int64{12}, "envoyés ·"},
		{[]string{"f"}, []int64{13}, "en échec ·"},
		{[]string{"f"}, []int64{14, 13, 12}, "tous ·"},
		{[]string{"/", "PAUL", "enter"}, []int64{13}, "filtre «\u00a0PAUL\u00a0» · 1 affiché"},
		{[]string{"/", "ctrl+u", "reçue", "enter"}, []int64{14}, "filtre «\u00a0reçue\u00a0»"},
		{[]string{"/", "ctrl+u", "enter"}, []int64{14, 13, 12}, "tous ·"},
	}
	for i, st := range steps {
		s, _ = press(s, st.keys...)
		if got := mailIDs(m); !reflect.DeepEqual(got, st.want) || !strings.Contains(m.summary(), st.summary) {
			t.Errorf("step %d %v: %v « %s », want %v « %s »", i, st.keys, got, m.summary(), st.want, st.summary)
		}
	}
	if want := []string{"Mails ", "Mails pending", "Mails sent", "Mails failed", "Mails "}; !reflect.DeepEqual(f.Calls(), want) {
		t.Errorf("calls %v, want %v", f.Calls(), want)
	}
	s, _ = press(s, "down", "enter")
	if m.mode != mailDetail || m.open == nil || m.open.ID != 13 {
		t.Fatalf("enter did not open mail 13: mode %d", m.mode)
	}
	v := s.View()
	for _, want := range []string{"Courriel n°\u00a013 · en échec", "À\u00a0: paul.durand.adresse.longue@example.fr",
		"État\u00a0: en échec · 3 essais", "Dernière erreur\u00a0: 550 5.1.1 Boîte inconnue", "Modèle\u00a0: request-replied",
		"── Texte du courriel", "Bonjour Paul,", "> Votre contrat auto couvre le prêt du volant."} {
		if !strings.Contains(v, want) {
			t.Errorf("the mail's view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "<p>") {
		t.Errorf("the HTML part is shown:\n%s", v)
	}
	// A refresh reads the list and the open mail again.
	before := len(f.Calls())
	feed(s, s.Load(m.ctx))
	if got := f.Calls()[before:]; !reflect.DeepEqual(got, []string{"Mails ", "Mail 13"}) {
		t.Errorf("reload calls %v", got)
	}
	s, _ = press(s, "esc")
	if m.mode != mailList || m.open != nil || s.Capturing() {
		t.Errorf("esc did not go back to the list: mode %d", m.mode)
	}
}

// TestMailsRetry: an admin retries a failed mail after saying yes, from
// the list or from the mail; nothing else is retried, and neither an agent
// nor the read-only dashboard is offered the key.
func TestMailsRetry(t *testing.T) {
	cases := []struct {
		name   string
		src    *fakeScreensSource
		keys   []string
		prompt string
		answer string
		call   string
	}{
		{"from the list", &fakeScreensSource{admin: true}, []string{"down", "e"},
			"Renvoyer le courriel n°\u00a013 à paul.durand.adresse.longue@example.fr\u00a0? (o/n)", "o", "RetryMail 13"},
		{"from the mail", &fakeScreensSource{admin: true}, []string{"down", "enter", "e"},
			"Renvoyer le courriel n°\u00a013 à paul.durand.adresse.longue@example.fr\u00a0? (o/n)", "o", "RetryMail 13"},
		{"answered no", &fakeScreensSource{admin: true}, []string{"down", "e"},
			"Renvoyer le courriel n°\u00a013 à paul.durand.adresse.longue@example.fr\u00a0? (o/n)", "n", ""},
		{"a pending mail", &fakeScreensSource{admin: true}, []string{"e"}, "", "o", ""},
		{"a sent mail", &fakeScreensSource{admin: true}, []string{"down", "down", "enter", "e"}, "", "o", ""},
		{"read-only", &fakeScreensSource{readOnly: true}, []string{"down", "e"}, "", "o", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestScreen(t, newMailsScreen, c.src, 80, 24)
			s, _ = press(s, c.keys...)
			m := s.(*mailsScreen)
			prompt := ""
			if m.ask != nil {
				prompt = m.ask.prompt
			}
			if prompt != c.prompt || s.Capturing() != (c.prompt != "") {
				t.Fatalf("prompt %q capturing %v, want %q", prompt, s.Capturing(), c.prompt)
			}
			hasKey := false
			for _, b := range s.ShortHelp() {
				hasKey = hasKey || b.Help().Key == "o"
			}
			if hasKey != (c.prompt != "") {
				t.Errorf("help %v while the prompt is %q", s.ShortHelp(), prompt)
			}
			if c.prompt != "" && !strings.Contains(s.View(), "(o/n)") {
				t.Errorf("the question is not on screen:\n%s", s.View())
			}
			before := len(c.src.Calls())
			_, out := press(s, c.answer)
			var calls []string
			for _, call := range c.src.Calls()[before:] {
				if strings.HasPrefix(call, "RetryMail") {
					calls = append(calls, call)
				}
			}
			var want, wantMsgs []any
			if c.call != "" {
				want = []any{c.call}
				wantMsgs = []any{InfoMsg{Text: "Courriel n°\u00a013 remis en file d’envoi."}, ReloadMsg{}}
			}
			var gotCalls, gotMsgs []any
			for _, call := range calls {
				gotCalls = append(gotCalls, call)
			}
			for _, msg := range out {
				gotMsgs = append(gotMsgs, msg)
			}
			if !reflect.DeepEqual(gotCalls, want) || !reflect.DeepEqual(gotMsgs, wantMsgs) {
				t.Errorf("calls %v msgs %v, want %v %v", gotCalls, gotMsgs, want, wantMsgs)
			}
		})
	}
	// The key is offered only on a failed mail, to an admin.
	for _, c := range []struct {
		src  *fakeScreensSource
		keys []string
		want bool
	}{
		{&fakeScreensSource{admin: true}, []string{"down"}, true},
		{&fakeScreensSource{admin: true}, nil, false},
		{&fakeScreensSource{readOnly: true}, []string{"down"}, false},
	} {
		s := newTestScreen(t, newMailsScreen, c.src, 80, 24)
		s, _ = press(s, c.keys...)
		offered := false
		for _, b := range s.ShortHelp() {
			offered = offered || b.Help().Desc == "renvoyer"
		}
		if offered != c.want {
			t.Errorf("admin %v after %v: « renvoyer » offered %v", c.src.admin, c.keys, offered)
		}
	}
}

// TestMailsRefused: an agent, whom the outbox refuses, reads why and
// where a request's mails are; a failure of another kind says itself.
func TestMailsRefused(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"agent", apperr.Errorf(apperr.EFORBIDDEN, "Cette action est réservée aux administrateurs."),
			"Le journal des courriels est réservé aux administrateurs. Les courriels envoyés au client d’une demande se lisent dans sa fiche"},
		// strings.Fields below takes the no-break spaces for spaces.
		{"other", errors.New("disque plein"), "Les courriels ne sont pas disponibles : Une erreur interne est survenue."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeScreensSource{mailsErr: c.err}
			s := newTestScreen(t, newMailsScreen, f, 120, 36)
			v := strings.Join(strings.Fields(s.View()), " ")
			if !strings.Contains(v, c.want) || strings.Contains(v, "Destinataire") {
				t.Errorf("view lacks %q or shows a table:\n%s", c.want, s.View())
			}
			before := len(f.Calls())
			s, _ = press(s, "enter", "e", "/")
			if got := f.Calls()[before:]; len(got) != 0 || s.Capturing() || len(s.ShortHelp()) != 0 {
				t.Errorf("keys on a refused list: calls %v, capturing %v, help %v", got, s.Capturing(), s.ShortHelp())
			}
		})
	}
}
