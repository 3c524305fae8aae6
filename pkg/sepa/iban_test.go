package sepa

import (
	"testing"

	"courtier/pkg/apperr"
)

func TestValidateIBAN(t *testing.T) {
	tests := []struct {
		name, iban string
		want       string // the French message, "" when valid
	}{
		{"France", "FR7630006000011234567890189", ""},
		{"Germany", "DE89370400440532013000", ""},
		{"United Kingdom, in SEPA", "GB82WEST12345698765432", ""},
		{"Belgium", "BE68539007547034", ""},
		{"Netherlands", "NL91ABNA0417164300", ""},
		{"Switzerland", "CH9300762011623852957", ""},
		{"Norway, the shortest", "NO9386011117947", ""},
		{"Malta, the longest", "MT84MALT011000012345MTLCAST001S", ""},
		{"Italy, a letter in the BBAN", "IT60X0542811101000000123456", ""},
		{"print format with spaces", "FR76 3000 6000 0112 3456 7890 189", ""},
		{"lower case and no-break spaces", "fr76\u00a03000\u00a06000 0112 3456 7890 189", ""},
		{"empty", "", "L’IBAN est obligatoire."},
		{"blank", "   ", "L’IBAN est obligatoire."},
		{"a dash", "FR76-3000-6000-0112-3456-7890-189", "L’IBAN ne peut contenir que des lettres et des chiffres."},
		{"an accent", "FR7630006000011234567890É89", "L’IBAN ne peut contenir que des lettres et des chiffres."},
		{"no country", "7630006000011234567890189", "Un IBAN commence par le code de son pays, par exemple FR76."},
		{"out of SEPA", "US64SVBKUS6S3300958879", "Le pays de cet IBAN (US) n’est pas dans la zone SEPA\u00a0: le prélèvement n’y est pas possible."},
		{"Turkey, out of SEPA", "TR330006100519786457841326", "Le pays de cet IBAN (TR) n’est pas dans la zone SEPA\u00a0: le prélèvement n’y est pas possible."},
		{"one digit short", "FR763000600001123456789018", "Un IBAN FR compte 27 caractères\u00a0; celui-ci en compte 26."},
		{"one digit long", "DE893704004405320130001", "Un IBAN DE compte 22 caractères\u00a0; celui-ci en compte 23."},
		{"wrong key", "FR7730006000011234567890189", "La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le."},
		{"two digits swapped", "FR7630006000011234567890198", "La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le."},
		{"wrong key, Germany", "DE88370400440532013000", "La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le."},
		{"key 98", "DE98370400440532000034", ""},
		{"key 02", "DE02370400440532000016", ""},
		{"key 98 written 01, same remainder", "DE01370400440532000034", "La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le."},
		{"key 02 written 99, same remainder", "DE99370400440532000016", "La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le."},
		{"letters in the key", "FRAB30006000011234567890189", "La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateIBAN(tt.iban)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("ValidateIBAN(%q) = %v, want nil", tt.iban, err)
				}
				return
			}
			e, ok := err.(*apperr.Error)
			if !ok {
				t.Fatalf("ValidateIBAN(%q) = %v, want an *apperr.Error", tt.iban, err)
			}
			if e.Code != apperr.EINVALID || e.Field != "iban" || e.Message != tt.want {
				t.Errorf("ValidateIBAN(%q) = %s %s %q, want invalid iban %q", tt.iban, e.Code, e.Field, e.Message, tt.want)
			}
		})
	}
}

func TestNormalizeFormatMaskIBAN(t *testing.T) {
	tests := []struct {
		in, normal, print, mask string
	}{
		{"fr76 3000 6000 0112 3456 7890 189", "FR7630006000011234567890189",
			"FR76 3000 6000 0112 3456 7890 189", "FR76 •••• •••• •••• •••• •••• 189"},
		{"DE89370400440532013000", "DE89370400440532013000",
			"DE89 3704 0044 0532 0130 00", "DE89 •••• •••• •••• •••0 00"},
		{" NO93\t8601 1117 947 ", "NO9386011117947",
			"NO93 8601 1117 947", "NO93 •••• •••• 947"},
		{"FR76", "FR76", "FR76", "••••"},
		{"", "", "", ""},
	}
	for _, tt := range tests {
		if got := NormalizeIBAN(tt.in); got != tt.normal {
			t.Errorf("NormalizeIBAN(%q) = %q, want %q", tt.in, got, tt.normal)
		}
		if got := FormatIBAN(tt.in); got != tt.print {
			t.Errorf("FormatIBAN(%q) = %q, want %q", tt.in, got, tt.print)
		}
		if got := MaskIBAN(tt.in); got != tt.mask {
			t.Errorf("MaskIBAN(%q) = %q, want %q", tt.in, got, tt.mask)
		}
	}
}
