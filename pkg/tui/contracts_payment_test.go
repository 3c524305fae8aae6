package tui

import (
	"strings"
	"testing"

	"courtier/pkg/contract"

	tea "github.com/charmbracelet/bubbletea"
)

func suspendedIncident() *contract.Incident {
	return &contract.Incident{DueDate: "2026-11-25", AmountCents: 5881, ReasonLabel: "Provision insuffisante", Reference: "IMP-CT-2026-000002-01",
		IBAN: "FR76 3000 6000 0112 3456 7890 189", BIC: "AGRIFRPP", NoticeAt: "2026-12-05", SuspendAt: "2027-01-04", TerminateAt: "2027-01-14",
		Stage: contract.StageSuspended, StageLabel: "Garanties suspendues"}
}

// TestContractsPayment: e on a contract with an incident asks the sum
// (the sum due written in), the day, the way, confirms, and records it;
// a sum that is not one is refused before anything is recorded.
func TestContractsPayment(t *testing.T) {
	f := &fakeScreensSource{incident: suspendedIncident()}
	s := newTestScreen(t, newContractsScreen, f, 120, 60)
	m := s.(*contractsScreen)
	s, _ = press(s, "enter")
	if v := s.View(); !strings.Contains(v, "Impayé") || !strings.Contains(v, "IMP-CT-2026-000002-01") || !strings.Contains(v, "Garanties suspendues") {
		t.Errorf("the incident is not shown:\n%s", v)
	}
	steps := []struct {
		name string
		keys []string
		call string
		msg  string
	}{
		{"the sum due, by cheque", []string{"e", "enter", "ctrl+u", "2026-11-30", "enter", "down", "enter", "o"}, "RecordPayment c2 5881 2026-11-30 cheque", "Paiement de 58,81\u00a0€ enregistré"},
		{"another sum, by card", []string{"e", "ctrl+u", "60", "enter", "ctrl+u", "2026-11-30", "enter", "down", "down", "enter", "o"}, "RecordPayment c2 6000 2026-11-30 card", "enregistré"},
		{"not a sum", []string{"e", "ctrl+u", "soixante", "enter"}, "", "error: Indiquez un montant en euros"},
		{"given up", []string{"e", "enter", "esc"}, "", ""},
	}
	for _, st := range steps {
		before := len(f.Calls())
		var out []tea.Msg
		s, out = press(s, st.keys...)
		var msgs []string
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
		if st.msg != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], st.msg)) {
			t.Errorf("%s: messages %q, want %q", st.name, msgs, st.msg)
		}
		if m.act != nil || m.Capturing() {
			t.Errorf("%s: an action is still open", st.name)
		}
	}
}

// TestContractsPaymentOffered: e is offered to staff on a running
// incident only: not without --as, not without an incident, not once paid.
func TestContractsPaymentOffered(t *testing.T) {
	closed := suspendedIncident()
	closed.Stage = contract.StageClosed
	for _, tc := range []struct {
		name string
		f    *fakeScreensSource
		want bool
	}{
		{"staff, suspended", &fakeScreensSource{incident: suspendedIncident()}, true},
		{"read only", &fakeScreensSource{incident: suspendedIncident(), readOnly: true}, false},
		{"no incident", &fakeScreensSource{}, false},
		{"paid", &fakeScreensSource{incident: closed}, false},
	} {
		s := newTestScreen(t, newContractsScreen, tc.f, 120, 36)
		s, _ = press(s, "enter")
		if got := keyOffered(s, "e"); got != tc.want {
			t.Errorf("%s: e offered %v, want %v", tc.name, got, tc.want)
		}
	}
}

// keyOffered tells whether the screen's help offers k.
func keyOffered(s Screen, k string) bool {
	for _, b := range s.ShortHelp() {
		for _, bk := range b.Keys() {
			if bk == k {
				return true
			}
		}
	}
	return false
}
