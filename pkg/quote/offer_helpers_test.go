package quote

import (
	"context"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
)

// roles are the actors of the authorization tables: the client who sent
// the request, another client, the agent who took it, an agent who did
// not, an admin, and a visitor.
var roles = []string{"visitor", "client", "other", "agent", "agent2", "admin"}

// cast creates an account for each role but the visitor.
func (f *fixture) cast(t *testing.T) map[string]account.Actor {
	t.Helper()
	out := map[string]account.Actor{"visitor": account.Visitor}
	for who, role := range map[string]account.Role{"client": account.RoleClient, "other": account.RoleClient,
		"agent": account.RoleAgent, "agent2": account.RoleAgent, "admin": account.RoleAdmin} {
		// Staff set up their second factor at the clock's time, as they must to act.
		u := accounttest.Staff(t, f.accounts, account.NewUser{
			Email: who + "@exemple.fr", Password: "cheval-agrafe-correct-42", DisplayName: "Nom " + who, Role: role}, f.clock.Now())
		out[who] = account.ActorOf(u)
	}
	return out
}

// twoOffers is a sending of two valid offers.
func twoOffers() []OfferDraft {
	second := goodOffer()
	second.Insurer, second.ProductName, second.MonthlyCents, second.YearlyCents = "Prévoyance du Rhône", "Auto Essentiel", 3100, 34000
	return []OfferDraft{goodOffer(), second}
}

// requestIn files a car quote of the cast's client, has the cast's agent
// take it, and brings it to status st the way the product does.
func (f *fixture) requestIn(t *testing.T, cast map[string]account.Actor, st desk.Status) string {
	t.Helper()
	ctx := context.Background()
	r, err := f.svc.Create(ctx, cast["client"], draftOf(t, ProductCar, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.desk.Take(ctx, cast["agent"], r.ID); err != nil {
		t.Fatal(err)
	}
	step := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("bringing %s to %s: %v", r.ID, st, err)
		}
	}
	switch st {
	case StatusReceived: // taking it started the study: back to « Nouvelle » by hand
		_, err := f.desk.SetStatus(ctx, cast["agent"], r.ID, st)
		step(err)
	case StatusInReview, StatusClosed:
		_, err := f.desk.SetStatus(ctx, cast["agent"], r.ID, st)
		step(err)
	case StatusOffered, StatusAccepted, StatusDeclined:
		sent, err := f.svc.SendOffers(ctx, cast["agent"], r.ID, twoOffers())
		step(err)
		if st == StatusAccepted {
			_, err = f.svc.Accept(ctx, cast["client"], r.ID, sent.Offers[0].ID)
		}
		if st == StatusDeclined {
			_, err = f.svc.Decline(ctx, cast["client"], r.ID, "Trop cher pour moi.")
		}
		step(err)
	}
	return r.ID
}

// detail is the request as staff read it in the queue, with its history.
func (f *fixture) detail(t *testing.T, id string) *desk.Detail {
	t.Helper()
	d, err := f.desk.Get(context.Background(), account.Actor{UID: "test", Role: account.RoleAdmin}, id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// wantCode fails unless err has code want ("" for no error).
func wantCode(t *testing.T, err error, want apperr.Code) {
	t.Helper()
	if want == "" && err != nil {
		t.Fatalf("refused: %v", err)
	}
	if want != "" && apperr.CodeOf(err) != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

// offerStatuses lists the statuses of offers in order.
func offerStatuses(offers []Offer) []OfferStatus {
	out := make([]OfferStatus, len(offers))
	for i, o := range offers {
		out[i] = o.Status
	}
	return out
}
