package quote

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/company"
	"courtier/pkg/desk"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// fixture is a quote service over a temp database, with accounts to own
// requests and a clock the test moves.
type fixture struct {
	db       *store.DB
	svc      *Service
	accounts *account.Service
	desk     *desk.Service
	cal      *company.Calendar
	clock    *storetest.Clock
	// actors are the cast of the authorization tables (cast).
	actors map[string]account.Actor
}

func newFixture(t *testing.T, limit Limit) *fixture {
	t.Helper()
	return newFixtureAt(t, limit, testNow)
}

// newFixtureAt is newFixture with its clock stopped at now.
func newFixtureAt(t *testing.T, limit Limit, now time.Time) *fixture {
	t.Helper()
	db := storetest.Open(t)
	f := &fixture{db: db, clock: storetest.NewClock(now)}
	var err error
	f.accounts, err = account.New(db, account.Config{Now: f.clock.Now, Argon: account.Params{Memory: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	f.desk, f.cal = NewTestDesk(t, db, f.accounts, f.clock.Now)
	if f.svc, err = New(db, Config{Desk: f.desk, Calendar: f.cal, AnswerHours: 24, Now: f.clock.Now, Limit: limit}); err != nil {
		t.Fatal(err)
	}
	return f
}

// user creates an account and returns its uid.
func (f *fixture) user(t *testing.T, email string) string {
	t.Helper()
	u, err := f.accounts.Create(context.Background(), account.NewUser{Email: email, Password: "cheval-agrafe-correct-42"})
	if err != nil {
		t.Fatal(err)
	}
	return u.UID
}

func (f *fixture) create(t *testing.T, uid string, p Product) *Request {
	t.Helper()
	r, err := f.svc.Create(context.Background(), client(uid), draftOf(t, p, nil))
	if err != nil {
		t.Fatalf("create %s: %v", p, err)
	}
	return r
}

func TestCreateStoresEveryProduct(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	uid := f.user(t, "anne@exemple.fr")
	for _, p := range Products() {
		created := f.create(t, uid, p)
		if created.Status != StatusReceived || created.UID != uid || created.ID == "" || !created.CreatedAt.Equal(testNow) {
			t.Fatalf("created %+v", created)
		}
		got, err := f.svc.Get(ctx, client(uid), created.ID)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(created)
		have, _ := json.Marshal(got)
		if string(want) != string(have) {
			t.Fatalf("stored %s\nread   %s", want, have)
		}
	}
}

func TestListIsNewestFirstAndOwnOnly(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	anne, bob := f.user(t, "anne@exemple.fr"), f.user(t, "bob@exemple.fr")
	if list, err := f.svc.List(ctx, client(anne)); err != nil || list == nil || len(list) != 0 {
		t.Fatalf("empty list %#v %v", list, err)
	}
	first := f.create(t, anne, ProductHome)
	second := f.create(t, anne, ProductCar) // same millisecond: insertion order decides
	f.clock.Advance(time.Minute)
	third := f.create(t, anne, ProductLife)
	f.create(t, bob, ProductHealth)
	list, err := f.svc.List(ctx, client(anne))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range list {
		ids = append(ids, r.ID)
	}
	if strings.Join(ids, ",") != strings.Join([]string{third.ID, second.ID, first.ID}, ",") {
		t.Fatalf("order %v", ids)
	}
}

func TestGetIsForTheOwnerOnly(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	anne, bob := f.user(t, "anne@exemple.fr"), f.user(t, "bob@exemple.fr")
	r := f.create(t, anne, ProductPro)
	for _, c := range []struct{ uid, id string }{{bob, r.ID}, {anne, "inconnu"}, {anne, ""}} {
		_, err := f.svc.Get(ctx, client(c.uid), c.id)
		if apperr.CodeOf(err) != apperr.ENOTFOUND || apperr.MessageOf(err) != "Cette demande de devis n’existe pas." {
			t.Fatalf("Get(%s, %s): %v", c.uid, c.id, err)
		}
	}
}

func TestCreateRefusesBadInputAndStoresNothing(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	anne := f.user(t, "anne@exemple.fr")
	_, err := f.svc.Create(ctx, client(anne), draftOf(t, ProductHome, map[string]any{"surface": 2}))
	checkFieldError(t, err, "details.surface", "entre 9")
	if list, _ := f.svc.List(ctx, client(anne)); len(list) != 0 {
		t.Fatalf("stored %d", len(list))
	}
}

func TestCreateIsRateLimitedPerUser(t *testing.T) {
	f := newFixture(t, Limit{Max: 3, Window: time.Hour})
	ctx := context.Background()
	anne, bob := f.user(t, "anne@exemple.fr"), f.user(t, "bob@exemple.fr")
	f.create(t, anne, ProductCar)
	f.clock.Advance(10 * time.Minute)
	f.create(t, anne, ProductCar)
	f.create(t, anne, ProductCar)
	_, err := f.svc.Create(ctx, client(anne), draftOf(t, ProductCar, nil))
	wait, ok := apperr.RetryAfterOf(err)
	if apperr.CodeOf(err) != apperr.ETOOMANY || !ok || wait != 50*time.Minute ||
		apperr.MessageOf(err) != "Vous avez déjà envoyé 3 demandes de devis récemment. Vous pourrez en envoyer une nouvelle dans 50 minutes." {
		t.Fatalf("4th request: %v (%v)", err, wait)
	}
	// Someone else is not limited by Anne.
	f.create(t, bob, ProductCar)
	// A refused request is not counted, and the oldest leaves the window after an hour.
	f.clock.Advance(50 * time.Minute)
	f.create(t, anne, ProductCar)
	_, err = f.svc.Create(ctx, client(anne), draftOf(t, ProductCar, nil))
	if apperr.CodeOf(err) != apperr.ETOOMANY || !strings.Contains(apperr.MessageOf(err), "dans 10 minutes") {
		t.Fatalf("after the window: %v", err)
	}
}

func TestRequestsAreDeletedWithTheAccount(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	anne, bob := f.user(t, "anne@exemple.fr"), f.user(t, "bob@exemple.fr")
	r := f.create(t, anne, ProductCar)
	f.create(t, bob, ProductCar)
	_, sess, err := f.accounts.SignIn(ctx, account.Credentials{Email: "anne@exemple.fr", Password: "cheval-agrafe-correct-42"})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.accounts.DeleteAccount(ctx, sess, "cheval-agrafe-correct-42"); err != nil {
		t.Fatal(err)
	}
	var n int
	err = f.db.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM quote_requests WHERE uid = ?", anne).Scan(&n)
	})
	if err != nil || n != 0 {
		t.Fatalf("%d requests left after deletion (%v)", n, err)
	}
	if _, err := f.svc.Get(ctx, client(anne), r.ID); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Fatalf("deleted request still read: %v", err)
	}
	if list, _ := f.svc.List(ctx, client(bob)); len(list) != 1 {
		t.Fatalf("bob's requests: %d", len(list))
	}
}

