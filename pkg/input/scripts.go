package input

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/unicode/norm"
)

// The rules of Unicode's security mechanisms (UTS #39) for a name that
// must not pass for another: it keeps to one writing system, and two
// names that read alike have one skeleton. The confusables data is
// go.mau.fi/util/confusable's, generated from Unicode 17.0.0; the
// scripts are those of Go's unicode package.

// SkeletonVersion names what Skeleton's results depend on: this code
// (the number goes up when Skeleton changes), the confusables data (the
// module's version, as go.mod names it: TestSkeletonVersion keeps the
// two together) and the normalization tables. A stored skeleton made
// under another version is to be made again.
const SkeletonVersion = "1; go.mau.fi/util v0.11.1; NFD " + norm.Version

// Skeleton is the UTS #39 skeleton of s, without case: two texts with
// one skeleton read alike (« cliеnta » with a Cyrillic е, « c1ienta »,
// « clıenta » and « CLIENTA » are « clienta »). It is for comparing,
// never for showing: « m » becomes « rn ».
func Skeleton(s string) string {
	// Lower case before, as the data maps capitals apart (« I » to « l »),
	// and after, as its targets hold some (« 0 » becomes « O »).
	return norm.NFD.String(strings.ToLower(confusable.Skeleton(strings.ToLower(s))))
}

// MixedScripts tells whether s's letters belong to more than one
// writing system (UTS #39 « mixed-script »): Latin with Cyrillic or with
// Greek… Digits, punctuation and combining accents go with any script;
// Han goes with Hiragana and Katakana (Japanese), with Hangul (Korean)
// and with Bopomofo, as UTS #39's augmented script sets allow.
func MixedScripts(s string) bool {
	scripts := scriptsOf(s)
	if len(scripts) <= 1 {
		return false
	}
	for _, system := range cjk {
		within := true
		for name := range scripts {
			within = within && system[name]
		}
		if within {
			return false
		}
	}
	return true
}

// ImitatesLatin tells whether s is written in one script other than
// Latin and reads as plain Latin letters and digits (a whole-script
// confusable of Latin): « рау » in Cyrillic reads « pay ». A text whose
// skeleton keeps letters of its own (« иван », « αβγ ») does not.
func ImitatesLatin(s string) bool {
	scripts := scriptsOf(s)
	if len(scripts) != 1 || scripts["Latin"] {
		return false
	}
	for _, r := range Skeleton(s) {
		if r >= utf8.RuneSelf && !unicode.Is(unicode.Mn, r) {
			return false
		}
	}
	return true
}

// cjk are the scripts one writing system uses together.
var cjk = []map[string]bool{
	{"Han": true, "Hiragana": true, "Katakana": true},
	{"Han": true, "Hangul": true},
	{"Han": true, "Bopomofo": true},
}

// scriptsOf is the set of the scripts of s's characters, Common and
// Inherited left out.
func scriptsOf(s string) map[string]bool {
	set := map[string]bool{}
	for _, r := range s {
		if name := scriptOf(r); name != "" {
			set[name] = true
		}
	}
	return set
}

// scriptOf is the script of r, "" for Common, Inherited and unassigned
// characters.
func scriptOf(r rune) string {
	if r < utf8.RuneSelf {
		if unicode.IsLetter(r) {
			return "Latin"
		}
		return ""
	}
	for name, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			if name == "Common" || name == "Inherited" {
				return ""
			}
			return name
		}
	}
	return ""
}
