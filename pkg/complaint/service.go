package complaint

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/company"
	"courtier/pkg/desk"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// Deadlines computes the procedure's dates in the company's calendar
// (company.Calendar); tests may give a fake.
type Deadlines interface {
	AddWorkingDays(t time.Time, n int) time.Time
	AddMonths(t time.Time, n int) time.Time
}

// Config is what the service is built from; zero Logger, Now and Limit
// take the production defaults.
type Config struct {
	// Desk is the queue every complaint joins.
	Desk     *desk.Service
	Calendar Deadlines
	// Procedure holds the delays promised (company.json): acknowledged
	// within AcknowledgeDays working days, answered within AnswerMonths.
	Procedure company.Complaints
	// Mediator is named at the end of every answer.
	Mediator company.Mediator
	// Limits are the server's rate limits, built once by pkg/app: the
	// complaints of each client address (Draft.From) are counted there; the
	// Default table over Now when nil.
	Limits *ratelimit.Registry
	Logger *slog.Logger
	// Now is the clock of dates and limits; time.Now when nil.
	Now func() time.Time
}

// Service files complaints and lets staff acknowledge and answer them.
// Every method takes the acting user and refuses what their role may not do.
type Service struct {
	db       *store.DB
	desk     *desk.Service
	cal      Deadlines
	proc     company.Complaints
	mediator company.Mediator
	fields   fields
	limit    *ratelimit.Limiter
	log      *slog.Logger
	now      func() time.Time
}

// New builds the service.
func New(db *store.DB, cfg Config) (*Service, error) {
	if cfg.Desk == nil || cfg.Calendar == nil || cfg.Procedure.AcknowledgeDays <= 0 || cfg.Procedure.AnswerMonths <= 0 || cfg.Mediator.Name == "" {
		return nil, errors.New("service des réclamations: file des demandes, calendrier, délais et médiateur requis")
	}
	f, err := loadForm()
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
	if cfg.Limits == nil {
		cfg.Limits = ratelimit.NewRegistry(ratelimit.Default(), now)
	}
	return &Service{
		db: db, desk: cfg.Desk, cal: cfg.Calendar, proc: cfg.Procedure, mediator: cfg.Mediator,
		fields: newFields(f), limit: cfg.Limits.Limiter(ratelimit.Complaints), log: cfg.Logger,
		now: func() time.Time { return now().UTC().Truncate(time.Millisecond) },
	}, nil
}

// fail logs a failed operation (apperr.Log) and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// File stores a complaint of a visitor (name and e-mail from the draft)
// or a client (from their account), due to be acknowledged within the
// company's working days and answered within its months.
func (s *Service) File(ctx context.Context, actor account.Actor, d Draft) (*Filed, error) {
	d, err := s.fields.clean(actor, d)
	if err != nil {
		return nil, err
	}
	if err := s.allow(d.From); err != nil {
		return nil, err
	}
	now := s.now()
	ackDue, answerDue := s.cal.AddWorkingDays(now, s.proc.AcknowledgeDays), s.cal.AddMonths(now, s.proc.AnswerMonths)
	c := &Complaint{
		ID: rand.Text(), Subject: d.Subject, Concerns: d.Concerns, Facts: d.Facts, Demand: d.Demand,
		ConsentAt: store.FormatTime(now), AcknowledgeDueAt: store.FormatTime(ackDue), AnswerDueAt: store.FormatTime(answerDue),
	}
	var ref string
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := purgeExpired(ctx, tx, now.Add(-Retention)); err != nil {
			return err
		}
		r, err := s.desk.Open(ctx, tx, actor, desk.Draft{
			ID: c.ID, Kind: desk.KindComplaint, UID: actor.UID, Name: d.Name, Email: d.Email, Phone: d.Phone,
			Summary: d.Subject, Due: ackDue,
		})
		if err != nil {
			return err
		}
		ref = r.Ref
		return insertComplaint(ctx, tx, c)
	})
	if err != nil {
		if d.From != "" {
			s.limit.Refund(ratelimit.AddrKey(d.From))
		}
		return nil, s.fail("réclamation", err, "uid", actor.UID)
	}
	s.log.Info("réclamation reçue", "id", c.ID, "ref", ref, "uid", actor.UID)
	return &Filed{
		ID: c.ID, Ref: ref, AcknowledgeDays: s.proc.AcknowledgeDays, AnswerMonths: s.proc.AnswerMonths,
		AcknowledgeDueAt: c.AcknowledgeDueAt, AnswerDueAt: c.AnswerDueAt,
	}, nil
}

// allow takes one of the complaints the address from may send, or says
// when it may send the next and where else to write meanwhile.
func (s *Service) allow(from string) error {
	if from == "" {
		return nil
	}
	ok, wait := s.limit.Allow(ratelimit.AddrKey(from))
	if ok {
		return nil
	}
	return &apperr.Error{Code: apperr.ETOOMANY, RetryAfter: wait, Message: fmt.Sprintf(
		"Vous avez déjà envoyé plusieurs réclamations aujourd’hui depuis cette connexion. Vous pourrez en envoyer une nouvelle dans %s, ou écrivez-nous dès maintenant à %s.",
		hours(wait), s.proc.Email)}
}

// hours writes a wait in minutes below an hour, else in hours rounded up.
func hours(wait time.Duration) string {
	if wait <= time.Hour {
		return apperr.Minutes(wait)
	}
	n := int((wait + time.Hour - 1) / time.Hour)
	return fmt.Sprintf("%d\u00a0heures", n)
}

// StaffDetail reads what the person wrote and the procedure's dates, for
// any agent or admin.
func (s *Service) StaffDetail(ctx context.Context, actor account.Actor, id string) (*Detail, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	var d *Detail
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := findComplaint(ctx, tx, id)
		if err == nil {
			d = s.detail(c)
		}
		return err
	})
	if err != nil {
		return nil, s.fail("lecture d'une réclamation", err, "id", id)
	}
	return d, nil
}

// detail is c as staff read it, with the answer's closing paragraph.
func (s *Service) detail(c *Complaint) *Detail {
	return &Detail{Complaint: *c, AnswerClosing: s.Closing()}
}
