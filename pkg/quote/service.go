package quote

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// Deadlines computes answer deadlines in the company's working hours
// (company.Calendar).
type Deadlines interface {
	AddWorkingHours(t time.Time, hours int) time.Time
	// Location is the company's time zone, where an offer's validity date
	// is read.
	Location() *time.Location
}

// Limit is at most Max requests per client within Window.
type Limit struct {
	Max    int
	Window time.Duration
}

// DefaultLimit is 10 requests per client per hour: more than anyone
// comparing products needs, few enough to keep a script from flooding agents.
func DefaultLimit() Limit { return Limit{Max: 10, Window: time.Hour} }

// Config is what the quote service is built from; zero fields take the
// production defaults.
type Config struct {
	// Desk is the queue every request joins.
	Desk *desk.Service
	// Calendar sets the answer deadline in working hours.
	Calendar Deadlines
	// AnswerHours is the promised answer delay in working hours (company.json).
	AnswerHours int
	Logger      *slog.Logger
	// Now is the clock of dates and limits; time.Now when nil.
	Now   func() time.Time
	Limit Limit
}

// Service creates and reads quote requests over the store. A client only
// ever reaches their own requests.
type Service struct {
	db    *store.DB
	desk  *desk.Service
	cal   Deadlines
	hours int
	log   *slog.Logger
	now   func() time.Time
	limit Limit
	form  *form
}

// New builds the service and reads the form's lists and bounds.
func New(db *store.DB, cfg Config) (*Service, error) {
	f, err := loadForm(formJSON)
	if err != nil {
		return nil, err
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.Limit == (Limit{}) {
		cfg.Limit = DefaultLimit()
	}
	if cfg.Desk == nil || cfg.Calendar == nil || cfg.AnswerHours <= 0 {
		return nil, errors.New("service des devis: file des demandes, calendrier et délai de réponse requis")
	}
	return &Service{
		db: db, desk: cfg.Desk, cal: cfg.Calendar, hours: cfg.AnswerHours, log: cfg.Logger, limit: cfg.Limit, form: f,
		now: func() time.Time { return now().UTC().Truncate(time.Millisecond) },
	}, nil
}

// fail logs a failed operation (apperr.Log) and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// Create validates d and stores it as a new request of uid, received,
// unless uid already sent the limit's number of requests within its window.
func (s *Service) Create(ctx context.Context, actor account.Actor, d Draft) (*Request, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	uid := actor.UID
	now := s.now()
	r, err := s.form.validate(d, now)
	if err != nil {
		return nil, s.fail("demande de devis", err, "uid", uid)
	}
	r.ID, r.UID, r.Status, r.CreatedAt, r.UpdatedAt = rand.Text(), uid, StatusReceived, now, now
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		// Counted in the write transaction, so two tabs sending at once
		// cannot both pass the last free slot.
		if err := s.checkLimit(ctx, tx, uid, now); err != nil {
			return err
		}
		opened, err := s.desk.Open(ctx, tx, actor, desk.Draft{
			ID: r.ID, Kind: desk.KindQuote, UID: uid, Name: actor.Name, Email: actor.Email, Phone: r.Contact.Phone,
			Product: string(r.Product), Summary: productTitle(r.Product), Due: s.cal.AddWorkingHours(now, s.hours),
			ProductTitle: productTitle(r.Product),
		})
		if err != nil {
			return err
		}
		r.Ref = opened.Ref
		return insertRequest(ctx, tx, r)
	})
	if err != nil {
		return nil, s.fail("demande de devis", err, "uid", uid)
	}
	s.log.Info("demande de devis reçue", "id", r.ID, "uid", uid, "product", r.Product)
	return r, nil
}

// PurgeEvery is how often App.Run deletes the quote requests past Retention.
const PurgeEvery = time.Hour

// PurgeExpired deletes the requests of the clients whose last request
// changed more than Retention ago (App.Run, hourly). It was run by every
// new request until issue 19, which measured it: two scans of every quote
// request, 90 % of a quote request's time at a few thousand requests.
func (s *Service) PurgeExpired(ctx context.Context) (int, error) {
	var n int
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		var err error
		n, err = purgeExpired(ctx, tx, s.now().Add(-Retention))
		return err
	})
	return n, err
}

// checkLimit refuses a new request when uid sent Max within the window;
// the wait is until the oldest of those leaves it.
func (s *Service) checkLimit(ctx context.Context, tx *store.Tx, uid string, now time.Time) error {
	oldest, err := nthRecent(ctx, tx, uid, now.Add(-s.limit.Window), s.limit.Max)
	if err != nil || oldest.IsZero() {
		return err
	}
	wait := oldest.Add(s.limit.Window).Sub(now)
	return apperr.TooMany(wait, fmt.Sprintf(
		"Vous avez déjà envoyé %d demandes de devis récemment. Vous pourrez en envoyer une nouvelle dans %%s.", s.limit.Max))
}

// List reads the actor's requests, newest first, with their offers and
// what the broker replied.
func (s *Service) List(ctx context.Context, actor account.Actor) ([]Request, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	var list []Request
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if list, err = listRequests(ctx, tx, actor.UID); err != nil {
			return err
		}
		offers, err := offersOfClient(ctx, tx, actor.UID)
		if err != nil {
			return err
		}
		for i := range list {
			list[i].Offers = offers[list[i].ID]
			if list[i].Replies, err = s.desk.Replies(ctx, tx, list[i].ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("liste des demandes de devis", err, "uid", actor.UID)
	}
	today := s.today(s.now())
	for i := range list {
		markOffers(&list[i], today)
	}
	return list, nil
}

// errNoRequest answers a request id that does not exist or is someone
// else's: the same answer, so that ids tell nothing.
func errNoRequest() error {
	return apperr.Errorf(apperr.ENOTFOUND, "Cette demande de devis n’existe pas.")
}

// Get reads request id if the actor sent it, with its offers and replies.
func (s *Service) Get(ctx context.Context, actor account.Actor, id string) (*Request, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	var r *Request
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		r, err = findRequest(ctx, tx, actor.UID, id)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoRequest()
		}
		if err != nil {
			return err
		}
		return s.complete(ctx, tx, r)
	})
	if err != nil {
		return nil, s.fail("lecture d'une demande de devis", err, "uid", actor.UID, "id", id)
	}
	return r, nil
}

// complete reads r's offers and replies in tx and marks the offers.
func (s *Service) complete(ctx context.Context, tx *store.Tx, r *Request) (err error) {
	if r.Offers, err = offersOf(ctx, tx, r.ID); err != nil {
		return err
	}
	if r.Replies, err = s.desk.Replies(ctx, tx, r.ID); err != nil {
		return err
	}
	markOffers(r, s.today(s.now()))
	return nil
}
