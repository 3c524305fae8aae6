package sepa

import (
	"strings"
	"unicode"

	"courtier/pkg/apperr"
)

// NormalizeIBAN returns s without its spaces (the print format groups of
// four, no-break spaces pasted from a bank's page included) and in upper
// case: the electronic format to check and to store.
func NormalizeIBAN(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

// ValidateIBAN checks the IBAN s, normalized first: a country of the SEPA
// zone, that country's exact length, letters and digits only, and the
// ISO 13616 key (the number read mod 97 equals 1). The error is an
// apperr field error on "iban" with a French message.
func ValidateIBAN(s string) error {
	return checkIBAN("iban", s)
}

// checkIBAN is ValidateIBAN for any field name, so that the pain.008
// export can point at the transaction whose IBAN is wrong.
func checkIBAN(field, s string) error {
	iban := NormalizeIBAN(s)
	switch {
	case iban == "":
		return apperr.FieldErrorf(field, "L’IBAN est obligatoire.")
	case !isAlnum(iban):
		return apperr.FieldErrorf(field, "L’IBAN ne peut contenir que des lettres et des chiffres.")
	case len(iban) < 4 || !isUpper(iban[:2]):
		return apperr.FieldErrorf(field, "Un IBAN commence par le code de son pays, par exemple FR76.")
	}
	cc := iban[:2]
	want := ibanLength(cc)
	switch {
	case want == 0:
		return apperr.FieldErrorf(field, "Le pays de cet IBAN (%s) n’est pas dans la zone SEPA\u00a0: le prélèvement n’y est pas possible.", cc)
	case len(iban) != want:
		return apperr.FieldErrorf(field, "Un IBAN %s compte %d caractères\u00a0; celui-ci en compte %d.", cc, want, len(iban))
	case !validKey(iban[2:4]) || mod97(iban[4:]+iban[:4]) != 1:
		return apperr.FieldErrorf(field, "La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le.")
	}
	return nil
}

// validKey reports check digits in 02–98, the only ones mod 97 can
// produce: 00, 01 and 99 would pass the sum as 97, 98 and 02 do.
func validKey(k string) bool {
	return isDigits(k) && k >= "02" && k <= "98"
}

// FormatIBAN writes the IBAN s in its print format, groups of four
// characters separated by spaces: "FR76 3000 6000 0112 3456 7890 189".
func FormatIBAN(s string) string {
	iban := NormalizeIBAN(s)
	var b strings.Builder
	for i := 0; i < len(iban); i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(iban[i:min(i+4, len(iban))])
	}
	return b.String()
}

// maskKeep is how many of the last characters MaskIBAN shows: enough for
// the holder to recognise the account, too few to use it.
const maskKeep = 3

// MaskIBAN writes the IBAN s in print format with everything hidden but
// its country, its key and its last three characters, for pages and
// mails: "FR76 •••• •••• •••• •••• •••• 189". Too short to be an IBAN,
// it is hidden whole.
func MaskIBAN(s string) string {
	iban := []rune(NormalizeIBAN(s))
	for i := range iban {
		if i >= 4 && i < len(iban)-maskKeep || len(iban) < 4+maskKeep+1 {
			iban[i] = '•'
		}
	}
	var b strings.Builder
	for i, r := range iban {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// mod97 returns the number written by s, each letter read as two digits
// (A = 10 … Z = 35), modulo 97, digit by digit so no big number is needed.
// s holds only A-Z and 0-9.
func mod97(s string) int {
	r := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			r = (r*100 + int(c-'A') + 10) % 97
		} else {
			r = (r*10 + int(c-'0')) % 97
		}
	}
	return r
}

// isAlnum reports s made of A-Z and 0-9 only.
func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// isUpper reports s made of A-Z only.
func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// isDigits reports s made of 0-9 only.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
