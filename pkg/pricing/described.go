package pricing

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A vehicle that is not in the catalogue, described by the client: its
// make, model, year of first registration, energy, fiscal power (a car)
// or displacement and licence (a motorbike), and its value new or the
// price paid. The engine makes a version of it with the rules of the
// rating file's describedVehicle (its power in kW, its value new) and
// prices it like any other, its trace saying so.

// fileDescribed are the rating file's rules for a described vehicle.
type fileDescribed struct {
	Comment string     `json:"_comment"`
	MaxAge  int        `json:"maxAge"`
	CarKw   fileCarKw  `json:"carKw"`
	MotoKw  fileMotoKw `json:"motoKw"`
}

// fileCarKw estimates a car's power from its fiscal power and energy.
type fileCarKw struct {
	Label    string                  `json:"label"`
	Source   string                  `json:"source"`
	MinKw    int                     `json:"minKw"`
	Energies map[string]fileEnergyKw `json:"energies"`
}

// fileEnergyKw is an energy's median CO2 (g/km) for the fiscal power
// formula, the ratio of the peak power to the power the formula takes,
// and the fiscal powers a car of this energy has.
type fileEnergyKw struct {
	CO2            float64 `json:"co2"`
	PeakRatio      float64 `json:"peakRatio"`
	MinFiscalPower int     `json:"minFiscalPower"`
	MaxFiscalPower int     `json:"maxFiscalPower"`
}

// fileMotoKw estimates a motorbike's power from the licence it needs
// and, for the A licence, its displacement.
type fileMotoKw struct {
	Label     string         `json:"label"`
	Source    string         `json:"source"`
	ByLicence map[string]int `json:"byLicence"`
	KwPerCcA  float64        `json:"kwPerCcA"`
	MinKwA    int            `json:"minKwA"`
}

// fileBandSet is a labelled, sourced table of bands.
type fileBandSet struct {
	Label  string     `json:"label"`
	Source string     `json:"source"`
	Bands  []fileBand `json:"bands"`
}

// describedKeys are the answers that describe a vehicle, by the kind of
// vehicle whose form asks them, in the form's order.
var describedKeys = map[string][]string{
	VehicleCar:  {"vehicleMake", "vehicleModel", "vehicleEnergy", "vehicleFiscalPower", "vehicleValueKind", "vehicleValueCents"},
	VehicleMoto: {"vehicleMake", "vehicleModel", "vehicleEnergy", "vehicleCc", "vehicleLicence", "vehicleValueKind", "vehicleValueCents"},
}

// maxValueNewCents bounds a value new estimated from a price paid, as
// the catalogue's own values are bounded.
const maxValueNewCents = 100_000_000

// Described tells whether the answers describe a vehicle by its
// characteristics (any of vehicleMake, vehicleModel, vehicleEnergy,
// vehicleFiscalPower, vehicleValueCents, vehicleValueKind, vehicleCc,
// vehicleLicence), rather than name one of the catalogue by vehicleId.
func (a *Answers) Described() bool {
	return a.VehicleMake != "" || a.VehicleModel != "" || a.VehicleEnergy != "" || a.VehicleFiscalPower != 0 ||
		a.VehicleValueCents != 0 || a.VehicleValueKind != "" || a.VehicleCc != 0 || a.VehicleLicence != ""
}

// DescribedName writes a described vehicle as people say it: « Renault
// Clio 2006 »; "" when the answers name a vehicle of the catalogue.
func (a *Answers) DescribedName() string {
	if !a.Described() {
		return ""
	}
	name := strings.TrimSpace(strings.TrimSpace(a.VehicleMake) + " " + strings.TrimSpace(a.VehicleModel))
	if a.VehicleYear != 0 {
		name += " " + strconv.Itoa(a.VehicleYear)
	}
	return name
}

