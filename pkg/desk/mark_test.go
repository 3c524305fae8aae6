package desk_test

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/desk"
	"courtier/pkg/quote"
)

// TestOverdueAndDueTodayInParis: "today" is the day in Paris, whatever
// the day in UTC, across midnight and both changes of time; only a
// request on which the broker owes the next step can be late.
func TestOverdueAndDueTodayInParis(t *testing.T) {
	cases := []struct {
		name, now, due    string // Paris wall clock; due "" is no deadline
		offered           bool   // waiting on the client
		overdue, dueToday bool
	}{
		{name: "later today", now: "2026-03-10 10:00", due: "2026-03-10 18:00", dueToday: true},
		{name: "earlier today: late, not 'today'", now: "2026-03-10 10:00", due: "2026-03-10 09:00", overdue: true},
		{name: "one minute late", now: "2026-03-10 10:01", due: "2026-03-10 10:00", overdue: true},
		{name: "right on time", now: "2026-03-10 10:00", due: "2026-03-10 10:00", dueToday: true},
		{name: "tomorrow", now: "2026-03-10 10:00", due: "2026-03-11 09:00"},
		// 23:30 UTC the same UTC day: a UTC "today" would be wrong.
		{name: "just after midnight tomorrow", now: "2026-03-10 23:50", due: "2026-03-11 00:30"},
		// Now is the previous day in UTC (23:10 UTC on the 9th).
		{name: "just after midnight, due tonight", now: "2026-03-10 00:10", due: "2026-03-10 22:00", dueToday: true},
		{name: "yesterday evening", now: "2026-03-10 00:10", due: "2026-03-09 23:50", overdue: true},
		// Summer time starts on 29 March 2026 at 02:00 (UTC+1 to UTC+2).
		{name: "day of summer time, before the change", now: "2026-03-29 01:30", due: "2026-03-29 23:30", dueToday: true},
		{name: "eve of summer time", now: "2026-03-28 23:30", due: "2026-03-29 00:30"},
		{name: "summer time, an hour later on the wall", now: "2026-03-29 03:30", due: "2026-03-29 03:10", overdue: true},
		// Winter time comes back on 25 October 2026 at 03:00 (UTC+2 to UTC+1).
		{name: "night of winter time", now: "2026-10-25 23:30", due: "2026-10-26 00:15"},
		{name: "day of winter time", now: "2026-10-25 00:30", due: "2026-10-25 23:45", dueToday: true},
		{name: "no deadline", now: "2026-03-10 10:00", due: ""},
		{name: "waiting on the client, deadline past", now: "2026-03-10 10:00", due: "2026-03-01 10:00", offered: true},
	}
	f := newFixture(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f.clock.Set(at(t, "2026-01-05 09:00"))
			d := desk.Draft{UID: f.client.UID, Name: "Claire"}
			if c.due != "" {
				d.Due = at(t, c.due)
			}
			r := f.open(t, f.client, d)
			if c.offered {
				f.advance(t, r.ID, desk.KindQuote, quote.StatusOffered, d.Due)
			}
			f.clock.Set(at(t, c.now))
			v := f.detail(t, r.ID).Request
			if v.Overdue != c.overdue || v.DueToday != c.dueToday {
				t.Errorf("overdue %v, due today %v; want %v, %v (due %s)", v.Overdue, v.DueToday, c.overdue, c.dueToday, v.DueAt)
			}
			list := must(f.svc.Queue(context.Background(), f.agent, desk.Filter{Query: r.Ref}))
			if len(list) != 1 || list[0].Overdue != c.overdue || list[0].DueToday != c.dueToday {
				t.Errorf("the queue marks it otherwise: %+v", list)
			}
		})
	}
}

// TestHandMoveDeadline: a move between statuses where the broker owes
// the next step keeps the deadline; a request that comes back to the
// broker's side gets a new one from its kind's delay.
func TestHandMoveDeadline(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	due := f.clock.Now().Add(5 * time.Hour)
	r := f.open(t, f.client, desk.Draft{UID: f.client.UID, Due: due})
	must(f.svc.SetStatus(ctx, f.admin, r.ID, quote.StatusInReview))
	if got := f.detail(t, r.ID).Request.DueAt; got != due.UTC().Format("2006-01-02T15:04:05.000Z") {
		t.Errorf("received → in review: due %s, want %s kept", got, due)
	}
	f.advance(t, r.ID, desk.KindQuote, quote.StatusDeclined, time.Time{})
	f.clock.Advance(3 * time.Hour)
	must(f.svc.SetStatus(ctx, f.admin, r.ID, quote.StatusInReview))
	want := f.clock.Now().Add(reopenDelay).UTC().Format("2006-01-02T15:04:05.000Z")
	if got := f.detail(t, r.ID).Request.DueAt; got != want {
		t.Errorf("declined → in review: due %q, want %q", got, want)
	}
	// A kind without a delay keeps what it had.
	m := f.open(t, f.visitor, desk.Draft{Kind: desk.KindContact, Name: "Vera", Due: due})
	must(f.svc.SetStatus(ctx, f.admin, m.ID, desk.StatusClosed))
	must(f.svc.SetStatus(ctx, f.admin, m.ID, contactNew))
	if v := f.detail(t, m.ID).Request; v.DueAt != due.UTC().Format("2006-01-02T15:04:05.000Z") || !v.Waiting {
		t.Errorf("reopened message: %+v", v)
	}
}
