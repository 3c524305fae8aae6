// Package company holds the broker's identity: one data file, company.json,
// read by the Go server here and by the React build (site/src/lib/company.ts).
package company

import (
	_ "embed"
	"encoding/json"
	"fmt"
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
}

// Default returns the profile of the embedded company.json.
func Default() (Profile, error) {
	return Parse(profileJSON)
}

// Parse reads a profile and checks that the fields every page shows are there.
func Parse(data []byte) (Profile, error) {
	var p Profile
	if err := json.Unmarshal(data, &p); err != nil {
		return Profile{}, fmt.Errorf("profil de la société illisible: %w", err)
	}
	required := map[string]string{
		"name": p.Name, "phone": p.Phone, "phoneInternational": p.PhoneInternational,
		"email": p.Email, "address": p.Address, "city": p.City, "siret": p.Siret,
		"license": p.License, "version": p.Version,
	}
	for field, v := range required {
		if v == "" {
			return Profile{}, fmt.Errorf("profil de la société: champ %q manquant", field)
		}
	}
	return p, nil
}

// FullAddress is the postal address on one line.
func (p Profile) FullAddress() string {
	return fmt.Sprintf("%s, %s %s", p.Address, p.PostalCode, p.City)
}
