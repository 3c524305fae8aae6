package privacy

import (
	"context"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/contact"
	"courtier/pkg/store"
)

// contactEnv gives the client a message (answered) and a callback
// request, a visitor a message, and returns the client's request ids.
func contactEnv(t *testing.T, e *env) []string {
	t.Helper()
	ctx := context.Background()
	client := account.ActorOf(e.user)
	msg, err := e.contacts.SendMessage(ctx, client, contact.MessageDraft{Subject: "claim", Message: "Dégât des eaux dans ma cuisine.", Consent: true})
	if err != nil {
		t.Fatal(err)
	}
	cb, err := e.contacts.RequestCallback(ctx, client, contact.CallbackDraft{Phone: "06 39 98 12 34", Note: "Le soir si possible", Consent: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.contacts.SendMessage(ctx, account.Visitor, contact.MessageDraft{Name: "Visiteur", Email: "v@exemple.fr",
		Subject: "other", Message: "Message d'un visiteur.", Consent: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.accounts.Create(ctx, account.NewUser{Email: "agent@exemple.fr", Password: "cheval-agrafe-correct-42", DisplayName: "Agnès", Role: account.RoleAgent}); err != nil {
		t.Fatal(err)
	}
	agent := e.setUp(t, "agent@exemple.fr")
	if _, err := e.desk.Take(ctx, account.ActorOf(agent), msg.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.contacts.Reply(ctx, account.ActorOf(agent), msg.ID, "Un expert passera jeudi."); err != nil {
		t.Fatal(err)
	}
	if _, err := e.desk.AddNote(ctx, account.ActorOf(agent), msg.ID, "Note interne confidentielle"); err != nil {
		t.Fatal(err)
	}
	return []string{msg.ID, cb.ID}
}

func TestExportHoldsContactMessagesAndCallbacks(t *testing.T) {
	e := newEnv(t)
	contactEnv(t, e)
	got := string(export(t, e.service(nil), e.sess))
	for _, want := range []string{`"contactMessages": [`, `"subject": "Sinistre"`, `"message": "Dégât des eaux dans ma cuisine."`,
		`"label": "Réponse"`, `"body": "Un expert passera jeudi."`, `"authorName": "Agnès"`, `"status": "Répondu"`,
		`"callbackRequests": [`, `"phone": "0639981234"`, `"note": "Le soir si possible"`, `"slot": "Dès que possible"`} {
		if !strings.Contains(got, want) {
			t.Errorf("export lacks %s:\n%s", want, got)
		}
	}
	for _, not := range []string{"Note interne", "Message d'un visiteur"} {
		if strings.Contains(got, not) {
			t.Errorf("export holds %q", not)
		}
	}
	_, paul := e.register(t, "paul@exemple.fr")
	if other := string(export(t, e.service(nil), paul)); !strings.Contains(other, `"contactMessages": []`) || !strings.Contains(other, `"callbackRequests": []`) {
		t.Errorf("paul's export: %s", other)
	}
}

// TestErasureDeletesContactMessagesAndCallbacks: deleting the account
// deletes its messages and callbacks with their replies, history and
// notes; a visitor's message stays.
func TestErasureDeletesContactMessagesAndCallbacks(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	ids := contactEnv(t, e)
	if err := e.accounts.DeleteAccount(ctx, e.sess, "cheval-agrafe-correct-42"); err != nil {
		t.Fatal(err)
	}
	count := func(query string, args ...any) int {
		var n int
		err := e.db.ReadTx(ctx, func(tx *store.Tx) error { return tx.QueryRowContext(context.Background(), query, args...).Scan(&n) })
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, id := range ids {
		n := count(`SELECT (SELECT COUNT(*) FROM requests WHERE id = ?1) + (SELECT COUNT(*) FROM contact_messages WHERE id = ?1)
			+ (SELECT COUNT(*) FROM callback_requests WHERE id = ?1) + (SELECT COUNT(*) FROM request_replies WHERE request_id = ?1)
			+ (SELECT COUNT(*) FROM request_events WHERE request_id = ?1) + (SELECT COUNT(*) FROM request_notes WHERE request_id = ?1)`, id)
		if n != 0 {
			t.Errorf("request %s: %d rows left", id, n)
		}
	}
	if n := count(`SELECT COUNT(*) FROM contact_messages`); n != 1 {
		t.Errorf("%d messages left, want the visitor's", n)
	}
}
