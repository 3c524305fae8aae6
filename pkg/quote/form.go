package quote

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
)

// formJSON holds the choice lists and bounds of the quote form; the site
// imports the same file, so the form never offers what the server refuses.
//
//go:embed form.json
var formJSON []byte

// Choice is one option of a fixed list: the stored value and its French label.
type Choice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Bounds are the limits of a number, or of a text's length in characters.
// A year's upper bound is the current year, so it has no Max.
type Bounds struct {
	Min float64  `json:"min"`
	Max *float64 `json:"max"`
}

// form is form.json, read once by New.
type form struct {
	Choices map[string][]Choice `json:"choices"`
	Limits  map[string]Bounds   `json:"limits"`
}

// The keys of form.json's choice lists that the validation uses.
const (
	listBrand          = "brand"
	listEnergy         = "energy"
	listUsage          = "usage"
	listCover          = "cover"
	listOccupancy      = "occupancy"
	listHousingType    = "housingType"
	listHealthPriority = "healthPriority"
	listLifeGoal       = "lifeGoal"
	listLegalStatus    = "legalStatus"
	listTurnover       = "turnover"
	listFleetVehicle   = "fleetVehicleType"
	listTempVehicle    = "tempVehicleKind"
	listContactMethod  = "contactMethod"
)

// otherBrand is the brand choice that asks for the brand's name.
const otherBrand = "autre"

// loadForm parses form.json and checks that every list and limit the
// validation reads is there, so a broken edit fails at start-up, not on a request.
func loadForm(data []byte) (*form, error) {
	var f form
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("quote/form.json illisible: %w", err)
	}
	lists := []string{listBrand, listEnergy, listUsage, listCover, listOccupancy, listHousingType, listHealthPriority,
		listLifeGoal, listLegalStatus, listTurnover, listFleetVehicle, listTempVehicle, listContactMethod}
	for _, name := range lists {
		if len(f.Choices[name]) == 0 {
			return nil, fmt.Errorf("quote/form.json: liste %q absente ou vide", name)
		}
	}
	if !f.has(listBrand, otherBrand) || !f.has(listContactMethod, ContactEmail) || !f.has(listContactMethod, ContactPhone) {
		return nil, fmt.Errorf("quote/form.json: choix %q ou moyens de contact absents", otherBrand)
	}
	// Years have no Max (it is the current year); every other limit has both bounds.
	for _, name := range []string{"vehicleYear", "licenceYear"} {
		if _, ok := f.Limits[name]; !ok {
			return nil, fmt.Errorf("quote/form.json: borne %q absente", name)
		}
	}
	ranges := []string{"bonusMalus", "surface", "rooms", "adults", "children", "insuredAge", "amount", "employees",
		"vtcYears", "fleetVehicles", "tempDays", "tempStartDaysAhead", "brandOther", "model", "activity", "message"}
	for _, name := range ranges {
		if b, ok := f.Limits[name]; !ok || b.Max == nil || *b.Max < b.Min {
			return nil, fmt.Errorf("quote/form.json: bornes %q absentes ou inversées", name)
		}
	}
	return &f, nil
}

// has tells whether value is one of the list's choices.
func (f *form) has(list, value string) bool {
	return slices.ContainsFunc(f.Choices[list], func(c Choice) bool { return c.Value == value })
}

// bounds returns the integer bounds of a limit that has both.
func (f *form) bounds(name string) (int, int) {
	b := f.Limits[name]
	return int(b.Min), int(*b.Max)
}
