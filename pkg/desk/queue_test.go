package desk_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/quote"
)

// TestOpenNumbering: references count per prefix and per year in Paris,
// and a number is never given twice, even after its request is deleted.
func TestOpenNumbering(t *testing.T) {
	f := newFixture(t)
	steps := []struct {
		name string
		at   string // Paris wall clock; "" keeps the clock
		kind desk.Kind
		want string
	}{
		{"first quote", "", desk.KindQuote, "DV-2026-000001"},
		{"second quote", "", desk.KindQuote, "DV-2026-000002"},
		{"first message: its own prefix", "", desk.KindContact, "MS-2026-000001"},
		{"last minutes of 2026 in Paris", "2026-12-31 23:58", desk.KindQuote, "DV-2026-000003"},
		// 00:30 in Paris is still 2026-12-31 in UTC: the year is Paris's.
		{"new year in Paris", "2027-01-01 00:30", desk.KindQuote, "DV-2027-000001"},
		{"message of the new year", "", desk.KindContact, "MS-2027-000001"},
	}
	var last *desk.Request
	for _, s := range steps {
		if s.at != "" {
			f.clock.Set(at(t, s.at))
		}
		last = f.open(t, f.client, desk.Draft{Kind: s.kind, UID: f.client.UID, Name: "Claire"})
		if last.Ref != s.want {
			t.Errorf("%s: ref %s, want %s", s.name, last.Ref, s.want)
		}
	}
	if err := f.exec(t, "DELETE FROM requests WHERE id = ?", last.ID); err != nil {
		t.Fatal(err)
	}
	if r := f.open(t, f.client, desk.Draft{Kind: desk.KindContact, UID: f.client.UID}); r.Ref != "MS-2027-000002" {
		t.Errorf("after a deletion: ref %s, want MS-2027-000002 (never reused)", r.Ref)
	}
	if r := f.open(t, f.visitor, desk.Draft{Kind: desk.KindContact, Name: "Vincent Visiteur"}); f.detail(t, r.ID).History[0].ActorName != "Vincent Visiteur" {
		t.Errorf("a visitor's request is recorded under the name typed: %+v", f.detail(t, r.ID).History)
	}
}

// queueSet is the queue TestQueueFilters reads, by short name.
func queueSet(t *testing.T, f *fixture) map[string]*desk.Request {
	t.Helper()
	now := f.clock.Now()
	rs := map[string]*desk.Request{}
	rs["q1"] = f.open(t, f.client, desk.Draft{UID: f.client.UID, Name: "Alice Martin", Email: "alice@exemple.fr", Phone: "0639981234", Product: "car", Due: now.Add(3 * time.Hour)})
	rs["q2"] = f.open(t, f.visitor, desk.Draft{Name: "Bruno Petit", Email: "bruno@exemple.fr", Product: "home", Due: now.Add(time.Hour)})
	rs["q3"] = f.open(t, f.client, desk.Draft{UID: f.client.UID, Name: "Claire", Product: "car"})
	rs["m1"] = f.open(t, f.visitor, desk.Draft{Kind: desk.KindContact, Name: "Denise_100%", Due: now.Add(2 * time.Hour)})
	rs["q4"] = f.open(t, f.client, desk.Draft{UID: f.client.UID, Name: "Claire", Product: "car", Due: now.Add(30 * time.Minute)})
	rs["q5"] = f.open(t, f.client, desk.Draft{UID: f.client.UID, Name: "Claire", Product: "home", Due: now.Add(10 * time.Minute)})
	ctx := context.Background()
	must(f.svc.Take(ctx, f.agent, rs["q2"].ID))
	must(f.svc.Take(ctx, f.admin, rs["m1"].ID))
	must(f.svc.SetStatus(ctx, f.admin, rs["q4"].ID, quote.StatusClosed))
	// Offers sent: the request waits on the client, its old deadline no longer runs.
	f.advance(t, rs["q5"].ID, desk.KindQuote, quote.StatusOffered, now.Add(10*time.Minute))
	return rs
}

