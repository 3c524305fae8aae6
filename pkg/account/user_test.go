package account

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

func TestParseRole(t *testing.T) {
	tests := []struct {
		in   string
		want Role
		ok   bool
	}{
		{"admin", RoleAdmin, true}, {"agent", RoleAgent, true}, {"client", RoleClient, true},
		{" Admin ", RoleAdmin, true}, {"CLIENT", RoleClient, true},
		{"", "", false}, {"boss", "", false}, {"admins", "", false},
	}
	for _, tt := range tests {
		got, err := ParseRole(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseRole(%q) = %q, %v; want %q ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "admin, agent, client") {
			t.Errorf("ParseRole(%q) error %q does not list the roles", tt.in, err)
		}
	}
}

func TestDefaultDisplayName(t *testing.T) {
	tests := []struct{ given, email, want string }{
		{"Marie Curie", "marie@exemple.fr", "Marie Curie"},
		{"", "marie.curie@exemple.fr", "marie.curie"},
		{"", "sans-arobase", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		if got := defaultDisplayName(tt.given, tt.email); got != tt.want {
			t.Errorf("defaultDisplayName(%q, %q) = %q, want %q", tt.given, tt.email, got, tt.want)
		}
	}
}

func TestNormalizeEmail(t *testing.T) {
	tests := []struct {
		in, want string
		msg      string
	}{
		{"  Marie.Curie@Exemple.FR ", "marie.curie@exemple.fr", ""},
		{"jose+devis@exemple.fr", "jose+devis@exemple.fr", ""},
		{"josé@exemple.fr", "josé@exemple.fr", ""},
		{"JOSE\u0301@exemple.fr", "josé@exemple.fr", ""},
		{"\u200bmarie@exemple.fr\u00a0", "marie@exemple.fr", ""},
		{"zoé@Café.fr", "zoé@xn--caf-dma.fr", ""},
		{"zoé@XN--CAF-DMA.FR", "zoé@xn--caf-dma.fr", ""},
		{"zoé@xn--zz.fr", "", "valide"},
		{"zoé@caf\u00e9_.fr", "", "valide"},
		// Looked up as stored: the script rules are NormalizeNewEmail's.
		{"cli\u0435nta@exemple.fr", "cli\u0435nta@exemple.fr", ""},
		{"\u200b\u00a0", "", "Saisissez votre adresse e-mail."},
		{"ａｄｍｉｎ@exemple.fr", "", "caractères ordinaires"},
		{"ＡＤＭＩＮ@exemple.fr", "", "caractères ordinaires"},
		{"admin@exemple.ｆｒ", "", "caractères ordinaires"},
		{"oﬃce@exemple.fr", "", "caractères ordinaires"},
		{"admin²@exemple.fr", "", "caractères ordinaires"},
		{"ad\u200bmin@exemple.fr", "", "caractères ordinaires"},
		{"ad\u200dmin@exemple.fr", "", "caractères ordinaires"},
		{"nimda\u202e@exemple.fr", "", "caractères ordinaires"},
		{"marie\xff@exemple.fr", "", "valide"},
		{"", "", "Saisissez votre adresse e-mail."},
		{"   ", "", "Saisissez votre adresse e-mail."},
		{"marie", "", "valide"},
		{"marie@localhost", "", "valide"},
		{"marie@exemple.", "", "valide"},
		{"marie@.exemple.fr", "", "valide"},
		{"marie@exemple..fr", "", "valide"},
		{"Marie <marie@exemple.fr>", "", "valide"},
		{"marie@exemple.fr, paul@exemple.fr", "", "valide"},
		{"ma rie@exemple.fr", "", "valide"},
		{"marie@[192.0.2.1]", "", "valide"},
		{"marie\x00@exemple.fr", "", "valide"},
		{strings.Repeat("a", 250) + "@exemple.fr", "", "valide"},
	}
	for _, tt := range tests {
		got, err := NormalizeEmail(tt.in)
		if tt.msg == "" {
			if err != nil || got != tt.want {
				t.Errorf("NormalizeEmail(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
			continue
		}
		wantErr(t, err, apperr.EINVALID, "email", tt.msg)
	}
}

func TestCleanDisplayName(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"  Zoé Dupont-Lefèvre ", "Zoé Dupont-Lefèvre", true},
		{"李小龍 🚗", "李小龍 🚗", true},
		{"", "", true},
		{strings.Repeat("é", 100), strings.Repeat("é", 100), true},
		{strings.Repeat("é", 101), "", false},
		{"Zoé\nDupont", "", false},
		{"Zoé\u202eeponT", "", false},
		{"bad\xffbyte", "", false},
		{"Zoe\u0301", "Zoé", true},
		{"\u200b\u00a0\u3164", "", true},
		{"Zo\u200bé", "", false},
		{"Zoé\u2066", "", false},
		{"Zoé\u061c", "", false},
		{"Zoé 👩\u200d💻", "Zoé 👩\u200d💻", true},
		{"Z\u200doé", "", false},
	}
	for _, tt := range tests {
		got, err := cleanDisplayName(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("cleanDisplayName(%q) = %q, %v; want %q ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
		if err != nil && apperr.CodeOf(err) != apperr.EINVALID {
			t.Errorf("cleanDisplayName(%q): code %s", tt.in, apperr.CodeOf(err))
		}
	}
}

func TestUserJSONMergesExtras(t *testing.T) {
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	u := User{UID: "u1", Email: "a@exemple.fr", DisplayName: "A", Role: RoleClient, Status: StatusActive,
		CreatedAt: at, UpdatedAt: at, Extra: map[string]any{"phone": "01 99 00 00 00", "role": "admin"}}
	b, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	want := map[string]any{"uid": "u1", "email": "a@exemple.fr", "displayName": "A", "role": "client",
		"status": "active", "emailConfirmed": false, "twoFactor": false, "createdAt": "2026-03-02T09:00:00.000Z", "updatedAt": "2026-03-02T09:00:00.000Z",
		"phone": "01 99 00 00 00"}
	if len(got) != len(want) {
		t.Fatalf("json %s, want keys %v", b, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
}

func TestValidateExtra(t *testing.T) {
	if s, err := validateExtra(nil); err != nil || s != "{}" {
		t.Errorf("nil extra = %q, %v", s, err)
	}
	if _, err := validateExtra(map[string]any{"uid": "x"}); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("reserved key accepted: %v", err)
	}
	if _, err := validateExtra(map[string]any{"f": func() {}}); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("unencodable value accepted: %v", err)
	}
}
