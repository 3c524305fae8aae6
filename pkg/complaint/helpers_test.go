package complaint

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/apperr"
	"courtier/pkg/company"
	"courtier/pkg/desk"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// env is a store with the queue and the complaint service, and one
// account of each role the rules tell apart.
type env struct {
	db       *store.DB
	accounts *account.Service
	desk     *desk.Service
	svc      *Service
	cal      *company.Calendar
	profile  company.Profile
	clock    *storetest.Clock
	// The actors: a client, another client, the agent who takes the
	// complaints, an agent who does not, an admin.
	client, other, agent, agent2, admin account.Actor
}

// paris is the company's zone.
var paris = func() *time.Location {
	loc, err := time.LoadLocation(company.Zone)
	if err != nil {
		panic(err)
	}
	return loc
}()

// at is a wall-clock time in Paris.
func at(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, paris) }

func newEnv(t testing.TB) *env {
	t.Helper()
	return newEnvAt(t, at(2026, 3, 2, 10, 0), nil)
}

// newEnvAt builds the env with its clock at start and, when cal is not
// nil, that calendar instead of the company's.
func newEnvAt(t testing.TB, start time.Time, cal Deadlines) *env {
	t.Helper()
	e := &env{db: storetest.Open(t), clock: storetest.NewClock(start.UTC())}
	var err error
	if e.accounts, err = account.New(e.db, account.Config{Now: e.clock.Now, Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}); err != nil {
		t.Fatal(err)
	}
	if e.profile, err = company.Default(); err != nil {
		t.Fatal(err)
	}
	if e.cal, err = e.profile.Calendar(); err != nil {
		t.Fatal(err)
	}
	if cal == nil {
		cal = e.cal
	}
	e.desk = desk.New(e.db, e.accounts, desk.Config{Now: e.clock.Now, Location: e.cal.Location()}, Machine)
	e.svc, err = New(e.db, Config{Desk: e.desk, Calendar: cal, Procedure: e.profile.Complaints, Mediator: e.profile.Mediator,
		Limits: ratelimit.NewRegistry(ratelimit.Default(), e.clock.Now), Now: e.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.desk.Register(e.svc.Spec()); err != nil {
		t.Fatal(err)
	}
	e.client = e.user(t, "claire@exemple.fr", "Claire Martin", account.RoleClient)
	e.other = e.user(t, "paul@exemple.fr", "Paul Durand", account.RoleClient)
	e.agent = e.user(t, "agent@horizon.example", "Thomas Agent", account.RoleAgent)
	e.agent2 = e.user(t, "agent2@horizon.example", "Léa Agente", account.RoleAgent)
	e.admin = e.user(t, "admin@horizon.example", "Anne Admin", account.RoleAdmin)
	return e
}

var registered int

// user registers an account of role and returns its actor.
func (e *env) user(t testing.TB, email, name string, role account.Role) account.Actor {
	t.Helper()
	ctx := context.Background()
	registered++
	u, _, err := e.accounts.Register(ctx, account.NewUser{Email: email, Password: "cheval-agrafe-correct-42", DisplayName: name},
		fmt.Sprintf("192.0.2.%d", registered%250+1))
	if err != nil {
		t.Fatal(err)
	}
	if role != account.RoleClient {
		if _, _, err = e.accounts.SetRole(ctx, email, role); err != nil {
			t.Fatal(err)
		}
		// Staff set up their second factor at the clock's time, as they must to act.
		u, _ = accounttest.SetUp(t, e.accounts, email, "cheval-agrafe-correct-42", e.clock.Now())
	}
	return account.ActorOf(u)
}

// draft is a valid complaint of a visitor.
func draft() Draft {
	return Draft{
		Name: "Jeanne Visiteuse", Email: "jeanne@exemple.fr", Subject: "Remboursement non reçu",
		Concerns: "DV-2026-000001", Facts: "J'ai résilié mon contrat en janvier et n'ai toujours pas reçu le remboursement promis.",
		Demand: "Le remboursement du trop-perçu.", Consent: true,
	}
}

// file files a valid complaint as actor and returns it.
func (e *env) file(t testing.TB, actor account.Actor) *Filed {
	t.Helper()
	f, err := e.svc.File(context.Background(), actor, draft())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// taken files a complaint of the client and has the agent take it.
func (e *env) taken(t testing.TB) string {
	t.Helper()
	f := e.file(t, e.client)
	if _, err := e.desk.Take(context.Background(), e.agent, f.ID); err != nil {
		t.Fatal(err)
	}
	return f.ID
}

// request reads the shared part of request id as staff do.
func (e *env) request(t testing.TB, id string) *desk.Detail {
	t.Helper()
	d, err := e.desk.Get(context.Background(), e.admin, id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// codeOf is the apperr code of err, "" when nil.
func codeOf(err error) apperr.Code {
	if err == nil {
		return ""
	}
	return apperr.CodeOf(err)
}

// fieldOf is the field an error names.
func fieldOf(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}

// actions lists the history's actions of request id, comma-separated.
func (e *env) actions(t testing.TB, id string) string {
	t.Helper()
	var out []string
	for _, ev := range e.request(t, id).History {
		out = append(out, ev.Action)
	}
	return strings.Join(out, ",")
}

// ackText is an acknowledgement long enough to be kept.
const ackText = "Bonjour, nous avons bien reçu votre réclamation et nous l'étudions."

// answerText is an answer that does not name the mediator.
const answerText = "Bonjour, après vérification, le remboursement vous a été adressé ce jour."
