package sepa

import (
	"strings"
	"testing"

	"courtier/pkg/apperr"
)

// fieldError returns the field and message of err, or "" when err is nil.
func fieldError(t *testing.T, err error) (field, message string) {
	t.Helper()
	if err == nil {
		return "", ""
	}
	e, ok := err.(*apperr.Error)
	if !ok || e.Code != apperr.EINVALID {
		t.Fatalf("error %v is not an EINVALID *apperr.Error", err)
	}
	return e.Field, e.Message
}

func TestValidateBIC(t *testing.T) {
	tests := []struct {
		bic, want string // want: a fragment of the message, "" when valid
	}{
		{"", ""},
		{"BNPAFRPP", ""},
		{"BNPAFRPPXXX", ""},
		{"deutdeff500", ""},
		{"AGRI FRPP 882", ""},
		{"BNPAFRP", "8 ou 11 caractères\u00a0; celui-ci en compte 7"},
		{"BNPAFRPPXX", "celui-ci en compte 10"},
		{"BNP1FRPP", "n’a pas le bon format"},
		{"BNPAF1PP", "n’a pas le bon format"},
		{"BNPAFRP-", "n’a pas le bon format"},
		{"BNPAFR0P", "n’a pas le bon format"},
		{"BNPAFR1P", "n’a pas le bon format"},
		{"BNPAFRPO", "n’a pas le bon format"},
		{"BNPAFR2A", ""},
	}
	for _, tt := range tests {
		field, msg := fieldError(t, ValidateBIC(tt.bic))
		if tt.want == "" && msg != "" || !strings.Contains(msg, tt.want) || msg != "" && field != "bic" {
			t.Errorf("ValidateBIC(%q) = %s %q, want %q", tt.bic, field, msg, tt.want)
		}
	}
}

func TestValidateCreditorID(t *testing.T) {
	const wrongKey = "La clé de contrôle de l’identifiant créancier SEPA est fausse\u00a0: vérifiez-le."
	tests := []struct {
		name, ics, want string // want: a fragment of the message, "" when valid
	}{
		{"the broker's fictional one", "FR78ZZZ424242", ""},
		{"French example", "FR72ZZZ123456", ""},
		{"lower case and spaces", "fr72 zzz 123456", ""},
		{"the business code does not count", "FR72ABC123456", ""},
		{"Bundesbank's example", "DE98ZZZ09999999999", ""},
		{"empty", "", "est obligatoire"},
		{"a dash", "FR72-ZZZ-123456", "que des lettres et des chiffres"},
		{"out of SEPA", "US72ZZZ123456", "code d’un pays de la zone SEPA"},
		{"too short", "FR72ZZZ", "code d’un pays de la zone SEPA"},
		{"too long", "DE98ZZZ" + strings.Repeat("9", 29), "code d’un pays de la zone SEPA"},
		{"French, one short", "FR72ZZZ12345", "compte 13 caractères (FR, 2 chiffres, 3 caractères, 6 caractères)\u00a0; celui-ci en compte 12"},
		{"wrong key", "FR73ZZZ123456", wrongKey},
		{"digits swapped", "FR72ZZZ123465", wrongKey},
		{"letters for the key", "FRAAZZZ123456", wrongKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			field, msg := fieldError(t, ValidateCreditorID(tt.ics))
			if tt.want == "" && msg != "" || !strings.Contains(msg, tt.want) || msg != "" && field != "ics" {
				t.Errorf("ValidateCreditorID(%q) = %s %q, want %q", tt.ics, field, msg, tt.want)
			}
		})
	}
}

func TestNewCreditorID(t *testing.T) {
	tests := []struct {
		country, business, national, want string
	}{
		{"FR", "", "424242", "FR78ZZZ424242"},
		{"fr", "zzz", "123456", "FR72ZZZ123456"},
		{"FR", "ABC", "123456", "FR72ABC123456"},
		{"DE", "ZZZ", "09999999999", "DE98ZZZ09999999999"},
		{"FR", "ZZZZ", "123456", ""},
		{"FR", "ZZZ", "12345", ""},
		{"FR", "Z-Z", "123456", ""},
	}
	for _, tt := range tests {
		got, err := NewCreditorID(tt.country, tt.business, tt.national)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("NewCreditorID(%q, %q, %q) = %q, %v, want %q", tt.country, tt.business, tt.national, got, err, tt.want)
		}
	}
	if got := CreditorIDCheckDigits("FR", "424242"); got != "78" {
		t.Errorf("CreditorIDCheckDigits = %q, want 78", got)
	}
}

func TestNewMandateRef(t *testing.T) {
	tests := []struct {
		prefix string
		n      int64
		want   string // "" when refused
	}{
		{"CTR", 42, "CTR-00000042"},
		{"ctr-auto", 1, "CTR-AUTO-00000001"},
		{"C", 123456789012, "C-123456789012"},
		{"", 1, ""},
		{"CTR_", 1, ""},
		{"CRÉANCE", 1, ""},
		{"CTR", 0, ""},
		{"CTR", -3, ""},
		{strings.Repeat("A", 27), 1, ""},
		{strings.Repeat("A", 26), 1, strings.Repeat("A", 26) + "-00000001"},
	}
	for _, tt := range tests {
		got, err := NewMandateRef(tt.prefix, tt.n)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("NewMandateRef(%q, %d) = %q, %v, want %q", tt.prefix, tt.n, got, err, tt.want)
		}
		if err == nil {
			if err := ValidateMandateRef(got); err != nil {
				t.Errorf("NewMandateRef(%q, %d) = %q, which ValidateMandateRef refuses: %v", tt.prefix, tt.n, got, err)
			}
		}
	}
}

func TestValidateMandateRef(t *testing.T) {
	tests := []struct {
		ref, want string // want: a fragment of the message, "" when valid
	}{
		{"CTR-00000042", ""},
		{"Contrat 12/2026 (auto) v.2, l'+?:", ""},
		{strings.Repeat("9", 35), ""},
		{"", "La référence unique du mandat (RUM) est obligatoire."},
		{strings.Repeat("9", 36), "ne peut dépasser 35 caractères (36 ici)"},
		{"CTR_42", "que des lettres sans accents"},
		{"CRÉANCE-42", "que des lettres sans accents"},
		{"CTR&42", "que des lettres sans accents"},
		{"/CTR-42", "ni commencer ni finir par une barre oblique"},
		{"CTR-42/", "ni commencer ni finir"},
		{" CTR-42", "ni commencer ni finir"},
		{"CTR//42", "ni contenir «\u00a0//\u00a0»"},
	}
	for _, tt := range tests {
		field, msg := fieldError(t, ValidateMandateRef(tt.ref))
		if tt.want == "" && msg != "" || !strings.Contains(msg, tt.want) || msg != "" && field != "rum" {
			t.Errorf("ValidateMandateRef(%q) = %s %q, want %q", tt.ref, field, msg, tt.want)
		}
	}
}
