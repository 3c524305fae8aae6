package app

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/contact"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestReopenedContactRequestsAreDueAgain: a message answered, or a
// callback called, that staff put back « En cours » is owed an answer or
// a call within the company's delay again, counted from the reopening.
func TestReopenedContactRequestsAreDueAgain(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)) // Monday 10:00 in Paris
	a, err := Open(ctx, Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	// Staff set up their second factor at the clock's time, as they must to act.
	u := accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agent@exemple.fr", Password: "cheval-agrafe-correct-42", DisplayName: "Agnès", Role: account.RoleAdmin}, clock.Now())
	staff := account.ActorOf(u)
	msg, err := a.Contacts.SendMessage(ctx, account.Visitor, contact.MessageDraft{Name: "Léa", Email: "lea@exemple.fr", Subject: "other", Message: "Une question simple.", Consent: true})
	if err != nil {
		t.Fatal(err)
	}
	cb, err := a.Contacts.RequestCallback(ctx, account.Visitor, contact.CallbackDraft{Name: "Léa", Phone: "0639981234", Consent: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Contacts.Reply(ctx, staff, msg.ID, "Voici."); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Contacts.LogCall(ctx, staff, cb.ID, contact.OutcomeReached, ""); err != nil {
		t.Fatal(err)
	}
	clock.Advance(24 * time.Hour) // Tuesday 10:00
	for _, c := range []struct {
		id  string
		due time.Time
	}{
		{msg.ID, a.Calendar.AddWorkingDays(clock.Now(), a.Company.AnswerDelays.ContactWorkingDays)},
		{cb.ID, a.Calendar.AddWorkingHours(clock.Now(), a.Company.AnswerDelays.CallbackWorkingHours)},
	} {
		v, err := a.Desk.SetStatus(ctx, staff, c.id, contact.StatusInProgress)
		if err != nil {
			t.Fatal(err)
		}
		if v.DueAt != store.FormatTime(c.due) {
			t.Errorf("%s reopened: due %q, want %s", v.Kind, v.DueAt, store.FormatTime(c.due))
		}
	}
}
