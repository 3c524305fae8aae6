package contact

import (
	"context"
	"fmt"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/desk"
)

// TestHandMoves tries every status change by hand (desk.SetStatus) on
// each kind: only the listed ones pass; the others leave the status.
func TestHandMoves(t *testing.T) {
	allowed := map[desk.Kind]map[string]bool{
		desk.KindContact: {
			"received>in_progress": true, "received>closed": true,
			"in_progress>received": true, "in_progress>closed": true,
			"answered>in_progress": true, "answered>closed": true,
			"closed>in_progress": true,
		},
		desk.KindCallback: {
			"received>in_progress": true, "received>closed": true,
			"in_progress>received": true, "in_progress>closed": true,
			"called>in_progress": true, "called>closed": true,
			"closed>in_progress": true,
		},
	}
	f := newFixture(t, monday)
	ctx := context.Background()
	for _, m := range []*desk.Machine{MessageMachine, CallbackMachine} {
		var id string
		if m.Kind == desk.KindContact {
			id = f.message(t, account.Visitor).ID
		} else {
			id = f.callback(t, account.Visitor).ID
		}
		f.take(t, id, "agent")
		for _, from := range m.Statuses {
			for _, to := range m.Statuses {
				if from.Status == to.Status {
					continue
				}
				name := fmt.Sprintf("%s>%s", from.Status, to.Status)
				t.Run(string(m.Kind)+" "+name, func(t *testing.T) {
					f.setStatus(t, id, from.Status)
					_, err := f.desk.SetStatus(ctx, f.people["agent"], id, to.Status)
					want := from.Status
					if allowed[m.Kind][name] {
						want = to.Status
						if err != nil {
							t.Fatalf("refused: %v", err)
						}
					} else if err == nil {
						t.Fatal("allowed")
					}
					if got := f.request(t, id).Request.Status; got != want {
						t.Errorf("status %s, want %s", got, want)
					}
				})
			}
		}
	}
}

// TestEveryStatusHasOneClientLabel: no status vanishes from the client's
// view (zammad#5169): each has exactly one label, and the statuses in
// which the broker owes the next step are the waiting ones.
func TestEveryStatusHasOneClientLabel(t *testing.T) {
	want := map[desk.Kind]map[desk.Status]struct {
		client  string
		waiting bool
	}{
		desk.KindContact: {StatusReceived: {"Reçu", true}, StatusInProgress: {"En cours de traitement", true},
			StatusAnswered: {"Répondu", false}, StatusClosed: {"Clôturé", false}},
		desk.KindCallback: {StatusReceived: {"Reçu", true}, StatusInProgress: {"En cours", true},
			StatusCalled: {"Appel effectué", false}, StatusClosed: {"Clôturé", false}},
	}
	for _, m := range []*desk.Machine{MessageMachine, CallbackMachine} {
		if len(m.Statuses) != len(want[m.Kind]) {
			t.Errorf("%s: %d statuses", m.Kind, len(m.Statuses))
		}
		for _, info := range m.Statuses {
			w, ok := want[m.Kind][info.Status]
			if !ok || info.Client != w.client || info.Waiting != w.waiting || info.Label == "" {
				t.Errorf("%s %s: %+v", m.Kind, info.Status, info)
			}
			for _, to := range m.Moves[info.Status] {
				if _, ok := m.Info(to); !ok {
					t.Errorf("%s: move to unknown status %s", m.Kind, to)
				}
			}
		}
	}
	if MessageMachine.Prefix != "MS" || CallbackMachine.Prefix != "RA" {
		t.Error("prefixes")
	}
}
