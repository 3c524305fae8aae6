package company

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestStructuredData: the broker in JSON-LD has the profile's name,
// phone, address and the opening hours parsed as the deadlines read them,
// Sunday closed.
func TestStructuredData(t *testing.T) {
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.StructuredData()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Context   string `json:"@context"`
		Type      string `json:"@type"`
		Name      string `json:"name"`
		URL       string `json:"url"`
		Telephone string `json:"telephone"`
		Address   map[string]string
		Hours     []struct {
			DayOfWeek     []string `json:"dayOfWeek"`
			Opens, Closes string
		} `json:"openingHoursSpecification"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Context != "https://schema.org" || got.Type != "InsuranceAgency" || got.Name != p.Name || got.URL != p.Website || got.Telephone != p.PhoneInternational {
		t.Errorf("%+v", got)
	}
	if got.Address["postalCode"] != p.PostalCode || got.Address["addressLocality"] != p.City || got.Address["addressCountry"] != "FR" {
		t.Errorf("address %+v", got.Address)
	}
	type span struct {
		days          []string
		opens, closes string
	}
	var spans []span
	for _, h := range got.Hours {
		spans = append(spans, span{h.DayOfWeek, h.Opens, h.Closes})
	}
	want := []span{{[]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}, "09:00", "18:00"}, {[]string{"Saturday"}, "09:00", "12:00"}}
	if !reflect.DeepEqual(spans, want) {
		t.Errorf("hours %+v, want %+v", spans, want)
	}
}
