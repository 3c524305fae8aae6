package quote

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// OffersSentLabel is the label of the reply the client reads when offers arrive.
const OffersSentLabel = "Offres envoyées"

// today is the date of t in the company's time zone, as UTC midnight: the
// form in which validity dates are compared.
func (s *Service) today(t time.Time) time.Time {
	y, m, d := t.In(s.cal.Location()).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// markOffers sets Expired and Acceptable on r's offers as of today.
func markOffers(r *Request, today time.Time) {
	day := today.Format(time.DateOnly)
	for i := range r.Offers {
		o := &r.Offers[i]
		o.Expired = o.ValidUntil < day
		o.Acceptable = o.Status == OfferProposed && !o.Expired && r.Status == StatusOffered
	}
}

// SendOffers answers request id with 1 to MaxOffers offers: staff only, an
// agent on a request they took. Allowed while the broker owes the answer
// (received, in review) or after the client declined earlier offers; any
// offer still proposed is withdrawn. The request moves to offered with no
// deadline (the client decides) and the client reads a reply summing the
// offers up.
func (s *Service) SendOffers(ctx context.Context, actor account.Actor, id string, drafts []OfferDraft) (*Request, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := s.desk.Work(ctx, tx, actor, id, desk.KindQuote)
		if err != nil {
			return err
		}
		if err := canSend(r.Status); err != nil {
			return err
		}
		now := s.now()
		offers, err := validateOffers(drafts, s.today(now))
		if err != nil {
			return err
		}
		if err := settleOffers(ctx, tx, id, "", OfferWithdrawn, now); err != nil {
			return err
		}
		sending, err := nextSending(ctx, tx, id)
		if err != nil {
			return err
		}
		for i := range offers {
			o := &offers[i]
			o.ID, o.RequestID, o.CreatedBy, o.CreatedByName, o.CreatedAt = rand.Text(), id, actor.UID, actor.Name, now
			if err := insertOffer(ctx, tx, o, sending); err != nil {
				return err
			}
		}
		if err := s.desk.Advance(ctx, tx, actor, r, StatusOffered, time.Time{}, "offers", fmt.Sprintf("Offres envoyées (%d)", len(offers))); err != nil {
			return err
		}
		if _, err = s.desk.AddReply(ctx, tx, actor, id, OffersSentLabel, offersSummary(offers)); err != nil {
			return err
		}
		return desk.Notify(ctx, tx, r, event.OffersSent, event.OffersPayload{
			Recipient: r.Recipient(), ID: r.ID, Ref: r.Ref, Count: len(offers), ValidUntil: earliest(offers),
		}, now)
	})
	if err != nil {
		return nil, s.fail("envoi d'offres", err, "id", id, "actor", actor.UID)
	}
	return s.StaffDetail(ctx, actor, id)
}

// earliest is the last day of the offer that ends first, zero when none
// can be read.
func earliest(offers []Offer) time.Time {
	var first time.Time
	for _, o := range offers {
		if d, err := time.Parse(time.DateOnly, o.ValidUntil); err == nil && (first.IsZero() || d.Before(first)) {
			first = d
		}
	}
	return first
}

// canSend refuses offers on a request whose client has offers to decide
// on, has chosen one, or that is closed.
func canSend(st desk.Status) error {
	switch st {
	case StatusReceived, StatusInReview, StatusDeclined:
		return nil
	case StatusOffered:
		return apperr.Errorf(apperr.ECONFLICT, "Des offres attendent déjà la réponse du client. Repassez la demande «\u00a0En cours d’étude\u00a0» pour en envoyer d’autres.")
	case StatusAccepted:
		return apperr.Errorf(apperr.ECONFLICT, "Le client a déjà choisi une offre.")
	}
	return apperr.Errorf(apperr.ECONFLICT, "Cette demande est clôturée.")
}

// Accept records that the actor, the client who sent request id, chooses
// offer offerID: a proposed offer, still valid, of a request in offered.
// The other offers are declined; the request moves to accepted, due
// within the company's answer delay, since an agent must now follow up.
func (s *Service) Accept(ctx context.Context, actor account.Actor, id, offerID string) (*Request, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := s.own(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if offerID == "" {
			return apperr.FieldErrorf("offerId", "Choisissez une offre.")
		}
		if err := canDecide(r.Status); err != nil {
			return err
		}
		now := s.now()
		o, err := s.acceptable(ctx, tx, id, offerID, now)
		if err != nil {
			return err
		}
		if err := acceptOffer(ctx, tx, id, o.ID, now); err != nil {
			return err
		}
		if err := settleOffers(ctx, tx, id, o.ID, OfferDeclined, now); err != nil {
			return err
		}
		detail := fmt.Sprintf("Offre choisie\u00a0: %s, %s (%s par mois)", o.Insurer, o.ProductName, euros(o.MonthlyCents))
		if err := s.desk.Advance(ctx, tx, actor, r, StatusAccepted, s.cal.AddWorkingHours(now, s.hours), "accepted", detail); err != nil {
			return err
		}
		return desk.Notify(ctx, tx, r, event.OfferAccepted, event.ChoicePayload{
			Recipient: r.Recipient(), ID: r.ID, Ref: r.Ref, Insurer: o.Insurer, Formula: o.ProductName,
		}, now)
	})
	if err != nil {
		return nil, s.fail("acceptation d'une offre", err, "id", id, "uid", actor.UID)
	}
	return s.Get(ctx, actor, id)
}

