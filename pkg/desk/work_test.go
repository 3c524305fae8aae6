package desk_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// act is one staff action on request id by actor.
type act func(f *fixture, actor account.Actor, id string) error

var acts = map[string]act{
	"take": func(f *fixture, a account.Actor, id string) error {
		_, err := f.svc.Take(context.Background(), a, id)
		return err
	},
	"release": func(f *fixture, a account.Actor, id string) error {
		_, err := f.svc.Release(context.Background(), a, id)
		return err
	},
	"assign": func(f *fixture, a account.Actor, id string) error {
		_, err := f.svc.Assign(context.Background(), a, id, f.agent2.UID)
		return err
	},
	"review": func(f *fixture, a account.Actor, id string) error {
		_, err := f.svc.SetStatus(context.Background(), a, id, quote.StatusInReview)
		return err
	},
	"note": func(f *fixture, a account.Actor, id string) error {
		_, err := f.svc.AddNote(context.Background(), a, id, "Rappeler après 14:00.")
		return err
	},
}

// setups put a new request in the state a case starts from.
var setups = map[string]func(t *testing.T, f *fixture, id string){
	"free": func(*testing.T, *fixture, string) {},
	"held": func(t *testing.T, f *fixture, id string) { must(f.svc.Take(context.Background(), f.agent, id)) },
	"closed": func(t *testing.T, f *fixture, id string) {
		must(f.svc.Take(context.Background(), f.agent, id))
		must(f.svc.SetStatus(context.Background(), f.agent, id, quote.StatusClosed))
	},
	"closed, free": func(t *testing.T, f *fixture, id string) {
		must(f.svc.SetStatus(context.Background(), f.admin, id, quote.StatusClosed))
	},
}

// TestActionsByActor: every staff action from every state, by every
// actor; what it may not do changes nothing, what it may is recorded
// once in the history, a no-op not at all.
func TestActionsByActor(t *testing.T) {
	const ok, noop = apperr.Code(""), apperr.Code("noop")
	U, F, C := apperr.EUNAUTHORIZED, apperr.EFORBIDDEN, apperr.ECONFLICT
	// For each action and state: visitor, client, agent (who holds it when held), agent2, admin.
	want := map[string]map[string][5]apperr.Code{
		"take":    {"free": {U, F, ok, ok, ok}, "held": {U, F, noop, C, ok}, "closed": {U, F, noop, C, C}, "closed, free": {U, F, C, C, C}},
		"release": {"free": {U, F, noop, noop, noop}, "held": {U, F, ok, F, ok}, "closed": {U, F, ok, F, ok}, "closed, free": {U, F, noop, noop, noop}},
		"assign":  {"free": {U, F, F, F, ok}, "held": {U, F, ok, F, ok}, "closed": {U, F, C, F, C}, "closed, free": {U, F, F, F, C}},
		"review":  {"free": {U, F, F, F, ok}, "held": {U, F, noop, F, noop}, "closed": {U, F, ok, F, ok}, "closed, free": {U, F, F, F, ok}},
		"note":    {"free": {U, F, ok, ok, ok}, "held": {U, F, ok, ok, ok}, "closed": {U, F, ok, ok, ok}, "closed, free": {U, F, ok, ok, ok}},
	}
	f := newFixture(t)
	actors := []string{"visitor", "client", "agent", "agent2", "admin"}
	for action, states := range want {
		for state, codes := range states {
			for i, who := range actors {
				t.Run(action+"/"+state+"/"+who, func(t *testing.T) {
					r := f.open(t, f.client, desk.Draft{UID: f.client.UID, Name: "Claire", Due: f.clock.Now().Add(4 * time.Hour)})
					setups[state](t, f, r.ID)
					before := f.detail(t, r.ID)
					err := acts[action](f, f.actor(who), r.ID)
					after := f.detail(t, r.ID)
					added := len(after.History) - len(before.History)
					switch code := codes[i]; {
					case code == noop && (err != nil || added != 0):
						t.Errorf("want a no-op, got %v and %d events", err, added)
					case code == ok && (err != nil || added != 1):
						t.Errorf("want done once, got %v and %d events", err, added)
					case code != ok && code != noop && (codeOf(err) != code || added != 0):
						t.Errorf("want %s and nothing recorded, got %v and %d events", code, err, added)
					}
					if err != nil && !reflect.DeepEqual(after.Request, before.Request) {
						t.Errorf("a refused action changed the request:\n%+v\n%+v", before.Request, after.Request)
					}
				})
			}
		}
	}
}

