package mail

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"courtier/pkg/company"
	"courtier/pkg/event"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

var (
	testNow = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	quiet   = slog.New(slog.NewTextHandler(io.Discard, nil))
	paris   = mustLoad("Europe/Paris")
)

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// fixture is a Mailer over a new database, its dispatcher and its clock.
type fixture struct {
	db     *store.DB
	clock  *storetest.Clock
	mailer *Mailer
	events *event.Dispatcher
}

func newFixture(t *testing.T) *fixture { return newBenchFixture(t) }

// newBenchFixture is newFixture for a test or a benchmark.
func newBenchFixture(t testing.TB) *fixture {
	t.Helper()
	db := storetest.Open(t)
	profile, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	clock := storetest.NewClock(testNow)
	m, err := New(context.Background(), db, Config{
		Profile: profile, Location: paris, PublicURL: "https://www.horizon-courtage.example/",
		Logger: quiet, Now: clock.Now,
	})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{db: db, clock: clock, mailer: m, events: event.NewDispatcher(db, quiet, clock.Now, m.Consumer())}
}

// record writes one event in its own transaction.
func (f *fixture) record(t *testing.T, kind event.Kind, aggregate string, payload any) {
	t.Helper()
	err := f.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		return event.Record(context.Background(), tx, kind, aggregate, payload, f.clock.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// dispatch hands every pending event to the mail consumer.
func (f *fixture) dispatch(t *testing.T) {
	t.Helper()
	for {
		n, err := f.events.Dispatch(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// quoteReceived is the event of a quote request by Marie Durand.
func quoteReceived(ref string) event.RequestPayload {
	return event.RequestPayload{
		Recipient: event.Recipient{Email: "marie.durand@example.com", Name: "Marie Durand"},
		ID:        "req-" + ref, Ref: ref, Kind: "quote", Product: "Assurance auto",
		Due: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC),
	}
}

// all lists every mail of the outbox, oldest first, with their bodies.
func (f *fixture) all(t *testing.T) []Mail {
	t.Helper()
	list, err := f.mailer.List(context.Background(), operator, Filter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]Mail, len(list))
	for i, m := range list {
		full, err := f.mailer.Get(context.Background(), operator, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		out[len(list)-1-i] = *full
	}
	return out
}
