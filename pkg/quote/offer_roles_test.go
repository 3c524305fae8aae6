package quote

import (
	"context"
	"strings"
	"testing"

	"courtier/pkg/apperr"
)

// byRole is what each role gets from one method on the cast's request.
type byRole map[string]apperr.Code

func TestOfferMethodsByRole(t *testing.T) {
	tests := []struct {
		method string
		want   byRole
		call   func(f *fixture, who, id string) error
	}{
		{method: "SendOffers", want: byRole{"visitor": apperr.EUNAUTHORIZED, "client": apperr.EFORBIDDEN, "other": apperr.EFORBIDDEN, "agent2": apperr.EFORBIDDEN},
			call: func(f *fixture, who, id string) error {
				_, err := f.svc.SendOffers(context.Background(), f.actors[who], id, twoOffers())
				return err
			}},
		{method: "StaffDetail", want: byRole{"visitor": apperr.EUNAUTHORIZED, "client": apperr.EFORBIDDEN, "other": apperr.EFORBIDDEN},
			call: func(f *fixture, who, id string) error {
				r, err := f.svc.StaffDetail(context.Background(), f.actors[who], id)
				if err == nil && (r.ID != id || len(r.Offers) != 2 || r.Details == nil) {
					t.Errorf("staff detail %+v", r)
				}
				return err
			}},
		{method: "Get", want: byRole{"visitor": apperr.EUNAUTHORIZED, "other": apperr.ENOTFOUND, "agent": apperr.ENOTFOUND, "agent2": apperr.ENOTFOUND, "admin": apperr.ENOTFOUND},
			call: func(f *fixture, who, id string) error {
				r, err := f.svc.Get(context.Background(), f.actors[who], id)
				if err == nil && (len(r.Offers) != 2 || !r.Offers[0].Acceptable || len(r.Replies) != 1) {
					t.Errorf("client's view %+v", r)
				}
				return err
			}},
		{method: "Accept", want: byRole{"visitor": apperr.EUNAUTHORIZED, "other": apperr.ENOTFOUND, "agent": apperr.ENOTFOUND, "agent2": apperr.ENOTFOUND, "admin": apperr.ENOTFOUND},
			call: func(f *fixture, who, id string) error {
				offer := "inconnue"
				if r, err := f.svc.StaffDetail(context.Background(), f.actors["admin"], id); err == nil {
					offer = r.Offers[0].ID
				}
				_, err := f.svc.Accept(context.Background(), f.actors[who], id, offer)
				return err
			}},
		{method: "Decline", want: byRole{"visitor": apperr.EUNAUTHORIZED, "other": apperr.ENOTFOUND, "agent": apperr.ENOTFOUND, "agent2": apperr.ENOTFOUND, "admin": apperr.ENOTFOUND},
			call: func(f *fixture, who, id string) error {
				_, err := f.svc.Decline(context.Background(), f.actors[who], id, "Je préfère attendre.")
				return err
			}},
	}
	for _, tt := range tests {
		for _, who := range roles {
			t.Run(tt.method+" as "+who, func(t *testing.T) {
				f := newFixture(t, Limit{})
				f.actors = f.cast(t)
				// SendOffers acts on a received request; the others once offers were sent.
				st := StatusOffered
				if tt.method == "SendOffers" {
					st = StatusReceived
				}
				id := f.requestIn(t, f.actors, st)
				wantCode(t, tt.call(f, who, id), tt.want[who])
				if code := tt.want[who]; code == apperr.ENOTFOUND && apperr.MessageOf(tt.call(f, who, "inconnue")) != apperr.MessageOf(tt.call(f, who, id)) {
					t.Fatal("someone else's request must read as an unknown one")
				}
				after, _ := f.svc.StaffDetail(context.Background(), f.actors["admin"], id)
				if tt.want[who] != "" && after.Status != st {
					t.Fatalf("refused, yet %s", after.Status)
				}
			})
		}
	}
}

func TestAdminSendsOffersWithoutTakingTheRequest(t *testing.T) {
	f := newFixture(t, Limit{})
	cast := f.cast(t)
	r, err := f.svc.Create(context.Background(), cast["client"], draftOf(t, ProductHome, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SendOffers(context.Background(), cast["agent"], r.ID, twoOffers()); apperr.CodeOf(err) != apperr.EFORBIDDEN ||
		!strings.Contains(apperr.MessageOf(err), "Prenez d’abord cette demande en charge.") {
		t.Fatalf("an agent who did not take it: %v", err)
	}
	if _, err := f.svc.SendOffers(context.Background(), cast["admin"], r.ID, twoOffers()); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.SendOffers(context.Background(), cast["admin"], "inconnue", twoOffers())
	wantCode(t, err, apperr.ENOTFOUND)
}

func TestDeclineFromEachStatus(t *testing.T) {
	for _, st := range allStatuses {
		t.Run(string(st), func(t *testing.T) {
			f := newFixture(t, Limit{})
			ctx := context.Background()
			cast := f.cast(t)
			id := f.requestIn(t, cast, st)
			r, err := f.svc.Decline(ctx, cast["client"], id, " Trop cher :\r\nje reste chez mon assureur. ")
			if st != StatusOffered {
				wantCode(t, err, apperr.ECONFLICT)
				return
			}
			wantCode(t, err, "")
			if r.Status != StatusDeclined || r.DeclineReason != "Trop cher :\nje reste chez mon assureur." || !r.DeclinedAt.Equal(f.clock.Now()) {
				t.Fatalf("declined %+v", r)
			}
			for _, o := range r.Offers {
				if o.Status != OfferDeclined || o.Acceptable || !o.DecidedAt.Equal(f.clock.Now()) {
					t.Fatalf("offer %+v", o)
				}
			}
			d := f.detail(t, id)
			if last := d.History[len(d.History)-1]; last.Action != "declined" || !strings.HasPrefix(last.Detail, "Offres refusées\u00a0: Trop cher") || d.Request.DueAt != "" {
				t.Fatalf("history %+v, due %q", last, d.Request.DueAt)
			}
		})
	}
}

func TestDeclineNeedsAReason(t *testing.T) {
	for reason, want := range map[string]string{
		"":                        "Dites-nous pourquoi ces offres ne vous conviennent pas.",
		" \u200b ":                "Dites-nous pourquoi ces offres ne vous conviennent pas.",
		strings.Repeat("é", 1001): "1\u00a0000\u00a0caractères",
		"Trop\u202e cher":         "non autorisés",
		"Trop cher\x00":           "non autorisés",
	} {
		f := newFixture(t, Limit{})
		cast := f.cast(t)
		id := f.requestIn(t, cast, StatusOffered)
		_, err := f.svc.Decline(context.Background(), cast["client"], id, reason)
		if apperr.CodeOf(err) != apperr.EINVALID || !strings.Contains(apperr.MessageOf(err), want) {
			t.Fatalf("reason %q: %v", reason, err)
		}
		if r, _ := f.svc.Get(context.Background(), cast["client"], id); r.Status != StatusOffered || r.DeclineReason != "" {
			t.Fatalf("refused, yet %+v", r)
		}
	}
}
