package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/blob"
	"courtier/pkg/chat"
	"courtier/pkg/claim"
	"courtier/pkg/complaint"
	"courtier/pkg/contact"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

const password = "cheval-agrafe-correct-42"

// engines make a new, empty database of each engine; PostgreSQL's skips
// the test when COURTIER_TEST_POSTGRES is unset.
var engines = map[store.Engine]func(t *testing.T) string{
	store.SQLite: func(t *testing.T) string { return filepath.Join(t.TempDir(), "courtier.db") },
	store.Postgres: func(t *testing.T) string {
		base := os.Getenv(storetest.EnvPostgres)
		if base == "" {
			t.Skip(storetest.EnvPostgres + " unset: no PostgreSQL to copy from or to (scripts/pg-cluster.sh start makes one)")
		}
		return storetest.Schema(t, base)
	},
}

// broker is an App holding every kind of data, and what the test needs
// to find it again.
type broker struct {
	a                   *app.App
	clock               *storetest.Clock
	admin, agent        account.Actor
	adminApp            string // the secret of the admin's second factor
	ticket              string // the admin's sign-in waiting for a code
	client              *account.User
	session             *account.Session
	clientChat, visitor string // conversation tokens
	visitorID           string // the visitor's conversation as staff name it
	requests            []string
	maxMessage, maxNote int64
	maxCanned           int64
	sessionKey, created string
}

