package sepa

import (
	"strings"
	"testing"
)

func TestToLatin(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Jean Dupont", "Jean Dupont"},
		{"Hélène Éluard-Çelik", "Helene Eluard-Celik"},
		{"Cœur de Bœuf SARL", "Coeur de Boeuf SARL"},
		{"ŒUVRES Lætitia", "OEUVRES Laetitia"},
		{"Straße Müller", "Strasse Muller"},
		{"Søren Łukasz Ñúñez", "Soren Lukasz Nunez"},
		{"L’Oréal & Fils", "L'Oreal + Fils"},
		{"Société « Les Pins »", "Societe Les Pins"},
		{"A\u00a0–\u00a0B", "A - B"},
		{"Prime n° 3 ; échéance !", "Prime no 3 , echeance ."},
		{"mail@exemple.fr #42 *", "mail exemple.fr 42"},
		{"  trop   d'espaces  ", "trop d'espaces"},
		{"e\u0301te\u0301 (NFD)", "ete (NFD)"},
		{"東京", ""},
		{"Contrat 12/2026 (auto) v.2, l'+?:", "Contrat 12/2026 (auto) v.2, l'+?:"},
	}
	for _, tt := range tests {
		got := ToLatin(tt.in)
		if got != tt.want {
			t.Errorf("ToLatin(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if !isLatin(got) {
			t.Errorf("ToLatin(%q) = %q, out of the SEPA Latin set", tt.in, got)
		}
	}
}

func TestLatinText(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"Hélène", 70, "Helene"},
		{strings.Repeat("é", 80), 70, strings.Repeat("e", 70)},
		{"Jean Dupont", 5, "Jean"},
	}
	for _, tt := range tests {
		if got := latinText(tt.in, tt.n); got != tt.want {
			t.Errorf("latinText(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}
