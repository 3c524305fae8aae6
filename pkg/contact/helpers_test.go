package contact

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/apperr"
	"courtier/pkg/company"
	"courtier/pkg/desk"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// paris is the company's zone, where the tests write their times.
var paris = func() *time.Location {
	loc, err := time.LoadLocation(company.Zone)
	if err != nil {
		panic(err)
	}
	return loc
}()

// at is a Paris wall-clock time.
func at(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, paris) }

// monday is Monday 2 March 2026 at 10:00 in Paris, an ordinary working day.
var monday = at(2026, time.March, 2, 10, 0)

// fixture is the service over a temp database with the real calendar,
// the role matrix's accounts and a clock the test moves.
type fixture struct {
	db       *store.DB
	svc      *Service
	desk     *desk.Service
	accounts *account.Service
	cal      *company.Calendar
	clock    *storetest.Clock
	// people are the actors by name: client, other, agent, agent2, admin.
	people map[string]account.Actor
}

func newFixture(t *testing.T, start time.Time) *fixture {
	t.Helper()
	db := storetest.Open(t)
	f := &fixture{db: db, clock: storetest.NewClock(start.UTC()), people: map[string]account.Actor{"visitor": account.Visitor}}
	var err error
	if f.accounts, err = account.New(db, account.Config{Now: f.clock.Now, Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}); err != nil {
		t.Fatal(err)
	}
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	if f.cal, err = p.Calendar(); err != nil {
		t.Fatal(err)
	}
	f.desk = desk.New(db, f.accounts, desk.Config{Now: f.clock.Now, Location: f.cal.Location()}, MessageMachine, CallbackMachine)
	if f.svc, err = New(db, Config{Desk: f.desk, Calendar: f.cal, Company: p, Now: f.clock.Now}); err != nil {
		t.Fatal(err)
	}
	for name, role := range map[string]account.Role{"client": account.RoleClient, "other": account.RoleClient,
		"agent": account.RoleAgent, "agent2": account.RoleAgent, "admin": account.RoleAdmin} {
		// Staff set up their second factor at the clock's time, as they must to act.
		u := accounttest.Staff(t, f.accounts, account.NewUser{Email: name + "@exemple.fr", Password: "cheval-agrafe-correct-42",
			DisplayName: strings.ToUpper(name[:1]) + name[1:], Role: role}, f.clock.Now())
		f.people[name] = account.ActorOf(u)
	}
	return f
}

// visitorMessage is a valid message of a visitor.
func visitorMessage() MessageDraft {
	return MessageDraft{Name: "Léa Martin", Email: " Lea.Martin@Exemple.fr ", Phone: "06 39 98 12 34", Subject: "contract",
		Message: "Bonjour, je voudrais ajouter un conducteur à mon contrat.", Consent: true}
}

// callbackDraft is a valid callback request on the first slot offered.
func (f *fixture) callbackDraft(t *testing.T) CallbackDraft {
	t.Helper()
	days := f.svc.Slots()
	if len(days) == 0 {
		t.Fatal("no slot offered")
	}
	sl := days[0].Slots[0]
	return CallbackDraft{Name: "Léa Martin", Phone: "+33 6 39 98 12 34", Product: "car", Note: "Pour ma voiture",
		Slot: SlotDraft{Start: sl.Start.Format(time.RFC3339), End: sl.End.Format(time.RFC3339)}, Consent: true}
}

// message sends a visitor's message and returns its receipt.
func (f *fixture) message(t *testing.T, actor account.Actor) *Receipt {
	t.Helper()
	rc, err := f.svc.SendMessage(context.Background(), actor, visitorMessage())
	if err != nil {
		t.Fatal(err)
	}
	return rc
}

// callback sends a callback request and returns its receipt.
func (f *fixture) callback(t *testing.T, actor account.Actor) *Receipt {
	t.Helper()
	rc, err := f.svc.RequestCallback(context.Background(), actor, f.callbackDraft(t))
	if err != nil {
		t.Fatal(err)
	}
	return rc
}

// take makes the agent of that name the request's assignee.
func (f *fixture) take(t *testing.T, id, who string) {
	t.Helper()
	if _, err := f.desk.Take(context.Background(), f.people[who], id); err != nil {
		t.Fatal(err)
	}
}

// request reads the shared part of request id as the admin sees it.
func (f *fixture) request(t *testing.T, id string) *desk.Detail {
	t.Helper()
	d, err := f.desk.Get(context.Background(), f.people["admin"], id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// setStatus puts request id in status st directly, to start a test there.
func (f *fixture) setStatus(t *testing.T, id string, st desk.Status) {
	t.Helper()
	err := f.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), `UPDATE requests SET status = ? WHERE id = ?`, st, id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkCode fails unless err carries code (nil: no error), and mentions
// field and message when given.
func checkCode(t *testing.T, err error, code apperr.Code, field, message string) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("unexpected error %v", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("no error, want %s", code)
	}
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("code %s, want %s (%v)", got, code, err)
	}
	var e *apperr.Error
	if field != "" && (!errors.As(err, &e) || e.Field != field) {
		t.Errorf("field of %v, want %q", err, field)
	}
	if !strings.Contains(apperr.MessageOf(err), message) {
		t.Errorf("message %q lacks %q", apperr.MessageOf(err), message)
	}
}
