package sepa

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ToLatin transliterates s to the SEPA Latin character set, the only one
// every bank of the scheme must carry (others may come out as "?" or have
// the file refused): accents dropped (é → e, ç → c), ligatures spelled out
// (œ → oe, æ → ae, ß → ss), typographic apostrophes and dashes made plain,
// "&" written "+", quotes and other signs turned to spaces, and runs of
// spaces made one.
func ToLatin(s string) string {
	var b strings.Builder
	for _, r := range norm.NFC.String(s) {
		b.WriteString(latinOf(r))
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// latinOf returns what r becomes in the SEPA Latin set; " " for a sign
// with no counterpart, which ToLatin then folds into the spaces around.
func latinOf(r rune) string {
	if r < 0x80 && isLatinByte(byte(r)) {
		return string(r)
	}
	switch r {
	case 'œ':
		return "oe"
	case 'Œ':
		return "OE"
	case 'æ':
		return "ae"
	case 'Æ':
		return "AE"
	case 'ß':
		return "ss"
	case 'ø':
		return "o"
	case 'Ø':
		return "O"
	case 'ł':
		return "l"
	case 'Ł':
		return "L"
	case 'đ', 'ð':
		return "d"
	case 'Đ', 'Ð':
		return "D"
	case 'þ':
		return "th"
	case 'Þ':
		return "TH"
	case 'ı':
		return "i"
	case '°', 'º':
		return "o" // "n°" → "no"
	case '’', '‘', 'ʼ', '`', '´', '′':
		return "'"
	case '‐', '‑', '‒', '–', '—', '−', '_':
		return "-"
	case '&':
		return "+"
	case ';':
		return ","
	case '!':
		return "."
	}
	// A letter with accents: its first decomposed rune is the bare letter.
	if d := []rune(norm.NFD.String(string(r))); len(d) > 1 && d[0] < 0x80 && unicode.IsLetter(d[0]) {
		return string(d[0])
	}
	return " "
}

// latinText is ToLatin cut to at most n characters, without a space left
// at the cut: names (70) and remittance texts (140).
func latinText(s string, n int) string {
	t := ToLatin(s)
	if len(t) > n {
		t = strings.TrimRight(t[:n], " ")
	}
	return t
}
