package instant

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// ToQuote turns a client's lead into a quote request, for staff to answer
// with offers (the offers flow of pkg/quote) when the client asks for what
// the instant prices did not offer: another insurer, another deductible, a
// guarantee of the partners' catalogue. The request holds the answers the
// prices were made from; the lead is closed, naming it. A visitor's lead
// has no account to file it for: staff call them instead.
func (s *Service) ToQuote(ctx context.Context, staff account.Actor, requestID string) (*quote.Request, error) {
	if s.quotes == nil {
		return nil, apperr.Errorf(apperr.EINVALID, "Les demandes de devis ne sont pas disponibles ici.")
	}
	var out *quote.Request
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		lead, err := s.desk.Work(ctx, tx, staff, requestID, desk.KindOnline)
		if err != nil {
			return err
		}
		if lead.Status == desk.StatusClosed {
			return apperr.Errorf(apperr.ECONFLICT, "Ce devis en ligne est clos\u00a0: rouvrez-le avant d’en faire une demande de devis.")
		}
		q, err := findQuoteWhere(ctx, tx, "q.request_id = ?", requestID)
		if err != nil {
			return err
		}
		if q.uid == "" {
			return apperr.Errorf(apperr.EINVALID, "Ces prix ont été gardés sans compte\u00a0: appelez ou écrivez à %s pour faire la demande de devis avec la personne.", q.Email)
		}
		draft, err := s.quoteDraft(q)
		if err != nil {
			return err
		}
		client := account.Actor{UID: q.uid, Name: lead.Name, Email: lead.Email}
		if out, err = s.quotes.OpenFor(ctx, tx, staff, client, draft); err != nil {
			return err
		}
		return s.desk.Advance(ctx, tx, staff, lead, desk.StatusClosed, time.Time{}, "converted", "Transformé en demande de devis "+out.Ref)
	})
	if err != nil {
		return nil, s.fail("devis en ligne vers une demande de devis", err, "request", requestID)
	}
	s.log.Info("devis en ligne transformé en demande de devis", "lead", requestID, "quote", out.ID)
	return out, nil
}

// quoteDraft writes q's answers as the quote request of their product
// (its spec's Quote): car and motorbike as « auto et moto », the home as
// itself, the answers mapped by what the product insures. The VTC and
// the temporary cover ask what the instant price did not (the VTC card,
// the start date): staff file those with the client.
func (s *Service) quoteDraft(q *Quote) (quote.Draft, error) {
	chosen, err := chosenPrice(q, q.Chosen)
	if err != nil {
		return quote.Draft{}, err
	}
	t, err := s.tariff()
	if err != nil {
		return quote.Draft{}, err
	}
	message := "Depuis le devis en ligne " + q.Ref + "\u00a0: " + chosen.Formula + " chez " + chosen.Insurer + " (" + pricing.Euros(chosen.YearlyCents) + " par an)."
	spec, _ := t.Spec(q.Product)
	if spec.Quote == "" {
		return quote.Draft{}, apperr.Errorf(apperr.EINVALID, "Une demande de devis %s demande des réponses que le prix immédiat ne pose pas\u00a0: faites-la avec le client.", t.ProductLabel(q.Product))
	}
	var details any
	switch spec.Risk {
	case pricing.RiskVehicle:
		if v, ok := t.Catalogue().Vehicle(q.Answers.VehicleID); ok {
			message += " Véhicule\u00a0: " + v.Make + " " + v.Model + " " + v.Version + "."
		} else if q.VehicleDescribed {
			message += " Véhicule hors catalogue, décrit par le client\u00a0: " + t.DescribedSummary(q.Product, q.Answers) + "."
		}
		if details, err = s.vehicleDetails(q, chosen); err != nil {
			return quote.Draft{}, err
		}
	case pricing.RiskDwelling:
		details = map[string]any{
			"occupancy":   map[string]string{"owner": "proprietaire-occupant", "tenant": "locataire"}[q.Answers.Occupant],
			"housingType": map[string]string{"apartment": "appartement", "house": "maison"}[q.Answers.Dwelling],
			"surface":     q.Answers.Surface, "rooms": q.Answers.Rooms, "postalCode": q.Answers.PostalCode,
		}
	}
	raw, err := json.Marshal(details)
	if err != nil {
		return quote.Draft{}, err
	}
	return quote.Draft{Product: spec.Quote, Details: raw, Contact: quote.Contact{Method: quote.ContactEmail}, Message: message}, nil
}

// vehicleDetails are a car or motorbike quote's answers from the priced vehicle.
func (s *Service) vehicleDetails(q *Quote, chosen *pricing.Price) (map[string]any, error) {
	t, err := s.tariff()
	if err != nil {
		return nil, err
	}
	var v pricing.Vehicle
	brand, other := "autre", ""
	if q.VehicleDescribed {
		a := q.Answers
		v = pricing.Vehicle{Make: strings.TrimSpace(a.VehicleMake), Model: strings.TrimSpace(a.VehicleModel), Energy: a.VehicleEnergy, FromYear: a.VehicleYear}
		brand, other = s.brandOf(v.Make)
	} else {
		known, ok := t.Catalogue().Vehicle(q.Answers.VehicleID)
		if !ok {
			return nil, apperr.Errorf(apperr.EINVALID, "Le véhicule de ces prix n’est plus au catalogue\u00a0: faites la demande avec le client.")
		}
		v, other = *known, known.Make
		// The catalogue's ids start with the form's brand (« mercedes-benz-… »).
		parts := strings.Split(v.ID, "-")
		for i := 1; i <= len(parts); i++ {
			if c := strings.Join(parts[:i], "-"); s.quotes.IsBrand(c) {
				brand, other = c, ""
				break
			}
		}
	}
	year := q.Answers.VehicleYear
	if year == 0 {
		// The year the engine priced without one: the oldest the product
		// takes, in the year of the prices.
		year, _ = t.VehicleYears(q.Product, &v, pricing.DateOf(q.CreatedAt.In(s.cal.Location())).Year)
	}
	licence, _ := strconv.Atoi(q.Answers.LicenceDate[:min(4, len(q.Answers.LicenceDate))])
	usage := map[string]string{"private": "prive", "commute": "trajet-travail", "business": "professionnel"}[q.Answers.Usage]
	if usage == "" {
		usage = "prive"
	}
	d := map[string]any{"brand": brand, "model": v.Model, "year": year, "energy": v.Energy,
		"usage": usage, "licenceYear": licence, "cover": chosen.FormulaID}
	if other != "" {
		d["brandOther"] = other
	}
	if q.Answers.BonusMalus > 0 {
		d["bonusMalus"] = q.Answers.BonusMalus
	}
	return d, nil
}

// accents folds the letters of French and nearby makes: « Citroën », « Škoda ».
var accents = strings.NewReplacer("à", "a", "â", "a", "ä", "a", "ç", "c", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"î", "i", "ï", "i", "ô", "o", "ö", "o", "ù", "u", "û", "u", "ü", "u", "š", "s", "ž", "z")

// brandOf is the quote form's brand of a make a client typed, as the form
// spells its values (« mercedes-benz », « citroen »), the make whole or
// its first word (« DS Automobiles » is « ds »); « autre » and the make
// when the form lists none.
func (s *Service) brandOf(make string) (brand, other string) {
	words := strings.FieldsFunc(accents.Replace(strings.ToLower(make)), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
	})
	if len(words) > 0 {
		for _, c := range []string{strings.Join(words, "-"), words[0]} {
			if s.quotes.IsBrand(c) {
				return c, ""
			}
		}
	}
	return "autre", make
}
