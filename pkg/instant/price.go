package instant

import (
	"context"
	"crypto/rand"
	"errors"
	"strconv"

	"courtier/pkg/apperr"
	"courtier/pkg/pricing"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// Ask is a profile to price: a product of the rating file, its answers,
// and the needs the duty to advise records.
type Ask struct {
	Product string          `json:"product"`
	Answers pricing.Answers `json:"answers"`
	Needs   pricing.Needs   `json:"needs"`
}

// Price prices a profile at once, for every partner insurer and formula,
// and saves the result for its validity. It needs no account: the key it
// returns, kept by the browser that priced, lets that browser keep the
// prices later (Keep); nothing else reads an unkept quote.
func (s *Service) Price(ctx context.Context, in Ask) (*Quote, string, error) {
	if err := s.limits.AllowClient(ctx, ratelimit.Prices, "Vous avez demandé beaucoup de prix en peu de temps."); err != nil {
		return nil, "", err
	}
	return s.price(ctx, in, pricing.DateOf(s.now().In(s.cal.Location())))
}

// price prices in as of the day on (ages and the vehicle's counted to
// it) and saves the result.
func (s *Service) price(ctx context.Context, in Ask, on pricing.Date) (*Quote, string, error) {
	t, err := s.tariff()
	if err != nil {
		return nil, "", err
	}
	now := s.now()
	res, err := t.Price(in.Product, in.Answers, in.Needs, on)
	if err != nil {
		return nil, "", pricingError(err, s.study)
	}
	q := &Quote{ID: rand.Text(), Result: res, Answers: in.Answers, Needs: in.Needs, CreatedAt: now, VehicleDescribed: in.Answers.Described()}
	// A price's id is its quote's and its place: as unguessable as the
	// quote's, and found with it in one read (the subscription's).
	ids := make(map[string]string, len(res.Prices))
	for i := range res.Prices {
		id := q.ID + "-" + strconv.Itoa(i+1)
		ids[res.Prices[i].ID] = id
		res.Prices[i].ID = id
	}
	if res.Recommended != nil {
		res.Recommended.ID = ids[res.Recommended.ID]
	}
	key, keyHash, err := store.NewToken()
	if err != nil {
		return nil, "", s.fail("prix immédiat", err)
	}
	// Encoded here, not in the batch: the writer is one for every
	// pricing, and the answer copies the same bytes (AppendJSON).
	if q.saved, err = encodeQuote(q); err != nil {
		return nil, "", s.fail("prix immédiat", err, "product", in.Product)
	}
	err = s.batch.WriteTx(ctx, func(ctx context.Context, tx *store.Tx) error { return insertQuote(ctx, tx, q, keyHash) })
	if err != nil {
		return nil, "", s.fail("prix immédiat", err, "product", in.Product)
	}
	s.log.Info("prix immédiat", "id", q.ID, "product", in.Product, "prices", len(res.Prices))
	return q, key, nil
}

// pricingError turns the engine's refusals into the errors the site and
// the API show: every wrong field at once, or a product on study.
func pricingError(err error, studyHours int) error {
	var fields pricing.FieldErrors
	if errors.As(err, &fields) && len(fields) > 0 {
		e := &apperr.Error{Code: apperr.EINVALID, Field: fields[0].Field, Message: fields[0].Message}
		for _, f := range fields {
			e.Fields = append(e.Fields, apperr.FieldMessage{Field: f.Field, Message: f.Message})
		}
		return e
	}
	var study *pricing.StudyError
	if errors.As(err, &study) {
		return &apperr.Error{Code: apperr.EINVALID, Field: "product", Message: study.Label +
			"\u00a0: ce produit est étudié par un conseiller, sans prix immédiat. Demandez votre devis\u00a0: nous vous répondons sous " +
			strconv.Itoa(studyHours) + "\u00a0heures ouvrées."}
	}
	return err
}

// VehicleQuery is a search of the catalogue as one types, as the API
// receives it.
type VehicleQuery struct {
	Kind string // "car" or "moto"
	Q    string // what is typed: make, model, generation, engine, a year
	Year string // a year of first registration, as typed; "" for any
}

// vehicleYears is how far back the engine prices a vehicle: registered
// at most 30 years ago (issue 39). Older years find nothing to price.
const vehicleYears = 30

// vehicleResults bounds the vehicles a search answers: a list to choose
// from as one types, not the catalogue.
const vehicleResults = 20

// Vehicles are the catalogue's vehicles of a kind that match what is
// typed, best first (pricing.Catalogue.Search), those one may register
// in the year if one is given.
func (s *Service) Vehicles(in VehicleQuery) ([]*pricing.Vehicle, error) {
	if in.Kind != pricing.VehicleCar && in.Kind != pricing.VehicleMoto {
		return nil, apperr.FieldErrorf("kind", "Choisissez une voiture (car) ou une moto (moto).")
	}
	if len([]rune(in.Q)) > 80 {
		return nil, apperr.FieldErrorf("q", "Votre recherche est trop longue (80 caractères au plus).")
	}
	thisYear := s.now().In(s.cal.Location()).Year()
	year := 0
	if in.Year != "" {
		y, err := strconv.Atoi(in.Year)
		if err != nil || len(in.Year) != 4 || y < thisYear-vehicleYears || y > thisYear {
			return nil, apperr.FieldErrorf("year", "L’année doit être comprise entre %d et %d.", thisYear-vehicleYears, thisYear)
		}
		year = y
	}
	t, err := s.tariff()
	if err != nil {
		return nil, err
	}
	out := t.Catalogue().Search(pricing.SearchQuery{Kind: in.Kind, Text: in.Q, Year: year, ThisYear: thisYear, Limit: vehicleResults})
	if out == nil {
		out = []*pricing.Vehicle{}
	}
	return out, nil
}
