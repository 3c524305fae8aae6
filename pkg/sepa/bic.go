package sepa

import (
	"strings"

	"courtier/pkg/apperr"
)

// NormalizeBIC returns the BIC s without spaces and in upper case.
func NormalizeBIC(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// ValidateBIC checks the format of the BIC s (ISO 9362), normalized first:
// four letters for the bank, the two letters of its country, two letters
// or digits for the place, and an optional branch of three, 8 or 11
// characters in all. As the pain.008 schema's BICIdentifier, the place
// neither starts with 0 or 1 (a test or a passive BIC) nor ends with O. The BIC is optional in SEPA since 2016 (the IBAN is
// enough), so an empty s is valid. The error is a field error on "bic".
func ValidateBIC(s string) error {
	return checkBIC("bic", s)
}

// checkBIC is ValidateBIC for any field name.
func checkBIC(field, s string) error {
	bic := NormalizeBIC(s)
	switch {
	case bic == "":
		return nil
	case len(bic) != 8 && len(bic) != 11:
		return apperr.FieldErrorf(field, "Un BIC compte 8 ou 11 caractères\u00a0; celui-ci en compte %d.", len([]rune(bic)))
	case !isUpper(bic[:6]) || !isAlnum(bic[6:]) || strings.ContainsRune("01", rune(bic[6])) || bic[7] == 'O':
		return apperr.FieldErrorf(field, "Ce BIC n’a pas le bon format\u00a0: 4 lettres pour la banque, 2 pour le pays, puis 2 ou 5 lettres ou chiffres.")
	}
	return nil
}
