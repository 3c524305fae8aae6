package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// deskEnv is one server with the role matrix (plus a second agent) for
// the queue's scenarios; each case opens its own request and, for the
// admin's endpoints, its own target account.
type deskEnv struct {
	*apiEnv
	cookies map[string]string
	uids    map[string]string
	n       int
}

func newDeskEnv(t *testing.T) *deskEnv {
	t.Helper()
	e := &deskEnv{apiEnv: newAPI(t), uids: map[string]string{}}
	e.cookies = e.people(t)
	e.signUp(t, "agent2@exemple.fr")
	if _, _, err := e.svc.SetRole(context.Background(), "agent2@exemple.fr", account.RoleAgent); err != nil {
		t.Fatal(err)
	}
	e.cookies["agent2"] = e.signIn(t, "agent2@exemple.fr", false)
	for _, who := range []string{"client", "other", "agent", "agent2", "admin"} {
		u, err := e.svc.GetByEmail(context.Background(), who+"@exemple.fr")
		if err != nil {
			t.Fatal(err)
		}
		e.uids[who] = u.UID
	}
	return e
}

// actor is who as the services see them.
func (e *deskEnv) actor(t *testing.T, who string) account.Actor {
	t.Helper()
	u, err := e.svc.Get(context.Background(), e.uids[who])
	if err != nil {
		t.Fatal(err)
	}
	return account.ActorOf(u)
}

// request opens a quote request of the client, as the quote service
// does (without its per-client limit), in state "free", "held" (by
// agent) or "closed" (held by agent, then closed).
func (e *deskEnv) request(t *testing.T, state string) *desk.Request {
	t.Helper()
	ctx := context.Background()
	e.n++
	var r *desk.Request
	err := e.app.Store.WriteTx(ctx, func(tx *store.Tx) (err error) {
		r, err = e.srv.desk.Open(ctx, tx, e.actor(t, "client"), desk.Draft{ID: fmt.Sprintf("dq-%d", e.n), Kind: desk.KindQuote,
			UID: e.uids["client"], Name: "Claire Client", Email: "client@exemple.fr", Phone: "0639981234", Product: "car",
			Summary: "Assurance auto et moto", Due: e.clock.Now().Add(4 * time.Hour)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if state != "free" {
		if _, err := e.srv.desk.Take(ctx, e.actor(t, "agent"), r.ID); err != nil {
			t.Fatal(err)
		}
	}
	if state == "closed" {
		if _, err := e.srv.desk.SetStatus(ctx, e.actor(t, "agent"), r.ID, desk.StatusClosed); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// target creates an account for the admin's endpoints to act on.
func (e *deskEnv) target(t *testing.T) string {
	t.Helper()
	e.n++
	u, err := e.svc.Create(context.Background(), account.NewUser{Email: fmt.Sprintf("cible%d@exemple.fr", e.n), Password: goodPassword})
	if err != nil {
		t.Fatal(err)
	}
	return u.UID
}

// deskCase is an apiScenario over a fresh request ({id} in the URL) and a
// fresh target account ({uid}).
type deskCase struct {
	apiScenario
	state string // "free" (default), "held", "closed"
}

func (e *deskEnv) run(t *testing.T, cases []deskCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			state := c.state
			if state == "" {
				state = "free"
			}
			r := e.request(t, state)
			c.path = strings.ReplaceAll(c.path, "{id}", r.ID)
			c.path = strings.ReplaceAll(c.path, "{ref}", r.Ref)
			if strings.Contains(c.path, "{uid}") {
				c.path = strings.ReplaceAll(c.path, "{uid}", e.target(t))
			}
			c.body = strings.ReplaceAll(c.body, "{agent2}", e.uids["agent2"])
			c.apiScenario.run(t, e.apiEnv.h, e.cookies)
		})
	}
}
