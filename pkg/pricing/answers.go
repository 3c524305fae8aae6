package pricing

import "strings"

// Answers are a profile's answers to a product's form, with the keys of
// the API (POST /api/prices). One type serves every product: a product
// reads the keys of its form and ignores the others. docs/pricing.md
// lists the keys of each product.
type Answers struct {
	// Driver (car, moto, vtc, temp).
	BirthDate         string      `json:"birthDate,omitempty"`
	LicenceDate       string      `json:"licenceDate,omitempty"`
	SupervisedDriving bool        `json:"supervisedDriving,omitempty"`
	BonusMalus        float64     `json:"bonusMalus,omitempty"`
	CRMHistory        *CRMHistory `json:"crmHistory,omitempty"`
	Claims36          int         `json:"claims36,omitempty"`
	NamedDrivers      int         `json:"namedDrivers,omitempty"`
	MotoLicence       string      `json:"motoLicence,omitempty"`
	// Vehicle and its use.
	VehicleID   string `json:"vehicleId,omitempty"`
	VehicleYear int    `json:"vehicleYear,omitempty"`
	Usage       string `json:"usage,omitempty"`
	Parking     string `json:"parking,omitempty"`
	YearlyKm    int    `json:"yearlyKm,omitempty"`
	Days        int    `json:"days,omitempty"`
	// A vehicle not in the catalogue, described by its characteristics
	// (vehicleId then empty, vehicleYear required): see described.go.
	VehicleMake        string `json:"vehicleMake,omitempty"`
	VehicleModel       string `json:"vehicleModel,omitempty"`
	VehicleEnergy      string `json:"vehicleEnergy,omitempty"`
	VehicleFiscalPower int    `json:"vehicleFiscalPower,omitempty"` // a car's, in CV
	VehicleCc          int    `json:"vehicleCc,omitempty"`          // a motorbike's, 0 if electric
	VehicleLicence     string `json:"vehicleLicence,omitempty"`     // the licence a motorbike needs
	// VehicleValueCents is the value new ("new") or the price paid ("paid"), as VehicleValueKind says.
	VehicleValueCents int64  `json:"vehicleValueCents,omitempty"`
	VehicleValueKind  string `json:"vehicleValueKind,omitempty"`
	// Place (every product).
	PostalCode string `json:"postalCode,omitempty"`
	// Home.
	Dwelling      string `json:"dwelling,omitempty"`
	Surface       int    `json:"surface,omitempty"`
	Rooms         int    `json:"rooms,omitempty"`
	Floor         string `json:"floor,omitempty"`
	Occupant      string `json:"occupant,omitempty"`
	ContentsCents int64  `json:"contentsCents,omitempty"`
	// Options bought on top of the formula (home, vtc).
	Options []string `json:"options,omitempty"`
}

// Needs are what the client told of their needs before the prices, for
// the duty to advise (Code des assurances, L521-4): the covers they
// want, their budget, how high a deductible they accept and whether
// they are insured elsewhere already.
type Needs struct {
	// Covers are ids of the product's needs.covers in the rating file.
	Covers []string `json:"covers,omitempty"`
	// BudgetMonthlyCents is a monthly budget (yearly products), 0 for none.
	BudgetMonthlyCents int64 `json:"budgetMonthlyCents,omitempty"`
	// BudgetCents is the budget of the whole period (temp), 0 for none.
	BudgetCents int64 `json:"budgetCents,omitempty"`
	// Deductible is the tolerance: "low", "medium", "high", or "" for none.
	Deductible string `json:"deductible,omitempty"`
	// ExistingCover is "none" or "elsewhere" (a switch of insurer), or "".
	ExistingCover string `json:"existingCover,omitempty"`
}

// FieldError is a refused answer: the JSON key of the field and a French
// message to show next to it.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e *FieldError) Error() string { return e.Field + "\u00a0: " + e.Message }

// FieldErrors are all the refused answers of a profile, in the order of
// the form.
type FieldErrors []*FieldError

func (e FieldErrors) Error() string {
	parts := make([]string, len(e))
	for i, fe := range e {
		parts[i] = fe.Error()
	}
	return strings.Join(parts, " ; ")
}

// StudyError refuses to price a product that a person studies: the
// site sends the visitor to the request form instead.
type StudyError struct {
	Product string
	Study
}

func (e *StudyError) Error() string {
	return e.Label + " : sur étude. " + e.Reason
}

// maxBudgetCents bounds a budget: beyond it the figure is a typo.
const maxBudgetCents = 10_000_000

// checkNeeds refuses needs the product does not know.
func checkNeeds(p *product, n Needs) FieldErrors {
	var errs FieldErrors
	for _, c := range n.Covers {
		if p.needCover(c) == nil {
			errs = append(errs, &FieldError{"needs.covers", "Ce besoin n’existe pas pour ce produit\u00a0: «\u00a0" + c + "\u00a0»."})
			break
		}
	}
	if n.BudgetMonthlyCents < 0 || n.BudgetMonthlyCents > maxBudgetCents || n.BudgetCents < 0 || n.BudgetCents > maxBudgetCents {
		errs = append(errs, &FieldError{"needs.budget", "Votre budget doit être compris entre 0 et 100\u202f000\u00a0€."})
	}
	switch n.Deductible {
	case "", "low", "medium", "high":
	default:
		errs = append(errs, &FieldError{"needs.deductible", "Choisissez une franchise faible, moyenne ou élevée."})
	}
	switch n.ExistingCover {
	case "", "none", "elsewhere":
	default:
		errs = append(errs, &FieldError{"needs.existingCover", "Dites si vous êtes déjà assuré ailleurs."})
	}
	return errs
}

// needCover returns the need of an id, nil if the product has none.
func (p *product) needCover(id string) *Choice {
	for i := range p.needs.Covers {
		if p.needs.Covers[i].ID == id {
			return &p.needs.Covers[i]
		}
	}
	return nil
}