// checkDescribed checks the answers that describe a vehicle of product
// p and, when they hold, makes the vehicle and derives the profile from
// it; it appends each refused answer to errs.
func (t *Tariff) checkDescribed(p *product, a *Answers, pr *profile, today Date, errs FieldErrors) FieldErrors {
	switch {
	case a.VehicleID != "":
		return append(errs, &FieldError{"vehicleId", "Choisissez un véhicule de la liste ou décrivez le vôtre, pas les deux."})
	case p.field["vehicleMake"] == nil:
		return append(errs, &FieldError{"vehicleId", p.field["vehicleId"].Message})
	}
	d := t.described
	n := len(errs)
	refuse := func(key, message string) {
		if message == "" {
			message = p.field[key].Message
		}
		errs = append(errs, &FieldError{key, message})
	}
	if first := today.Year - d.MaxAge; a.VehicleYear < first || a.VehicleYear > today.Year {
		refuse("vehicleYear", "Indiquez l’année de première mise en circulation (case B de la carte grise), entre "+
			strconv.Itoa(first)+" et "+strconv.Itoa(today.Year)+".")
	}
	for _, key := range []string{"vehicleMake", "vehicleModel"} {
		if !plausibleName(describedText(a, key), int(p.field[key].Max)) {
			refuse(key, "")
		}
	}
	energyOK := isChoice(p.field["vehicleEnergy"], a.VehicleEnergy)
	if !energyOK {
		refuse("vehicleEnergy", "")
	}
	if p.vehicleKind == VehicleMoto {
		errs = checkDescribedMoto(p, a, energyOK, errs)
	} else {
		errs = d.checkDescribedCar(p, a, energyOK, errs)
	}
	if !isChoice(p.field["vehicleValueKind"], a.VehicleValueKind) {
		refuse("vehicleValueKind", "")
	}
	if !inBounds(p.field["vehicleValueCents"], a.VehicleValueCents) {
		refuse("vehicleValueCents", "")
	}
	if len(errs) > n {
		return errs
	}
	t.describe(p, a, pr, today)
	return errs
}

// checkDescribedCar checks a car's fiscal power: within the form's
// bounds, and within those of its energy.
func (d *fileDescribed) checkDescribedCar(p *product, a *Answers, energyOK bool, errs FieldErrors) FieldErrors {
	f := p.field["vehicleFiscalPower"]
	if !inBounds(f, int64(a.VehicleFiscalPower)) {
		return append(errs, &FieldError{f.Key, f.Message})
	}
	e, ok := d.CarKw.Energies[a.VehicleEnergy]
	if !energyOK || !ok || a.VehicleFiscalPower >= e.MinFiscalPower && a.VehicleFiscalPower <= e.MaxFiscalPower {
		return errs
	}
	return append(errs, &FieldError{f.Key, "Une voiture " + choiceLabel(p.field["vehicleEnergy"], a.VehicleEnergy) + " a de " +
		strconv.Itoa(e.MinFiscalPower) + " à " + strconv.Itoa(e.MaxFiscalPower) + nbsp + "CV\u00a0: vérifiez la puissance fiscale (case P.6 de la carte grise)."})
}

// checkDescribedMoto checks a motorbike's displacement and licence: an
// electric one has no displacement, and the licence must be the one its
// displacement needs (AM or A1 up to 50 cm³, A1 up to 125 cm³, A2 or A
// beyond).
func checkDescribedMoto(p *product, a *Answers, energyOK bool, errs FieldErrors) FieldErrors {
	electric := a.VehicleEnergy == "electrique"
	cc := p.field["vehicleCc"]
	ccOK := true
	switch {
	case electric && a.VehicleCc != 0:
		errs = append(errs, &FieldError{cc.Key, "Un deux-roues électrique n’a pas de cylindrée\u00a0: laissez ce champ vide."})
		ccOK = false
	case !electric && !inBounds(cc, int64(a.VehicleCc)):
		errs = append(errs, &FieldError{cc.Key, cc.Message})
		ccOK = false
	}
	licence := p.field["vehicleLicence"]
	if !isChoice(licence, a.VehicleLicence) {
		return append(errs, &FieldError{licence.Key, licence.Message})
	}
	if electric || !energyOK || !ccOK {
		return errs
	}
	allowed, words := []string{"A2", "A"}, "A2 ou A"
	switch {
	case a.VehicleCc <= 50:
		allowed, words = []string{"AM", "A1"}, "AM ou A1"
	case a.VehicleCc <= 125:
		allowed, words = []string{"A1"}, "A1"
	}
	if !slices.Contains(allowed, a.VehicleLicence) {
		errs = append(errs, &FieldError{licence.Key, "Un deux-roues de " + fmtThousands(int64(a.VehicleCc)) + nbsp +
			"cm³ se conduit avec le permis " + words + "\u00a0: choisissez-le."})
	}
	return errs
}

