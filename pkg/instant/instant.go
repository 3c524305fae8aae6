// Package instant keeps the prices the rating engine (pkg/pricing) makes
// at once: every profile priced is saved for its validity, so that each
// price has an id a client can subscribe to; a visitor keeps them by
// giving an e-mail (a link to come back) or with an account, and kept
// prices are a lead of the desk, the kind « Devis en ligne ».
package instant

import (
	"errors"
	"log/slog"
	"sync"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// Deadlines computes a lead's due time in the company's working hours.
type Deadlines interface {
	AddWorkingHours(t time.Time, hours int) time.Time
	// Location is the company's time zone, where « today » is read.
	Location() *time.Location
}

// Config is what the service is built from.
type Config struct {
	Desk *desk.Service
	// Tariff loads the rating file and its vehicle catalogue; the service
	// calls it once, at the first need, so a server is ready before it
	// has read them (10 to 25 ms and 4 MB of parsing, 2026-12-07).
	Tariff func() (*pricing.Tariff, error)
	// Quotes opens the quote request a lead becomes (ToQuote).
	Quotes *quote.Service
	// Calendar dates the call a lead that agreed to one is owed.
	Calendar Deadlines
	// CallHours is the promised delay of that call, in working hours.
	CallHours int
	// StudyHours is the answer delay of a request on study (company.json),
	// which a product without instant prices promises.
	StudyHours int
	Logger     *slog.Logger
	Now        func() time.Time
	// Limits are the server's rate limits, built once by pkg/app (prices
	// made and kept, links opened, per client address); the Default table
	// over Now when nil.
	Limits *ratelimit.Registry
}

// Service prices profiles, keeps the prices, and shows them to their
// owner, to the holder of their link, and to staff.
type Service struct {
	db *store.DB
	// limits are the server's rate limits.
	limits *ratelimit.Registry
	// batch shares one commit among the pricings that arrive together:
	// the write is most of a pricing's time.
	batch  *store.Batcher
	desk   *desk.Service
	tariff func() (*pricing.Tariff, error)
	quotes *quote.Service
	cal    Deadlines
	hours  int
	study  int
	log    *slog.Logger
	now    func() time.Time
}

// New builds the service.
func New(db *store.DB, cfg Config) (*Service, error) {
	if cfg.Desk == nil || cfg.Tariff == nil || cfg.Calendar == nil || cfg.CallHours <= 0 || cfg.StudyHours <= 0 {
		return nil, errors.New("prix immédiats: file des demandes, tarif, calendrier et délais de rappel et d'étude requis")
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
		limits: cfg.Limits,
		db:     db, batch: store.NewBatcher(db, 0), desk: cfg.Desk, tariff: sync.OnceValues(cfg.Tariff), quotes: cfg.Quotes, cal: cfg.Calendar, hours: cfg.CallHours, study: cfg.StudyHours, log: cfg.Logger,
		now: func() time.Time { return now().UTC().Truncate(time.Millisecond) },
	}, nil
}

// Tariff is the rating file the service prices with, loaded at the first
// call; concurrent first callers wait for the one load, and every caller
// gets its error.
func (s *Service) Tariff() (*pricing.Tariff, error) { return s.tariff() }

// fail logs a failed operation (apperr.Log) and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// Quote is a saved pricing: the engine's result (each price with its
// saved id), the answers and needs it was made from, and whether and how
// it was kept. Its JSON is the API's.
type Quote struct {
	ID string `json:"id"`
	*pricing.Result
	Answers   pricing.Answers `json:"answers"`
	Needs     pricing.Needs   `json:"needs"`
	CreatedAt time.Time       `json:"createdAt"`
	// KeptAt is when it was kept (an account or an e-mail); nil before.
	KeptAt *time.Time `json:"keptAt,omitempty"`
	// Consent: the person agreed to be called about these prices.
	Consent bool `json:"consent"`
	// Chosen is the id of the price the person picked, "" for none.
	Chosen string `json:"chosen,omitempty"`
	// VehicleDescribed: the vehicle is not in the catalogue, the client
	// described it (staff see it flagged « véhicule hors catalogue »).
	VehicleDescribed bool `json:"vehicleDescribed,omitempty"`
	// DescribedVehicle is that vehicle in words, for staff (ForRequest):
	// « Renault Clio 2006, 5 CV, diesel, valeur à neuf 15 000 € ».
	DescribedVehicle string `json:"describedVehicle,omitempty"`
	// Ref is the reference of the desk's lead once kept.
	Ref string `json:"ref,omitempty"`
	// Email is the address a visitor kept them with (staff and the owner see it).
	Email string `json:"email,omitempty"`
	// uid owns it once kept with an account; requestID is the lead.
	uid       string
	requestID string
	// saved is the JSON of the result, answers and needs that Price
	// saved, which AppendJSON copies: nil for a quote read back.
	saved *savedJSON
}

// Machine is the status machine of a lead: new until an agent has called
// (when the person agreed to a call), then closed.
var Machine = &desk.Machine{
	Kind: desk.KindOnline, Prefix: "DL", Initial: StatusNew,
	Statuses: []desk.StatusInfo{
		{Status: StatusNew, Label: "Nouveau", Client: "Prix enregistrés", Waiting: true},
		{Status: StatusContacted, Label: "Client contacté", Client: "Un conseiller vous a contacté"},
		{Status: desk.StatusClosed, Label: "Clos", Client: "Clos"},
	},
	Moves: map[desk.Status][]desk.Status{
		StatusNew:         {StatusContacted, desk.StatusClosed},
		StatusContacted:   {StatusNew, desk.StatusClosed},
		desk.StatusClosed: {StatusNew},
	},
}

// The statuses of a lead.
const (
	StatusNew       desk.Status = "new"
	StatusContacted desk.Status = "contacted"
)
