package desk_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// TestRegister: a spec completes a kind known by its machine alone and
// keeps its place in the queue's order; a new kind comes last; a spec
// without a machine is refused; an unregistered kind is named as it is.
func TestRegister(t *testing.T) {
	f := newFixture(t)
	if err := f.svc.Register(desk.KindSpec{Label: "Sans machine"}); err == nil {
		t.Error("a spec without a machine registered")
	}
	memo := &desk.Machine{Kind: "memo", Prefix: "MM", Initial: "new", Statuses: []desk.StatusInfo{{Status: "new", Label: "Nouveau", Waiting: true}}}
	if err := f.svc.Register(desk.KindSpec{Machine: memo, Label: "Mémo", Noun: "votre mémo", Page: &desk.Page{Label: "Mes mémos", Path: "/memos"}},
		desk.KindSpec{Machine: quote.Machine, Label: "Devis", Noun: "votre demande de devis"}); err != nil {
		t.Fatal(err)
	}
	var kinds []desk.Kind
	for _, k := range f.svc.Kinds() {
		kinds = append(kinds, k.Kind)
	}
	if !slices.Equal(kinds, []desk.Kind{desk.KindQuote, contactMachine.Kind, "memo"}) {
		t.Errorf("kinds %v", kinds)
	}
	if f.svc.Label("memo") != "Mémo" || f.svc.Label("other") != "other" {
		t.Errorf("labels %q %q", f.svc.Label("memo"), f.svc.Label("other"))
	}
	if n, ok := f.svc.Noun("quote"); !ok || n != "votre demande de devis" {
		t.Errorf("noun %q %v", n, ok)
	}
	if _, ok := f.svc.Noun(string(contactMachine.Kind)); ok {
		t.Error("a kind without a noun has one")
	}
	if p, ok := f.svc.Page("memo"); !ok || p != "/memos" {
		t.Errorf("page %q %v", p, ok)
	}
	if _, ok := f.svc.Page("quote"); ok {
		t.Error("a kind without a page has one")
	}
}

// TestDetailHasTheKindsLines: Get reads the kind's lines after the
// shared part; a kind that holds nothing of the request (ENOTFOUND)
// leaves them empty, any other error fails the read.
func TestDetailHasTheKindsLines(t *testing.T) {
	f := newFixture(t)
	var fail error
	err := f.svc.Register(desk.KindSpec{Machine: quote.Machine, Label: "Devis",
		Lines: func(_ context.Context, actor account.Actor, r *desk.Request) ([]desk.Line, error) {
			if actor.UID != f.admin.UID {
				t.Errorf("lines read by %+v", actor)
			}
			return []desk.Line{{Label: "Produit", Value: r.Product}}, fail
		}})
	if err != nil {
		t.Fatal(err)
	}
	r := f.open(t, f.client, desk.Draft{Product: "car"})
	if d := f.detail(t, r.ID); !slices.Equal(d.Lines, []desk.Line{{Label: "Produit", Value: "car"}}) {
		t.Errorf("lines %+v", d.Lines)
	}
	fail = desk.ErrNotFound()
	if d := f.detail(t, r.ID); d.Lines == nil || len(d.Lines) != 0 {
		t.Errorf("lines of a kind without the request %+v", d.Lines)
	}
	fail = errors.New("panne")
	if _, err := f.svc.Get(context.Background(), f.admin, r.ID); err == nil {
		t.Error("a failed read of the lines was not reported")
	}
	c := f.open(t, f.client, desk.Draft{Kind: contactMachine.Kind})
	if d := f.detail(t, c.ID); d.Lines == nil || len(d.Lines) != 0 {
		t.Errorf("lines of a kind without any %+v", d.Lines)
	}
}