// TestActionsRefused: what no actor may do, with the field or message it names.
func TestActionsRefused(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	r := f.open(t, f.client, desk.Draft{UID: f.client.UID, Name: "Claire"})
	disabled := f.user(t, "denis@exemple.fr", "Denis Parti", account.RoleAgent)
	if _, _, err := f.accounts.SetStatus(ctx, "denis@exemple.fr", account.StatusDisabled); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		do    func() error
		code  apperr.Code
		field string
		msg   string
	}{
		{"assign to a client", func() error { _, err := f.svc.Assign(ctx, f.admin, r.ID, f.client.UID); return err }, apperr.EINVALID, "uid", "conseiller ou un administrateur actif"},
		{"assign to a disabled agent", func() error { _, err := f.svc.Assign(ctx, f.admin, r.ID, disabled.UID); return err }, apperr.EINVALID, "uid", ""},
		{"assign to nobody", func() error { _, err := f.svc.Assign(ctx, f.admin, r.ID, ""); return err }, apperr.EINVALID, "uid", ""},
		{"unknown status", func() error { _, err := f.svc.SetStatus(ctx, f.admin, r.ID, "perdu"); return err }, apperr.EINVALID, "status", "Statut inconnu."},
		{"status of another kind", func() error { _, err := f.svc.SetStatus(ctx, f.admin, r.ID, contactAnswered); return err }, apperr.EINVALID, "status", "Statut inconnu."},
		{"move the machine refuses", func() error { _, err := f.svc.SetStatus(ctx, f.admin, r.ID, quote.StatusAccepted); return err }, apperr.EINVALID, "status", "«\u00a0Nouvelle\u00a0» ne peut pas passer à «\u00a0Offre acceptée\u00a0»"},
		{"empty note", func() error { _, err := f.svc.AddNote(ctx, f.admin, r.ID, " \n\t "); return err }, apperr.EINVALID, "body", "Écrivez la note."},
		{"note with bidi", func() error { _, err := f.svc.AddNote(ctx, f.admin, r.ID, "a\u202eb"); return err }, apperr.EINVALID, "body", ""},
		{"note with NUL", func() error { _, err := f.svc.AddNote(ctx, f.admin, r.ID, "a\x00b"); return err }, apperr.EINVALID, "body", ""},
		{"note too long", func() error { _, err := f.svc.AddNote(ctx, f.admin, r.ID, strings.Repeat("é", 4001)); return err }, apperr.EINVALID, "body", "4\u00a0000"},
		{"unknown request: take", func() error { _, err := f.svc.Take(ctx, f.agent, "inconnu"); return err }, apperr.ENOTFOUND, "", "Cette demande n’existe pas."},
		{"unknown request: note", func() error { _, err := f.svc.AddNote(ctx, f.agent, "inconnu", "x"); return err }, apperr.ENOTFOUND, "", ""},
		{"unknown request: detail", func() error { _, err := f.svc.Get(ctx, f.agent, "inconnu"); return err }, apperr.ENOTFOUND, "", ""},
		{"unknown request, visitor", func() error { _, err := f.svc.Get(ctx, f.visitor, "inconnu"); return err }, apperr.EUNAUTHORIZED, "", ""},
		{"detail as its own client", func() error { _, err := f.svc.Get(ctx, f.client, r.ID); return err }, apperr.EFORBIDDEN, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.do()
			var e *apperr.Error
			if codeOf(err) != c.code || (c.field != "" && (!errors.As(err, &e) || e.Field != c.field)) || !strings.Contains(apperr.MessageOf(err), c.msg) {
				t.Errorf("got %v, want %s on %q with %q", err, c.code, c.field, c.msg)
			}
		})
	}
	if h := f.detail(t, r.ID).History; len(h) != 1 {
		t.Errorf("refused actions were recorded: %+v", h)
	}
}

// TestTakeRace: two agents take the same request at once; one has it,
// the other is told who.
func TestTakeRace(t *testing.T) {
	f := newFixture(t)
	r := f.open(t, f.client, desk.Draft{UID: f.client.UID})
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, a := range []account.Actor{f.agent, f.agent2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.svc.Take(context.Background(), a, r.ID)
		}()
	}
	wg.Wait()
	if (errs[0] == nil) == (errs[1] == nil) {
		t.Fatalf("both or neither took it: %v", errs)
	}
	for _, err := range errs {
		if err != nil && (codeOf(err) != apperr.ECONFLICT || !strings.Contains(err.Error(), "Agent suit déjà cette demande")) {
			t.Errorf("the loser is told: %v", err)
		}
	}
	if h := f.detail(t, r.ID).History; len(h) != 2 {
		t.Errorf("history %+v", h)
	}
}

// TestTakeStartsTheWork: « Prendre en charge » moves a request still in
// its first status to its machine's Started one, in the one history
// entry of the take, with its deadline kept; a request already past its
// first status, or of a kind without a Started status, keeps its status.
func TestTakeStartsTheWork(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	due := f.clock.Now().Add(4 * time.Hour)
	cases := []struct {
		name       string
		kind       desk.Kind
		setup      func(id string)
		who        account.Actor
		wantStatus desk.Status
		wantDetail string
	}{
		{"new quote", desk.KindQuote, func(string) {}, f.agent, quote.StatusInReview, "Prise en charge · Statut\u00a0: Nouvelle → En cours d’étude"},
		{"quote already in review", desk.KindQuote, func(id string) { must(f.svc.SetStatus(ctx, f.admin, id, quote.StatusInReview)) }, f.agent, quote.StatusInReview, "Prise en charge"},
		{"new quote taken over by an admin", desk.KindQuote, func(id string) {
			must(f.svc.Take(ctx, f.agent, id))
			must(f.svc.SetStatus(ctx, f.agent, id, quote.StatusReceived))
		}, f.admin, quote.StatusInReview, "Prise en charge (suivie jusque-là par Alain Agent) · Statut\u00a0: Nouvelle → En cours d’étude"},
		{"kind without a Started status", desk.KindContact, func(string) {}, f.agent, contactNew, "Prise en charge"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f.open(t, f.client, desk.Draft{Kind: c.kind, UID: f.client.UID, Due: due})
			c.setup(r.ID)
			v, err := f.svc.Take(ctx, c.who, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			d := f.detail(t, r.ID)
			last := d.History[len(d.History)-1]
			if v.Status != c.wantStatus || d.Request.Status != c.wantStatus {
				t.Errorf("status %s (stored %s), want %s", v.Status, d.Request.Status, c.wantStatus)
			}
			if last.Action != "taken" || last.Detail != c.wantDetail {
				t.Errorf("last entry %s %q, want taken %q", last.Action, last.Detail, c.wantDetail)
			}
			if v.DueAt != store.FormatTime(due.UTC()) {
				t.Errorf("due %s, want %s kept", v.DueAt, store.FormatTime(due.UTC()))
			}
		})
	}
}