// acceptable reads offer offerID of request id and checks it may be chosen at now.
func (s *Service) acceptable(ctx context.Context, tx *store.Tx, id, offerID string, now time.Time) (*Offer, error) {
	offers, err := offersOf(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	for i := range offers {
		o := &offers[i]
		if o.ID != offerID {
			continue
		}
		switch {
		case o.Status != OfferProposed:
			return nil, apperr.Errorf(apperr.ECONFLICT, "Cette offre ne peut plus être choisie.")
		case o.ValidUntil < s.today(now).Format(time.DateOnly):
			until, _ := time.Parse(time.DateOnly, o.ValidUntil)
			return nil, apperr.Errorf(apperr.ECONFLICT, "Cette offre n’était valable que jusqu’au %s. Votre conseiller peut vous en proposer une nouvelle.", frDate(until))
		}
		return o, nil
	}
	return nil, apperr.Errorf(apperr.ENOTFOUND, "Cette offre n’existe pas.")
}

// canDecide refuses a decision on a request that has no offers to decide on.
func canDecide(st desk.Status) error {
	switch st {
	case StatusOffered:
		return nil
	case StatusAccepted:
		return apperr.Errorf(apperr.ECONFLICT, "Vous avez déjà choisi une offre pour cette demande.")
	case StatusDeclined:
		return apperr.Errorf(apperr.ECONFLICT, "Vous avez déjà refusé ces offres.")
	}
	return apperr.Errorf(apperr.ECONFLICT, "Aucune offre n’attend votre réponse pour cette demande.")
}

// Decline records that the actor, the client who sent request id,
// declines its offers, with a reason (required): every proposed offer is
// declined and the request moves to declined, where staff may send others.
func (s *Service) Decline(ctx context.Context, actor account.Actor, id, reason string) (*Request, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := s.own(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if err := canDecide(r.Status); err != nil {
			return err
		}
		if reason, err = reasonField.Clean(reason); err != nil {
			return err
		}
		now := s.now()
		if err := settleOffers(ctx, tx, id, "", OfferDeclined, now); err != nil {
			return err
		}
		if err := setDecline(ctx, tx, id, reason, now); err != nil {
			return err
		}
		if err := s.desk.Advance(ctx, tx, actor, r, StatusDeclined, time.Time{}, "declined", "Offres refusées\u00a0: "+reason); err != nil {
			return err
		}
		return desk.Notify(ctx, tx, r, event.OffersDeclined, event.ChoicePayload{
			Recipient: r.Recipient(), ID: r.ID, Ref: r.Ref, Reason: reason,
		}, now)
	})
	if err != nil {
		return nil, s.fail("refus des offres", err, "id", id, "uid", actor.UID)
	}
	return s.Get(ctx, actor, id)
}

// own reads request id in tx for the client who sent it; anyone else gets
// the same 404 as an unknown id.
func (s *Service) own(ctx context.Context, tx *store.Tx, actor account.Actor, id string) (*desk.Request, error) {
	r, err := s.desk.Own(ctx, tx, actor, id, desk.KindQuote)
	if apperr.CodeOf(err) == apperr.ENOTFOUND {
		return nil, errNoRequest()
	}
	return r, err
}

// StaffDetail reads request id for staff (any agent or admin): the
// client's answers, every offer sent and the client's decline reason.
func (s *Service) StaffDetail(ctx context.Context, actor account.Actor, id string) (*Request, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	var r *Request
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		r, err = findRequestByID(ctx, tx, id)
		if errors.Is(err, sql.ErrNoRows) {
			return desk.ErrNotFound()
		}
		if err != nil {
			return err
		}
		return s.complete(ctx, tx, r)
	})
	if err != nil {
		return nil, s.fail("lecture d'une demande de devis", err, "id", id, "actor", actor.UID)
	}
	return r, nil
}

// offersSummary is the reply the client reads: one line per offer.
func offersSummary(offers []Offer) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Nous vous proposons %s\u00a0:\n", countOffers(len(offers)))
	for _, o := range offers {
		until, _ := time.Parse(time.DateOnly, o.ValidUntil)
		fmt.Fprintf(&b, "• %s, %s\u00a0: %s par mois ou %s par an, valable jusqu’au %s\n",
			o.Insurer, o.ProductName, euros(o.MonthlyCents), euros(o.YearlyCents), frDate(until))
	}
	b.WriteString("Comparez-les et choisissez dans «\u00a0Mes devis\u00a0».")
	return b.String()
}

// countOffers writes "une offre", "2 offres".
func countOffers(n int) string {
	if n == 1 {
		return "une offre"
	}
	return fmt.Sprintf("%d\u00a0offres", n)
}
