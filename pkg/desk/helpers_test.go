package desk_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/apperr"
	"courtier/pkg/company"
	"courtier/pkg/desk"
	"courtier/pkg/quote"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// clock is a clock the test sets to any instant.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

func (c *clock) Advance(d time.Duration) { c.Set(c.Now().Add(d)) }

// paris is the company's time zone, from the calendar (tzdata built in).
func paris(t testing.TB) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(company.Zone)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// at is a wall-clock time in Paris: at(t, "2026-03-29 01:30").
func at(t testing.TB, s string) time.Time {
	t.Helper()
	v, err := time.ParseInLocation("2006-01-02 15:04", s, paris(t))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The statuses of the test contact machine: a second kind with its own prefix.
const (
	contactNew      desk.Status = "new"
	contactAnswered desk.Status = "answered"
)

var contactMachine = &desk.Machine{
	Kind: desk.KindContact, Prefix: "MS", Initial: contactNew,
	Statuses: []desk.StatusInfo{
		{Status: contactNew, Label: "Nouveau", Client: "Reçu", Waiting: true},
		{Status: contactAnswered, Label: "Répondu", Client: "Répondu"},
		{Status: desk.StatusClosed, Label: "Clôturé", Client: "Clôturé"},
	},
	Moves: map[desk.Status][]desk.Status{contactNew: {desk.StatusClosed}, contactAnswered: {desk.StatusClosed}, desk.StatusClosed: {contactNew}},
}

// reopenDelay is the test's answer delay of a quote put back on the broker's side.
const reopenDelay = 24 * time.Hour

// fixture is the queue over a temp database, its clock and the role matrix.
type fixture struct {
	db       *store.DB
	accounts *account.Service
	svc      *desk.Service
	clock    *clock
	ids      int
	// The actors: a visitor, two clients, two agents, an admin.
	visitor, client, other, agent, agent2, admin account.Actor
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{db: storetest.Open(t), clock: &clock{t: at(t, "2026-03-10 10:00")}}
	var err error
	f.accounts, err = account.New(f.db, account.Config{Now: f.clock.Now, Argon: account.Params{Memory: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	f.svc = desk.New(f.db, f.accounts, desk.Config{Now: f.clock.Now, Location: paris(t)})
	err = f.svc.Register(desk.KindSpec{Machine: quote.Machine, Label: "Devis", Delay: func(t time.Time) time.Time { return t.Add(reopenDelay) }},
		desk.KindSpec{Machine: contactMachine, Label: "Message"})
	if err != nil {
		t.Fatal(err)
	}
	f.client = f.user(t, "claire@exemple.fr", "Claire Client", account.RoleClient)
	f.other = f.user(t, "olivier@exemple.fr", "Olivier Autre", account.RoleClient)
	f.agent = f.user(t, "alain@exemple.fr", "Alain Agent", account.RoleAgent)
	f.agent2 = f.user(t, "berthe@exemple.fr", "Berthe Agent", account.RoleAgent)
	f.admin = f.user(t, "ada@exemple.fr", "Ada Admin", account.RoleAdmin)
	return f
}

// user creates an account and returns its actor; staff set up their
// second factor at the clock's time, as they must to act.
func (f *fixture) user(t *testing.T, email, name string, role account.Role) account.Actor {
	t.Helper()
	u := accounttest.Staff(t, f.accounts, account.NewUser{Email: email, Password: "cheval-agrafe-correct-42", DisplayName: name, Role: role}, f.clock.Now())
	return account.ActorOf(u)
}

// actor names the actors of the role matrix.
func (f *fixture) actor(who string) account.Actor {
	return map[string]account.Actor{"visitor": f.visitor, "client": f.client, "other": f.other,
		"agent": f.agent, "agent2": f.agent2, "admin": f.admin}[who]
}

// open files a request as a kind's package does, in its own transaction.
func (f *fixture) open(t *testing.T, by account.Actor, d desk.Draft) *desk.Request {
	t.Helper()
	if d.ID == "" {
		f.ids++
		d.ID = fmt.Sprintf("req-%03d", f.ids)
	}
	if d.Kind == "" {
		d.Kind = desk.KindQuote
	}
	var r *desk.Request
	err := f.db.WriteTx(context.Background(), func(tx *store.Tx) (err error) {
		r, err = f.svc.Open(context.Background(), tx, by, d)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(time.Minute)
	return r
}

// advance moves request id to status `to` as one of its kind's own
// actions, with the deadline due.
func (f *fixture) advance(t *testing.T, id string, kind desk.Kind, to desk.Status, due time.Time) {
	t.Helper()
	err := f.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		r, err := f.svc.Work(context.Background(), tx, f.admin, id, kind)
		if err != nil {
			return err
		}
		return f.svc.Advance(context.Background(), tx, f.admin, r, to, due, "test", "Étape du test")
	})
	if err != nil {
		t.Fatal(err)
	}
}

// detail reads request id as the admin.
func (f *fixture) detail(t *testing.T, id string) *desk.Detail {
	t.Helper()
	d, err := f.svc.Get(context.Background(), f.admin, id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// must returns v, or stops the test with a panic on err (a setup step
// that cannot fail unless the code under test is broken).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// codeOf is "" for no error, else the error's code.
func codeOf(err error) apperr.Code {
	if err == nil {
		return ""
	}
	return apperr.CodeOf(err)
}

// exec runs one statement in a write transaction, as an operator would.
func (f *fixture) exec(t *testing.T, query string, args ...any) error {
	t.Helper()
	return f.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), query, args...)
		return err
	})
}
