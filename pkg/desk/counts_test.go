package desk_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/quote"
)

// TestCounts: the queue at a glance, as an admin reads it at 10:00 in Paris.
func TestCounts(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := f.clock.Now()
	late := f.open(t, f.client, desk.Draft{UID: f.client.UID, Due: now.Add(-time.Hour)})                      // taken, in review, overdue
	f.open(t, f.client, desk.Draft{UID: f.client.UID, Due: now.Add(3 * time.Hour)})                           // new, due today
	tomorrow := f.open(t, f.client, desk.Draft{UID: f.client.UID, Due: now.Add(24 * time.Hour)})              // taken, in review
	offered := f.open(t, f.client, desk.Draft{UID: f.client.UID, Due: now.Add(-2 * time.Hour)})               // waits on the client
	closed := f.open(t, f.client, desk.Draft{UID: f.client.UID, Due: now.Add(-2 * time.Hour)})                // not counted
	msg := f.open(t, f.visitor, desk.Draft{Kind: desk.KindContact, Name: "Vera", Due: now.Add(-time.Minute)}) // new, overdue
	must(f.svc.Take(ctx, f.agent, late.ID))
	must(f.svc.Take(ctx, f.agent, tomorrow.ID))
	f.advance(t, offered.ID, desk.KindQuote, quote.StatusOffered, time.Time{})
	must(f.svc.SetStatus(ctx, f.admin, closed.ID, quote.StatusClosed))
	must(f.svc.Take(ctx, f.admin, msg.ID))
	f.clock.Set(now)

	c := must(f.svc.Counts(ctx, f.agent))
	if got, want := [5]int{c.Open, c.New, c.Overdue, c.DueToday, c.Unassigned}, [5]int{5, 2, 2, 1, 2}; got != want {
		t.Errorf("open, new, overdue, due today, unassigned: %v, want %v", got, want)
	}
	var kinds []string
	for _, k := range c.ByKind {
		kinds = append(kinds, fmt.Sprintf("%s %s %d/%d/%d/%d/%d", k.Kind, k.Label, k.Open, k.New, k.Overdue, k.DueToday, k.Unassigned))
	}
	if want := []string{"quote Devis 4/1/1/1/2", "contact Message 1/1/1/0/0"}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("by kind %q, want %q", kinds, want)
	}
	var agents []string
	for _, a := range c.ByAgent {
		agents = append(agents, fmt.Sprintf("%s %d/%d", a.Name, a.Open, a.Overdue))
	}
	// Everyone active is listed, those with nothing last, by name.
	if want := "Alain Agent 2/1, Ada Admin 1/1, Berthe Agent 0/0"; strings.Join(agents, ", ") != want {
		t.Errorf("by agent %q, want %q", strings.Join(agents, ", "), want)
	}
	for who, code := range map[string]apperr.Code{"visitor": apperr.EUNAUTHORIZED, "client": apperr.EFORBIDDEN, "agent2": "", "admin": ""} {
		if _, err := f.svc.Counts(ctx, f.actor(who)); codeOf(err) != code {
			t.Errorf("%s: %v", who, err)
		}
	}
}

// TestDetailSaysWhatTheActorCan: the buttons a screen shows come from
// the same rules as the methods; the hand moves from the machine.
func TestDetailSaysWhatTheActorCan(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	free := f.open(t, f.client, desk.Draft{UID: f.client.UID})
	held := f.open(t, f.client, desk.Draft{UID: f.client.UID})
	must(f.svc.Take(ctx, f.agent, held.ID))
	closed := f.open(t, f.client, desk.Draft{UID: f.client.UID})
	must(f.svc.SetStatus(ctx, f.admin, closed.ID, quote.StatusClosed))
	cases := []struct {
		name, who string
		id        string
		can       desk.Can
		moves     string
	}{
		{"free, agent", "agent", free.ID, desk.Can{Take: true, Note: true}, "in_review:En cours d’étude closed:Clôturée"},
		{"free, admin", "admin", free.ID, desk.Can{Take: true, Assign: true, Work: true, Note: true}, "in_review:En cours d’étude closed:Clôturée"},
		{"held, its agent", "agent", held.ID, desk.Can{Release: true, Assign: true, Work: true, Note: true}, "received:Nouvelle closed:Clôturée"},
		{"held, another agent", "agent2", held.ID, desk.Can{Note: true}, "received:Nouvelle closed:Clôturée"},
		{"held, admin", "admin", held.ID, desk.Can{Take: true, Release: true, Assign: true, Work: true, Note: true}, "received:Nouvelle closed:Clôturée"},
		{"closed, agent", "agent", closed.ID, desk.Can{Note: true}, "in_review:En cours d’étude"},
		{"closed, admin", "admin", closed.ID, desk.Can{Work: true, Note: true}, "in_review:En cours d’étude"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := must(f.svc.Get(ctx, f.actor(c.who), c.id))
			if d.Can != c.can {
				t.Errorf("can %+v, want %+v", d.Can, c.can)
			}
			var moves []string
			for _, m := range d.Moves {
				moves = append(moves, string(m.Status)+":"+m.Label)
			}
			if strings.Join(moves, " ") != c.moves {
				t.Errorf("moves %q, want %q", strings.Join(moves, " "), c.moves)
			}
		})
	}
}
