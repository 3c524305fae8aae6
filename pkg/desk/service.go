package desk

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// Config is what the service is built from; zero fields take the production defaults.
type Config struct {
	Logger *slog.Logger
	// Now is the clock of the history and the deadlines; time.Now when nil.
	Now func() time.Time
	// Location is the company's time zone, where "due today" is decided; UTC when nil.
	Location *time.Location
}

// Service keeps the queue. Kinds open and move their requests through it
// inside their own transactions (Open, Work, Own, Advance, Record); staff
// read and work the queue through its other methods, which check the Actor.
type Service struct {
	db       *store.DB
	accounts *account.Service
	log      *slog.Logger
	now      func() time.Time
	loc      *time.Location
	// specs are the registered kinds (Register), order their order in the queue.
	specs map[Kind]KindSpec
	order []Kind
	// dueSQL is the deadline of a request in SQL, NULL unless its status
	// is one where the broker owes the next step (see Machine, Waiting).
	dueSQL string
}

// New builds the service. The kinds of machines are registered by their
// machine alone, as a kind's own tests need them; the composition root
// registers whole specs (Register).
func New(db *store.DB, accounts *account.Service, cfg Config, machines ...*Machine) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = time.UTC
	}
	s := &Service{
		db: db, accounts: accounts, log: cfg.Logger, loc: cfg.Location, specs: map[Kind]KindSpec{},
		now: func() time.Time { return now().UTC().Truncate(time.Millisecond) }, dueSQL: "NULL",
	}
	for _, m := range machines {
		_ = s.Register(KindSpec{Machine: m})
	}
	return s
}

// Now is the service's clock, for the kinds that date their answers alike.
func (s *Service) Now() time.Time { return s.now() }

// Machine returns the status machine of kind.
func (s *Service) Machine(kind Kind) *Machine {
	if spec, ok := s.specs[kind]; ok {
		return spec.Machine
	}
	return &Machine{Kind: kind}
}

// fail logs a failed operation (apperr.Log) and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// ErrNotFound answers an id that does not exist or that the actor may not
// see: the same answer, so that ids tell nothing.
func ErrNotFound() error {
	return apperr.Errorf(apperr.ENOTFOUND, "Cette demande n’existe pas.")
}

// mark sets Overdue and DueToday from the clock.
func (s *Service) mark(r *Request, now time.Time) {
	info, _ := s.Machine(r.Kind).Info(r.Status)
	if !info.Waiting || r.Due.IsZero() {
		return
	}
	r.Overdue = now.After(r.Due)
	d, n := r.Due.In(s.loc), now.In(s.loc)
	r.DueToday = !r.Overdue && d.Year() == n.Year() && d.YearDay() == n.YearDay()
}

// Open stores a new request of d.Kind in tx with the next reference of its
// kind, in the machine's first status, and records who sent it.
func (s *Service) Open(ctx context.Context, tx *store.Tx, actor account.Actor, d Draft) (*Request, error) {
	spec, ok := s.specs[d.Kind]
	if !ok {
		return nil, fmt.Errorf("demande de type inconnu %q", d.Kind)
	}
	now := s.now()
	m := spec.Machine
	ref, err := nextRef(ctx, tx, m.Prefix, now.In(s.loc).Year())
	if err != nil {
		return nil, err
	}
	r := &Request{
		ID: d.ID, Kind: d.Kind, Ref: ref, UID: d.UID, Name: d.Name, Email: d.Email, Phone: d.Phone,
		Product: d.Product, Summary: d.Summary, Status: m.Initial, Due: d.Due, CreatedAt: now, UpdatedAt: now,
		Conversation: d.Conversation,
	}
	if err := insertRequest(ctx, tx, r); err != nil {
		return nil, err
	}
	name := actor.Name
	if !actor.SignedIn() {
		name = d.Name
	}
	if err := insertEvent(ctx, tx, r.ID, Event{At: now, ActorUID: actor.UID, ActorName: name, Action: "created", Detail: "Demande reçue"}); err != nil {
		return nil, err
	}
	return r, Notify(ctx, tx, r, event.RequestReceived, event.RequestPayload{
		Recipient: r.Recipient(), ID: r.ID, Ref: r.Ref, Kind: string(r.Kind), Product: d.ProductTitle,
		Due: r.Due, SlotStart: d.SlotStart, SlotEnd: d.SlotEnd,
	}, now)
}

