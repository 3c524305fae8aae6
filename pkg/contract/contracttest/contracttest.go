// Package contracttest makes signed contracts through an App for the
// tests of the packages that read them (the command line, the dashboard,
// the privacy export), the way a client makes one on the site: a price
// kept, a contract created, a code sent by e-mail, the signature.
package contracttest

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/blob"
	"courtier/pkg/contract"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// Password is the password of the clients Client makes.
const Password = "cheval-agrafe-correct-42"

// IBAN is the mandate's account: a valid French IBAN (ISO 13616 key).
const IBAN = "FR76 3000 6000 0112 3456 7890 189"

// Client makes a client account with email and name.
func Client(t testing.TB, a *app.App, email, name string) account.Actor {
	t.Helper()
	u, err := a.Accounts.Create(context.Background(), account.NewUser{Email: email, Password: Password, DisplayName: name})
	if err != nil {
		t.Fatal(err)
	}
	return account.ActorOf(u)
}

// CarAsk is the median car profile of docs/pricing.md.
func CarAsk() instant.Ask {
	return instant.Ask{Product: "car", Answers: pricing.Answers{
		BirthDate: "1981-03-02", LicenceDate: "2001-05-10", BonusMalus: 0.6, PostalCode: "69002",
		VehicleID: "peugeot-208-12-puretech-100", Usage: "commute", Parking: "car-park", YearlyKm: 11000,
	}, Needs: pricing.Needs{Covers: []string{"glass"}, Deductible: "medium"}}
}

func ptr(s string) *string { return &s }

// Holder is the policyholder of the tests' contracts: Marie Durand, born
// on 2 March 1981.
func Holder() *account.PolicyholderPatch {
	return &account.PolicyholderPatch{FirstName: ptr("Marie"), LastName: ptr("Durand"), BirthDate: ptr("1981-03-02"), Phone: ptr("06 12 34 56 78")}
}

// Draft makes who's car contract from a kept price, complete, starting
// on start (YYYY-MM-DD, after the App's today), waiting for its signature.
func Draft(t testing.TB, a *app.App, who account.Actor, start, registration string) *contract.Contract {
	t.Helper()
	ctx := context.Background()
	q, key, err := a.Prices.Price(ctx, CarAsk())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Prices.Keep(ctx, who, q.ID, instant.Keeping{Key: key}); err != nil {
		t.Fatal(err)
	}
	c, err := a.Contracts.Create(ctx, who, contract.Draft{PriceID: q.Recommended.ID, StartDate: start, Details: contract.Details{
		Policyholder: Holder(), Address: ptr("12 rue des Lilas"), PostalCode: ptr("69002"), City: ptr("Lyon"), Registration: ptr(registration)}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Sign signs who's contract c with the code just sent, the mandate on IBAN.
func Sign(t testing.TB, a *app.App, who account.Actor, c *contract.Contract) *contract.Contract {
	t.Helper()
	ctx := context.Background()
	if _, err := a.Contracts.SendCode(ctx, who, c.ID); err != nil {
		t.Fatal(err)
	}
	accept := []string{"sepa"}
	for _, d := range c.Documents {
		accept = append(accept, d.Kind)
	}
	signed, err := a.Contracts.Sign(ctx, who, c.ID, contract.Signing{Code: LastCode(t, a), Holder: who.Name, IBAN: IBAN,
		Accept: accept, Client: contract.Client{IP: "203.0.113.7", UserAgent: "Mozilla/5.0 (test)"}})
	if err != nil {
		t.Fatal(err)
	}
	return signed
}

// Signed makes who's car contract starting on start and signs it.
func Signed(t testing.TB, a *app.App, who account.Actor, start, registration string) *contract.Contract {
	t.Helper()
	return Sign(t, a, who, Draft(t, a, who, start, registration))
}

// SendProof sends who's supporting document kind of contract id: a small PNG.
func SendProof(t testing.TB, a *app.App, who account.Actor, id, kind string) *contract.Contract {
	t.Helper()
	png := []byte("\x89PNG\r\n\x1a\n" + kind)
	c, err := a.Contracts.SendProof(context.Background(), who, id, kind, blob.File{MIME: "image/png", Data: png}, kind+".png")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// LastCode is the signature code of the last code sent (read in its event).
func LastCode(t testing.TB, a *app.App) string {
	t.Helper()
	var payload string
	ctx := context.Background()
	err := a.Store.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT payload FROM events WHERE kind = 'contract.code_sent' ORDER BY id DESC LIMIT 1").Scan(&payload)
	})
	if err != nil {
		t.Fatal(err)
	}
	var p struct{ Code string }
	if err := json.Unmarshal([]byte(payload), &p); err != nil || len(p.Code) != 6 {
		t.Fatalf("code event %s: %v", payload, err)
	}
	return p.Code
}

// Day is the civil day d days after now, YYYY-MM-DD.
func Day(now time.Time, d int) string { return now.AddDate(0, 0, d).Format(time.DateOnly) }
