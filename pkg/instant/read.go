package instant

import (
	"context"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// Get reads a quote for its owner, the account that kept it.
func (s *Service) Get(ctx context.Context, actor account.Actor, id string) (*Quote, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	var q *Quote
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		q, _, err = findQuote(ctx, tx, id)
		if err == nil && q.uid != actor.UID {
			err = errNoQuote()
		}
		return err
	})
	if err != nil {
		return nil, s.fail("lecture des prix", err, "id", id)
	}
	return q, nil
}

// ByLink reads the quote of a link sent by e-mail, while its prices hold.
func (s *Service) ByLink(ctx context.Context, token string) (*Quote, error) {
	if token == "" {
		return nil, errNoQuote()
	}
	var q *Quote
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		q, err = findQuoteWhere(ctx, tx, "q.id = (SELECT quote_id FROM price_links WHERE hash = ?)", store.HashToken(token))
		return err
	})
	if err == nil && s.expired(q) {
		err = errNoQuote()
	}
	if err != nil {
		return nil, s.fail("lien vers des prix", err)
	}
	return q, nil
}

// Mine lists the quotes actor kept, newest first.
func (s *Service) Mine(ctx context.Context, actor account.Actor) ([]*Quote, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	var out []*Quote
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		out, err = listQuotes(ctx, tx, actor.UID)
		return err
	})
	if err != nil {
		return nil, s.fail("liste des prix", err, "uid", actor.UID)
	}
	return out, nil
}

// ForRequest reads the quote of a lead of the desk, for staff.
func (s *Service) ForRequest(ctx context.Context, actor account.Actor, requestID string) (*Quote, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	var q *Quote
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		q, err = findQuoteWhere(ctx, tx, "q.request_id = ?", requestID)
		return err
	})
	if err != nil {
		return nil, s.fail("prix d'une demande", err, "request", requestID)
	}
	if q.VehicleDescribed {
		t, err := s.tariff()
		if err != nil {
			return nil, err
		}
		q.DescribedVehicle = t.DescribedSummary(q.Product, q.Answers)
	}
	return q, nil
}

// PurgeEvery is how often App.Run deletes the expired prices.
const PurgeEvery = time.Hour

// KeptRetention is how long kept prices stay after they expired: the
// record of the advice given (DDA), as long as the quote requests'.
const KeptRetention = 3 * 365 * 24 * time.Hour

// PurgeExpired deletes the prices nobody kept once they expired, and the
// kept ones KeptRetention after (App.Run, hourly).
func (s *Service) PurgeExpired(ctx context.Context) (int, error) {
	today := pricing.DateOf(s.now().In(s.cal.Location())).String()
	kept := pricing.DateOf(s.now().Add(-KeptRetention).In(s.cal.Location())).String()
	var n int
	err := s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		n, err = purgeQuotes(ctx, tx, today, kept)
		return err
	})
	return n, err
}
