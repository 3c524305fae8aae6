package sepa

import "strconv"

// maxAmountCents is the largest amount of one SEPA transaction, 999 999 999,99 €.
const maxAmountCents = 99_999_999_999

// FormatCents writes an amount in cents as ISO 20022 decimal euros, a
// point and always two decimals: 12345 → "123.45", 5 → "0.05". It works on
// the integer alone, so no float rounds a cent away.
func FormatCents(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	frac := strconv.FormatInt(cents%100, 10)
	if len(frac) == 1 {
		frac = "0" + frac
	}
	return sign + strconv.FormatInt(cents/100, 10) + "." + frac
}
