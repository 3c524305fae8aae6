package privacy

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/chat"
	"courtier/pkg/company"
	"courtier/pkg/complaint"
	"courtier/pkg/desk"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// withComplaints builds the complaint service over e's store and a queue
// that knows complaints, and an agent to acknowledge and answer them.
func (e *env) withComplaints(t *testing.T) (*complaint.Service, *desk.Service, account.Actor) {
	t.Helper()
	co, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	cal, err := co.Calendar()
	if err != nil {
		t.Fatal(err)
	}
	queue := desk.New(e.db, e.accounts, desk.Config{Now: e.clock.Now, Location: cal.Location()}, quote.Machine, complaint.Machine)
	svc, err := complaint.New(e.db, complaint.Config{Desk: queue, Calendar: cal, Procedure: co.Complaints, Mediator: co.Mediator, Now: e.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := e.register(t, "agent@horizon.example")
	if _, _, err = e.accounts.SetRole(context.Background(), u.Email, account.RoleAgent); err != nil {
		t.Fatal(err)
	}
	return svc, queue, account.ActorOf(e.setUp(t, u.Email))
}

// complaintDraft is a valid complaint.
func complaintDraft() complaint.Draft {
	return complaint.Draft{Subject: "Remboursement non reçu", Facts: "Le remboursement promis en janvier n'est jamais arrivé.",
		Demand: "Le remboursement.", Name: "Jeanne", Email: "jeanne@exemple.fr", Consent: true}
}

// TestExportHasTheComplaints: the client's complaints, with what they
// wrote, the acknowledgement and the answer; neither the internal notes
// nor a visitor's complaint. The document stays the indented JSON of the
// account, quoteRequests, complaints and chatConversations.
func TestExportHasTheComplaints(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	svc, queue, agent := e.withComplaints(t)
	filed, err := svc.File(ctx, account.ActorOf(e.user), complaintDraft())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.File(ctx, account.Visitor, complaintDraft()); err != nil {
		t.Fatal(err)
	}
	if _, err := queue.Take(ctx, agent, filed.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := queue.AddNote(ctx, agent, filed.ID, "Note interne à ne pas exporter."); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Acknowledge(ctx, agent, filed.ID, "Bonjour, nous avons bien reçu votre réclamation."); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Answer(ctx, agent, filed.ID, "Bonjour, le remboursement vous a été adressé."); err != nil {
		t.Fatal(err)
	}
	e.quote(t)
	e.chat(t, "bonjour")
	s := New(Config{Accounts: e.accounts, Kinds: []desk.Export{*e.quotes.Spec().Export, *svc.Spec().Export}, Chats: e.chats})
	got := export(t, s, e.sess)
	var doc struct {
		*account.Export
		QuoteRequests     []json.RawMessage    `json:"quoteRequests"`
		Policyholder      account.Policyholder `json:"policyholder"`
		Complaints        []complaint.Export   `json:"complaints"`
		ChatConversations []chat.Conversation  `json:"chatConversations"`
	}
	if err := json.Unmarshal(got, &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got)
	}
	want, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if want = append(want, '\n'); !bytes.Equal(got, want) {
		t.Errorf("not the indented document:\n%s\nwant\n%s", got, want)
	}
	if len(doc.Complaints) != 1 || len(doc.QuoteRequests) != 1 || len(doc.ChatConversations) != 1 {
		t.Fatalf("%d complaints, %d quotes, %d conversations", len(doc.Complaints), len(doc.QuoteRequests), len(doc.ChatConversations))
	}
	c := doc.Complaints[0]
	if c.Ref != filed.Ref || c.Status != "Réponse envoyée" || c.Facts != complaintDraft().Facts || len(c.Replies) != 2 ||
		c.Replies[0].Label != complaint.LabelAcknowledgement || !strings.HasPrefix(c.Replies[1].Body, "Bonjour, le remboursement") {
		t.Errorf("complaint %+v", c)
	}
	for _, leak := range []string{"Note interne", "jeanne@exemple.fr"} {
		if bytes.Contains(got, []byte(leak)) {
			t.Errorf("export holds %q", leak)
		}
	}
}

// TestErasureDeletesTheComplaints: deleting the account deletes its
// complaints with their history and replies; a visitor's stays.
func TestErasureDeletesTheComplaints(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	svc, queue, agent := e.withComplaints(t)
	filed, err := svc.File(ctx, account.ActorOf(e.user), complaintDraft())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.File(ctx, account.Visitor, complaintDraft()); err != nil {
		t.Fatal(err)
	}
	if _, err := queue.Take(ctx, agent, filed.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Answer(ctx, agent, filed.ID, "Bonjour, le remboursement vous a été adressé."); err != nil {
		t.Fatal(err)
	}
	if err := e.accounts.DeleteAccount(ctx, e.sess, "cheval-agrafe-correct-42"); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	err = e.db.ReadTx(ctx, func(tx *store.Tx) error {
		for _, q := range []string{"complaints", "request_replies", "request_events WHERE request_id = '" + filed.ID + "'"} {
			var n int
			if err := tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM "+q).Scan(&n); err != nil {
				return err
			}
			counts[q] = n
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if counts["complaints"] != 1 || counts["request_replies"] != 0 || counts["request_events WHERE request_id = '"+filed.ID+"'"] != 0 {
		t.Errorf("after erasure: %v", counts)
	}
}