func TestQueueFilters(t *testing.T) {
	f := newFixture(t)
	rs := queueSet(t, f)
	cases := []struct {
		name   string
		as     string
		filter desk.Filter
		want   string // short names in order
		code   apperr.Code
		field  string
	}{
		{name: "open, by running deadline, none last", filter: desk.Filter{}, want: "q2 m1 q1 q3 q5"},
		{name: "kind", filter: desk.Filter{Kind: desk.KindContact}, want: "m1"},
		{name: "quotes", filter: desk.Filter{Kind: desk.KindQuote}, want: "q2 q1 q3 q5"},
		{name: "status names its own state", filter: desk.Filter{Status: quote.StatusClosed}, want: "q4"},
		{name: "status and state disagree", filter: desk.Filter{Status: quote.StatusClosed, State: "open"}, want: ""},
		{name: "status of a kind", filter: desk.Filter{Kind: desk.KindQuote, Status: quote.StatusOffered}, want: "q5"},
		{name: "closed", filter: desk.Filter{State: "closed"}, want: "q4"},
		{name: "all", filter: desk.Filter{State: "all"}, want: "q2 m1 q1 q3 q4 q5"},
		{name: "mine as agent", as: "agent", filter: desk.Filter{Assignee: "me"}, want: "q2"},
		{name: "mine as admin", filter: desk.Filter{Assignee: "me"}, want: "m1"},
		{name: "mine as the other agent", as: "agent2", filter: desk.Filter{Assignee: "me"}, want: ""},
		{name: "unassigned", filter: desk.Filter{Assignee: "none"}, want: "q1 q3 q5"},
		{name: "one agent", filter: desk.Filter{Assignee: f.agent.UID}, want: "q2"},
		{name: "product", filter: desk.Filter{Product: "car"}, want: "q1 q3"},
		{name: "product and kind", filter: desk.Filter{Product: "home", Kind: desk.KindQuote, State: "all"}, want: "q2 q5"},
		{name: "search a name, any case", filter: desk.Filter{Query: "  aLiCe "}, want: "q1"},
		{name: "search an e-mail", filter: desk.Filter{Query: "bruno@"}, want: "q2"},
		{name: "search a phone with spaces", filter: desk.Filter{Query: "06 39 98"}, want: "q1"},
		{name: "search a reference", filter: desk.Filter{Query: rs["q2"].Ref}, want: "q2"},
		{name: "search a message reference", filter: desk.Filter{Query: "ms-2026"}, want: "m1"},
		{name: "percent is a character", filter: desk.Filter{Query: "%"}, want: "m1"},
		{name: "underscore is a character", filter: desk.Filter{Query: "e_1"}, want: "m1"},
		{name: "nothing found", filter: desk.Filter{Query: "zzz"}, want: ""},
		{name: "limit", filter: desk.Filter{Limit: 2}, want: "q2 m1"},
		{name: "unknown kind", filter: desk.Filter{Kind: "bateau"}, code: apperr.EINVALID, field: "kind"},
		{name: "unknown status", filter: desk.Filter{Status: "perdu"}, code: apperr.EINVALID, field: "status"},
		{name: "status of another kind", filter: desk.Filter{Kind: desk.KindContact, Status: quote.StatusInReview}, code: apperr.EINVALID, field: "status"},
		{name: "unknown state", filter: desk.Filter{State: "ouvert"}, code: apperr.EINVALID, field: "state"},
		{name: "odd assignee", filter: desk.Filter{Assignee: "moi' OR 1=1"}, code: apperr.EINVALID, field: "assignee"},
		{name: "product with NUL", filter: desk.Filter{Product: "car\x00"}, code: apperr.EINVALID, field: "product"},
		{name: "search with bidi", filter: desk.Filter{Query: "ali\u202ece"}, code: apperr.EINVALID, field: "q"},
		{name: "search too long", filter: desk.Filter{Query: strings.Repeat("a", 101)}, code: apperr.EINVALID, field: "q"},
		{name: "visitor", as: "visitor", code: apperr.EUNAUTHORIZED},
		{name: "client", as: "client", code: apperr.EFORBIDDEN},
	}
	names := map[string]string{}
	for k, r := range rs {
		names[r.ID] = k
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			as := c.as
			if as == "" {
				as = "admin"
			}
			list, err := f.svc.Queue(context.Background(), f.actor(as), c.filter)
			if codeOf(err) != c.code {
				t.Fatalf("error %v, want code %q", err, c.code)
			}
			var e *apperr.Error
			if c.field != "" && (!errors.As(err, &e) || e.Field != c.field) {
				t.Fatalf("error %v, want field %q", err, c.field)
			}
			if err != nil {
				return
			}
			var got []string
			for _, v := range list {
				got = append(got, names[v.ID])
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("got %q, want %q", strings.Join(got, " "), c.want)
			}
		})
	}
}

