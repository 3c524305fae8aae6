package complaint

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// TestLimitPerAddress: 5 complaints a day from one address; past that a
// French message with the wait and the complaints e-mail; refused drafts
// do not count; another address, and the broker's own commands, are free.
func TestLimitPerAddress(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	from := func(addr string) Draft { d := draft(); d.From = addr; return d }
	bad := from("203.0.113.7")
	bad.Consent = false
	for i := 0; i < 3; i++ {
		if _, err := e.svc.File(ctx, account.Visitor, bad); codeOf(err) != apperr.EINVALID {
			t.Fatalf("invalid draft: %v", err)
		}
	}
	for i := 0; i < 5; i++ {
		if _, err := e.svc.File(ctx, account.Visitor, from("203.0.113.7")); err != nil {
			t.Fatalf("complaint %d: %v", i+1, err)
		}
	}
	_, err := e.svc.File(ctx, e.client, from("203.0.113.7"))
	wait, _ := apperr.RetryAfterOf(err)
	if codeOf(err) != apperr.ETOOMANY || wait <= 4*time.Hour || wait > 5*time.Hour {
		t.Fatalf("6th: %v (wait %s)", err, wait)
	}
	if msg := apperr.MessageOf(err); msg != "Vous avez déjà envoyé plusieurs réclamations aujourd’hui depuis cette connexion. Vous pourrez en envoyer une nouvelle dans 5\u00a0heures, ou écrivez-nous dès maintenant à reclamations@horizon-courtage.example." {
		t.Errorf("message %q", msg)
	}
	if _, err := e.svc.File(ctx, account.Visitor, from("2001:db8::1")); err != nil {
		t.Errorf("another address: %v", err)
	}
	if _, err := e.svc.File(ctx, account.Visitor, draft()); err != nil {
		t.Errorf("no address: %v", err)
	}
	e.clock.Advance(24*time.Hour/5 + time.Second)
	if _, err := e.svc.File(ctx, account.Visitor, from("203.0.113.7")); err != nil {
		t.Errorf("after the wait: %v", err)
	}
}

// count is the number of rows of table.
func (e *env) count(t *testing.T, table string) int {
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

// TestRetention: a complaint answered or closed 5 years ago goes at the
// next complaint filed, with its history and replies; an open one stays,
// however old, and so does one answered more recently.
func TestRetention(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	answered := e.into(t, StatusAnswered)
	closed := e.into(t, StatusClosed)
	open := e.into(t, StatusAcknowledged)
	e.clock.Advance(2 * 365 * 24 * time.Hour)
	recent := e.into(t, StatusAnswered)
	e.clock.Advance(3*365*24*time.Hour + time.Hour)
	e.file(t, account.Visitor)
	for id, kept := range map[string]bool{answered: false, closed: false, open: true, recent: true} {
		_, err := e.svc.StaffDetail(ctx, e.admin, id)
		if kept != (err == nil) {
			t.Errorf("%s kept %v: %v", e.request(t, id).Request.Status, kept, err)
		}
	}
	if n := e.count(t, "request_replies"); n != 2 {
		t.Errorf("%d replies left, want the open and the recent one's", n)
	}
}

// TestErasure: deleting the client's account deletes their complaints,
// their history and replies; the visitor's and other clients' stay.
func TestErasure(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	mine := e.into(t, StatusAnswered)
	others := e.file(t, e.other)
	visitor := e.file(t, account.Visitor)
	_, sess, err := e.accounts.SignIn(ctx, account.Credentials{Email: "claire@exemple.fr", Password: "cheval-agrafe-correct-42", IP: "192.0.2.200"})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.accounts.DeleteAccount(ctx, sess, "cheval-agrafe-correct-42"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.StaffDetail(ctx, e.admin, mine); codeOf(err) != apperr.ENOTFOUND {
		t.Errorf("the client's complaint: %v", err)
	}
	for _, id := range []string{others.ID, visitor.ID} {
		if _, err := e.svc.StaffDetail(ctx, e.admin, id); err != nil {
			t.Errorf("complaint %s: %v", id, err)
		}
	}
	if n := e.count(t, "complaints"); n != 2 {
		t.Errorf("%d complaints left", n)
	}
	if n := e.count(t, "request_replies"); n != 0 {
		t.Errorf("%d replies left", n)
	}
}

// TestExport: the client's complaints with what they wrote and both
// replies; nothing of anyone else's, and no internal note.
func TestExport(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	id := e.taken(t)
	e.file(t, e.other)
	e.file(t, account.Visitor)
	if _, err := e.desk.AddNote(ctx, e.agent, id, "Client connu, déjà deux réclamations."); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Acknowledge(ctx, e.agent, id, ackText); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Answer(ctx, e.agent, id, answerText); err != nil {
		t.Fatal(err)
	}
	list, err := e.svc.Export(ctx, e.client)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 {
		t.Fatalf("%d complaints exported", len(list))
	}
	x := list[0]
	if x.Ref != "RC-2026-000001" || x.Status != "Réponse envoyée" || x.Subject != draft().Subject || x.Facts != draft().Facts ||
		x.Demand != draft().Demand || x.AcknowledgedAt == "" || x.AnsweredAt == "" || x.ConsentAt == "" {
		t.Errorf("export %+v", x)
	}
	if len(x.Replies) != 2 || x.Replies[0].Body != ackText || x.Replies[1].Label != LabelAnswer {
		t.Errorf("replies %+v", x.Replies)
	}
	if other, _ := e.svc.Export(ctx, e.agent2); len(other) != 0 {
		t.Errorf("someone else's export: %+v", other)
	}
}
