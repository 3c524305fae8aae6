package sepa

import (
	"encoding/xml"
	"time"
)

// parseAmount reads an ISO 20022 amount in euros ("28.50") into cents,
// refusing another currency, a sign, an exponent, a fraction of a cent
// and anything past the SEPA ceiling.
func parseAmount(text string, attrs []xml.Attr, line int) (int64, error) {
	for _, a := range attrs {
		if a.Name.Local == "Ccy" && a.Value != "EUR" {
			return 0, fail(line, "montant en «\u00a0%s\u00a0»\u00a0: seuls les euros sont acceptés.", clip(a.Value, 10))
		}
	}
	bad := fail(line, "montant «\u00a0%s\u00a0» illisible (attendu par exemple 28.50).", clip(text, 20))
	var cents int64
	digits, decimals, point := 0, 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '.' && !point && digits > 0:
			point = true
		case c >= '0' && c <= '9' && !point:
			digits++
			cents = cents*10 + int64(c-'0')
			if cents > maxAmountCents {
				return 0, fail(line, "montant «\u00a0%s\u00a0» au-delà du plafond d’un prélèvement SEPA.", clip(text, 20))
			}
		case c >= '0' && c <= '9' && point:
			decimals++
			if decimals > 2 && c != '0' {
				return 0, fail(line, "montant «\u00a0%s\u00a0» avec une fraction de centime.", clip(text, 20))
			}
			if decimals <= 2 {
				cents = cents*10 + int64(c-'0')
			}
		default:
			return 0, bad
		}
	}
	if digits == 0 || (point && decimals == 0) || decimals > 5 {
		return 0, bad
	}
	for ; decimals < 2; decimals++ {
		cents *= 10
	}
	if cents > maxAmountCents {
		return 0, fail(line, "montant «\u00a0%s\u00a0» au-delà du plafond d’un prélèvement SEPA.", clip(text, 20))
	}
	return cents, nil
}

// parseDay reads an ISODate or the day of an ISODateTime.
func parseDay(text string, line int) (Date, error) {
	if len(text) == 10 || (len(text) > 10 && text[10] == 'T') {
		if t, err := time.Parse("2006-01-02", text[:10]); err == nil {
			return DateOf(t), nil
		}
	}
	return Date{}, fail(line, "date «\u00a0%s\u00a0» illisible (attendu AAAA-MM-JJ).", clip(text, 30))
}

// parseReason checks a reason code: an ISO code is four capitals or
// digits (AM04), a bank's own code up to 35 characters.
func parseReason(text string, iso bool, line int) (string, error) {
	if iso {
		ok := len(text) == 4
		for i := 0; ok && i < len(text); i++ {
			c := text[i]
			ok = (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
		}
		if !ok {
			return "", fail(line, "code motif «\u00a0%s\u00a0» illisible (attendu quatre caractères, par exemple AM04).", clip(text, 10))
		}
		return text, nil
	}
	if text == "" || len(text) > 35 {
		return "", fail(line, "motif propre à la banque vide ou trop long.")
	}
	return text, nil
}