// TestQueueViews: the queue says who holds what and the labels of each kind.
func TestQueueViews(t *testing.T) {
	f := newFixture(t)
	rs := queueSet(t, f)
	list := must(f.svc.Queue(context.Background(), f.agent, desk.Filter{State: "all"}))
	byID := map[string]desk.StaffView{}
	for _, v := range list {
		byID[v.ID] = v
	}
	q2, m1, q1, q5 := byID[rs["q2"].ID], byID[rs["m1"].ID], byID[rs["q1"].ID], byID[rs["q5"].ID]
	if q2.Assignee == nil || q2.Assignee.Name != "Alain Agent" || q2.Client || q2.KindLabel != "Devis" || q2.StatusLabel != "En cours d’étude" {
		t.Errorf("q2: %+v", q2)
	}
	if m1.KindLabel != "Message" || m1.StatusLabel != "Nouveau" || m1.ClientStatusLabel != "Reçu" || !m1.Waiting {
		t.Errorf("m1: %+v", m1)
	}
	if !q1.Client || q1.Assignee != nil || q1.DueAt == "" || q1.Phone != "0639981234" {
		t.Errorf("q1: %+v", q1)
	}
	if q5.Waiting || q5.Overdue || q5.StatusLabel != "Offres envoyées" {
		t.Errorf("q5: %+v", q5)
	}
}

// TestQueueDue: « en retard » and « aujourd'hui » filter as mark marks:
// a running deadline passed, or still to come before midnight in Paris;
// a request waiting on the client (q5, offers sent) is never either.
func TestQueueDue(t *testing.T) {
	f := newFixture(t)
	rs := queueSet(t, f)
	names := map[string]string{}
	for k, r := range rs {
		names[r.ID] = k
	}
	f.clock.Advance(90 * time.Minute) // 11:30: q2 (due 11:00) is late, m1 (12:00) and q1 (13:00) due today
	for _, c := range []struct{ due, want string }{
		{"overdue", "q2"},
		{"today", "m1 q1"},
		{"", "q2 m1 q1 q3 q5"},
	} {
		list, err := f.svc.Queue(context.Background(), f.actor("admin"), desk.Filter{Due: c.due})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range list {
			got = append(got, names[v.ID])
			if c.due == "overdue" && !v.Overdue || c.due == "today" && !v.DueToday {
				t.Errorf("%s listed under %q but marked overdue=%v today=%v", names[v.ID], c.due, v.Overdue, v.DueToday)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("due %q: got %q, want %q", c.due, strings.Join(got, " "), c.want)
		}
	}
	f.clock.Set(at(t, "2026-03-10 23:59"))
	if list, _ := f.svc.Queue(context.Background(), f.actor("admin"), desk.Filter{Due: "today"}); len(list) != 0 {
		t.Errorf("due today at 23:59 after every deadline passed: %d", len(list))
	}
	if _, err := f.svc.Queue(context.Background(), f.actor("admin"), desk.Filter{Due: "hier"}); codeOf(err) != apperr.EINVALID {
		t.Errorf("unknown due: %v", err)
	}
}
