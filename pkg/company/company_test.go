package company

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDefaultProfile(t *testing.T) {
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if p.Founded != 2024 || p.Version != "1.0.0" {
		t.Errorf("founded %d version %q, want 2024 and 1.0.0", p.Founded, p.Version)
	}
	if len(p.Services) != 8 || len(p.Advantages) != 6 {
		t.Errorf("%d services and %d advantages, want 8 and 6", len(p.Services), len(p.Advantages))
	}
	if len(p.Team) == 0 || len(p.Team[0].Expertise) == 0 {
		t.Error("the president and their expertise are missing")
	}
	// Numbers of the range ARCEP reserves for fiction, an e-mail on a reserved domain.
	if !strings.HasPrefix(p.Phone, "01 99 00") || !strings.HasSuffix(p.Email, ".example") {
		t.Errorf("phone %q or e-mail %q is not clearly fictional", p.Phone, p.Email)
	}
	if d := p.AnswerDelays; d.QuoteWorkingHours != 24 || d.CallbackWorkingHours != 24 || d.ContactWorkingDays != 2 {
		t.Errorf("answer delays %+v, want 24 hours, 24 hours and 2 days", d)
	}
	if p.Complaints.AcknowledgeDays != 10 || p.Complaints.AnswerMonths != 2 || p.Mediator.Name == "" {
		t.Errorf("complaints %+v and mediator %+v, want 10 days, 2 months and a name", p.Complaints, p.Mediator)
	}
	for _, role := range []string{"admin", "agent", "client"} {
		found := false
		for _, v := range p.Roles {
			found = found || v == role
		}
		if !found {
			t.Errorf("role %q missing from ROLES", role)
		}
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"not json", "{", "illisible"},
		{"missing phone", `{"name":"X","email":"a@b.example"}`, "manquant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestParseChecks starts from the embedded profile and breaks one thing.
func TestParseChecks(t *testing.T) {
	tests := []struct {
		name string
		edit func(p map[string]any)
		want string
	}{
		{"zero quote delay", func(p map[string]any) { sub(p, "answerDelays")["quoteWorkingHours"] = 0 }, "answerDelays.quoteWorkingHours"},
		{"negative callback delay", func(p map[string]any) { sub(p, "answerDelays")["callbackWorkingHours"] = -1 }, "answerDelays.callbackWorkingHours"},
		{"no answer delays", func(p map[string]any) { delete(p, "answerDelays") }, "answerDelays.quoteWorkingHours"},
		{"zero contact delay", func(p map[string]any) { sub(p, "answerDelays")["contactWorkingDays"] = 0 }, "answerDelays.contactWorkingDays"},
		{"zero acknowledgement", func(p map[string]any) { sub(p, "complaints")["acknowledgeDays"] = 0 }, "complaints.acknowledgeDays"},
		{"acknowledgement beyond the law", func(p map[string]any) { sub(p, "complaints")["acknowledgeDays"] = 11 }, "ACPR"},
		{"answer beyond the law", func(p map[string]any) { sub(p, "complaints")["answerMonths"] = 3 }, "ACPR"},
		{"no complaints e-mail", func(p map[string]any) { sub(p, "complaints")["email"] = "" }, "complaints.email"},
		{"no mediator", func(p map[string]any) { delete(p, "mediator") }, "mediator.address"},
		{"hours unreadable", func(p map[string]any) { sub(p, "hours")["saturday"] = "le matin" }, "samedi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p map[string]any
			if err := json.Unmarshal(profileJSON, &p); err != nil {
				t.Fatal(err)
			}
			tt.edit(p)
			data, err := json.Marshal(p)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Parse(data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// sub is the object under key in a profile read as a map.
func sub(p map[string]any, key string) map[string]any {
	return p[key].(map[string]any)
}
