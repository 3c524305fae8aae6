package app

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/complaint"
	"courtier/pkg/contact"
	"courtier/pkg/event"
	"courtier/pkg/mail"
	"courtier/pkg/quote"
	"courtier/pkg/store/storetest"
)

// TestTheBrokersDayWritesItsMails: each step a client must hear of, taken
// through the services, leaves its mail in the outbox once the events are
// dispatched, to the right person, about the right request; a rolled-back
// step (a refused offer) leaves nothing.
func TestTheBrokersDayWritesItsMails(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := Open(ctx, Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}},
		Mail:    MailConfig{PublicURL: "https://courtier.example"}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	// Staff set up their second factor at the clock's time, as they must to
	// act: the owner hears of it (the account's mail in want below).
	u := accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agnes@exemple.fr", Password: "cheval-agrafe-correct-42", DisplayName: "Agnès Roy", Role: account.RoleAdmin}, clock.Now())
	staff := account.ActorOf(u)
	c, err := a.Accounts.Create(ctx, account.NewUser{Email: "marie@exemple.fr", Password: "cheval-agrafe-correct-42", DisplayName: "Marie Durand"})
	if err != nil {
		t.Fatal(err)
	}
	client := account.ActorOf(c)

	q, err := a.Quotes.Create(ctx, client, quote.Draft{Product: "home", Contact: quote.Contact{Method: "email"},
		Details: json.RawMessage(`{"occupancy":"proprietaire-occupant","housingType":"maison","surface":120,"rooms":5,"postalCode":"69002"}`)})
	if err != nil {
		t.Fatal(err)
	}
	offer := quote.OfferDraft{Insurer: "Mutuelle du Littoral", ProductName: "Habitation Sérénité", MonthlyCents: 1850, YearlyCents: 21000,
		Guarantees: []string{"Dégâts des eaux"}, DeductibleCents: 15000, ValidUntil: "2026-04-15"}
	sent, err := a.Quotes.SendOffers(ctx, staff, q.ID, []quote.OfferDraft{offer, offer})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Quotes.Accept(ctx, client, q.ID, "no-such-offer"); err == nil {
		t.Fatal("accepted an offer that does not exist")
	}
	if _, err := a.Quotes.Accept(ctx, client, q.ID, sent.Offers[1].ID); err != nil {
		t.Fatal(err)
	}
	msg, err := a.Contacts.SendMessage(ctx, account.Visitor, contact.MessageDraft{Name: "Léa Roux", Email: "lea@exemple.fr", Subject: "other", Message: "Une question simple.", Consent: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Contacts.Reply(ctx, staff, msg.ID, "Voici la réponse,\nsur deux lignes."); err != nil {
		t.Fatal(err)
	}
	// A visitor's callback by phone alone: no address, no mail.
	if _, err := a.Contacts.RequestCallback(ctx, account.Visitor, contact.CallbackDraft{Name: "Léa Roux", Phone: "0639981234", Consent: true}); err != nil {
		t.Fatal(err)
	}
	filed, err := a.Complaints.File(ctx, client, complaint.Draft{Name: "Marie Durand", Email: "marie@exemple.fr",
		Subject: "Remboursement non reçu", Facts: "Rien reçu depuis janvier.", Demand: "Le remboursement.", Consent: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Complaints.Acknowledge(ctx, staff, filed.ID, "Nous avons bien reçu votre réclamation."); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Complaints.Answer(ctx, staff, filed.ID, "Le remboursement part aujourd'hui."); err != nil {
		t.Fatal(err)
	}

	for {
		n, err := a.Events.Dispatch(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	list, err := a.Mail.List(ctx, account.Operator, mail.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(list)
	// In order within each request: each round hands the oldest pending
	// event of every aggregate, so requests interleave.
	type line struct{ template, to string }
	want := map[string][]line{
		q.ID:   {{"request-received-quote", "marie@exemple.fr"}, {"offers-sent", "marie@exemple.fr"}, {"offer-accepted", "marie@exemple.fr"}},
		msg.ID: {{"request-received-contact", "lea@exemple.fr"}, {"request-replied", "lea@exemple.fr"}},
		filed.ID: {{"request-received-complaint", "marie@exemple.fr"}, {"complaint-acknowledged", "marie@exemple.fr"},
			{"complaint-answered", "marie@exemple.fr"}},
		// The admin's second factor, set up before the day began.
		event.AccountAggregate(u.UID): {{"two-factor-enabled", "agnes@exemple.fr"}},
	}
	got := map[string][]line{}
	for _, m := range list {
		id := strings.TrimPrefix(m.Aggregate, "request:")
		got[id] = append(got[id], line{m.Template, m.To})
	}
	if len(got) != len(want) {
		t.Errorf("mails about %d requests, want %d: %v", len(got), len(want), got)
	}
	for id, w := range want {
		if !slices.Equal(got[id], w) {
			t.Errorf("request %s: mails %v, want %v", id, got[id], w)
		}
	}
	for _, m := range list {
		full, err := a.Mail.Get(ctx, account.Operator, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != mail.StatusPending || !strings.Contains(full.Text, "https://courtier.example") {
			t.Errorf("%s: %s, text without the public address:\n%s", m.Template, m.Status, full.Text)
		}
		switch m.Template {
		case "request-replied":
			if !strings.Contains(full.Text, "> Voici la réponse,\n> sur deux lignes.") || !strings.Contains(full.Text, "Agnès Roy") {
				t.Errorf("the reply is not in the mail:\n%s", full.Text)
			}
		case "complaint-answered":
			if !strings.Contains(full.Text, a.Company.Mediator.Name) {
				t.Errorf("the answer lacks the mediator:\n%s", full.Text)
			}
		case "offer-accepted":
			if !strings.Contains(full.Text, "Habitation Sérénité") {
				t.Errorf("the choice is not in the mail:\n%s", full.Text)
			}
		}
	}
	if n, err := event.Pending(ctx, a.Store.Reader(), mail.ConsumerName); err != nil || n != 0 {
		t.Errorf("%d events pending (%v)", n, err)
	}
}
