package chatbot

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

const nbsp = "\u00a0"

// Typeset applies French typography to text written with ordinary spaces,
// so that a sign, a unit or a part of a number never starts a line alone.
// A space becomes a non-breaking space (U+00A0):
//   - before « : ; ! ? % € » and after «;
//   - between a digit and a digit or a letter: phone numbers and amounts
//     in groups ("01 99 00 42 42", "10 000 €"), a number and its unit
//     ("0 km", "24 h", "2 minutes");
//   - after "°" before a digit ("n° 24");
//   - around a dash between two words that start with a digit, after an
//     opening bracket maybe ("9h00 - 18h00", "(9h - 12h)").
//
// The hyphen of such a range becomes an en dash ("9h00 – 18h00").
//
// Colons without a space before them (URLs, "14:05") are left alone, and
// typesetting twice changes nothing. The site's twin is typeset() in
// site/src/lib/format.ts; both pass the table of testdata/typeset.json.
func Typeset(text string) string {
	if strings.IndexByte(text, ' ') < 0 && strings.IndexByte(text, '-') < 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 16)
	start := 0 // text[start:i] is still to be copied
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == ' ' && glued(text[:i], text[i+1:]):
			b.WriteString(text[start:i])
			b.WriteString(nbsp)
			start = i + 1
		case text[i] == '-' && rangeDash(text[:i], text[i+1:]):
			b.WriteString(text[start:i])
			b.WriteString("–")
			start = i + 1
		}
	}
	b.WriteString(text[start:])
	return b.String()
}

// glued tells whether the space between before and after must not break.
func glued(before, after string) bool {
	// Most spaces of a reply lie between an ASCII letter or a comma and a
	// lowercase word: none of the cases below, decided without decoding.
	if before != "" && after != "" {
		p, q := before[len(before)-1], after[0]
		if q >= 'a' && q <= 'z' && (p >= 'a' && p <= 'z' || p >= 'A' && p <= 'Z' || p == ',' || p == '.') {
			return false
		}
	}
	prev, _ := utf8.DecodeLastRuneInString(before)
	next, n := utf8.DecodeRuneInString(after)
	switch {
	case strings.ContainsRune(":;!?%€»", next), prev == '«':
		return true
	case isDigit(prev) && (isDigit(next) || unicode.IsLetter(next)):
		return true
	case prev == '°' && isDigit(next):
		return true
	case isDash(next):
		// "9h00 - 18h00": the space before the dash of a range…
		rest, ok := cutSpace(after[n:], strings.CutPrefix)
		return ok && startsWithDigit(rest) && startsWithDigit(strings.TrimLeft(lastWord(before), "(["))
	case isDash(prev) && isDigit(next):
		// …and the space after it.
		head, ok := cutSpace(before[:len(before)-utf8.RuneLen(prev)], strings.CutSuffix)
		return ok && startsWithDigit(strings.TrimLeft(lastWord(head), "(["))
	}
	return false
}

// rangeDash tells whether the hyphen between before and after joins a
// range: spaces on both sides, a word that starts with a digit on each.
func rangeDash(before, after string) bool {
	head, ok := cutSpace(before, strings.CutSuffix)
	if !ok {
		return false
	}
	rest, ok := cutSpace(after, strings.CutPrefix)
	return ok && startsWithDigit(rest) && startsWithDigit(strings.TrimLeft(lastWord(head), "(["))
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func isDash(r rune) bool { return r == '-' || r == '–' }

// cutSpace cuts a space, ordinary or already non-breaking, with cut
// (strings.CutPrefix or strings.CutSuffix).
func cutSpace(s string, cut func(s, space string) (string, bool)) (string, bool) {
	if rest, ok := cut(s, " "); ok {
		return rest, true
	}
	return cut(s, nbsp)
}

func startsWithDigit(s string) bool { return s != "" && isDigit(rune(s[0])) }

// lastWord is what follows the last space, ordinary or non-breaking.
func lastWord(s string) string {
	start := strings.LastIndexByte(s, ' ') + 1
	if i := strings.LastIndex(s, nbsp); i >= 0 {
		start = max(start, i+len(nbsp))
	}
	return s[start:]
}
