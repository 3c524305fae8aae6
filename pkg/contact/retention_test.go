package contact

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// TestAccountLimit: a client sends at most 10 messages and 10 callbacks
// in 24 hours; visitors are bounded by their address, in the web server.
func TestAccountLimit(t *testing.T) {
	f := newFixture(t, monday)
	ctx := context.Background()
	client := f.people["client"]
	for range 10 {
		f.message(t, client)
		f.message(t, account.Visitor)
	}
	_, err := f.svc.SendMessage(ctx, client, visitorMessage())
	checkCode(t, err, apperr.ETOOMANY, "", "déjà envoyé 10 messages")
	if _, err := f.svc.SendMessage(ctx, account.Visitor, visitorMessage()); err != nil {
		t.Errorf("visitor refused: %v", err)
	}
	f.callback(t, client) // another kind, another count
	if _, err := f.svc.SendMessage(ctx, f.people["other"], visitorMessage()); err != nil {
		t.Errorf("other client refused: %v", err)
	}
	f.clock.Advance(24 * time.Hour)
	if _, err := f.svc.SendMessage(ctx, client, visitorMessage()); err != nil {
		t.Errorf("a day later: %v", err)
	}
}

// TestPurgeAfterRetention: answered, called and closed requests go 12
// months after their last change, when a new request arrives; open ones
// stay, however old.
func TestPurgeAfterRetention(t *testing.T) {
	f := newFixture(t, monday)
	ctx := context.Background()
	answered := f.message(t, f.people["client"])
	called := f.callback(t, account.Visitor)
	closed := f.message(t, account.Visitor)
	open := f.message(t, account.Visitor)
	recent := f.message(t, account.Visitor)
	for _, id := range []string{answered.ID, called.ID, closed.ID, recent.ID} {
		f.take(t, id, "agent")
	}
	if _, err := f.svc.Reply(ctx, f.people["agent"], answered.ID, "Réponse"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.LogCall(ctx, f.people["agent"], called.ID, OutcomeReached, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.desk.SetStatus(ctx, f.people["agent"], closed.ID, StatusClosed); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(40 * 24 * time.Hour)
	if _, err := f.svc.Reply(ctx, f.people["agent"], recent.ID, "Réponse"); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(330 * 24 * time.Hour) // 370 days after the first ones, 330 after recent
	f.message(t, account.Visitor)
	for _, c := range []struct {
		id   string
		kept bool
	}{{answered.ID, false}, {called.ID, false}, {closed.ID, false}, {open.ID, true}, {recent.ID, true}} {
		var n int
		err := f.db.ReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(context.Background(), `SELECT (SELECT COUNT(*) FROM requests WHERE id = ?) + (SELECT COUNT(*) FROM contact_messages WHERE id = ?)
				+ (SELECT COUNT(*) FROM callback_requests WHERE id = ?) + (SELECT COUNT(*) FROM request_replies WHERE request_id = ?)
				+ (SELECT COUNT(*) FROM request_events WHERE request_id = ?)`, c.id, c.id, c.id, c.id, c.id).Scan(&n)
		})
		if err != nil {
			t.Fatal(err)
		}
		if (n > 0) != c.kept {
			t.Errorf("request %s: %d rows, kept %v", c.id, n, c.kept)
		}
	}
}

// TestExport: a client's messages and callbacks with what was answered,
// never another's, never internal notes; a visitor's request is in nobody's.
func TestExport(t *testing.T) {
	f := newFixture(t, monday)
	ctx := context.Background()
	msg := f.message(t, f.people["client"])
	cb := f.callback(t, f.people["client"])
	f.message(t, f.people["other"])
	f.message(t, account.Visitor)
	f.take(t, msg.ID, "agent")
	if _, err := f.svc.Reply(ctx, f.people["agent"], msg.ID, "Voici la réponse."); err != nil {
		t.Fatal(err)
	}
	if _, err := f.desk.AddNote(ctx, f.people["agent"], msg.ID, "client pressé, note interne"); err != nil {
		t.Fatal(err)
	}
	ex, err := f.svc.Export(ctx, f.people["client"].UID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Messages) != 1 || len(ex.Callbacks) != 1 {
		t.Fatalf("export %+v", ex)
	}
	m, c := ex.Messages[0], ex.Callbacks[0]
	if m.Ref != msg.Ref || m.Status != "Répondu" || m.Subject != "Question sur un contrat" || len(m.Replies) != 1 || m.Replies[0].Body != "Voici la réponse." {
		t.Errorf("message %+v", m)
	}
	if c.Ref != cb.Ref || c.Status != "Reçu" || c.Phone != "0639981234" || c.Product != "Assurance auto et moto" || c.SlotStart != cb.SlotStart || len(c.Replies) != 0 || c.Replies == nil {
		t.Errorf("callback %+v", c)
	}
	b, _ := json.Marshal(ex)
	if strings.Contains(string(b), "note interne") {
		t.Error("an internal note is in the export")
	}
}
