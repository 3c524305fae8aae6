package pricing

import (
	"errors"
	"strings"
	"testing"
)

// refused prices a profile that must be refused on field, and returns
// the message.
func refused(t *testing.T, tr *Tariff, product string, a Answers, n Needs, field string) string {
	t.Helper()
	_, err := tr.Price(product, a, n, today)
	var fe FieldErrors
	if !errors.As(err, &fe) {
		t.Fatalf("%s: error %v, want FieldErrors on %s", product, err, field)
	}
	for _, e := range fe {
		if e.Field == field {
			return e.Message
		}
	}
	t.Fatalf("%s: errors %v, none on %s", product, err, field)
	return ""
}

// TestBadCarAnswers moves each answer of the median car just out of its
// bounds: each is refused on its own key with a French message.
func TestBadCarAnswers(t *testing.T) {
	tr := testTariff(t)
	tests := []struct {
		field  string
		change func(*Answers)
	}{
		{"birthDate", func(a *Answers) { a.BirthDate = "" }},
		{"birthDate", func(a *Answers) { a.BirthDate = "10/05/1981" }},
		{"birthDate", func(a *Answers) { a.BirthDate = "2008-11-21" }}, // 17 years old the day before 18
		{"birthDate", func(a *Answers) { a.BirthDate = "1926-11-20" }}, // 100 years old
		{"birthDate", func(a *Answers) { a.BirthDate = "2030-01-01" }},
		{"licenceDate", func(a *Answers) { a.LicenceDate = "" }},
		{"licenceDate", func(a *Answers) { a.LicenceDate = "2026-11-21" }}, // tomorrow
		{"licenceDate", func(a *Answers) { a.LicenceDate = "1998-05-09" }}, // at 16
		{"bonusMalus", func(a *Answers) { a.BonusMalus = 0 }},
		{"bonusMalus", func(a *Answers) { a.BonusMalus = 0.49 }},
		{"bonusMalus", func(a *Answers) { a.BonusMalus = 3.51 }},
		{"bonusMalus", func(a *Answers) { a.BonusMalus = 0.685 }},
		{"crmHistory", func(a *Answers) { a.BonusMalus, a.CRMHistory = 0, &CRMHistory{InsuredYears: 99} }},
		{"postalCode", func(a *Answers) { a.PostalCode = "6900" }},
		{"postalCode", func(a *Answers) { a.PostalCode = "97500" }},
		{"vehicleId", func(a *Answers) { a.VehicleID = "" }},
		{"vehicleId", func(a *Answers) { a.VehicleID = "no-such-car" }},
		{"vehicleId", func(a *Answers) { a.VehicleID = "yamaha-mt-07" }}, // a motorbike
		{"vehicleYear", func(a *Answers) { a.VehicleYear = 2018 }},       // before the model
		{"vehicleYear", func(a *Answers) { a.VehicleYear = 2027 }},
		{"usage", func(a *Answers) { a.Usage = "" }},
		{"usage", func(a *Answers) { a.Usage = "taxi" }},
		{"parking", func(a *Answers) { a.Parking = "tree" }},
		{"yearlyKm", func(a *Answers) { a.YearlyKm = 999 }},
		{"yearlyKm", func(a *Answers) { a.YearlyKm = 100001 }},
		{"claims36", func(a *Answers) { a.Claims36 = -1 }},
		{"claims36", func(a *Answers) { a.Claims36 = 6 }},
		{"namedDrivers", func(a *Answers) { a.NamedDrivers = 4 }},
	}
	form, _ := tr.Form("car")
	messages := map[string]string{"crmHistory": "Votre historique d’assurance est incomplet ou hors bornes (60 ans au plus, sinistres dans les années assurées)."}
	for _, f := range form {
		messages[f.Key] = f.Message
	}
	// The year's refusal says the years of this vehicle (TestVehicleYearMessages).
	messages["vehicleYear"] = "Cette version est vendue depuis 2019\u00a0: indiquez une année entre 2019 et 2026."
	for _, tt := range tests {
		a := medianCar()
		tt.change(&a)
		// The message is the form's own, which the site shows too.
		if msg := refused(t, tr, "car", a, Needs{}, tt.field); msg != messages[tt.field] || !strings.HasSuffix(msg, ".") {
			t.Errorf("%s: message %q, want %q", tt.field, msg, messages[tt.field])
		}
	}
	a := medianCar()
	a.BirthDate = "2008-11-21"
	if msg := refused(t, tr, "car", a, Needs{}, "birthDate"); msg != "Votre date de naissance doit indiquer entre 18\u00a0et 99\u00a0ans." {
		t.Errorf("birthDate message %q", msg)
	}
}

