package contract

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/document"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
	"courtier/pkg/ratelimit"
	"courtier/pkg/sepa"
	"courtier/pkg/store"
	"courtier/pkg/unpaid"
)

// RetentionYears is how long a contract, its documents and its signature
// evidence stay after its cover ended: the civil limitation period
// (code civil 2224), as the privacy page states.
const RetentionYears = 5

// Config is what the service is built from.
type Config struct {
	// Prices and Quotes are where contracts come from.
	Prices *instant.Service
	Quotes *quote.Service
	// Papers make and seal the documents.
	Papers Papers
	// Creditor is the broker's account the debits are paid to, in the
	// pain.008 files of Export (company.json "sepa").
	Creditor sepa.Creditor
	// Location is the broker's time zone, where « today » is read.
	Location *time.Location
	Logger   *slog.Logger
	Now      func() time.Time
	// Limits are the server's rate limits, built once by pkg/app (the
	// cancellations asked without an account, per client address); the
	// Default table over Now when nil.
	Limits *ratelimit.Registry
	// Unpaid files and moves the desk's requests « Impayé » of the
	// payment incidents; nil files none (the incidents run all the same).
	Unpaid *unpaid.Service
}

// Service makes contracts and keeps them.
type Service struct {
	db     *store.DB
	prices *instant.Service
	quotes *quote.Service
	papers Papers
	// creditor collects the debits (Export).
	creditor sepa.Creditor
	// sealed is the broker's sealer once read, cert its certificate.
	sealMu sync.Mutex
	sealed *document.Sealer
	cert   []byte
	loc    *time.Location
	log    *slog.Logger
	now    func() time.Time
	limits *ratelimit.Registry
	unpaid *unpaid.Service
	// claims are the claims the renewals' bonus-malus counts (CountClaims).
	claims BonusMalusClaims
}

// New builds the service.
func New(db *store.DB, cfg Config) (*Service, error) {
	if cfg.Prices == nil || cfg.Quotes == nil || cfg.Location == nil || cfg.Papers.Renderer == nil || cfg.Papers.Key == nil {
		return nil, errors.New("contrats: prix immédiats, devis, documents, sceau et fuseau horaire requis")
	}
	if err := sepa.ValidateCreditorID(cfg.Papers.Creditor.ICS); err != nil {
		return nil, fmt.Errorf("contrats: identifiant créancier SEPA de la société (company.json, sepa.creditorId): %w", err)
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
		limits: cfg.Limits, unpaid: cfg.Unpaid,
		db: db, prices: cfg.Prices, quotes: cfg.Quotes, papers: cfg.Papers, creditor: cfg.Creditor, loc: cfg.Location, log: cfg.Logger,
		now: func() time.Time { return now().UTC().Truncate(time.Millisecond) },
	}, nil
}

// fail logs a failed operation and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// today is the broker's calendar day of now.
func (s *Service) today() time.Time { return day(s.now(), s.loc) }

// errNotFound answers an id that names no contract the actor may read:
// an unknown id and another's get the same words.
func errNotFound() error {
	return apperr.Errorf(apperr.ENOTFOUND, "Ce contrat est introuvable.")
}

func errTaken() error {
	return apperr.Errorf(apperr.ECONFLICT, "Un contrat est déjà en cours pour ce prix ou cette offre\u00a0: retrouvez-le dans « Mes contrats ».")
}

// Draft is a contract as the client asks for it (POST /api/contracts):
// from a price or from an accepted offer, a start date, and what the
// documents need that the price did not ask (it may come later, before
// the signature, through Details).
type Draft struct {
	PriceID   string `json:"priceId"`
	OfferID   string `json:"offerId"`
	StartDate string `json:"startDate"`
	Details
}

// Details are what the contract needs beyond the price: the holder's
// address, the vehicle's registration, how to pay, a switch of insurer,
// the policyholder, and the answers of the price that changed since.
type Details struct {
	// Policyholder's fields left out keep the contract's, else the
	// profile's (account.FindPolicyholder).
	Policyholder *account.PolicyholderPatch `json:"policyholder"`
	// Answers are the price form's answers that changed since the price
	// (a JSON object of its keys): the premium is priced again.
	Answers      json.RawMessage `json:"answers"`
	Address      *string         `json:"address"`
	PostalCode   *string         `json:"postalCode"`
	City         *string         `json:"city"`
	Registration *string         `json:"registration"`
	// Rhythm is monthly or yearly; monthly when the price allows it.
	Rhythm *string `json:"rhythm"`
	Switch *Switch `json:"switch"`
}

