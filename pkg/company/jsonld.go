package company

import (
	"encoding/json"
	"fmt"
)

// openingDays are the schema.org days of each line of Hours.
var openingDays = []struct {
	days []string
	get  func(Hours) string
}{
	{[]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}, func(h Hours) string { return h.Weekdays }},
	{[]string{"Saturday"}, func(h Hours) string { return h.Saturday }},
	{[]string{"Sunday"}, func(h Hours) string { return h.Sunday }},
}

// openingSpec is a schema.org OpeningHoursSpecification.
type openingSpec struct {
	Type      string   `json:"@type"`
	DayOfWeek []string `json:"dayOfWeek"`
	Opens     string   `json:"opens"`
	Closes    string   `json:"closes"`
}

// StructuredData is the broker as a schema.org InsuranceAgency in JSON-LD,
// for search engines: name, address, phone, e-mail, opening hours (from
// the same parsed hours as the deadlines), website and social pages.
func (p Profile) StructuredData() ([]byte, error) {
	var hours []openingSpec
	for _, d := range openingDays {
		spans, err := parseDay(d.get(p.Hours))
		if err != nil {
			return nil, err
		}
		for _, sp := range spans {
			hours = append(hours, openingSpec{Type: "OpeningHoursSpecification", DayOfWeek: d.days,
				Opens: fmt.Sprintf("%02d:%02d", sp.open/60, sp.open%60), Closes: fmt.Sprintf("%02d:%02d", sp.close/60, sp.close%60)})
		}
	}
	var same []string
	for _, u := range []string{p.SocialMedia.Facebook, p.SocialMedia.LinkedIn, p.SocialMedia.Instagram} {
		if u != "" {
			same = append(same, u)
		}
	}
	return json.Marshal(map[string]any{
		"@context":  "https://schema.org",
		"@type":     "InsuranceAgency",
		"name":      p.Name,
		"legalName": p.FullName,
		"url":       p.Website,
		"telephone": p.PhoneInternational,
		"email":     p.Email,
		"address": map[string]string{
			"@type": "PostalAddress", "streetAddress": p.Address, "postalCode": p.PostalCode,
			"addressLocality": p.City, "addressCountry": countryCode(p.Country),
		},
		"openingHoursSpecification": hours,
		"sameAs":                    same,
	})
}

// countryCode is the ISO 3166 code schema.org prefers, for the countries
// the profile may name.
func countryCode(name string) string {
	if name == "France" {
		return "FR"
	}
	return name
}
