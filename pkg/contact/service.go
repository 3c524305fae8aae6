package contact

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/company"
	"courtier/pkg/desk"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// Calendar is the working-time arithmetic the service uses
// (company.Calendar), an interface so tests may give a simpler one.
type Calendar interface {
	Location() *time.Location
	AddWorkingHours(t time.Time, hours int) time.Time
	AddWorkingDays(t time.Time, days int) time.Time
	AddMonths(t time.Time, months int) time.Time
	Slots(from time.Time, days int) []company.Slot
	ValidSlot(from time.Time, s company.Slot, days int) bool
}

// Limit is at most Max requests of one kind per account within Window.
type Limit struct {
	Max    int
	Window time.Duration
}

// DefaultLimit is 10 messages, and 10 callbacks, per account per day: each
// address is already limited (ratelimit.ContactMessages and Callbacks);
// this bounds one account spread over many addresses, far above what a
// person sends.
func DefaultLimit() Limit { return Limit{Max: 10, Window: 24 * time.Hour} }

// Config is what the service is built from; zero fields take the
// production defaults.
type Config struct {
	// Desk is the queue every request joins; it must know MessageMachine
	// and CallbackMachine (the composition root registers MessageSpec and
	// CallbackSpec).
	Desk     *desk.Service
	Calendar Calendar
	// Company gives the answer delays, the products and the phone number
	// told to a client the broker could not reach.
	Company company.Profile
	Logger  *slog.Logger
	// Now is the clock of dates, deadlines and slots; time.Now when nil.
	Now   func() time.Time
	Limit Limit
	// Limits are the server's rate limits, built once by pkg/app (the
	// messages and callbacks per client address); the Default table over
	// Now when nil.
	Limits *ratelimit.Registry
}

// Service sends contact messages and callback requests into the queue and
// lets staff answer them. Every method takes the acting account.Actor.
type Service struct {
	db      *store.DB
	desk    *desk.Service
	cal     Calendar
	company company.Profile
	log     *slog.Logger
	now     func() time.Time
	limit   Limit
	limits  *ratelimit.Registry
	form    *form
}

// New builds the service and reads form.json.
func New(db *store.DB, cfg Config) (*Service, error) {
	f, err := loadForm(formJSON)
	if err != nil {
		return nil, err
	}
	if cfg.Desk == nil || cfg.Calendar == nil {
		return nil, errors.New("service de contact: file des demandes et calendrier requis")
	}
	d := cfg.Company.AnswerDelays
	if d.ContactWorkingDays <= 0 || d.CallbackWorkingHours <= 0 {
		return nil, errors.New("service de contact: délais de réponse requis")
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
	if cfg.Limits == nil {
		cfg.Limits = ratelimit.NewRegistry(ratelimit.Default(), now)
	}
	return &Service{
		db: db, desk: cfg.Desk, cal: cfg.Calendar, company: cfg.Company, log: cfg.Logger, limit: cfg.Limit, limits: cfg.Limits, form: f,
		now: func() time.Time { return now().UTC().Truncate(time.Millisecond) },
	}, nil
}

// Subjects are the fixed subjects of a message, in the form's order.
func (s *Service) Subjects() []Subject { return s.form.Subjects }

// fail logs a failed operation (apperr.Log) and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// Slots are the callback slots offered now, grouped by day in the
// company's time zone: the next form.json slotDays working days.
func (s *Service) Slots() []Day {
	loc := s.cal.Location()
	days := []Day{}
	for _, sl := range s.cal.Slots(s.now(), s.form.SlotDays) {
		date := sl.Start.In(loc).Format(time.DateOnly)
		if len(days) == 0 || days[len(days)-1].Date != date {
			days = append(days, Day{Date: date, Slots: []Slot{}})
		}
		d := &days[len(days)-1]
		d.Slots = append(d.Slots, Slot{Start: sl.Start.UTC(), End: sl.End.UTC()})
	}
	return days
}

// Retention is how long a request is kept once answered, called or
// closed, from form.json: the privacy page says the same.
func (s *Service) Retention() int { return s.form.RetentionMonths }

// checkLimit refuses a new request of kind when uid sent Max of them
// within the window; visitors are limited by their address only.
func (s *Service) checkLimit(ctx context.Context, tx *store.Tx, kind desk.Kind, uid string, now time.Time, what string) error {
	if uid == "" {
		return nil
	}
	oldest, found, err := nthLatestRequest(ctx, tx, kind, uid, now.Add(-s.limit.Window), s.limit.Max)
	if err != nil || !found {
		return err
	}
	return apperr.TooMany(oldest.Add(s.limit.Window).Sub(now), fmt.Sprintf(
		"Vous avez déjà envoyé %d %s en 24\u00a0heures. Vous pourrez recommencer dans %%s, ou nous appeler au %s.",
		s.limit.Max, what, s.company.Phone))
}

// purgeExpired deletes the messages and callbacks answered, called or
// closed before the retention period, with their history, notes and
// replies (foreign keys). Run when a request arrives, like the purge of
// quote requests and chats, so no background job is needed.
func (s *Service) purgeExpired(ctx context.Context, tx *store.Tx, now time.Time) error {
	before := s.cal.AddMonths(now, -s.form.RetentionMonths)
	return deleteClosedBefore(ctx, tx, before)
}