func TestTheDatabaseRefusesWhatValidationWould(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	anne := f.user(t, "anne@exemple.fr")
	bad := []string{
		`INSERT INTO quote_requests (id, uid, product, status, details, contact_method, created_at, updated_at) VALUES ('a', ?, 'moto', 'received', '{}', 'email', 'x', 'x')`,
		`INSERT INTO quote_requests (id, uid, product, status, details, contact_method, created_at, updated_at) VALUES ('b', ?, 'car', 'perdu', '{}', 'email', 'x', 'x')`,
		`INSERT INTO quote_requests (id, uid, product, status, details, contact_method, created_at, updated_at) VALUES ('c', ?, 'car', 'received', '[]', 'email', 'x', 'x')`,
		`INSERT INTO quote_requests (id, uid, product, status, details, contact_method, created_at, updated_at) VALUES ('d', ?, 'car', 'received', '{}', 'phone', 'x', 'x')`,
		`INSERT INTO quote_requests (id, uid, product, status, details, contact_method, created_at, updated_at) VALUES ('e', 'personne', 'car', 'received', '{}', 'email', 'x', 'x')`,
	}
	for _, q := range bad {
		err := f.db.WriteTx(ctx, func(tx *store.Tx) error {
			args := []any{}
			if strings.Count(q, "?") == 1 {
				args = append(args, anne)
			}
			_, err := tx.ExecContext(ctx, q, args...)
			return err
		})
		if err == nil {
			t.Errorf("accepted: %s", q)
		}
	}
}

func TestStatusLabelsAndJSON(t *testing.T) {
	labels := map[desk.Status]string{StatusReceived: "Reçue", StatusInReview: "En cours d’étude", StatusOffered: "Offres à consulter",
		StatusAccepted: "Offre acceptée", StatusDeclined: "Offres refusées", StatusClosed: "Clôturée"}
	for s, want := range labels {
		if StatusLabel(s) != want {
			t.Errorf("%s: %q", s, StatusLabel(s))
		}
	}
	r := Request{ID: "q1", Ref: "DV-2026-000001", UID: "u1", Product: ProductLife, Status: StatusInReview, Details: &Life{Goal: "epargne"},
		Contact: Contact{Method: "email"}, CreatedAt: testNow, UpdatedAt: testNow.Add(time.Hour)}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"q1","ref":"DV-2026-000001","uid":"u1","product":"life","status":"in_review","statusLabel":"En cours d’étude","details":{"goal":"epargne"},` +
		`"contact":{"method":"email","phone":""},"message":"","createdAt":"2026-03-02T09:00:00.000Z","updatedAt":"2026-03-02T10:00:00.000Z",` +
		`"decidable":false,"offers":[],"declineReason":"","declinedAt":"","replies":[]}`
	if string(b) != want {
		t.Fatalf("JSON\n%s\nwant\n%s", b, want)
	}
}

func TestNewAppliesDefaults(t *testing.T) {
	f := newFixture(t, Limit{})
	if f.svc.limit != DefaultLimit() || f.svc.log == nil {
		t.Fatalf("defaults %+v", f.svc)
	}
	if _, err := f.svc.Create(context.Background(), client("personne"), draftOf(t, ProductCar, nil)); err == nil || errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("request of an unknown user: %v", err)
	}
}

func TestRequestsExpireThreeYearsAfterTheLastContact(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	gone, kept, newcomer := f.user(t, "ancien@exemple.fr"), f.user(t, "fidele@exemple.fr"), f.user(t, "nouveau@exemple.fr")
	old := f.create(t, gone, ProductHome)
	keptOld := f.create(t, kept, ProductHome)
	f.clock.Advance(Retention - 24*time.Hour)
	f.create(t, kept, ProductCar) // a recent contact keeps the client's older request too
	f.clock.Advance(48 * time.Hour)
	f.create(t, newcomer, ProductCar)
	if n, err := f.svc.PurgeExpired(ctx); err != nil || n != 1 {
		t.Fatalf("purged %d, %v; want the one request untouched for too long", n, err)
	}
	if _, err := f.svc.Get(ctx, client(gone), old.ID); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("a request untouched for more than %v is still there (%v)", Retention, err)
	}
	if _, err := f.svc.Get(ctx, client(kept), keptOld.ID); err != nil {
		t.Errorf("the older request of a client with a recent one was purged: %v", err)
	}
}