// describe makes the vehicle of checked answers (without years of sale:
// the age limit alone bounds its year) and derives the profile
// from it: its group and class, its age, and its trace line.
func (t *Tariff) describe(p *product, a *Answers, pr *profile, today Date) {
	d := t.described
	v := &Vehicle{Kind: p.vehicleKind, Make: strings.TrimSpace(a.VehicleMake), Model: strings.TrimSpace(a.VehicleModel),
		Energy: a.VehicleEnergy, ValueNewCents: a.VehicleValueCents}
	if v.Kind == VehicleMoto {
		v.Cc, v.Licence = a.VehicleCc, a.VehicleLicence
		v.PowerKw = d.MotoKw.estimate(v.Licence, v.Cc)
	} else {
		v.FiscalPower = a.VehicleFiscalPower
		v.PowerKw = d.CarKw.estimate(v.Energy, v.FiscalPower)
	}
	age := max(today.Year-a.VehicleYear, 0)
	share := 1.0
	if a.VehicleValueKind == "paid" {
		share = t.keptShare(v.Kind, age)
		v.ValueNewCents = min(int64(math.Round(float64(a.VehicleValueCents)/share/100))*100, maxValueNewCents)
	}
	pr.vehicle = v
	pr.group, pr.class = t.classify(v)
	pr.vehicleAge = age
	pr.describedLine = describedLine(p, v, a, share, age)
}

// estimate is a car's power in kW from its fiscal power, by the French
// formula CV = CO2/45 + (P/40)^1.6 with the energy's median CO2, times
// the energy's ratio of peak power to the power the formula takes; at
// least MinKw.
func (c *fileCarKw) estimate(energy string, fiscalPower int) int {
	e := c.Energies[energy]
	x := float64(fiscalPower) - e.CO2/45
	if x <= 0 {
		return c.MinKw
	}
	return max(int(math.Round(40*math.Pow(x, 1/1.6)*e.PeakRatio)), c.MinKw)
}

// estimate is a motorbike's power in kW: the most its licence allows,
// or for the A licence its displacement times KwPerCcA, at least MinKwA.
func (m *fileMotoKw) estimate(licence string, cc int) int {
	if kw, ok := m.ByLicence[licence]; ok {
		return kw
	}
	return max(int(math.Round(float64(cc)*m.KwPerCcA)), m.MinKwA)
}

// plausibleName tells whether a make or model is written: letters or
// digits, at most max characters, no control character.
func plausibleName(s string, max int) bool {
	s = strings.TrimSpace(s)
	if s == "" || utf8.RuneCountInString(s) > max || !utf8.ValidString(s) {
		return false
	}
	return !strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }) &&
		strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// describedText is the answer to a described text field.
func describedText(a *Answers, key string) string {
	if key == "vehicleMake" {
		return a.VehicleMake
	}
	return a.VehicleModel
}

// isChoice tells whether v is one of f's choices.
func isChoice(f *FormField, v string) bool {
	return slices.ContainsFunc(f.Choices, func(c Choice) bool { return c.ID == v })
}

// choiceLabel is the label of f's choice id, the id if it has none.
func choiceLabel(f *FormField, id string) string {
	for _, c := range f.Choices {
		if c.ID == id {
			return c.Label
		}
	}
	return id
}

// inBounds tells whether n is within f's bounds.
func inBounds(f *FormField, n int64) bool {
	return n >= int64(f.Min) && n <= int64(f.Max)
}
