// Package company holds the broker's identity: one data file, company.json,
// read by the Go server here and by the React build (site/src/lib/company.ts).
package company

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

//go:embed company.json
var profileJSON []byte

// Service is an insurance product advertised by the broker.
type Service struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Path        string `json:"path"`
}

// Advantage is one of the advantages advertised on the home page.
type Advantage struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// TeamMember is a person shown on the about page (SPEC.md §3).
type TeamMember struct {
	Name        string   `json:"name"`
	Role        string   `json:"role"`
	Description string   `json:"description"`
	Expertise   []string `json:"expertise"`
}

// Hours are the opening hours of SPEC.md §1.
type Hours struct {
	Weekdays string `json:"weekdays"`
	Saturday string `json:"saturday"`
	Sunday   string `json:"sunday"`
}

// Online is the online availability note of the contact block.
type Online struct {
	Available   bool   `json:"available"`
	Description string `json:"description"`
}

// SocialMedia are the broker's social links.
type SocialMedia struct {
	Facebook  string `json:"facebook"`
	LinkedIn  string `json:"linkedin"`
	Instagram string `json:"instagram"`
}

// AnswerDelays are the delays the site promises, read by the services that
// compute each request's due date and by the pages that promise them
// (site/src/lib/company.ts), so they are typed once.
type AnswerDelays struct {
	// QuoteWorkingHours is the answer to a quote request, in opening hours.
	QuoteWorkingHours int `json:"quoteWorkingHours"`
	// CallbackWorkingHours is the call back, in opening hours, when the
	// client gave no slot.
	CallbackWorkingHours int `json:"callbackWorkingHours"`
	// ContactWorkingDays is the answer to a contact message, in working days.
	ContactWorkingDays int `json:"contactWorkingDays"`
}

// Complaints is the complaints service and its delays (ACPR recommendation
// 2022-R-01).
type Complaints struct {
	Email   string `json:"email"`
	Address string `json:"address"`
	// AcknowledgeDays is the acknowledgement delay, in working days (jours
	// ouvrables).
	AcknowledgeDays int `json:"acknowledgeDays"`
	// AnswerMonths is the answer delay, in calendar months.
	AnswerMonths int `json:"answerMonths"`
}

// Mediator is the consumer mediator a complainant may turn to.
type Mediator struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	Website string `json:"website"`
}

// The longest delays ACPR recommendation 2022-R-01 allows a broker to
// promise a complainant: a profile promising more is refused.
const (
	maxAcknowledgeDays = 10
	maxAnswerMonths    = 2
)

// Profile is the company profile of SPEC.md §3, with the legal details a
// French broker must publish.
type Profile struct {
	Name               string            `json:"name"`
	FullName           string            `json:"fullName"`
	Description        string            `json:"description"`
	Phone              string            `json:"phone"`
	PhoneInternational string            `json:"phoneInternational"`
	Email              string            `json:"email"`
	Address            string            `json:"address"`
	PostalCode         string            `json:"postalCode"`
	City               string            `json:"city"`
	Country            string            `json:"country"`
	Siret              string            `json:"siret"`
	Activity           string            `json:"activity"`
	Website            string            `json:"website"`
	License            string            `json:"license"`
	Orias              string            `json:"orias"`
	Founded            int               `json:"founded"`
	Version            string            `json:"version"`
	Roles              map[string]string `json:"ROLES"`
	SocialMedia        SocialMedia       `json:"socialMedia"`
	Services           []Service         `json:"services"`
	Advantages         []Advantage       `json:"advantages"`
	Team               []TeamMember      `json:"team"`
	Hours              Hours             `json:"hours"`
	Online             Online            `json:"online"`
	AnswerDelays       AnswerDelays      `json:"answerDelays"`
	Complaints         Complaints        `json:"complaints"`
	Mediator           Mediator          `json:"mediator"`
	// Sepa is what the broker collects premiums with (pkg/contract checks
	// it: the company package reads no rule of another).
	Sepa Sepa `json:"sepa"`
}

// Sepa is the broker's creditor identity for SEPA direct debits: its
// creditor identifier (ICS), and the account and bank debits are paid to.
type Sepa struct {
	CreditorID string `json:"creditorId"`
	IBAN       string `json:"iban"`
	BIC        string `json:"bic"`
}

// Default returns the profile of the embedded company.json.
func Default() (Profile, error) {
	return Parse(profileJSON)
}

// Parse reads a profile and checks that the fields every page shows are
// there, that the opening hours parse and that the delays are positive (and,
// for complaints, within what the law allows).
func Parse(data []byte) (Profile, error) {
	var p Profile
	if err := json.Unmarshal(data, &p); err != nil {
		return Profile{}, fmt.Errorf("profil de la société illisible: %w", err)
	}
	required := map[string]string{
		"name": p.Name, "phone": p.Phone, "phoneInternational": p.PhoneInternational,
		"email": p.Email, "address": p.Address, "city": p.City, "siret": p.Siret,
		"license": p.License, "version": p.Version,
		"complaints.email": p.Complaints.Email, "complaints.address": p.Complaints.Address,
		"mediator.name": p.Mediator.Name, "mediator.address": p.Mediator.Address,
	}
	for _, field := range slices.Sorted(maps.Keys(required)) {
		if required[field] == "" {
			return Profile{}, fmt.Errorf("profil de la société: champ %q manquant", field)
		}
	}
	if err := p.checkDelays(); err != nil {
		return Profile{}, err
	}
	if _, err := p.Calendar(); err != nil {
		return Profile{}, fmt.Errorf("profil de la société: %w", err)
	}
	return p, nil
}

func (p Profile) checkDelays() error {
	delays := []struct {
		field      string
		value, max int
	}{
		{"answerDelays.quoteWorkingHours", p.AnswerDelays.QuoteWorkingHours, 0},
		{"answerDelays.callbackWorkingHours", p.AnswerDelays.CallbackWorkingHours, 0},
		{"answerDelays.contactWorkingDays", p.AnswerDelays.ContactWorkingDays, 0},
		{"complaints.acknowledgeDays", p.Complaints.AcknowledgeDays, maxAcknowledgeDays},
		{"complaints.answerMonths", p.Complaints.AnswerMonths, maxAnswerMonths},
	}
	for _, d := range delays {
		if d.value <= 0 {
			return fmt.Errorf("profil de la société: délai %q manquant ou nul", d.field)
		}
		if d.max > 0 && d.value > d.max {
			return fmt.Errorf("profil de la société: délai %q de %d, au-delà des %d de la recommandation ACPR 2022-R-01", d.field, d.value, d.max)
		}
	}
	return nil
}

// Calendar is the working-time calendar of the profile's opening hours.
func (p Profile) Calendar() (*Calendar, error) {
	return NewCalendar(p.Hours)
}

// FullAddress is the postal address on one line.
func (p Profile) FullAddress() string {
	return fmt.Sprintf("%s, %s %s", p.Address, p.PostalCode, p.City)
}
