package quote

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// allStatuses are the statuses of a quote request, each reached as the product does.
var allStatuses = []desk.Status{StatusReceived, StatusInReview, StatusOffered, StatusAccepted, StatusDeclined, StatusClosed}

func TestSendOffersFromEachStatus(t *testing.T) {
	allowed := map[desk.Status]bool{StatusReceived: true, StatusInReview: true, StatusDeclined: true}
	for _, st := range allStatuses {
		t.Run(string(st), func(t *testing.T) {
			f := newFixture(t, Limit{})
			cast := f.cast(t)
			id := f.requestIn(t, cast, st)
			before, _ := f.svc.StaffDetail(context.Background(), cast["admin"], id)
			r, err := f.svc.SendOffers(context.Background(), cast["agent"], id, twoOffers())
			if !allowed[st] {
				wantCode(t, err, apperr.ECONFLICT)
				after, _ := f.svc.StaffDetail(context.Background(), cast["admin"], id)
				if after.Status != st || len(after.Offers) != len(before.Offers) || len(after.Replies) != len(before.Replies) {
					t.Fatalf("changed by a refused sending: %+v", after)
				}
				return
			}
			wantCode(t, err, "")
			if r.Status != StatusOffered || len(r.Offers) != len(before.Offers)+2 || r.Offers[0].CreatedByName != "Nom agent" {
				t.Fatalf("after sending: %s, %d offers", r.Status, len(r.Offers))
			}
			// The older offers, declined by the client, stay as they were.
			want := []OfferStatus{OfferProposed, OfferProposed}
			if st == StatusDeclined {
				want = append(want, OfferDeclined, OfferDeclined)
			}
			if got := offerStatuses(r.Offers); !slices.Equal(got, want) {
				t.Fatalf("offers %v, want %v", got, want)
			}
			d := f.detail(t, id)
			if d.Request.DueAt != "" || d.Request.Waiting {
				t.Fatalf("the client decides, no deadline: %+v", d.Request)
			}
			reply := d.Replies[len(d.Replies)-1]
			for _, part := range []string{"Nous vous proposons 2\u00a0offres\u00a0:", "• Assurances Mutuelles de l'Ouest, Auto Confort\u00a0: 45,90\u00a0€ par mois ou 520,00\u00a0€ par an, valable jusqu’au 1er\u00a0avril 2026",
				"Prévoyance du Rhône, Auto Essentiel\u00a0: 31,00\u00a0€ par mois ou 340,00\u00a0€ par an", "«\u00a0Mes devis\u00a0»"} {
				if reply.Label != OffersSentLabel || reply.AuthorName != "Nom agent" || !strings.Contains(reply.Body, part) {
					t.Fatalf("reply %+v lacks %q", reply, part)
				}
			}
			if last := d.History[len(d.History)-1]; last.Action != "reply" || d.History[len(d.History)-2].Detail != "Offres envoyées (2)" {
				t.Fatalf("history %+v", d.History)
			}
		})
	}
}

func TestSendOffersWithdrawsTheProposedOnes(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	cast := f.cast(t)
	id := f.requestIn(t, cast, StatusOffered)
	if _, err := f.desk.SetStatus(ctx, cast["agent"], id, StatusInReview); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(time.Hour)
	one := goodOffer()
	one.MonthlyCents, one.YearlyCents = 4200, 48000
	r, err := f.svc.SendOffers(ctx, cast["agent"], id, []OfferDraft{one})
	if err != nil {
		t.Fatal(err)
	}
	if got := offerStatuses(r.Offers); !slices.Equal(got, []OfferStatus{OfferProposed, OfferWithdrawn, OfferWithdrawn}) {
		t.Fatalf("offers %v", got)
	}
	if !r.Offers[1].DecidedAt.Equal(f.clock.Now()) || !r.Offers[0].DecidedAt.IsZero() {
		t.Fatalf("decided at %v / %v", r.Offers[1].DecidedAt, r.Offers[0].DecidedAt)
	}
	if !strings.HasPrefix(r.Replies[len(r.Replies)-1].Body, "Nous vous proposons une offre\u00a0:") {
		t.Fatalf("reply %q", r.Replies[len(r.Replies)-1].Body)
	}
	_, err = f.svc.Accept(ctx, cast["client"], id, r.Offers[1].ID)
	wantCode(t, err, apperr.ECONFLICT)
}