// TestKindsSQL: what a kind's package reads and changes of its requests
// through desk's API, each call bounded to its kind.
func TestKindsSQL(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	first := f.open(t, f.client, desk.Draft{UID: f.client.UID, Product: "car"})
	second := f.open(t, f.client, desk.Draft{UID: f.client.UID, Product: "home"})
	other := f.open(t, f.other, desk.Draft{UID: f.other.UID})
	msg := f.open(t, f.client, desk.Draft{UID: f.client.UID, Kind: contactMachine.Kind})
	f.advance(t, second.ID, desk.KindQuote, desk.StatusClosed, time.Time{})
	tx := func(fn func(tx *store.Tx) error) {
		t.Helper()
		if err := f.db.WriteTx(ctx, fn); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(list []desk.Request) []string {
		var out []string
		for _, r := range list {
			out = append(out, r.ID)
		}
		return out
	}
	tx(func(tx *store.Tx) error {
		mine, err := desk.Select(ctx, tx, desk.Selection{Kind: desk.KindQuote, UID: f.client.UID})
		if err != nil || !slices.Equal(ids(mine), []string{first.ID, second.ID}) || mine[0].Ref != first.Ref {
			t.Errorf("the client's quotes %v %v", ids(mine), err)
		}
		closed, err := desk.Select(ctx, tx, desk.Selection{Kind: desk.KindQuote, Statuses: []desk.Status{desk.StatusClosed}})
		if err != nil || !slices.Equal(ids(closed), []string{second.ID}) {
			t.Errorf("closed %v %v", ids(closed), err)
		}
		after, err := desk.Select(ctx, tx, desk.Selection{Kind: desk.KindQuote, CreatedAfter: first.CreatedAt})
		if err != nil || !slices.Equal(ids(after), []string{second.ID, other.ID}) {
			t.Errorf("created after the first %v %v", ids(after), err)
		}
		none, err := desk.Select(ctx, tx, desk.Selection{Kind: desk.KindQuote, IDs: []string{}})
		if err != nil || len(none) != 0 {
			t.Errorf("no ids %v %v", ids(none), err)
		}
		byID, err := desk.ByID(ctx, tx, desk.Selection{Kind: desk.KindQuote, IDs: []string{first.ID, msg.ID}})
		if err != nil || len(byID) != 1 || byID[first.ID].Product != "car" {
			t.Errorf("by id %v %v", byID, err)
		}
		n, err := desk.Count(ctx, tx, desk.Selection{Kind: desk.KindQuote})
		if err != nil || n != 3 {
			t.Errorf("count %d %v", n, err)
		}
		by, err := desk.CountByStatus(ctx, tx, desk.Selection{Kind: desk.KindQuote})
		if err != nil || by[quote.Machine.Initial] != 2 || by[desk.StatusClosed] != 1 {
			t.Errorf("by status %v %v", by, err)
		}
		if _, err := desk.Select(ctx, tx, desk.Selection{}); err == nil {
			t.Error("a selection without a kind was answered")
		}
		return nil
	})
	f.clock.Advance(time.Hour)
	tx(func(tx *store.Tx) error {
		idle, err := desk.IdleOwners(ctx, tx, desk.KindQuote, f.clock.Now())
		slices.Sort(idle)
		want := []string{f.client.UID, f.other.UID}
		slices.Sort(want)
		if err != nil || !slices.Equal(idle, want) {
			t.Errorf("idle owners %v %v", idle, err)
		}
		if err := desk.Detach(ctx, tx, desk.Selection{Kind: desk.KindQuote, UID: f.other.UID}); err != nil {
			return err
		}
		n, err := desk.Delete(ctx, tx, desk.Selection{Kind: desk.KindQuote, UID: f.client.UID})
		if err != nil || n != 2 {
			t.Errorf("deleted %d %v", n, err)
		}
		return nil
	})
	if got := f.detail(t, other.ID); got.Request.Client {
		t.Errorf("detached request still an account's: %+v", got.Request)
	}
	if got := f.detail(t, msg.ID); got.Request.ID != msg.ID {
		t.Errorf("the message went with the quotes")
	}
	if _, err := f.svc.Get(ctx, f.admin, first.ID); codeOf(err) != apperr.ENOTFOUND {
		t.Errorf("a deleted request: %v", err)
	}
}
