package claim

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/company"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// Contracts reads a client's contract (contract.Service.Get): ENOTFOUND
// for a contract that is not the actor's.
type Contracts interface {
	Get(ctx context.Context, actor account.Actor, id string) (*contract.Contract, error)
}

// Calendar is the company's calendar: its time zone, its public holidays
// and its working days, for the broker's own delays.
type Calendar interface {
	Location() *time.Location
	Holiday(t time.Time) (string, bool)
	AddWorkingDays(t time.Time, n int) time.Time
}

// Config is what the service is built from; zero Logger and Now take the
// production defaults.
type Config struct {
	Desk      *desk.Service
	Contracts Contracts
	Calendar  Calendar
	// Assistance gives the 24/7 line of an insurer by its name, "" when
	// unknown (pricing.Tariff's insurers).
	Assistance func(insurer string) string
	// Mediator is named in every refusal.
	Mediator company.Mediator
	// Tariff reads the rating file (instant.Service.Tariff), whose
	// products' specs say what their claims ask (pricing.ProductSpec's
	// Claims); when nil, form.json's products alone do.
	Tariff func() (*pricing.Tariff, error)
	// PerDay bounds the declarations of one client in 24 hours; 10 when zero.
	PerDay int
	Logger *slog.Logger
	// Now is the service's clock; time.Now when nil.
	Now func() time.Time
}

// Service takes declarations, their files and messages, and lets staff
// follow them. Every method takes the acting user and refuses what their
// role may not do.
type Service struct {
	db         *store.DB
	desk       *desk.Service
	contracts  Contracts
	cal        Calendar
	assistance func(string) string
	mediator   company.Mediator
	tariff     func() (*pricing.Tariff, error)
	// loadForm reads form.json once, at the first need (see form).
	loadForm func() (*Form, error)
	perDay   int
	log      *slog.Logger
	now      func() time.Time
}

// New builds the service.
func New(db *store.DB, cfg Config) (*Service, error) {
	if cfg.Desk == nil || cfg.Contracts == nil || cfg.Calendar == nil || cfg.Mediator.Name == "" {
		return nil, errors.New("service des sinistres: file des demandes, contrats, calendrier et médiateur requis")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.Assistance == nil {
		cfg.Assistance = func(string) string { return "" }
	}
	if cfg.PerDay <= 0 {
		cfg.PerDay = 10
	}
	return &Service{
		db: db, desk: cfg.Desk, contracts: cfg.Contracts, cal: cfg.Calendar, assistance: cfg.Assistance,
		mediator: cfg.Mediator, tariff: cfg.Tariff, loadForm: sync.OnceValues(LoadForm), perDay: cfg.PerDay, log: cfg.Logger,
		now: func() time.Time { return now().UTC().Truncate(time.Millisecond) },
	}, nil
}

// Form is the declaration's questions and bounds, as the site reads them.
func (s *Service) Form() *Form { return s.form() }

// Load reads the form now rather than at its first need, and returns its
// error: serve calls it once ready.
func (s *Service) Load() error {
	_, err := s.loadForm()
	return err
}

// form is the declaration's form. It is read at its first need, so a
// server is ready before; the embedded file loads in this package's tests,
// and serve stops on its error when it reads it after starting (Load), so
// only a broken build fails here, and panics.
func (s *Service) form() *Form {
	f, err := s.loadForm()
	if err != nil {
		panic(err)
	}
	return f
}

// fail logs a failed operation (apperr.Log) and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// today is the day of t in the company's time zone, at midnight UTC, the
// form dates are compared with.
func (s *Service) today(t time.Time) time.Time {
	y, m, d := t.In(s.cal.Location()).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// holiday is the calendar's public holidays for Delays.DeclareBy.
func (s *Service) holiday(day time.Time) bool {
	_, ok := s.cal.Holiday(time.Date(day.Year(), day.Month(), day.Day(), 12, 0, 0, 0, s.cal.Location()))
	return ok
}

// Mine lists the actor's claims, newest first.
func (s *Service) Mine(ctx context.Context, actor account.Actor) ([]*Claim, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	out := []*Claim{}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		list, err := claimsOf(ctx, tx, actor.UID)
		if err != nil {
			return err
		}
		for _, c := range list {
			s.label(c)
			out = append(out, c)
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("liste des sinistres", err, "uid", actor.UID)
	}
	return out, nil
}

// Get reads claim id for its owner; ENOTFOUND for anyone else.
func (s *Service) Get(ctx context.Context, actor account.Actor, id string) (*Claim, error) {
	var c *Claim
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		if _, err := s.desk.Own(ctx, tx, actor, id, desk.KindClaim); err != nil {
			return err
		}
		var err error
		c, err = s.read(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture d'un sinistre", err, "id", id)
	}
	c.Actions = clientActions(c)
	return c, nil
}

// read reads claim id whole: its files, steps and messages.
func (s *Service) read(ctx context.Context, tx *store.Tx, id string) (*Claim, error) {
	c, err := findClaim(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	s.label(c)
	if c.Files, err = filesOf(ctx, tx, id); err != nil {
		return nil, err
	}
	if c.History, err = stepsOf(ctx, tx, id); err != nil {
		return nil, err
	}
	replies, err := s.desk.Replies(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	c.Messages = messagesOf(replies)
	return c, nil
}

// label fills what the stored claim does not say itself.
func (s *Service) label(c *Claim) {
	info, _ := Machine.Info(desk.Status(c.Status))
	c.StatusLabel = info.Client
	if p := s.product(c.Product); p != nil {
		c.ProductLabel = p.Label
	}
	if k := s.form().kind(c.Kind); k != nil {
		c.KindLabel = k.Label
	}
	if c.DeclareBy != "" {
		by, err := time.ParseInLocation(time.DateOnly, c.DeclareBy, s.cal.Location())
		c.Late = err == nil && c.DeclaredAt.After(by.AddDate(0, 0, 1))
	}
	if c.Status == string(StatusRefused) {
		c.Mediator = s.refusalClosing(c.Insurer)
	}
	if c.assistance != "" {
		c.Assistance = &Assistance{Insurer: c.Insurer, Phone: c.assistance}
	}
	c.Elsewhere = s.elsewhere(c)
	c.Files, c.History, c.Messages, c.Actions = []File{}, []Step{}, []Message{}, []string{}
}

// clientActions are what the owner may do on c now.
func clientActions(c *Claim) []string {
	if ended(desk.Status(c.Status)) {
		return []string{"message"}
	}
	return []string{"file", "message"}
}