func TestAcceptFromEachStatus(t *testing.T) {
	for _, st := range allStatuses {
		t.Run(string(st), func(t *testing.T) {
			f := newFixture(t, Limit{})
			ctx := context.Background()
			cast := f.cast(t)
			id := f.requestIn(t, cast, st)
			before, _ := f.svc.Get(ctx, cast["client"], id)
			offer := "inconnue"
			if len(before.Offers) > 0 {
				offer = before.Offers[1].ID
			}
			f.clock.Advance(time.Hour)
			r, err := f.svc.Accept(ctx, cast["client"], id, offer)
			if st != StatusOffered {
				wantCode(t, err, apperr.ECONFLICT)
				after, _ := f.svc.Get(ctx, cast["client"], id)
				if after.Status != st || !slices.Equal(offerStatuses(after.Offers), offerStatuses(before.Offers)) {
					t.Fatalf("changed by a refused acceptance: %+v", after)
				}
				return
			}
			wantCode(t, err, "")
			if r.Status != StatusAccepted || !slices.Equal(offerStatuses(r.Offers), []OfferStatus{OfferDeclined, OfferAccepted}) {
				t.Fatalf("after acceptance: %s %v", r.Status, offerStatuses(r.Offers))
			}
			if r.Offers[1].Acceptable || r.Offers[0].Acceptable || !r.Offers[1].DecidedAt.Equal(f.clock.Now()) {
				t.Fatalf("offers %+v", r.Offers)
			}
			d := f.detail(t, id)
			due := f.cal.AddWorkingHours(f.clock.Now(), 24)
			if d.Request.DueAt != store.FormatTime(due) || !d.Request.Waiting {
				t.Fatalf("due %q, want %s: the agent follows up", d.Request.DueAt, store.FormatTime(due))
			}
			if last := d.History[len(d.History)-1]; last.Action != "accepted" || last.ActorName != "Nom client" ||
				last.Detail != "Offre choisie\u00a0: Prévoyance du Rhône, Auto Essentiel (31,00\u00a0€ par mois)" {
				t.Fatalf("history %+v", last)
			}
		})
	}
}

func TestAcceptChecksTheOffer(t *testing.T) {
	tests := []struct {
		name  string
		offer func(f *fixture, other string, offers []Offer) string
		code  apperr.Code
		msg   string
	}{
		{name: "no offer", offer: func(*fixture, string, []Offer) string { return "" }, code: apperr.EINVALID, msg: "Choisissez une offre."},
		{name: "unknown offer", offer: func(*fixture, string, []Offer) string { return "inconnue" }, code: apperr.ENOTFOUND},
		{name: "an offer of another request", offer: func(_ *fixture, other string, _ []Offer) string { return other }, code: apperr.ENOTFOUND},
		{name: "valid on its last day", offer: func(f *fixture, _ string, o []Offer) string {
			f.clock.Advance(30*24*time.Hour + 12*time.Hour + 59*time.Minute) // 1 April, 21:59 UTC: 23:59 in Paris (summer time)
			return o[0].ID
		}},
		{name: "expired at midnight in Paris", offer: func(f *fixture, _ string, o []Offer) string {
			f.clock.Advance(30*24*time.Hour + 13*time.Hour) // 1 April, 22:00 UTC: 2 April in Paris
			return o[0].ID
		}, code: apperr.ECONFLICT, msg: "n’était valable que jusqu’au 1er\u00a0avril 2026"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, Limit{})
			ctx := context.Background()
			cast := f.cast(t)
			id := f.requestIn(t, cast, StatusOffered)
			other, err := f.svc.StaffDetail(ctx, cast["admin"], f.requestIn(t, cast, StatusOffered))
			if err != nil {
				t.Fatal(err)
			}
			mine, _ := f.svc.Get(ctx, cast["client"], id)
			_, err = f.svc.Accept(ctx, cast["client"], id, tt.offer(f, other.Offers[0].ID, mine.Offers))
			wantCode(t, err, tt.code)
			if !strings.Contains(apperr.MessageOf(err), tt.msg) {
				t.Fatalf("message %q lacks %q", apperr.MessageOf(err), tt.msg)
			}
			if got, _ := f.svc.Get(ctx, cast["client"], id); tt.code != "" && got.Status != StatusOffered {
				t.Fatalf("refused, yet %s", got.Status)
			}
		})
	}
}

func TestExpiredOffersAreMarked(t *testing.T) {
	f := newFixture(t, Limit{})
	ctx := context.Background()
	cast := f.cast(t)
	id := f.requestIn(t, cast, StatusOffered)
	f.clock.Advance(30*24*time.Hour + 13*time.Hour)
	r, err := f.svc.Get(ctx, cast["client"], id)
	if err != nil {
		t.Fatal(err)
	}
	if o := r.Offers[0]; !o.Expired || o.Acceptable || o.label() != "Expirée" || !r.Offers[1].Expired {
		t.Fatalf("offer %+v", o)
	}
	// Declining stays possible: the client may say why none suits.
	if _, err := f.svc.Decline(ctx, cast["client"], id, "Expirées"); err != nil {
		t.Fatal(err)
	}
}
