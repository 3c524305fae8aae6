package company

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// elidable are the words French writes with an apostrophe before a vowel:
// "de" gives "d’", "que" gives "qu’".
var elidable = map[string]bool{
	"de": true, "le": true, "la": true, "que": true, "ce": true, "je": true, "me": true,
	"ne": true, "se": true, "te": true, "jusque": true, "lorsque": true, "puisque": true,
}

// Elide writes word before name the French way, for texts built from a
// name a broker may change: Elide("de", "Horizon Courtage") is
// "d’Horizon Courtage" (with the typographic apostrophe ’, U+2019),
// Elide("de", "Martin Assurances") is "de Martin Assurances".
//
// The rule: an elidable word (de, le, la, que, ce, je, me, ne, se, te,
// jusque, lorsque, puisque; any case) loses its last letter before a name
// that starts with a vowel, accented or not, or with an h, every h being
// taken as mute (a broker named "Hibou" gets "d’Hibou"); a y elides before a
// consonant ("d’Yvelines") but not before a vowel ("de Yamaha"). Any other
// word, or a name starting otherwise (digit, sign), keeps its space. The
// site's twin is elide() in site/src/lib/format.ts; both pass the table of
// testdata/elide.json.
func Elide(word, name string) string {
	if !elidable[strings.ToLower(word)] || !startsWithVowelSound(name) {
		return word + " " + name
	}
	return word[:len(word)-1] + "’" + name
}

func startsWithVowelSound(name string) bool {
	first, n := utf8.DecodeRuneInString(name)
	switch first = unicode.ToLower(first); {
	case first == 'h' || isVowel(first):
		return true
	case first == 'y':
		second, _ := utf8.DecodeRuneInString(name[n:])
		return unicode.IsLetter(second) && !isVowel(unicode.ToLower(second))
	}
	return false
}

func isVowel(r rune) bool {
	return strings.ContainsRune("aàâäeéèêëiîïoôöuùûüæœ", r)
}
