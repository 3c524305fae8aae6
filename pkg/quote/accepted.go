package quote

import (
	"context"
	"database/sql"
	"errors"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// AcceptedOffer reads offer id for a contract: the actor's own offer,
// accepted, with its request (the product and the answers the contract
// is made from). An unknown offer and another client's get the same
// ENOTFOUND; an offer not accepted is EINVALID.
func (s *Service) AcceptedOffer(ctx context.Context, tx *store.Tx, actor account.Actor, id string) (*Offer, *Request, error) {
	if !actor.SignedIn() {
		return nil, nil, account.ErrSignedOut()
	}
	notFound := apperr.Errorf(apperr.ENOTFOUND, "Cette offre est introuvable.")
	all, err := queryOffers(ctx, tx, "o.id = ?", id)
	if err != nil {
		return nil, nil, err
	}
	var o *Offer
	for _, list := range all {
		o = &list[0]
	}
	if o == nil {
		return nil, nil, notFound
	}
	r, err := findRequest(ctx, tx, actor.UID, o.RequestID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, notFound
	}
	if err != nil {
		return nil, nil, err
	}
	if o.Status != OfferAccepted {
		return nil, nil, apperr.FieldErrorf("offerId", "Acceptez d’abord cette offre depuis votre demande de devis %s.", r.Ref)
	}
	return o, r, nil
}
