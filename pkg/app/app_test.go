package app

import (
	"context"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/company"
	"courtier/pkg/store/storetest"
)

// TestOpenBuildsEveryService opens a new database: the migrations run and
// every service a command may ask for is there, over the one store.
func TestOpenBuildsEveryService(t *testing.T) {
	ctx := context.Background()
	a, err := Open(ctx, Config{DB: storetest.DSN(t), Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if a.Accounts == nil || a.Desk == nil || a.Quotes == nil || a.Contacts == nil || a.Chats == nil || a.Calendar == nil || a.Complaints == nil {
		t.Fatalf("missing service: %+v", a)
	}
	if a.Calendar.Location().String() != company.Zone {
		t.Errorf("calendar zone %s", a.Calendar.Location())
	}
	if err := a.Store.Ping(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestNewRefusesABrokenProfile: a company profile whose opening hours
// cannot be read stops every command at start, not at the first deadline.
func TestNewRefusesABrokenProfile(t *testing.T) {
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	p.Hours.Weekdays = "de neuf à six"
	if _, err := Open(context.Background(), Config{DB: storetest.DSN(t), Company: &p}); err == nil {
		t.Fatal("opened with unreadable opening hours")
	}
}
