package input

import (
	"strings"
	"unicode"
)

// Phone accepts a French number (0 and nine digits) or an international
// one (+ and 8 to 15 digits, 00 read as +), written with any spaces, dots
// or dashes, and returns it without them: the one check of every phone
// number people type (quote requests, callbacks).
func Phone(raw string) (string, bool) {
	s := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '.' || r == '-' {
			return -1
		}
		return r
	}, raw)
	if strings.HasPrefix(s, "00") {
		s = "+" + s[2:]
	}
	digits := strings.TrimPrefix(s, "+")
	if digits == "" {
		return "", false
	}
	for _, r := range digits {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	if s[0] == '+' {
		return s, len(digits) >= 8 && len(digits) <= 15 && digits[0] != '0'
	}
	return s, len(s) == 10 && s[0] == '0' && s[1] != '0'
}

// FrenchPhone is Phone restricted to numbers of France, written the
// national way: "+33 6 39 98 12 34" becomes "0639981234"; other
// international numbers are refused. The broker calls back from France,
// where a national number is what its agents dial.
func FrenchPhone(raw string) (string, bool) {
	s, ok := Phone(raw)
	if !ok {
		return "", false
	}
	if rest, intl := strings.CutPrefix(s, "+33"); intl {
		s = "0" + rest
	}
	return s, len(s) == 10 && s[0] == '0' && s[1] != '0'
}
