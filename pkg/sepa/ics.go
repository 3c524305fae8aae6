package sepa

import (
	"strings"

	"courtier/pkg/apperr"
)

// The parts of a creditor identifier (ICS, « identifiant créancier SEPA »):
// country, two check digits, a creditor business code the creditor chooses
// freely ("ZZZ" when it has none) and the national identifier.
const (
	icsMaxLen = 35
	// frNationalLen: the Banque de France gives six characters, so a
	// French ICS is 13 long, FRkkZZZnnnnnn.
	frNationalLen = 6
)

// NormalizeCreditorID returns the creditor identifier s without spaces and
// in upper case.
func NormalizeCreditorID(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// ValidateCreditorID checks the SEPA creditor identifier s (ICS),
// normalized first: a country of the SEPA zone, two check digits, a
// three-character business code, the national identifier (six characters
// for France), letters and digits only, and the check digits, which cover
// the national identifier and the country but not the business code. The
// error is a field error on "ics".
func ValidateCreditorID(s string) error {
	return checkCreditorID("ics", s)
}

// checkCreditorID is ValidateCreditorID for any field name.
func checkCreditorID(field, s string) error {
	id := NormalizeCreditorID(s)
	switch {
	case id == "":
		return apperr.FieldErrorf(field, "L’identifiant créancier SEPA (ICS) est obligatoire.")
	case !isAlnum(id):
		return apperr.FieldErrorf(field, "L’identifiant créancier SEPA ne peut contenir que des lettres et des chiffres.")
	case len(id) < 8 || len(id) > icsMaxLen || !isUpper(id[:2]) || ibanLength(id[:2]) == 0:
		return apperr.FieldErrorf(field, "L’identifiant créancier SEPA doit commencer par le code d’un pays de la zone SEPA, suivi de 2 chiffres de contrôle, de 3 caractères et de l’identifiant national (35 caractères au plus).")
	case id[:2] == "FR" && len(id) != 7+frNationalLen:
		return apperr.FieldErrorf(field, "Un identifiant créancier SEPA français compte 13 caractères (FR, 2 chiffres, 3 caractères, 6 caractères)\u00a0; celui-ci en compte %d.", len(id))
	case !validKey(id[2:4]) || mod97(id[7:]+id[:4]) != 1:
		return apperr.FieldErrorf(field, "La clé de contrôle de l’identifiant créancier SEPA est fausse\u00a0: vérifiez-le.")
	}
	return nil
}

// CreditorIDCheckDigits computes the two check digits of a creditor
// identifier from its country and national identifier (normalized to
// upper case; letters and digits only): 98 minus the remainder mod 97 of
// the national identifier followed by the country and "00", letters read
// as in an IBAN. The business code does not count.
func CreditorIDCheckDigits(country, nationalID string) string {
	n := 98 - mod97(NormalizeCreditorID(nationalID)+strings.ToUpper(country)+"00")
	return string([]byte{byte('0' + n/10), byte('0' + n%10)})
}

// NewCreditorID builds a creditor identifier from its country, business
// code ("ZZZ" when empty) and national identifier, with its check digits,
// and validates it.
func NewCreditorID(country, businessCode, nationalID string) (string, error) {
	if businessCode == "" {
		businessCode = "ZZZ"
	}
	country, businessCode, nationalID = NormalizeCreditorID(country), NormalizeCreditorID(businessCode), NormalizeCreditorID(nationalID)
	if len(businessCode) != 3 || !isAlnum(country+businessCode+nationalID) {
		return "", apperr.FieldErrorf("ics", "Le code d’activité compte 3 lettres ou chiffres et l’identifiant national ne contient que des lettres et des chiffres.")
	}
	id := country + CreditorIDCheckDigits(country, nationalID) + businessCode + nationalID
	if err := ValidateCreditorID(id); err != nil {
		return "", err
	}
	return id, nil
}
