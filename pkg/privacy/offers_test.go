package privacy

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// offerDraft is a valid offer on the env's clock (2 March 2026).
func offerDraft(insurer string) quote.OfferDraft {
	return quote.OfferDraft{Insurer: insurer, ProductName: "Habitation Sérénité", MonthlyCents: 1850, YearlyCents: 21000,
		Guarantees: []string{"Dégâts des eaux", "Vol"}, DeductibleCents: 15000, ValidUntil: "2026-04-15", Note: "Sans engagement."}
}

// staff creates an admin account, which sets up its second factor, and
// returns it as an actor.
func (e *env) staff(t testing.TB, email string) account.Actor {
	t.Helper()
	u := accounttest.Staff(t, e.accounts, account.NewUser{Email: email, Password: "cheval-agrafe-correct-42", DisplayName: "Julien Conseil", Role: account.RoleAdmin}, e.clock.Now())
	return account.ActorOf(u)
}

// offered files a quote request of the client, answers it with two
// offers as admin, and has the client decline them.
func (e *env) offered(t testing.TB, admin account.Actor) string {
	t.Helper()
	ctx := context.Background()
	e.quote(t)
	list, err := e.quotes.List(ctx, account.ActorOf(e.user))
	if err != nil || len(list) == 0 {
		t.Fatal(err)
	}
	id := list[0].ID
	if _, err := e.quotes.SendOffers(ctx, admin, id, []quote.OfferDraft{offerDraft("Mutuelle du Littoral"), offerDraft("Assurances du Bocage")}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.quotes.Decline(ctx, account.ActorOf(e.user), id, "Je reste chez mon assureur actuel."); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestExportHoldsTheOffersAndTheDeclineReason(t *testing.T) {
	e := newEnv(t)
	e.offered(t, e.staff(t, "julien@exemple.fr"))
	got := export(t, e.service(nil), e.sess)
	var doc legacy
	if err := json.Unmarshal(got, &doc); err != nil || len(doc.QuoteRequests) != 1 {
		t.Fatalf("%v:\n%s", err, got)
	}
	for _, want := range []string{
		`"ref": "DV-2026-000001"`, `"statusLabel": "Offres refusées"`,
		`"declineReason": "Je reste chez mon assureur actuel."`, `"declinedAt": "2026-03-02T09:00:00.000Z"`,
		`"insurer": "Mutuelle du Littoral"`, `"insurer": "Assurances du Bocage"`, `"monthlyCents": 1850`,
		`"guarantees": [`, `"Dégâts des eaux"`, `"statusLabel": "Non retenue"`, `"note": "Sans engagement."`,
		`"label": "Offres envoyées"`, `"authorName": "Julien Conseil"`,
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("export lacks %s", want)
		}
	}
	// The staff's uid stays inside: the client gets the name only.
	if strings.Contains(string(got), `"createdBy"`) || strings.Contains(string(got), "julien@") {
		t.Errorf("export names staff beyond their name:\n%s", got)
	}
}

// count is the number of rows of table.
func (e *env) count(t testing.TB, table string) int {
	t.Helper()
	var n int
	err := e.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM `+table).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestErasureDeletesTheOffers(t *testing.T) {
	e := newEnv(t)
	admin := e.staff(t, "julien@exemple.fr")
	e.offered(t, admin)
	_, paul := e.register(t, "paul@exemple.fr")
	paulUser, _ := e.accounts.Get(context.Background(), paul.UID)
	if _, err := e.quotes.Create(context.Background(), account.ActorOf(paulUser), quote.Draft{Product: "life", Contact: quote.Contact{Method: "email"},
		Details: json.RawMessage(`{"goal":"epargne"}`)}); err != nil {
		t.Fatal(err)
	}
	paulList, _ := e.quotes.List(context.Background(), account.ActorOf(paulUser))
	if _, err := e.quotes.SendOffers(context.Background(), admin, paulList[0].ID, []quote.OfferDraft{offerDraft("Mutuelle du Littoral")}); err != nil {
		t.Fatal(err)
	}
	tables := map[string]int{"quote_offers": 3, "request_replies": 2, "quote_requests": 2, "requests": 2}
	for table, n := range tables {
		if got := e.count(t, table); got != n {
			t.Fatalf("%s: %d rows before, want %d", table, got, n)
		}
	}
	if err := e.accounts.DeleteAccount(context.Background(), e.sess, "cheval-agrafe-correct-42"); err != nil {
		t.Fatal(err)
	}
	// Marie's request, its two offers and its reply are gone; Paul's stay.
	for table, n := range map[string]int{"quote_offers": 1, "request_replies": 1, "quote_requests": 1, "requests": 1} {
		if got := e.count(t, table); got != n {
			t.Errorf("%s: %d rows after the erasure, want %d", table, got, n)
		}
	}
}

func TestOffersOutliveTheAgentWhoSentThem(t *testing.T) {
	e := newEnv(t)
	admin := e.staff(t, "julien@exemple.fr")
	id := e.offered(t, admin)
	err := e.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), `DELETE FROM users WHERE uid = ?`, admin.UID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.quotes.Get(context.Background(), account.ActorOf(e.user), id)
	if err != nil || len(r.Offers) != 2 || r.Offers[0].CreatedBy != "" || r.Offers[0].CreatedByName != "Julien Conseil" {
		t.Fatalf("offers after the agent left: %v %+v", err, r)
	}
}
