package tui

import (
	"regexp"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/desk"
)

// TestTabsByRole: an agent is not offered the tabs of the admins, whose
// every read the services would refuse; an admin and the read-only
// operator have the six, and the help names the digits there are.
func TestTabsByRole(t *testing.T) {
	agent := account.Actor{UID: "u-alice", Role: account.RoleAgent, Name: "Alice Agent"}
	cases := []struct {
		name  string
		actor account.Actor
		tabs  string
		last  string
	}{
		{"admin", marie, "Aperçu,Demandes,Utilisateurs,Conversations,Courriels,Contrats", "1–6"},
		{"read-only operator", account.Visitor, "Aperçu,Demandes,Utilisateurs,Conversations,Courriels,Contrats", "1–6"},
		{"agent", agent, "Aperçu,Demandes,Conversations,Contrats", "1–4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := loaded(t, newTestModel(newFakeCoreSource(c.actor)), 120, 36)
			var titles []string
			for _, s := range m.screens {
				titles = append(titles, s.Title())
			}
			if got := strings.Join(titles, ","); got != c.tabs {
				t.Errorf("tabs %s, want %s", got, c.tabs)
			}
			m = send(t, m, runes("?"))
			if v := m.View(); !strings.Contains(v, c.last+"   aller à l’onglet") {
				t.Errorf("the full help does not offer %s:\n%s", c.last, v)
			}
			if c.actor.Role == account.RoleAgent && strings.Contains(m.View(), "Utilisateurs") {
				t.Errorf("an agent is offered Utilisateurs:\n%s", m.View())
			}
		})
	}
}

// english are words of the libraries' own help and of Go's errors that
// must not reach the screen.
var english = regexp.MustCompile(`\b(up|down|page up|page down|go to (start|end)|forbidden|not found|invalid|permission denied|no such file|error)\b`)

// TestHelpInFrench shows the full help of every tab of an admin, list and
// open item, and looks for the English of the libraries' key maps.
func TestHelpInFrench(t *testing.T) {
	m := loaded(t, newTestModel(newFakeCoreSource(marie)), 120, 36)
	m = send(t, m, runes("?"))
	for i := range m.screens {
		m = send(t, m, runes(string(rune('1'+i))))
		v := m.View()
		if w := english.FindString(v); w != "" {
			t.Errorf("tab %d shows %q:\n%s", i+1, w, v)
		}
	}
	for _, b := range tableKeys().ShortHelp() {
		if english.MatchString(b.Help().Desc) {
			t.Errorf("table key %q is described in English: %q", b.Help().Key, b.Help().Desc)
		}
	}
}

// TestHistoryInWords: the history of a request shows what happened in the
// web desk's words, never the action's code, and « Système » for the site.
func TestHistoryInWords(t *testing.T) {
	cases := []struct {
		e    desk.Event
		want string
	}{
		{desk.Event{ActorName: "Jeanne Martin", Action: "created", Detail: "Demande reçue"}, "Jeanne Martin · Demande reçue"},
		{desk.Event{ActorName: "Bob Admin", Action: "taken", Detail: "Prise en charge par Bob Admin"}, "Bob Admin · Prise en charge par Bob Admin"},
		{desk.Event{ActorName: "Bob Admin", Action: "note"}, "Bob Admin · Note interne ajoutée"},
		{desk.Event{Action: "kept", Detail: "Prix gardés de nouveau"}, "Système · Prix gardés de nouveau"},
		{desk.Event{ActorName: "Bob Admin", Action: "something_new"}, "Bob Admin · Modification"},
	}
	for _, c := range cases {
		if got := historyWho(c.e) + " · " + historyWhat(c.e); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

// TestRequestSubject: the « Objet » column holds the product's
// name, else the summary; never a callback's slot.
func TestRequestSubject(t *testing.T) {
	f := &fakeScreensSource{}
	m := newTestScreen(t, newRequestsScreen, f, 120, 36).(*requestsScreen)
	cases := []struct {
		r    desk.StaffView
		want string
	}{
		{desk.StaffView{Kind: desk.KindQuote, Product: "home", Summary: "Assurance habitation"}, "Assurance habitation"},
		{desk.StaffView{Kind: desk.KindCallback, Product: "car", Summary: "1er décembre 2026, 10:00 – 11:00 · Assurance auto"}, "Assurance auto et moto"},
		{desk.StaffView{Kind: desk.KindCallback, Summary: "Dès que possible"}, "—"},
		{desk.StaffView{Kind: desk.KindContact, Summary: "Question sur un contrat"}, "Question sur un contrat"},
		{desk.StaffView{Kind: desk.KindContact}, "—"},
	}
	for _, c := range cases {
		if got := m.subject(c.r); got != c.want {
			t.Errorf("%s %q/%q: %q, want %q", c.r.Kind, c.r.Product, c.r.Summary, got, c.want)
		}
	}
}
