package pricing

import (
	"math"
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// profile is a validated set of answers with what the engine derives
// from them: ages, the bonus-malus, the department, the vehicle's
// group, class and age.
type profile struct {
	age          int
	licenceYears int
	supervised   bool
	crm          CRM
	crmHistory   bool // computed from the history, not read on the relevé
	dept         *department
	vehicle      *Vehicle
	vehicleAge   int
	valueCents   int64 // the vehicle's estimated value today (barème de vétusté)
	group        int
	class        int // index in the kind's classes, by the estimated value
	answers      *Answers
	// describedLine is the trace's line of a vehicle described by the
	// client, "" for one of the catalogue.
	describedLine string
}

// check validates the answers against the product's form, field by
// field, and derives the profile into pr, the caller's, which holds a
// already: both stay on the caller's stack (storing a here would send
// it to the heap). Every refused field gets its message.
func (t *Tariff) check(p *product, a *Answers, pr *profile, today Date) FieldErrors {
	pr.supervised = a.SupervisedDriving
	var errs FieldErrors
	var birth Date
	birthOK := false
	for _, f := range p.fields {
		ok := true
		switch f.Type {
		case "date":
			birth, birthOK = ParseDate(a.BirthDate)
			if birthOK {
				pr.age = birth.YearsUntil(today)
			}
			birthOK = birthOK && !today.Before(birth) && pr.age >= f.MinAge && pr.age <= f.MaxAge
			ok = birthOK
		case "licence":
			ok = t.checkLicence(f, a, pr, birth, birthOK, today)
		case "crm":
			ok = checkCRM(f, a, pr)
			if !ok && a.BonusMalus == 0 && a.CRMHistory != nil {
				errs = append(errs, &FieldError{"crmHistory", "Votre historique d’assurance est incomplet ou hors bornes (60 ans au plus, sinistres dans les années assurées)."})
				continue
			}
		case "postalCode":
			pr.dept, ok = t.department(a.PostalCode)
		case "vehicle":
			if a.Described() {
				errs = t.checkDescribed(p, a, pr, today, errs)
				continue
			}
			pr.vehicle, ok = t.catalogue.lookup(a.VehicleID, p.vehicleKind)
			if ok {
				pr.group, pr.class = t.classify(pr.vehicle)
				pr.vehicleAge = max(today.Year-pr.vehicle.FromYear, 0)
			}
		case "vehicleYear":
			// The refusal says the years this vehicle takes: a message
			// of its own, not the field's.
			if msg := t.checkVehicleYear(f, a, pr, today); msg != "" {
				errs = append(errs, &FieldError{f.Key, msg})
				continue
			}
		case "choice":
			ok = checkChoice(f, a)
		case "int", "cents":
			v := intAnswer(a, f.Key)
			ok = v >= int64(f.Min) && v <= int64(f.Max)
		case "options":
			ok = !slices.ContainsFunc(a.Options, func(o string) bool { return p.options[o] == nil })
		}
		if !ok {
			errs = append(errs, &FieldError{f.Key, f.Message})
		}
	}
	if e := checkMotoLicence(p, a, pr); e != nil {
		errs = append(errs, e)
	}
	return errs
}

func (t *Tariff) checkLicence(f *FormField, a *Answers, pr *profile, birth Date, birthOK bool, today Date) bool {
	licence, ok := ParseDate(a.LicenceDate)
	if !ok || today.Before(licence) {
		return false
	}
	if birthOK && birth.YearsUntil(licence) < f.MinAgeAtLicence {
		return false
	}
	pr.licenceYears = licence.YearsUntil(today)
	least := f.MinYears
	if a.SupervisedDriving {
		least = f.MinYearsSupervised
	}
	return pr.licenceYears >= least
}

// checkCRM reads the bonus-malus of the relevé d'information, or
// computes it from the history when the relevé is not given.
func checkCRM(f *FormField, a *Answers, pr *profile) bool {
	if a.BonusMalus == 0 && a.CRMHistory != nil {
		c, ok := a.CRMHistory.CRM()
		pr.crm, pr.crmHistory = c, true
		return ok
	}
	hundredths := math.Round(a.BonusMalus * 100)
	if math.Abs(a.BonusMalus*100-hundredths) > 1e-6 || a.BonusMalus < f.Min-1e-9 || a.BonusMalus > f.Max+1e-9 {
		return false
	}
	pr.crm = CRM(hundredths)
	return true
}

// checkVehicleYear checks the year of first registration against the
// years the product takes for the vehicle (vehicleYears) and derives the
// vehicle's age, its estimated value and its damage class; without a
// year, the oldest the product takes. It returns the refusal, "" if the
// year is taken.
func (t *Tariff) checkVehicleYear(f *FormField, a *Answers, pr *profile, today Date) string {
	v := pr.vehicle
	if v == nil {
		return "" // the vehicle's own error says enough
	}
	first, last, maxAge := vehicleYears(f, v, today.Year)
	year := a.VehicleYear
	if year == 0 {
		year = first
	}
	if year < first || year > last {
		return vehicleYearMessage(f, v, first, last, maxAge, today.Year)
	}
	pr.vehicleAge = today.Year - year
	pr.valueCents = t.estimatedValue(v, pr.vehicleAge)
	pr.class = t.damageClass(v, pr.valueCents)
	return ""
}

// VehicleYears returns the years of first registration a product prices
// vehicle v for in the year thisYear: from its first model year to
// LastYear, and 30 years back at most (fewer where the product's form
// says so: a VTC). first > last when no year is possible. Without a year,
// the engine prices the first.
func (t *Tariff) VehicleYears(product string, v *Vehicle, thisYear int) (first, last int) {
	var f *FormField
	if p := t.products[product]; p != nil {
		f = p.field["vehicleYear"]
	}
	first, last, _ = vehicleYears(f, v, thisYear)
	return first, last
}

// vehicleYears is VehicleYears for a product's vehicleYear field (nil
// for none), with the age limit that applies to the vehicle.
func vehicleYears(f *FormField, v *Vehicle, thisYear int) (first, last, maxAge int) {
	maxAge = maxVehicleAge
	if f != nil && f.MaxAge > 0 && !slices.Contains(f.ExemptEnergies, v.Energy) {
		maxAge = f.MaxAge
	}
	return max(v.FromYear, thisYear-maxAge), v.LastYear(thisYear), maxAge
}

// vehicleYearMessage says which years a vehicle takes: « Cette version
// est sortie de 2005 à 2012 : indiquez une année entre 2005 et 2013. »,
// with the age limit when it is what bounds them.
func vehicleYearMessage(f *FormField, v *Vehicle, first, last, maxAge, thisYear int) string {
	if v.FromYear > thisYear {
		return "Cette version sort en " + itoa(v.FromYear) + nbsp + ": indiquez son année de première mise en circulation quand elle sera sortie."
	}
	b := make([]byte, 0, 160)
	switch {
	case v.FromYear == 0:
		// A vehicle without years of sale (described by its
		// characteristics): the age limit alone bounds its year.
	case v.ToYear == 0:
		b = append(b, "Cette version est vendue depuis "...)
		b = strconv.AppendInt(b, int64(v.FromYear), 10)
	case v.ToYear == v.FromYear:
		b = append(b, "Cette version est sortie en "...)
		b = strconv.AppendInt(b, int64(v.FromYear), 10)
	default:
		b = append(b, "Cette version est sortie de "...)
		b = strconv.AppendInt(b, int64(v.FromYear), 10)
		b = append(b, " à "...)
		b = strconv.AppendInt(b, int64(v.ToYear), 10)
	}
	if first > v.FromYear { // the age limit, not the model, bounds the years
		rule := "nous assurons en ligne les véhicules de 30" + nbsp + "ans au plus"
		if maxAge < maxVehicleAge {
			rule = f.AgeRule
		}
		if len(b) == 0 {
			r, n := utf8.DecodeRuneInString(rule)
			b = append(utf8.AppendRune(b, unicode.ToUpper(r)), rule[n:]...)
		} else {
			b = append(append(b, " et "...), rule...)
		}
	}
	b = append(b, nbsp+": "...)
	switch {
	case first > last:
		b = append(b, "choisissez un véhicule plus récent."...)
	case first == last:
		b = append(b, "indiquez l’année "...)
		b = append(strconv.AppendInt(b, int64(first), 10), '.')
	default:
		b = append(b, "indiquez une année entre "...)
		b = strconv.AppendInt(b, int64(first), 10)
		b = append(b, " et "...)
		b = append(strconv.AppendInt(b, int64(last), 10), '.')
	}
	return string(b)
}

func checkChoice(f *FormField, a *Answers) bool {
	v := choiceAnswer(a, f.Key)
	if f.Key == "floor" {
		// Only an apartment has a floor; a house ignores it.
		if a.Dwelling != "apartment" {
			return true
		}
	} else if v == "" && f.Optional {
		return true
	}
	return slices.ContainsFunc(f.Choices, func(c Choice) bool { return c.ID == v })
}

// checkMotoLicence refuses a motorbike the rider's licence does not allow.
func checkMotoLicence(p *product, a *Answers, pr *profile) *FieldError {
	if p.field["motoLicence"] == nil || pr.vehicle == nil || pr.vehicle.Kind != VehicleMoto {
		return nil
	}
	allowed := map[string][]string{
		"A": {"AM", "A1", "A2", "A"}, "A2": {"AM", "A1", "A2"}, "A1": {"AM", "A1"}, "B125": {"AM", "A1"}, "AM": {"AM"},
	}[a.MotoLicence]
	if allowed == nil || slices.Contains(allowed, pr.vehicle.Licence) {
		return nil
	}
	return &FieldError{"motoLicence", "Votre permis ne permet pas de conduire ce deux-roues\u00a0: il faut le permis " + pr.vehicle.Licence + "."}
}

// choiceAnswer returns the answer to a choice field.
func choiceAnswer(a *Answers, key string) string {
	switch key {
	case "usage":
		return a.Usage
	case "parking":
		return a.Parking
	case "motoLicence":
		return a.MotoLicence
	case "dwelling":
		return a.Dwelling
	case "floor":
		return a.Floor
	case "occupant":
		return a.Occupant
	}
	return ""
}

// intAnswer returns the answer to a numeric field.
func intAnswer(a *Answers, key string) int64 {
	switch key {
	case "yearlyKm":
		return int64(a.YearlyKm)
	case "claims36":
		return int64(a.Claims36)
	case "namedDrivers":
		return int64(a.NamedDrivers)
	case "surface":
		return int64(a.Surface)
	case "rooms":
		return int64(a.Rooms)
	case "days":
		return int64(a.Days)
	case "contentsCents":
		return a.ContentsCents
	}
	return 0
}

// department finds the department of a French postal code: its first
// two digits, 2A or 2B in Corsica (200xx–201xx and 202xx–206xx), three
// digits overseas (971 to 976; 975, Saint-Pierre-et-Miquelon, is not a
// department). A few communes near a border have the postal code of the
// neighbouring department; the zone is then the neighbour's.
func (t *Tariff) department(code string) (*department, bool) {
	if len(code) != 5 {
		return nil, false
	}
	for i := 0; i < 5; i++ {
		if code[i] < '0' || code[i] > '9' {
			return nil, false
		}
	}
	key := code[:2]
	switch {
	case key == "20" && code[2] <= '1':
		key = "2A"
	case key == "20" && code[2] <= '6':
		key = "2B"
	case key == "97":
		key = code[:3]
	}
	d, ok := t.depts[key]
	return d, ok
}

// lookup finds a vehicle of a kind.
func (c *Catalogue) lookup(id, kind string) (*Vehicle, bool) {
	if c == nil {
		return nil, false
	}
	v, ok := c.byID[id]
	return v, ok && v.Kind == kind
}

// classify derives a vehicle's liability group and damage class from the
// bounds of the file: the SRA's own groups and classes are not public.
// The group is the first whose every bound the vehicle respects; the
// class here that of its value new, which checkVehicleYear replaces by
// that of its estimated value once the year is known.
func (t *Tariff) classify(v *Vehicle) (group, class int) {
	groups := t.groups[v.Kind]
	group = groups[len(groups)-1].Group
	for _, g := range groups {
		fiscalOK := v.Kind != VehicleCar || v.FiscalPower <= g.MaxFiscalPower
		ccOK := v.Kind != VehicleMoto || v.Cc <= g.MaxCc
		if fiscalOK && ccOK && v.PowerKw <= g.MaxKw {
			group = g.Group
			break
		}
	}
	return group, t.damageClass(v, v.ValueNewCents)
}

// damageClass is the first class whose value a vehicle worth valueCents
// does not exceed, one higher for a powerful vehicle (sportKw). The
// value is the vehicle's estimated value today (barème de vétusté): what
// a theft, a fire or a wreck costs the insurer.
func (t *Tariff) damageClass(v *Vehicle, valueCents int64) int {
	classes := t.classes[v.Kind]
	class := len(classes) - 1
	for i, c := range classes {
		if valueCents <= c.MaxValueCents {
			class = i
			break
		}
	}
	if v.PowerKw >= t.sportKw[v.Kind] {
		class = min(class+1, len(classes)-1)
	}
	return class
}
