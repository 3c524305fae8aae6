package sepa

import (
	"strconv"
	"strings"

	"courtier/pkg/apperr"
)

// maxIDLen is the length of every identifier of a SEPA file: the mandate
// reference, the end-to-end id, the message and payment ids.
const maxIDLen = 35

// rumDigits pads the number of a generated mandate reference, so that
// references sort as numbers and keep one length for years.
const rumDigits = 8

// NewMandateRef builds the unique mandate reference (RUM, « référence
// unique du mandat ») of the creditor's n-th mandate: the prefix in upper
// case, a dash and n on eight digits, "CTR-00000042". It writes only
// A-Z, 0-9 and '-', the characters every bank keeps as they are, although
// the scheme allows more (see ValidateMandateRef). The prefix is made of
// those characters too; n is positive; the result fits in 35 characters.
func NewMandateRef(prefix string, n int64) (string, error) {
	prefix = strings.ToUpper(prefix)
	num := strconv.FormatInt(n, 10)
	if pad := rumDigits - len(num); pad > 0 {
		num = strings.Repeat("0", pad) + num
	}
	ref := prefix + "-" + num
	switch {
	case prefix == "" || !isRecommended(prefix):
		return "", apperr.FieldErrorf("rum", "Le préfixe des références de mandat ne contient que des lettres, des chiffres et des tirets.")
	case n <= 0:
		return "", apperr.FieldErrorf("rum", "Le numéro d’un mandat est un entier positif.")
	case len(ref) > maxIDLen:
		return "", apperr.FieldErrorf("rum", "La référence de mandat %s dépasse 35 caractères\u00a0: raccourcissez le préfixe.", ref)
	}
	return ref, nil
}

// ValidateMandateRef checks a mandate reference as the scheme defines it:
// 1 to 35 characters of the SEPA Latin set (A-Z a-z 0-9 / - ? : ( ) . , '
// + and the space), neither starting nor ending with a slash or a space,
// and without "//". The error is a field error on "rum".
func ValidateMandateRef(s string) error {
	return checkID("rum", "La référence unique du mandat (RUM)", s)
}

// checkID checks any identifier of a SEPA file (RUM, end-to-end id,
// message id) by the rules of ValidateMandateRef; what names it in the
// messages, starting with a capital.
func checkID(field, what, s string) error {
	switch {
	case s == "":
		return apperr.FieldErrorf(field, "%s est obligatoire.", what)
	case len(s) > maxIDLen:
		return apperr.FieldErrorf(field, "%s ne peut dépasser 35 caractères (%d ici).", what, len([]rune(s)))
	case !isLatin(s):
		return apperr.FieldErrorf(field, "%s ne peut contenir que des lettres sans accents, des chiffres, des espaces et ces signes\u00a0: %s", what, latinSigns)
	case strings.Contains(s, "//") || strings.Trim(s, "/ ") != s:
		return apperr.FieldErrorf(field, "%s ne peut ni commencer ni finir par une barre oblique ou une espace, ni contenir «\u00a0//\u00a0».", what)
	}
	return nil
}

// latinSigns lists the signs of the SEPA Latin set for a message, joined
// by no-break spaces so that none starts a line.
const latinSigns = "/\u00a0-\u00a0?\u00a0:\u00a0(\u00a0)\u00a0.\u00a0,\u00a0'\u00a0+"

// isRecommended reports s made of A-Z, 0-9 and '-' only.
func isRecommended(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '-' && !isAlnum(s[i:i+1]) {
			return false
		}
	}
	return true
}

// isLatin reports s made of the SEPA Latin character set only.
func isLatin(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLatinByte(s[i]) {
			return false
		}
	}
	return true
}

// isLatinByte reports c in the SEPA Latin character set, the characters
// every bank of the scheme must carry: a-z A-Z 0-9 / - ? : ( ) . , ' + space.
func isLatinByte(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("/-?:().,'+ ", c) >= 0
}
