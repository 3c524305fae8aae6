package quote

import (
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/company"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// NewTestDesk builds the queue with the quote machine and the company's
// calendar, as pkg/app does.
func NewTestDesk(t testing.TB, db *store.DB, accounts *account.Service, now func() time.Time) (*desk.Service, *company.Calendar) {
	t.Helper()
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	cal, err := p.Calendar()
	if err != nil {
		t.Fatal(err)
	}
	return desk.New(db, accounts, desk.Config{Now: now, Location: cal.Location()}, Machine), cal
}

// client is the actor of a client account.
func client(uid string) account.Actor {
	return account.Actor{UID: uid, Role: account.RoleClient, Name: "Client", Email: uid + "@exemple.fr"}
}
