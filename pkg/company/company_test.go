package company

import (
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