// TestBadAnswersOfOtherProducts refuses the bounds that only these products have.
func TestBadAnswersOfOtherProducts(t *testing.T) {
	tr := testTariff(t)
	home := Answers{PostalCode: "69002", Dwelling: "apartment", Surface: 65, Rooms: 3, Floor: "middle", Occupant: "tenant", ContentsCents: 2000000}
	moto := Answers{BirthDate: "2000-03-04", LicenceDate: "2020-06-01", MotoLicence: "A2", BonusMalus: 0.9, PostalCode: "33000",
		VehicleID: "yamaha-mt-07-a2", Usage: "commute", Parking: "street", YearlyKm: 8000}
	vtc := Answers{BirthDate: "1985-01-01", LicenceDate: "2005-01-01", BonusMalus: 0.8, PostalCode: "93200",
		VehicleID: "peugeot-208-12-puretech-100", Parking: "street", YearlyKm: 60000}
	temp := Answers{BirthDate: "1980-01-01", LicenceDate: "2000-01-01", PostalCode: "69002", VehicleID: "peugeot-208-12-puretech-100", Days: 10}
	tests := []struct {
		product, field string
		base           Answers
		change         func(*Answers)
	}{
		{"home", "surface", home, func(a *Answers) { a.Surface = 8 }},
		{"home", "surface", home, func(a *Answers) { a.Surface = 501 }},
		{"home", "rooms", home, func(a *Answers) { a.Rooms = 0 }},
		{"home", "rooms", home, func(a *Answers) { a.Rooms = 16 }},
		{"home", "contentsCents", home, func(a *Answers) { a.ContentsCents = 199999 }},
		{"home", "contentsCents", home, func(a *Answers) { a.ContentsCents = 15000001 }},
		{"home", "dwelling", home, func(a *Answers) { a.Dwelling = "boat" }},
		{"home", "floor", home, func(a *Answers) { a.Floor = "" }},
		{"home", "occupant", home, func(a *Answers) { a.Occupant = "guest" }},
		{"home", "options", home, func(a *Answers) { a.Options = []string{"jacuzzi"} }},
		{"moto", "motoLicence", moto, func(a *Answers) { a.VehicleID = "yamaha-mt-07" }}, // full power needs A
		{"moto", "motoLicence", moto, func(a *Answers) { a.MotoLicence = "" }},
		{"moto", "yearlyKm", moto, func(a *Answers) { a.YearlyKm = 50001 }},
		{"moto", "vehicleId", moto, func(a *Answers) { a.VehicleID = "peugeot-208-12-puretech-100" }},
		{"vtc", "licenceDate", vtc, func(a *Answers) { a.LicenceDate = "2024-01-01" }}, // 2 years, no AAC
		{"vtc", "yearlyKm", vtc, func(a *Answers) { a.YearlyKm = 9999 }},
		{"vtc", "birthDate", vtc, func(a *Answers) { a.BirthDate = "1945-01-01" }},
		{"temp", "days", temp, func(a *Answers) { a.Days = 0 }},
		{"temp", "days", temp, func(a *Answers) { a.Days = 91 }},
		{"temp", "birthDate", temp, func(a *Answers) { a.BirthDate, a.LicenceDate = "2006-01-01", "2023-06-01" }},
		{"temp", "licenceDate", temp, func(a *Answers) { a.LicenceDate = "2025-06-01" }},
	}
	for _, tt := range tests {
		a := tt.base
		mustPrice(t, tr, tt.product, a, Needs{}) // the base profile is accepted
		tt.change(&a)
		refused(t, tr, tt.product, a, Needs{}, tt.field)
	}
	// A house has no floor to give; AAC shortens the VTC's wait to 2 years.
	h := home
	h.Dwelling, h.Floor = "house", ""
	mustPrice(t, tr, "home", h, Needs{})
	v := vtc
	v.LicenceDate, v.SupervisedDriving = "2024-01-01", true
	mustPrice(t, tr, "vtc", v, Needs{})
}

func TestBadNeeds(t *testing.T) {
	tr := testTariff(t)
	for field, n := range map[string]Needs{
		"needs.covers":        {Covers: []string{"pool"}}, // a home need asked for a car
		"needs.budget":        {BudgetMonthlyCents: -1},
		"needs.deductible":    {Deductible: "none"},
		"needs.existingCover": {ExistingCover: "maybe"},
	} {
		refused(t, tr, "car", medianCar(), n, field)
	}
}

// TestAllErrorsAtOnce: every refused field is named, in the form's order.
func TestAllErrorsAtOnce(t *testing.T) {
	_, err := testTariff(t).Price("car", Answers{}, Needs{}, today)
	var fe FieldErrors
	if !errors.As(err, &fe) {
		t.Fatal(err)
	}
	var fields []string
	for _, e := range fe {
		fields = append(fields, e.Field)
	}
	want := "birthDate licenceDate bonusMalus postalCode vehicleId usage parking yearlyKm"
	if got := strings.Join(fields, " "); got != want {
		t.Errorf("fields %q, want %q", got, want)
	}
}
