package privacy

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/chat"
	"courtier/pkg/company"
	"courtier/pkg/contact"
	"courtier/pkg/desk"
	"courtier/pkg/quote"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// env is a store with the services an export reads, and one client.
type env struct {
	db       *store.DB
	desk     *desk.Service
	accounts *account.Service
	quotes   *quote.Service
	contacts *contact.Service
	chats    *chat.Service
	clock    *storetest.Clock
	user     *account.User
	sess     *account.Session
}

func newEnv(t testing.TB) *env {
	t.Helper()
	e := &env{db: storetest.Open(t), clock: storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))}
	var err error
	if e.accounts, err = account.New(e.db, account.Config{Now: e.clock.Now, Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}); err != nil {
		t.Fatal(err)
	}
	co, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	cal, err := co.Calendar()
	if err != nil {
		t.Fatal(err)
	}
	e.desk = desk.New(e.db, e.accounts, desk.Config{Now: e.clock.Now, Location: cal.Location()},
		quote.Machine, contact.MessageMachine, contact.CallbackMachine)
	if e.quotes, err = quote.New(e.db, quote.Config{Desk: e.desk, Calendar: cal, AnswerHours: 24, Now: e.clock.Now}); err != nil {
		t.Fatal(err)
	}
	if e.contacts, err = contact.New(e.db, contact.Config{Desk: e.desk, Calendar: cal, Company: co, Now: e.clock.Now}); err != nil {
		t.Fatal(err)
	}
	e.chats = chat.New(e.db, co, chat.Config{Now: e.clock.Now})
	e.user, e.sess = e.register(t, "marie@exemple.fr")
	return e
}

func (e *env) register(t testing.TB, email string) (*account.User, *account.Session) {
	t.Helper()
	u, sess, err := e.accounts.Register(context.Background(), account.NewUser{Email: email, Password: "cheval-agrafe-correct-42", DisplayName: "Marie"}, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	return u, sess
}

// setUp sets up the second factor of the staff account of email at the
// clock's time, as its owner must before acting on the broker's side.
func (e *env) setUp(t testing.TB, email string) *account.User {
	t.Helper()
	u, _ := accounttest.SetUp(t, e.accounts, email, "cheval-agrafe-correct-42", e.clock.Now())
	return u
}

func (e *env) service(limit Limiter) *Service {
	return New(Config{Accounts: e.accounts, Kinds: e.kinds(), Chats: e.chats, Limit: limit})
}

// kinds are the parts of the kinds the env holds: quote requests,
// contact messages and callback requests.
func (e *env) kinds() []desk.Export {
	return []desk.Export{*e.quotes.Spec().Export, *e.contacts.MessageSpec().Export, *e.contacts.CallbackSpec().Export}
}

// quote stores a home insurance quote request of the client.
func (e *env) quote(t testing.TB) {
	t.Helper()
	d := quote.Draft{Product: "home", Contact: quote.Contact{Method: "email"},
		Details: json.RawMessage(`{"occupancy":"proprietaire-occupant","housingType":"maison","surface":120,"rooms":5,"postalCode":"69002"}`)}
	if _, err := e.quotes.Create(context.Background(), account.ActorOf(e.user), d); err != nil {
		t.Fatal(err)
	}
}

// chat opens a conversation of the client and sends texts in it.
func (e *env) chat(t testing.TB, texts ...string) string {
	t.Helper()
	ctx := context.Background()
	v := chat.Viewer{UID: e.user.UID, Name: "Marie"}
	c, err := e.chats.Start(ctx, v)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range texts {
		if _, err := e.chats.Send(ctx, v, c.ID, text); err != nil {
			t.Fatal(err)
		}
	}
	return c.ID
}

// addMessages stores n messages in the conversation of token with one
// statement, alternately the user's and the assistant's (with an intent
// and a link, as its replies have): far faster than n exchanges.
func (e *env) addMessages(t testing.TB, token string, n int) {
	t.Helper()
	err := e.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?)
			INSERT INTO chat_messages (conversation_id, sender, text, links, intent, created_at)
			SELECT CAST(? AS TEXT),
				CASE i % 2 WHEN 0 THEN 'user' ELSE 'bot' END,
				CASE i % 2 WHEN 0 THEN 'Question numéro ' || i || ' : combien coûte une assurance habitation pour un appartement de 45 m² ?'
					ELSE 'Réponse numéro ' || i || ' : l''assurance habitation couvre votre logement et vos biens ; un devis est gratuit.' END,
				CASE i % 2 WHEN 0 THEN '[]' ELSE '[{"label":"Assurance habitation","href":"/insurance/home"}]' END,
				CASE i % 2 WHEN 0 THEN NULL ELSE 'home' END,
				CAST(? AS TEXT)
			FROM seq`, n, store.HashToken(token), e.clock.Now().Format(store.TimeLayout))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
