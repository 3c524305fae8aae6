package quote

import (
	"math"
	"strconv"
)

// What a broker asks for a first quote, product by product: few answers,
// each from a fixed list or within bounds (pkg/quote/form.json).

// Vehicle is the vehicle of a car or VTC quote: a brand of the list, or
// "autre" and its name in BrandOther.
type Vehicle struct {
	Brand      string `json:"brand"`
	BrandOther string `json:"brandOther,omitempty"`
	Model      string `json:"model"`
}

func (v *Vehicle) check(c *checker) {
	c.choice("brand", &v.Brand, listBrand, "la marque du véhicule")
	if v.Brand == otherBrand {
		c.text("brandOther", &v.BrandOther, "brandOther", "la marque du véhicule", false)
	} else {
		// A name typed before another brand was picked is not the answer.
		v.BrandOther = ""
	}
	c.text("model", &v.Model, "model", "le modèle du véhicule", false)
}

// Car is a car or motorbike quote: the vehicle step, then the driver and the cover.
type Car struct {
	Vehicle
	// Year is the year of first registration (carte grise, case B).
	Year   *int   `json:"year"`
	Energy string `json:"energy"`
	Usage  string `json:"usage"`
	// LicenceYear is when the main driver got their licence.
	LicenceYear *int `json:"licenceYear"`
	// BonusMalus is the coefficient of the last insurer's statement, if known.
	BonusMalus *float64 `json:"bonusMalus,omitempty"`
	Cover      string   `json:"cover"`
}

func (d *Car) check(c *checker) {
	d.Vehicle.check(c)
	c.year("year", d.Year, "vehicleYear", "l’année de première mise en circulation")
	c.choice("energy", &d.Energy, listEnergy, "l’énergie du véhicule")
	c.choice("usage", &d.Usage, listUsage, "l’usage du véhicule")
	c.year("licenceYear", d.LicenceYear, "licenceYear", "l’année d’obtention du permis du conducteur principal")
	if d.BonusMalus != nil {
		checkBonusMalus(c, *d.BonusMalus)
	}
	c.choice("cover", &d.Cover, listCover, "la formule souhaitée")
}

// checkBonusMalus requires a coefficient in its legal range (0,50 to 3,50)
// with at most two decimals, as insurers' statements write it.
func checkBonusMalus(c *checker, v float64) {
	b := c.form.Limits["bonusMalus"]
	switch {
	case v < b.Min || v > *b.Max:
		c.fail("bonusMalus", "Saisissez un coefficient entre 0,50 et 3,50, par exemple 0,85.")
	case math.Abs(math.Round(v*100)-v*100) > 1e-6:
		c.fail("bonusMalus", "Saisissez un coefficient à deux décimales au plus, par exemple 0,85.")
	}
}

// Home is a home insurance quote.
type Home struct {
	Occupancy   string `json:"occupancy"`
	HousingType string `json:"housingType"`
	// Surface is the living area in square metres.
	Surface    *int   `json:"surface"`
	Rooms      *int   `json:"rooms"`
	PostalCode string `json:"postalCode"`
}

func (d *Home) check(c *checker) {
	c.choice("occupancy", &d.Occupancy, listOccupancy, "votre situation")
	c.choice("housingType", &d.HousingType, listHousingType, "le type de logement")
	c.number("surface", d.Surface, "surface", "la surface habitable")
	c.number("rooms", d.Rooms, "rooms", "le nombre de pièces principales")
	c.postalCode("postalCode", &d.PostalCode)
}

// postalCode requires a French postal code: five digits, department 01 to
// 98 (Corsica's are 20xxx, overseas 97xxx and 98xxx).
func (c *checker) postalCode(field string, v *string) {
	code := stripSpaces(*v)
	*v = code
	if code == "" {
		c.fail(field, "Indiquez le code postal du logement.")
		return
	}
	valid := len(code) == 5 && code[:2] != "00" && code[:2] != "99"
	for _, r := range code {
		valid = valid && r >= '0' && r <= '9'
	}
	if !valid {
		c.fail(field, "Saisissez un code postal français à 5 chiffres, par exemple 69002.")
	}
}

// Health is a complementary health insurance quote.
type Health struct {
	Adults   *int `json:"adults"`
	Children *int `json:"children"`
	// BirthYear is the main insured person's.
	BirthYear *int   `json:"birthYear"`
	Priority  string `json:"priority"`
}

func (d *Health) check(c *checker) {
	c.number("adults", d.Adults, "adults", "le nombre d’adultes à couvrir")
	c.number("children", d.Children, "children", "le nombre d’enfants à couvrir")
	// The main insured is an adult: born between maxAge and minAge years ago.
	minAge, maxAge := c.form.bounds("insuredAge")
	c.between("birthYear", d.BirthYear, c.now.Year()-maxAge, c.now.Year()-minAge,
		"l’année de naissance de l’assuré principal", "une année", strconv.Itoa)
	c.choice("priority", &d.Priority, listHealthPriority, "votre priorité")
}

// Life is a life insurance, retirement or death cover quote.
type Life struct {
	Goal string `json:"goal"`
	// Amount is the first payment of a savings plan, or the capital a
	// death cover should pay, in euros; optional.
	Amount *int `json:"amount,omitempty"`
}

func (d *Life) check(c *checker) {
	c.choice("goal", &d.Goal, listLifeGoal, "votre objectif")
	c.optionalNumber("amount", d.Amount, "amount", "le montant envisagé")
}