// Recipient is who the notices of r go to: the address the request gave.
func (r *Request) Recipient() event.Recipient {
	return event.Recipient{Email: r.Email, Name: r.Name}
}

// Notify records an event of kind about request r in tx (the kinds tell
// their client of a step this way: a mail goes once tx commits).
func Notify(ctx context.Context, tx *store.Tx, r *Request, kind event.Kind, payload any, at time.Time) error {
	return event.Record(ctx, tx, kind, event.RequestAggregate(r.ID), payload, at)
}

// find reads request id of kind ("" for any) in tx, ErrNotFound when missing.
func (s *Service) find(ctx context.Context, tx *store.Tx, id string, kind Kind) (*Request, error) {
	r, err := findRequest(ctx, tx, id)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && kind != "" && r.Kind != kind) {
		return nil, ErrNotFound()
	}
	if err != nil {
		return nil, err
	}
	s.mark(r, s.now())
	return r, nil
}

// Own reads request id of kind in tx when actor is the client who sent it;
// anyone else gets ErrNotFound.
func (s *Service) Own(ctx context.Context, tx *store.Tx, actor account.Actor, id string, kind Kind) (*Request, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	r, err := s.find(ctx, tx, id, kind)
	if err != nil {
		return nil, err
	}
	if r.UID != actor.UID {
		return nil, ErrNotFound()
	}
	return r, nil
}

// Work reads request id of kind in tx for actor to work on it: staff only,
// and an agent only on a request they took; an admin on any.
func (s *Service) Work(ctx context.Context, tx *store.Tx, actor account.Actor, id string, kind Kind) (*Request, error) {
	if err := s.accounts.ConfirmStaff(ctx, actor); err != nil {
		return nil, err
	}
	r, err := s.find(ctx, tx, id, kind)
	if err != nil {
		return nil, err
	}
	if err := workError(actor, r); err != nil {
		return nil, err
	}
	return r, nil
}

// Advance moves r to status `to` in tx as one of its kind's own actions,
// with the new deadline (zero: none), and records it. The kind checked
// that the action is allowed; the machine is not asked for a hand move.
func (s *Service) Advance(ctx context.Context, tx *store.Tx, actor account.Actor, r *Request, to Status, due time.Time, action, detail string) error {
	r.Status, r.Due = to, due
	touch(r, s.now())
	if err := updateRequest(ctx, tx, r); err != nil {
		return err
	}
	return s.Record(ctx, tx, actor, r.ID, action, detail)
}

// Record appends a line to the history of request id in tx.
func (s *Service) Record(ctx context.Context, tx *store.Tx, actor account.Actor, id, action, detail string) error {
	return insertEvent(ctx, tx, id, Event{At: s.now(), ActorUID: actor.UID, ActorName: actor.Name, Action: action, Detail: detail})
}

// Attach gives request id, opened by a visitor, to owner, the account
// that has proved it owns the visitor's address: it then shows among the
// account's requests. A request already an account's stays its own.
func (s *Service) Attach(ctx context.Context, tx *store.Tx, owner account.Actor, id string) error {
	res, err := tx.ExecContext(ctx, "UPDATE requests SET uid = ? WHERE id = ? AND uid IS NULL", owner.UID, id)
	if err != nil {
		return fmt.Errorf("demande rattachée au compte: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return s.Record(ctx, tx, owner, id, "attached", "Rattachée au compte du client, qui a confirmé son adresse")
}
