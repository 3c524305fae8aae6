package tui

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestFollowText: a contract's follow-up in the Contrats list, read from
// the JSON issue 42 fixed: the open incident's stage first; the renewal
// from three months before the avis is due to the last day to refuse.
func TestFollowText(t *testing.T) {
	today := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name, json, want string
	}{
		{"nothing to follow", `{}`, ""},
		{"an incident open", `{"incident":{"stage":"notice","stageLabel":"Mise en demeure envoyée"},"renewalDeadline":"2026-11-10"}`,
			"Impayé · Mise en demeure envoyée"},
		{"an incident without its label", `{"incident":{"stage":"open"}}`, "Impayé"},
		{"an incident closed", `{"incident":{"stage":"closed","stageLabel":"Régularisé"}}`, ""},
		{"the deadline far", `{"renewalDeadline":"2027-01-17"}`, ""},
		{"the notice due in 3 months", `{"renewalDeadline":"2027-01-16"}`, "Avis à envoyer avant le 1 janv. 2027"},
		{"the notice due soon", `{"renewalDeadline":"2026-10-20"}`, "Avis à envoyer avant le 5 oct. 2026"},
		{"the notice due today", `{"renewalDeadline":"2026-10-16"}`, "Avis à envoyer avant le 1 oct. 2026"},
		{"the notice late", `{"renewalDeadline":"2026-10-15"}`, "Avis en retard (refus jusqu’au 15 oct. 2026)"},
		{"the notice sent", `{"renewalDeadline":"2026-12-01","renewal":{"noticeSentAt":"2026-09-20T06:00:00Z"}}`, "Avis envoyé (refus jusqu’au 1 déc. 2026)"},
		{"the notice sent late", `{"renewalDeadline":"2026-10-05","renewal":{"noticeSentAt":"2026-09-28T06:00:00Z","late":true}}`,
			"Avis envoyé en retard (refus jusqu’au 5 oct. 2026)"},
		{"the last day to refuse", `{"renewalDeadline":"2026-10-01","renewal":{"noticeSentAt":"2026-08-01T06:00:00Z"}}`, "Avis envoyé (refus jusqu’au 1 oct. 2026)"},
		{"the deadline passed", `{"renewalDeadline":"2026-09-30","renewal":{"noticeSentAt":"2026-08-01T06:00:00Z"}}`, ""},
		{"a deadline unreadable", `{"renewalDeadline":"bientôt"}`, ""},
	} {
		var f followFields
		if err := json.Unmarshal([]byte(tt.json), &f); err != nil {
			t.Fatal(err)
		}
		if got := f.follow(today); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	// A contract without these parts follows nothing.
	for _, c := range fakeContracts() {
		if got := followText(c, today); got != "" {
			t.Errorf("%s: %q", c.Number, got)
		}
	}
}

// TestContractsFollowKeys: i shows the unpaid contracts and back, e those
// to renew, f leaves either for the supporting documents.
func TestContractsFollowKeys(t *testing.T) {
	f := &fakeScreensSource{}
	s := newTestScreen(t, newContractsScreen, f, 120, 36)
	m := s.(*contractsScreen)
	steps := []struct {
		keys    []string
		want    []string
		summary string
	}{
		{nil, []string{"CT-2026-000002", "CT-2026-000001"}, "tous · 2 affichés"},
		{[]string{"i"}, []string{"CT-2026-000001"}, "impayés · 1 affiché"},
		{[]string{"e"}, []string{"CT-2026-000002"}, "à renouveler · 1 affiché"},
		{[]string{"e"}, []string{"CT-2026-000002", "CT-2026-000001"}, "tous · 2 affichés"},
		{[]string{"i", "f"}, []string{"CT-2026-000002"}, "justificatifs à vérifier · 1 affiché"},
		{[]string{"i"}, []string{"CT-2026-000001"}, "impayés · 1 affiché"},
		{[]string{"i"}, []string{"CT-2026-000002", "CT-2026-000001"}, "tous · 2 affichés"},
	}
	for i, st := range steps {
		s, _ = press(s, st.keys...)
		if got := numbers(m); !reflect.DeepEqual(got, st.want) || !strings.HasPrefix(m.summary(), st.summary) {
			t.Errorf("step %d %v: %v « %s », want %v « %s »", i, st.keys, got, m.summary(), st.want, st.summary)
		}
	}
	want := []string{"Contracts false", "ContractsFollowed unpaid", "ContractsFollowed renewal", "Contracts false",
		"ContractsFollowed unpaid", "Contracts true", "ContractsFollowed unpaid", "Contracts false"}
	if got := f.Calls(); !reflect.DeepEqual(got, want) {
		t.Errorf("calls %v, want %v", got, want)
	}
	if v := s.View(); !strings.Contains(v, "Suivi") {
		t.Errorf("no Suivi column:\n%s", v)
	}
}