// Create makes a contract « En attente de signature » for a signed-in
// client, from one of their kept prices or accepted offers.
func (s *Service) Create(ctx context.Context, actor account.Actor, d Draft) (*Contract, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	start, err := parseDay("startDate", d.StartDate, "la date de début du contrat")
	if err != nil {
		return nil, err
	}
	if (d.PriceID == "") == (d.OfferID == "") {
		return nil, apperr.FieldErrorf("priceId", "Choisissez le prix ou l’offre à souscrire.")
	}
	now := s.now()
	c := &Contract{ID: rand.Text(), Status: StatusPending, StartDate: start.Format(layout), CreatedAt: now, UpdatedAt: now, uid: actor.UID}
	c.Holder = Holder{Email: actor.Email}
	if d.PriceID != "" {
		if err := s.fromPrice(ctx, actor, c, d.PriceID); err != nil {
			return nil, err
		}
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if d.OfferID != "" {
			if err := s.fromOffer(ctx, tx, actor, c, d.OfferID); err != nil {
				return err
			}
		}
		if err := s.applyAll(ctx, tx, actor, c, d.Details, true); err != nil {
			return err
		}
		if err := s.checkStart(c, start); err != nil {
			return err
		}
		if err := s.reprice(c); err != nil {
			return err
		}
		if c.Number, err = nextNumber(ctx, tx, now.In(s.loc).Year()); err != nil {
			return err
		}
		if err := insertContract(ctx, tx, c); err != nil {
			return err
		}
		if err := s.insertProofs(ctx, tx, c); err != nil {
			return err
		}
		if err := s.record(ctx, tx, actor, c, "created", "Contrat créé depuis "+sourceLabel(c)+", début le "+frDate(start), now); err != nil {
			return err
		}
		if r := c.Risk.Repricing; r != nil {
			return s.record(ctx, tx, actor, c, "repriced", repricedDetail(r), now)
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("création d'un contrat", err, "uid", actor.UID)
	}
	s.log.Info("contrat créé", "number", c.Number, "uid", actor.UID, "source", c.Source)
	if err := s.ensureDrafts(ctx, c.ID); err != nil {
		return nil, s.fail("documents d'un contrat", err, "number", c.Number)
	}
	return s.Get(ctx, actor, c.ID)
}

// Get reads contract id for its owner or for staff, complete.
func (s *Service) Get(ctx context.Context, actor account.Actor, id string) (*Contract, error) {
	var c *Contract
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		c, err = s.readable(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		return s.complete(ctx, tx, actor, c)
	})
	if err != nil {
		return nil, s.fail("lecture d'un contrat", err, "uid", actor.UID, "id", id)
	}
	return c, nil
}

// readable reads contract id if actor owns it or is staff (or the
// terminal's reader); ENOTFOUND otherwise.
func (s *Service) readable(ctx context.Context, tx *store.Tx, actor account.Actor, id string) (*Contract, error) {
	if !actor.SignedIn() && !actor.IsOperator() {
		return nil, account.ErrSignedOut()
	}
	c, err := findContract(ctx, tx, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound()
	}
	if err != nil {
		return nil, err
	}
	if c.uid == actor.UID && actor.SignedIn() {
		return c, nil
	}
	if err := actor.RequireReader(); err != nil {
		return nil, errNotFound()
	}
	return c, nil
}

// own reads contract id for a change by its owner; ENOTFOUND for anyone else.
func (s *Service) own(ctx context.Context, tx *store.Tx, actor account.Actor, id string) (*Contract, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	c, err := findContract(ctx, tx, id)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && c.uid != actor.UID) {
		return nil, errNotFound()
	}
	return c, err
}

// Mine lists actor's contracts, newest first.
func (s *Service) Mine(ctx context.Context, actor account.Actor) ([]*Contract, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	var list []*Contract
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if list, err = listContracts(ctx, tx, "uid = ?", actor.UID); err != nil {
			return err
		}
		for _, c := range list {
			if err := s.complete(ctx, tx, actor, c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("liste des contrats", err, "uid", actor.UID)
	}
	return list, nil
}

// record writes a line of c's history with its status now.
func (s *Service) record(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract, action, detail string, at time.Time) error {
	name := actor.Name
	if name == "" {
		name = "Courtier"
	}
	return insertEvent(ctx, tx, c.ID, Event{At: at, ActorName: name, Status: c.Status, Action: action, Detail: detail}, actor.UID)
}

// tariff is the rating file, for the labels and questions of a contract's
// product. It loads at its first need; the embedded file's load is
// checked by pkg/pricing's tests, and serve stops on the error when it
// loads it right after starting (app.App.Warm), so past that it never
// fails here: a failure is a broken build, and panics.
func (s *Service) tariff() *pricing.Tariff {
	t, err := s.prices.Tariff()
	if err != nil {
		panic(fmt.Sprintf("contract: rating file: %v", err))
	}
	return t
}

// spec is the spec of product: what it insures, its proofs, its
// documents, the loi Hamon; the zero spec (nothing asked, nothing
// issued) for a product the rating file no longer prices.
func (s *Service) spec(product string) pricing.ProductSpec {
	spec, _ := s.tariff().Spec(product)
	return spec
}