// newApp opens an App on dsn with the test clock, closed when the test ends.
func newApp(t *testing.T, dsn string, clock *storetest.Clock) *app.App {
	t.Helper()
	a, err := app.Open(context.Background(), app.Config{DB: dsn, Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func must[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// fill writes through the services what a broker's database holds:
// accounts and sessions, staff's second factors and recovery codes, a
// sign-in waiting for its code, quote requests with offers sent, accepted and
// declined, a contact message answered, a callback called, a complaint
// acknowledged and answered, notes, history, a bot conversation, a
// visitor's handed to an agent, presence, a canned answer, the session
// key, a task run and sign-in limits.
func fill(t *testing.T, a *app.App, clock *storetest.Clock) *broker {
	ctx := context.Background()
	b := &broker{a: a, clock: clock}
	user := must[*account.User](t)
	// Staff set up their second factor, as they must to act: a secret,
	// recovery codes, the mail that tells them.
	user(a.Accounts.Create(ctx, account.NewUser{Email: "julien@exemple.fr", Password: password, DisplayName: "Julien", Role: account.RoleAdmin}))
	admin, secret := accounttest.SetUp(t, a.Accounts, "julien@exemple.fr", password, clock.Now())
	b.admin, b.adminApp = account.ActorOf(admin), secret
	b.agent = account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agnes@exemple.fr", Password: password, DisplayName: "Agnès", Role: account.RoleAgent}, clock.Now()))
	var err error
	if b.client, b.session, err = a.Accounts.Register(ctx, account.NewUser{Email: "marie@exemple.fr", Password: password, DisplayName: "Marie"}, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := a.Accounts.SignIn(ctx, account.Credentials{Email: "marie@exemple.fr", Password: "pas le bon", IP: "192.0.2.9"}); err == nil {
		t.Fatal("signed in with a wrong password")
	}
	b.fillRequests(t, clock)
	b.fillChats(t)
	b.fillContracts(t)
	b.fillClaims(t)
	// A password reset asked: a link in account_tokens, its mail to write.
	if err := a.Accounts.AskPasswordReset(ctx, b.client.Email); err != nil {
		t.Fatal(err)
	}
	// An event handled (its mail in the outbox), and one still pending.
	for i, kind := range []event.Kind{event.PasswordChanged, event.AccountDeleted} {
		err = a.Store.WriteTx(ctx, func(tx *store.Tx) error {
			return event.Record(ctx, tx, kind, "account:"+b.client.UID, event.AccountPayload{
				Recipient: event.Recipient{Email: b.client.Email, Name: b.client.DisplayName}, UID: b.client.UID}, clock.Now())
		})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if _, err := a.Events.Dispatch(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	b.sessionKey = must[string](t)(a.Store.MetaOrInit(ctx, "session_key", func() (string, error) { return "clé-de-session", nil }))
	b.created = must[string](t)(a.Store.MetaOrInit(ctx, "created_at", func() (string, error) { return "", errors.New("no created_at") }))
	if _, err := a.Store.Claim(ctx, "purge", a.Instance, clock.Now(), time.Hour); err != nil {
		t.Fatal(err)
	}
	// The admin's password is right: the sign-in waits for the app's code.
	_, _, err = a.Accounts.SignIn(ctx, account.Credentials{Email: "julien@exemple.fr", Password: password, IP: "192.0.2.2"})
	var need *account.SecondFactorRequired
	if !errors.As(err, &need) {
		t.Fatalf("the admin's sign-in: %v, want a code asked", err)
	}
	b.ticket = need.Ticket
	return b
}

func (b *broker) fillRequests(t *testing.T, clock *storetest.Clock) {
	ctx, a, me := context.Background(), b.a, account.ActorOf(b.client)
	offer := quote.OfferDraft{Insurer: "Mutuelle du Littoral", ProductName: "Habitation Sérénité", MonthlyCents: 1850, YearlyCents: 21000,
		Guarantees: []string{"Dégâts des eaux", "Vol"}, DeductibleCents: 15000, ValidUntil: "2026-04-15"}
	req := must[*quote.Request](t)
	for i := range 4 {
		q := req(a.Quotes.Create(ctx, me, quote.Draft{Product: "home", Contact: quote.Contact{Method: "email"},
			Details: json.RawMessage(`{"occupancy":"proprietaire-occupant","housingType":"maison","surface":120,"rooms":5,"postalCode":"69002"}`)}))
		b.requests = append(b.requests, q.ID)
		clock.Advance(time.Minute)
		if i == 3 {
			continue // left as received
		}
		sent := req(a.Quotes.SendOffers(ctx, b.admin, q.ID, []quote.OfferDraft{offer, offer}))
		switch i {
		case 0:
			req(a.Quotes.Accept(ctx, me, q.ID, sent.Offers[0].ID))
		case 1:
			req(a.Quotes.Decline(ctx, me, q.ID, "Trop cher."))
		}
	}
	receipt := must[*contact.Receipt](t)
	msg := receipt(a.Contacts.SendMessage(ctx, account.Visitor, contact.MessageDraft{Name: "Léa", Email: "lea@exemple.fr", Subject: "other", Message: "Une question.", Consent: true}))
	cb := receipt(a.Contacts.RequestCallback(ctx, account.Visitor, contact.CallbackDraft{Name: "Léa", Phone: "0639981234", Consent: true}))
	must[*desk.Reply](t)(a.Contacts.Reply(ctx, b.admin, msg.ID, "Voici la réponse."))
	must[*desk.StaffView](t)(a.Desk.Take(ctx, b.agent, cb.ID))
	must[*desk.Reply](t)(a.Contacts.LogCall(ctx, b.agent, cb.ID, contact.OutcomeReached, "Rappel fait."))
	filed := must[*complaint.Filed](t)(a.Complaints.File(ctx, me, complaint.Draft{Name: "Marie", Email: "marie@exemple.fr",
		Subject: "Remboursement non reçu", Facts: "Rien reçu depuis janvier.", Demand: "Le remboursement.", Consent: true}))
	must[*desk.StaffView](t)(a.Desk.Take(ctx, b.agent, filed.ID))
	detail := must[*complaint.Detail](t)
	detail(a.Complaints.Acknowledge(ctx, b.agent, filed.ID, "Nous avons bien reçu votre réclamation."))
	detail(a.Complaints.Answer(ctx, b.agent, filed.ID, "Le remboursement part aujourd'hui."))
	b.requests = append(b.requests, msg.ID, cb.ID, filed.ID)
	note := must[*desk.Note](t)(a.Desk.AddNote(ctx, b.admin, b.requests[3], "Client à rappeler lundi."))
	b.maxNote = note.ID
	must[*desk.StaffView](t)(a.Desk.Take(ctx, b.agent, b.requests[3]))
	// Instant prices: a visitor keeps theirs by e-mail (a link back), the
	// client with the account; both are leads of the desk.
	for _, who := range []account.Actor{account.Visitor, me} {
		q, key, err := a.Prices.Price(ctx, instant.Ask{Product: "home", Answers: pricing.Answers{
			PostalCode: "69002", Dwelling: "apartment", Surface: 62, Rooms: 3, Occupant: "tenant", ContentsCents: 2000000, Floor: "middle"}})
		if err != nil {
			t.Fatal(err)
		}
		must[*instant.Quote](t)(a.Prices.Keep(ctx, who, q.ID, instant.Keeping{Key: key, Email: "paul@exemple.fr", Consent: true}))
	}
}

// fillContracts signs a car contract (mandate, debits, documents and
// evidence, a supporting document sent) and leaves another waiting for
// its signature with a code sent.
func (b *broker) fillContracts(t *testing.T) {
	ctx, a, me := context.Background(), b.a, account.ActorOf(b.client)
	var ids []string
	for range 2 {
		q, key, err := a.Prices.Price(ctx, instant.Ask{Product: "car", Answers: pricing.Answers{
			BirthDate: "1981-03-02", LicenceDate: "2001-05-10", BonusMalus: 0.6, PostalCode: "69002",
			VehicleID: "peugeot-208-12-puretech-100", Usage: "commute", Parking: "car-park", YearlyKm: 11000}})
		if err != nil {
			t.Fatal(err)
		}
		must[*instant.Quote](t)(a.Prices.Keep(ctx, me, q.ID, instant.Keeping{Key: key}))
		street, pc, city, plate := "12 rue des Lilas", "69002", "Lyon", "AB-123-CD"
		c := must[*contract.Contract](t)(a.Contracts.Create(ctx, me, contract.Draft{PriceID: q.Recommended.ID, StartDate: "2026-03-10",
			Details: contract.Details{Policyholder: contracttest.Holder(), Address: &street, PostalCode: &pc, City: &city, Registration: &plate}}))
		must[*contract.CodeSent](t)(a.Contracts.SendCode(ctx, me, c.ID))
		ids = append(ids, c.ID)
		if len(ids) == 2 {
			return // the second waits for its signature, its code sent
		}
		var payload string
		err = a.Store.ReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(ctx, "SELECT payload FROM events WHERE kind = 'contract.code_sent' ORDER BY id DESC LIMIT 1").Scan(&payload)
		})
		var p struct{ Code string }
		if err != nil || json.Unmarshal([]byte(payload), &p) != nil {
			t.Fatalf("code: %v", err)
		}
		accept := []string{"sepa"}
		for _, d := range c.Documents {
			accept = append(accept, d.Kind)
		}
		must[*contract.Contract](t)(a.Contracts.Sign(ctx, me, c.ID, contract.Signing{Code: p.Code, Holder: "Marie", IBAN: "FR7630006000011234567890189",
			Accept: accept, Client: contract.Client{IP: "192.0.2.1", UserAgent: "test"}}))
		// The « contrat signé » mail, its documents named in mail_attachments.
		for n := 1; n > 0; {
			if n, err = a.Events.Dispatch(ctx); err != nil {
				t.Fatal(err)
			}
		}
		must[*contract.Contract](t)(a.Contracts.SendProof(ctx, me, c.ID, "licence",
			blob.File{MIME: "application/pdf", Data: []byte("%PDF-1.4\n%%EOF\n")}, "permis.pdf"))
		// An amendment proposed, not yet signed.
		must[*contract.Amendment](t)(a.Contracts.ProposeAmendment(ctx, me, c.ID, contract.AmendmentDraft{Kind: contract.AmendDriver,
			EffectiveDate: "2026-04-01", Changes: []byte(`{"namedDrivers":1}`)}))
		// A payment incident on its first debit (rejected by the bank),
		// written by hand: the return files come through another door.
		signed := must[*contract.Contract](t)(a.Contracts.Get(ctx, me, c.ID))
		err = a.Store.WriteTx(ctx, func(tx *store.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO payment_incidents (contract_id, seq, opened_at, due_date, amount_cents, reason_label, reference)
				VALUES (?, 1, '2026-03-14T09:00:00.000Z', '2026-03-10', 4120, 'Provision insuffisante', ?)`, c.ID, "IMP-"+signed.Number+"-01")
			if err != nil {
				return err
			}
			// The mandate's account changed to another bank, not yet told
			// to it (a bank change's signature writes it; by hand here).
			_, err = tx.ExecContext(ctx, `INSERT INTO mandate_amendments (rum, n, amended_at, holder_before, iban_before, bic_before,
				holder, iban, bic, known_iban, known_bic, kind) VALUES (?, 1, '2026-03-20T09:00:00.000Z', 'Marie', 'FR7630006000011234567890189', '',
				'Marie', 'FR7630004008200001234560104', '', 'FR7630006000011234567890189', '', 'bank')`, signed.Mandate.RUM)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		// A cancellation asked without an account, its link not yet used.
		if err := a.Contracts.AskCancellation(ctx, contract.CancelRequest{ContractNumber: signed.Number, LastName: "Durand",
			Email: b.client.Email, Reason: contract.ReasonTerm}); err != nil {
			t.Fatal(err)
		}
	}
}

// fillClaims declares a water damage on a home insured elsewhere, with a
// photo, transmitted to the insurer by the admin.
func (b *broker) fillClaims(t *testing.T) {
	ctx, a, me := context.Background(), b.a, account.ActorOf(b.client)
	c := must[*claim.Claim](t)(a.Claims.Declare(ctx, me, claim.Draft{Insurer: "Assurances Exemple SA", PolicyNumber: "AB-123456",
		Product: "home", Kind: "water", OccurredAt: "2026-03-01", Description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
		Answers: map[string]string{"place": "Lyon", "rooms": "Cuisine", "waterStopped": "yes", "waterSource": "mine"}}))
	must[*claim.Claim](t)(a.Claims.AddFile(ctx, me, c.ID, claim.Upload{Name: "parquet.jpg", MIME: "image/jpeg", Data: []byte("\xff\xd8\xff parquet"), SHA256: "s"}))
	must[*claim.StaffClaim](t)(a.Claims.Move(ctx, b.admin, c.ID, claim.MoveInput{Status: "transmitted", InsurerRef: "EX-2026-4411"}))
}

func (b *broker) fillChats(t *testing.T) {
	ctx, a := context.Background(), b.a
	conv := must[*chat.Conversation](t)
	exchange := must[*chat.Exchange](t)
	mine := chat.Viewer{UID: b.client.UID, Name: "Marie"}
	b.clientChat = conv(a.Chats.Start(ctx, mine)).ID
	exchange(a.Chats.Send(ctx, mine, b.clientChat, "Combien coûte une assurance habitation ?"))
	if err := a.Chats.Present(ctx, b.agent); err != nil {
		t.Fatal(err)
	}
	b.visitor = conv(a.Chats.Start(ctx, chat.Viewer{})).ID
	b.visitorID = store.HashToken(b.visitor)
	exchange(a.Chats.Send(ctx, chat.Viewer{}, b.visitor, "Bonjour"))
	exchange(a.Chats.SetMode(ctx, chat.Viewer{}, b.visitor, chat.ModeAgent))
	if err := a.Chats.Take(ctx, b.agent, b.visitorID); err != nil {
		t.Fatal(err)
	}
	m := must[*chat.Message](t)(a.Chats.Reply(ctx, b.agent, b.visitorID, "Que puis-je pour vous ?"))
	b.maxMessage = m.ID
	c := must[*chat.Canned](t)(a.Chats.SaveCanned(ctx, b.admin, 0, "Bienvenue", "Bonjour, que puis-je pour vous ?"))
	b.maxCanned = c.ID
}

// rows counts the rows of every table of db, by table.
func rows(t *testing.T, db *store.DB) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	s := schemaOf(t, db)
	out := map[string]int64{}
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		for _, tb := range s.Tables {
			var n int64
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+tb.Name).Scan(&n); err != nil {
				return err
			}
			out[tb.Name] = n
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// asJSON writes what a service read as JSON, to compare what two Apps
// read; it fails the test on the service's error.
func asJSON(t *testing.T) func(v any, err error) string {
	return func(v any, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
}

// pairs are the copies tested: SQLite to PostgreSQL is the one that
// matters; the pairs with PostgreSQL skip without it.
var pairs = []struct{ from, to store.Engine }{
	{store.SQLite, store.SQLite}, {store.SQLite, store.Postgres}, {store.Postgres, store.SQLite}, {store.Postgres, store.Postgres},
}

// TestCopyMovesTheBroker copies a broker's database and opens the App on
// the copy: every table holds as many rows, the desk, the conversations,
// the canned answers and the accounts read the same, the client signs in
// with their password and stays signed in with their session, and new
// rows take IDs after the copied ones.
func TestCopyMovesTheBroker(t *testing.T) {
	for _, pair := range pairs {
		t.Run(string(pair.from)+" to "+string(pair.to), func(t *testing.T) {
			clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
			src := fill(t, newApp(t, engines[pair.from](t), clock), clock)
			dst := newApp(t, engines[pair.to](t), clock)
			var order []string
			counts, err := store.Copy(context.Background(), src.a.Store, dst.Store, func(table string, _ int64) {
				if !slices.Contains(order, table) {
					order = append(order, table)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			checkCounts(t, rows(t, src.a.Store), counts)
			checkParentsFirst(t, schemaOf(t, src.a.Store), order)
			src.sameAs(t, dst)
			src.newRowsOn(t, dst)
		})
	}
}

// checkCounts wants every table counted, as many rows on both sides as
// the source holds, and data in every table, so that each kind of value
// went through the copy.
func checkCounts(t *testing.T, want map[string]int64, counts []store.TableCount) {
	t.Helper()
	if len(counts) != len(want) {
		t.Errorf("%d tables counted, the source has %d", len(counts), len(want))
	}
	for _, c := range counts {
		if c.Source != want[c.Table] || c.Target != want[c.Table] {
			t.Errorf("%s: %d rows read, %d written, the source has %d", c.Table, c.Source, c.Target, want[c.Table])
		}
		if c.Source == 0 {
			t.Errorf("%s: empty in the source; make fill write some", c.Table)
		}
	}
}

// checkParentsFirst wants every table copied after those it refers to.
func checkParentsFirst(t *testing.T, s *store.Schema, order []string) {
	t.Helper()
	for _, tb := range s.Tables {
		at := slices.Index(order, tb.Name)
		if at < 0 {
			t.Errorf("%s not copied (order %v)", tb.Name, order)
		}
		for _, fk := range tb.ForeignKeys {
			if fk.RefTable != tb.Name && slices.Index(order, fk.RefTable) > at {
				t.Errorf("%s copied before %s, which it refers to", tb.Name, fk.RefTable)
			}
		}
	}
}

// sameAs compares what the services read on b's database and on dst.
func (b *broker) sameAs(t *testing.T, dst *app.App) {
	ctx := context.Background()
	mine := chat.Viewer{UID: b.client.UID, Name: "Marie"}
	read := map[string]func(a *app.App) string{
		"queue": func(a *app.App) string { return asJSON(t)(a.Desk.Queue(ctx, b.admin, desk.Filter{State: "all"})) },
		"users": func(a *app.App) string { return asJSON(t)(a.Accounts.List(ctx, nil)) },
		"canned answers": func(a *app.App) string {
			return asJSON(t)(a.Chats.CannedAnswers(ctx, b.admin))
		},
		"client's chat": func(a *app.App) string {
			c, err := a.Chats.Get(ctx, mine, b.clientChat)
			return asJSON(t)(c.Messages, err)
		},
		"visitor's chat": func(a *app.App) string {
			c, err := a.Chats.StaffConversation(ctx, b.agent, b.visitorID)
			return asJSON(t)(c.Messages, err)
		},
	}
	for _, id := range b.requests {
		read["request "+id] = func(a *app.App) string { return asJSON(t)(a.Desk.Get(ctx, b.admin, id)) }
	}
	for what, f := range read {
		if got, want := f(dst), f(b.a); got != want {
			t.Errorf("%s on the copy:\n%s\nwant\n%s", what, got, want)
		}
	}
	if _, _, err := dst.Accounts.SignIn(ctx, account.Credentials{Email: b.client.Email, Password: password}); err != nil {
		t.Errorf("sign-in on the copy: %v", err)
	}
	if u, _, err := dst.Accounts.Authenticate(ctx, b.session.Token); err != nil || u.UID != b.client.UID {
		t.Errorf("the client's session on the copy: %v, %v", u, err)
	}
	// The admin's sign-in goes on on the copy with the app's code of now.
	code := accounttest.Code(t, b.adminApp, b.clock.Now())
	if u, _, err := dst.Accounts.SignInWithCode(ctx, account.CodeAttempt{Ticket: b.ticket, Code: code}); err != nil || u.UID != b.admin.UID {
		t.Errorf("the admin's sign-in waiting for a code, on the copy: %v, %v", u, err)
	}
	for key, want := range map[string]string{"session_key": b.sessionKey, "created_at": b.created} {
		got, err := dst.Store.MetaOrInit(ctx, key, func() (string, error) { return "", errors.New("absent") })
		if err != nil || got != want {
			t.Errorf("app_meta %s on the copy: %q, %v; want %q", key, got, err, want)
		}
	}
}

// newRowsOn writes new rows on dst: their IDs come after the copied ones.
func (b *broker) newRowsOn(t *testing.T, dst *app.App) {
	ctx := context.Background()
	m, err := dst.Chats.Reply(ctx, b.agent, b.visitorID, "Je reviens vers vous.")
	if err != nil || m.ID <= b.maxMessage {
		t.Errorf("new chat message: %v, %v; want an ID after %d", m, err, b.maxMessage)
	}
	if _, err := dst.Quotes.Create(ctx, account.ActorOf(b.client), quote.Draft{Product: "home", Contact: quote.Contact{Method: "email"},
		Details: json.RawMessage(`{"occupancy":"locataire","housingType":"appartement","surface":45,"rooms":2,"postalCode":"75011"}`)}); err != nil {
		t.Errorf("new quote request: %v", err)
	}
	n, err := dst.Desk.AddNote(ctx, b.admin, b.requests[0], "Nouvelle note.")
	if err != nil || n.ID <= b.maxNote {
		t.Errorf("new note: %v, %v; want an ID after %d", n, err, b.maxNote)
	}
	c, err := dst.Chats.SaveCanned(ctx, b.admin, 0, "Au revoir", "Bonne journée !")
	if err != nil || c.ID <= b.maxCanned {
		t.Errorf("new canned answer: %v, %v; want an ID after %d", c, err, b.maxCanned)
	}
}

// TestCopyRefusesATargetWithData: a target holding a row of the broker's,
// or only the session key `courtier serve` stores, is refused, with the
// tables named, and left as it was.
func TestCopyRefusesATargetWithData(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		write func(t *testing.T, a *app.App)
		table string
	}{
		{"an account", func(t *testing.T, a *app.App) {
			must[*account.User](t)(a.Accounts.Create(ctx, account.NewUser{Email: "x@exemple.fr", Password: password}))
		}, "users"},
		{"serve ran on it", func(t *testing.T, a *app.App) {
			must[string](t)(a.Store.MetaOrInit(ctx, "session_key", func() (string, error) { return "autre clé", nil }))
		}, "app_meta"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
			src := fill(t, newApp(t, storetest.DSN(t), clock), clock)
			dst := newApp(t, storetest.DSN(t), clock)
			tt.write(t, dst)
			before, meta := rows(t, dst.Store), appMeta(t, dst.Store)
			_, err := store.Copy(ctx, src.a.Store, dst.Store, nil)
			var full *store.NotEmptyError
			if !errors.As(err, &full) || !slices.Contains(full.Tables, tt.table) {
				t.Fatalf("copy onto a target with data: %v; want it refused for %s", err, tt.table)
			}
			if after := rows(t, dst.Store); !maps.Equal(after, before) {
				t.Errorf("the refused target changed: %v, was %v", after, before)
			}
			if after := appMeta(t, dst.Store); after != meta {
				t.Errorf("the refused target's app_meta changed: %s, was %s", after, meta)
			}
		})
	}
}

// appMeta is the whole of db's app_meta.
func appMeta(t *testing.T, db *store.DB) string {
	t.Helper()
	ctx := context.Background()
	var out string
	err := db.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT COALESCE(string_agg(key || '=' || value, ';' ORDER BY key), '') FROM app_meta`).Scan(&out)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCopyRefusesDifferentLevels: both sides must be at the same migration
// level; the error says which is where. The one behind is made so by
// forgetting its last migration.
func TestCopyRefusesDifferentLevels(t *testing.T) {
	ctx := context.Background()
	for _, behind := range []string{"source", "target"} {
		t.Run(behind+" behind", func(t *testing.T) {
			src, dst := storetest.Open(t), storetest.Open(t)
			latest, err := src.SchemaVersion(ctx)
			if err != nil {
				t.Fatal(err)
			}
			lower, want := src, &store.LevelError{Source: latest - 1, Target: latest}
			if behind == "target" {
				lower, want = dst, &store.LevelError{Source: latest, Target: latest - 1}
			}
			err = lower.WriteTx(ctx, func(tx *store.Tx) error {
				_, err := tx.ExecContext(ctx, "DELETE FROM schema_migrations WHERE version = ?", latest)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			_, err = store.Copy(ctx, src, dst, nil)
			var got *store.LevelError
			if !errors.As(err, &got) || *got != *want {
				t.Errorf("copy: %v; want %v", err, want)
			}
		})
	}
}

// TestCopyRefusesTheSameDatabase: a database is not copied onto itself,
// even opened twice.
func TestCopyRefusesTheSameDatabase(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.DSN(t)
	a, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, to := range []*store.DB{a, b} {
		if _, err := store.Copy(ctx, a, to, nil); err == nil {
			t.Error("a database copied onto itself")
		}
	}
}

// TestBackupHoldsTheSameRows: a backup of a broker's SQLite database opens
// and holds every row, for its owner's eyes only; a backup onto an existing
// file is refused and leaves it alone; PostgreSQL is saved with pg_dump.
func TestBackupHoldsTheSameRows(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	src := fill(t, newApp(t, engines[store.SQLite](t), clock), clock)
	path := filepath.Join(t.TempDir(), "sauvegarde.db")
	if err := src.a.Store.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("backup file: %v, %v; want mode 0600", info, err)
	}
	saved, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer saved.Close()
	if got, want := rows(t, saved), rows(t, src.a.Store); !maps.Equal(got, want) {
		t.Errorf("backup holds %v, want %v", got, want)
	}
	saved.Close()
	if info, err = os.Stat(path); err != nil {
		t.Fatal(err)
	}
	if err := src.a.Store.Backup(ctx, path); !errors.Is(err, store.ErrBackupExists) {
		t.Errorf("backup onto an existing file: %v", err)
	}
	if again, err := os.Stat(path); err != nil || again.Size() != info.Size() || !again.ModTime().Equal(info.ModTime()) {
		t.Errorf("the existing file changed: %v, %v", again, err)
	}
	pg := newApp(t, engines[store.Postgres](t), clock)
	if err := pg.Store.Backup(ctx, filepath.Join(t.TempDir(), "pg.db")); !errors.Is(err, store.ErrBackupEngine) {
		t.Errorf("backup on PostgreSQL: %v", err)
	}
}
