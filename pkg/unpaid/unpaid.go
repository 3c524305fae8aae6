// Package unpaid is the desk's kind « Impayé »: a debit of a contract
// rejected by the bank opens a payment incident (pkg/contract, article
// L113-3 of the code des assurances), and staff follow it in the queue as
// a request of this kind, from the rejection to the payment or the
// termination. The incident itself, its clock and its letters are the
// contract's; this package files the request, moves it as the incident
// moves (the contract's service calls it in its own transaction) and
// describes it to staff through the contract's service (Describe).
package unpaid

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// Config is what the service is built from; zero Logger and Now take the
// production defaults.
type Config struct {
	// Desk is the queue the incidents join.
	Desk   *desk.Service
	Logger *slog.Logger
	Now    func() time.Time
}

// Service files and moves the requests « Impayé ».
type Service struct {
	db    *store.DB
	desk  *desk.Service
	log   *slog.Logger
	now   func() time.Time
	lines func(ctx context.Context, actor account.Actor, requestID string) ([]desk.Line, error)
}

// New builds the service.
func New(db *store.DB, cfg Config) (*Service, error) {
	if cfg.Desk == nil {
		return nil, errors.New("impayés: file des demandes requise")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{db: db, desk: cfg.Desk, log: cfg.Logger, now: cfg.Now}, nil
}

// Describe sets what staff read of a request beyond its summary: the
// incident as the contract's service knows it (its amounts, its dates,
// where its clock stands). The composition root sets it once the
// contracts are built, before the desk serves.
func (s *Service) Describe(fn func(ctx context.Context, actor account.Actor, requestID string) ([]desk.Line, error)) {
	s.lines = fn
}

// Filing is the request an incident opens: the contract's holder, the
// contract and what happened, in one line for the queue.
type Filing struct {
	// ID is the request's id (the contract's service makes it).
	ID string
	// UID is the holder's account, "" when it is gone (erased).
	UID, Name, Email, Phone string
	// Product is the contract's product id.
	Product string
	// Summary is « CT-2026-000042 · prélèvement de 41,20 € rejeté
	// (Provision insuffisante) ».
	Summary string
	// Due is when staff should have acted: the mise en demeure's day.
	Due time.Time
}

// Open files the request of an incident in tx, as the site's own act (no
// notice of receipt: the contract's service writes to the client itself).
func (s *Service) Open(ctx context.Context, tx *store.Tx, f Filing) (*desk.Request, error) {
	return s.desk.Open(ctx, tx, account.Actor{Name: "Courtier (automatique)"}, desk.Draft{ID: f.ID, Kind: Kind, UID: f.UID,
		Name: f.Name, Email: f.Email, Phone: f.Phone, Product: f.Product, Summary: f.Summary, Due: f.Due})
}

// Move moves request id to status to in tx as the incident moves (the
// mise en demeure sent, the cover suspended, the incident closed), with
// its new deadline (zero: none) and a line of its history. A request
// already there is left as it is, so that a step run twice records once.
func (s *Service) Move(ctx context.Context, tx *store.Tx, actor account.Actor, id string, to desk.Status, due time.Time, detail string) error {
	list, err := desk.Select(ctx, tx, desk.Selection{Kind: Kind, IDs: []string{id}})
	if err != nil || len(list) == 0 {
		return err // a request gone (erased with its account) moves nothing
	}
	r := &list[0]
	if r.Status == to {
		return nil
	}
	if actor.Name == "" {
		actor.Name = "Courtier (automatique)"
	}
	return s.desk.Advance(ctx, tx, actor, r, to, due, string(to), detail)
}

// Note records a line of request id's history in tx, as the site's own act.
func (s *Service) Note(ctx context.Context, tx *store.Tx, id, detail string) error {
	return s.desk.Record(ctx, tx, account.Actor{Name: "Courtier (automatique)"}, id, "note", detail)
}
