package pricing

import (
	"fmt"
	"slices"
)

// Reference is the profile behind a product's « à partir de » on the
// site: a common client, written out in French where the price is
// shown, so that the figure is a price of the engine, not a slogan.
type Reference struct {
	Product string
	// Profile describes the answers in one French sentence.
	Profile string
	// answers builds the answers for the day of the quote: ages, years
	// of licence and the vehicle's age are kept, so the price does not
	// drift as the years pass.
	answers func(today Date) Answers
	// successors are the versions that take over the answers' vehicle,
	// the same machine in the next generation, once its own years no
	// longer include the reference's year of first registration.
	successors []string
}

// referenceAnswers are the reference's answers on a day, with the first of its
// vehicle and successors that the catalogue sells in the year asked.
func (t *Tariff) referenceAnswers(ref Reference, today Date) Answers {
	a := ref.answers(today)
	for _, id := range append([]string{a.VehicleID}, ref.successors...) {
		v, ok := t.catalogue.byID[id]
		if ok && a.VehicleYear >= v.FromYear && a.VehicleYear <= v.LastYear(today.Year) {
			a.VehicleID = id
			break
		}
	}
	return a
}

// yearsBefore is the same day n years earlier (29 February becomes the 28th).
func yearsBefore(d Date, n int) string {
	d.Year -= n
	if d.Month == 2 && d.Day == 29 {
		d.Day = 28
	}
	return d.String()
}

// References are the reference profiles of the products priced at once,
// in the order of the rating file's products. The car is the « profil
// médian » of the calibration (docs/pricing.md).
var References = []Reference{
	{
		Product: "car",
		Profile: "conducteur de 45 ans, permis depuis 25 ans, bonus 0,60, Peugeot 208 de 7 ans, Orléans, parking privé, 11 000 km par an, formule la moins chère",
		answers: func(t Date) Answers {
			return Answers{BirthDate: yearsBefore(t, 45), LicenceDate: yearsBefore(t, 25), BonusMalus: 0.60, PostalCode: "45000",
				VehicleID: "peugeot-208-12-puretech-100", VehicleYear: t.Year - 7, Usage: "commute", Parking: "car-park", YearlyKm: 11000}
		},
	},
	{
		Product: "moto",
		Profile: "motard de 40 ans, permis A depuis 15 ans, bonus 0,60, Yamaha MT-07 de 4 ans, Orléans, garage, 6 000 km par an, formule la moins chère",
		answers: func(t Date) Answers {
			return Answers{BirthDate: yearsBefore(t, 40), LicenceDate: yearsBefore(t, 15), MotoLicence: "A", BonusMalus: 0.60, PostalCode: "45000",
				VehicleID: "yamaha-mt-07", VehicleYear: t.Year - 4, Usage: "private", Parking: "garage", YearlyKm: 6000}
		},
		successors: []string{"yamaha-mt-07-2025"},
	},
	{
		Product: "home",
		Profile: "locataire d’un appartement de 50 m², 2 pièces à un étage intermédiaire, Orléans, 15 000 € de biens, formule la moins chère",
		answers: func(Date) Answers {
			return Answers{PostalCode: "45000", Dwelling: "apartment", Surface: 50, Rooms: 2, Floor: "middle", Occupant: "tenant", ContentsCents: 1500000}
		},
	},
	{
		Product: "vtc",
		Profile: "chauffeur de 40 ans, permis depuis 15 ans, bonus 0,60, Toyota Corolla hybride de 3 ans, Orléans, parking privé, 40 000 km par an, formule la moins chère",
		answers: func(t Date) Answers {
			return Answers{BirthDate: yearsBefore(t, 40), LicenceDate: yearsBefore(t, 15), BonusMalus: 0.60, PostalCode: "45000",
				VehicleID: "toyota-corolla-hybride-140", VehicleYear: t.Year - 3, Parking: "car-park", YearlyKm: 40000}
		},
	},
	{
		Product: "temp",
		Profile: "conducteur de 45 ans, permis depuis 25 ans, Peugeot 208 de 7 ans, Orléans, 7 jours",
		answers: func(t Date) Answers {
			return Answers{BirthDate: yearsBefore(t, 45), LicenceDate: yearsBefore(t, 25), PostalCode: "45000",
				VehicleID: "peugeot-208-12-puretech-100", VehicleYear: t.Year - 7, Days: 7}
		},
	},
}

// Starting is the lowest price of a product for its reference profile:
// the « à partir de » of the site. MonthlyCents is 0 for a product paid
// once (temporary); YearlyCents is then the price of PeriodDays.
type Starting struct {
	Product      string `json:"product"`
	MonthlyCents int64  `json:"monthlyCents"`
	YearlyCents  int64  `json:"yearlyCents"`
	PeriodDays   int    `json:"periodDays,omitempty"`
	Insurer      string `json:"insurer"`
	Formula      string `json:"formula"`
	Profile      string `json:"profile"`
}

// StartingPrices prices every reference profile on the day today and
// keeps, for each product, the cheapest price of all insurers and
// formulas: by the monthly payment the site shows, then the yearly price
// (a temporary contract has no monthly payment).
func (t *Tariff) StartingPrices(today Date) ([]Starting, error) {
	out := make([]Starting, 0, len(References))
	for _, ref := range References {
		res, err := t.Price(ref.Product, t.referenceAnswers(ref, today), Needs{}, today)
		if err != nil {
			return nil, fmt.Errorf("reference profile of %s: %w", ref.Product, err)
		}
		if len(res.Prices) == 0 {
			return nil, fmt.Errorf("reference profile of %s: no price", ref.Product)
		}
		best := slices.MinFunc(res.Prices, func(a, b Price) int {
			if a.MonthlyCents != b.MonthlyCents {
				return int(a.MonthlyCents - b.MonthlyCents)
			}
			return int(a.YearlyCents - b.YearlyCents)
		})
		out = append(out, Starting{
			Product: ref.Product, MonthlyCents: best.MonthlyCents, YearlyCents: best.YearlyCents, PeriodDays: best.PeriodDays,
			Insurer: best.Insurer, Formula: best.Formula, Profile: ref.Profile,
		})
	}
	return out, nil
}
