package quote

import (
	"strings"
	"time"
)

// Pro is a professional insurance quote (liability, premises, legal protection).
type Pro struct {
	Activity    string `json:"activity"`
	LegalStatus string `json:"legalStatus"`
	// Turnover is a band of annual turnover, not an amount.
	Turnover  string `json:"turnover"`
	Employees *int   `json:"employees"`
}

func (d *Pro) check(c *checker) {
	c.text("activity", &d.Activity, "activity", "votre activité", false)
	c.choice("legalStatus", &d.LegalStatus, listLegalStatus, "la forme juridique")
	c.choice("turnover", &d.Turnover, listTurnover, "la tranche de chiffre d’affaires annuel")
	c.number("employees", d.Employees, "employees", "le nombre de salariés")
}

// VTC is a ride-hailing driver's quote.
type VTC struct {
	Vehicle
	// Card tells whether the driver holds the professional VTC card.
	Card *bool `json:"vtcCard"`
	// Years of activity as a VTC driver; 0 for a driver who starts.
	Years *int `json:"yearsActivity"`
}

func (d *VTC) check(c *checker) {
	d.Vehicle.check(c)
	c.yesNo("vtcCard", d.Card, "si vous êtes titulaire de la carte professionnelle VTC")
	c.number("yearsActivity", d.Years, "vtcYears", "depuis combien d’années vous exercez comme chauffeur VTC")
}

// Fleet is a company fleet quote, from three vehicles.
type Fleet struct {
	Vehicles     *int     `json:"vehicles"`
	VehicleTypes []string `json:"vehicleTypes"`
}

func (d *Fleet) check(c *checker) {
	lo, _ := c.form.bounds("fleetVehicles")
	if d.Vehicles != nil && *d.Vehicles < lo {
		c.fail("vehicles", "Un contrat flotte couvre au moins %d véhicules\u00a0: pour un ou deux, demandez un devis d’assurance auto.", lo)
	}
	c.number("vehicles", d.Vehicles, "fleetVehicles", "le nombre de véhicules")
	d.VehicleTypes = c.choices("vehicleTypes", d.VehicleTypes, listFleetVehicle, "au moins un type de véhicule")
}

// choices requires at least one value, each from list, and returns them
// without repeats, in the list's order.
func (c *checker) choices(field string, values []string, list, what string) []string {
	picked := map[string]bool{}
	for _, v := range values {
		v = strings.TrimSpace(v)
		if !c.form.has(list, v) {
			c.fail(field, "Choisissez %s dans la liste.", what)
			return nil
		}
		picked[v] = true
	}
	if len(picked) == 0 {
		c.fail(field, "Choisissez %s dans la liste.", what)
		return nil
	}
	out := make([]string, 0, len(picked))
	for _, choice := range c.form.Choices[list] {
		if picked[choice.Value] {
			out = append(out, choice.Value)
		}
	}
	return out
}

// Temp is a temporary car insurance quote, 1 to 90 days.
type Temp struct {
	VehicleKind string `json:"vehicleKind"`
	Days        *int   `json:"days"`
	// StartDate is the first day of cover, YYYY-MM-DD.
	StartDate string `json:"startDate"`
}

func (d *Temp) check(c *checker) {
	c.choice("vehicleKind", &d.VehicleKind, listTempVehicle, "le type de véhicule")
	c.number("days", d.Days, "tempDays", "la durée de la couverture")
	c.startDate("startDate", &d.StartDate)
}

// startDate requires an ISO date from today to the limit's days ahead.
// "Today" is the UTC date minus one day: a client overseas (UTC-10 in
// Polynesia) may still be on the day before, and must be able to pick it.
func (c *checker) startDate(field string, v *string) {
	*v = strings.TrimSpace(*v)
	if *v == "" {
		c.fail(field, "Indiquez la date de début de la couverture.")
		return
	}
	day, err := time.Parse(time.DateOnly, *v)
	if err != nil {
		c.fail(field, "Saisissez une date valide.")
		return
	}
	y, m, dd := c.now.UTC().Date()
	today := time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
	_, ahead := c.form.bounds("tempStartDaysAhead")
	switch {
	case day.Before(today.AddDate(0, 0, -1)):
		c.fail(field, "La date de début ne peut pas être passée.")
	case day.After(today.AddDate(0, 0, ahead)):
		c.fail(field, "Choisissez une date de début dans les %d prochains jours.", ahead)
	}
}
