package chatbot

import (
	"math/bits"
	"strings"

	"github.com/kljensen/snowball/french"
)

// How a word meets a keyword (PRODUCT.md departure 4): by its key, the
// Snowball stem when what the stem drops is an inflection, and for a word
// of typoMin letters or more, by one edit.

// key is the form a word is matched by (PRODUCT.md departure 4): its
// Snowball French stem, so plurals and inflections meet their keyword
// ("voitures", "déclarez", "contactez", "résiliations" give the keyword's
// key) with no list typed by hand. Stems stay whole words: "envie" is
// "envi", not "vi". The stemmer leaves a few forms apart ("résilier" gives
// "resili", "résilie" "resil"; "volée" "vole", "volé" "vol"): the keyword
// lists name both (a second stemming joins them but breaks others).
func key(w string) string {
	w = singular(w)
	if falseFriends[w] {
		return w
	}
	st := french.Stem(w, true)
	if strings.HasPrefix(w, st) && inflections[w[len(st):]] {
		return st
	}
	return w
}

// inflections are the endings a stem may lose and still name the same
// word: plural, feminine, participles and the common tenses. A derivation
// keeps its ending, so "parlement" is not "parler" nor "médiatique"
// "médiateur" (the stemmer alone would join them).
var inflections = map[string]bool{
	"": true, "e": true, "es": true, "ee": true, "ees": true, "er": true, "ez": true, "ent": true, "ons": true,
	"ai": true, "ais": true, "ait": true, "aient": true, "ant": true, "i": true, "ie": true, "is": true, "it": true,
	"ir": true, "ier": true, "iez": true, "ions": true,
}

// falseFriends are words whose inflection would meet a keyword of
// another sense: the capital city, a floating thing.
var falseFriends = map[string]bool{"capitale": true, "flotter": true, "flottent": true, "constater": true}

// typoMin is the shortest word, in letters, that a typo may hit: shorter
// words are too close to one another ("vie", "vue", "vin").
const typoMin = 6

// keys appends to ks the keys of the words ws, read in inflected then in
// more (built by inflect): a word of at least typoMin letters that is none takes the
// key of m's keyword word one edit away.
func (m *matcher) keys(ks, ws []string, inflected, more map[string]string) []string {
	for _, w := range ws {
		sg := singular(w)
		if k, ok := inflected[sg]; ok {
			ks = append(ks, k)
			continue
		}
		if k, ok := more[sg]; ok {
			ks = append(ks, k)
			continue
		}
		if len(w) >= typoMin {
			if k, ok := m.typo(w); ok {
				ks = append(ks, k)
				continue
			}
		}
		ks = append(ks, w)
	}
	return ks
}

// singular is w without the plural letter key takes off.
func singular(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "aux") && !strings.HasSuffix(w, "eaux"):
		return w[:len(w)-3] + "al"
	case len(w) > 3 && (w[len(w)-1] == 's' || w[len(w)-1] == 'x'):
		return w[:len(w)-1]
	}
	return w
}

// inflect returns, by singular spelling, the key of every word whose key
// is in vocab: each key followed by each inflection, stemmed. The stemmer
// runs here, once per engine, and not on the messages: it costs
// microseconds a word, and most words of a message are no keyword.
func inflect(vocab map[string]bool) map[string]string {
	out := map[string]string{}
	for k := range vocab {
		for rest := range inflections {
			w := k + rest
			if _, done := out[w]; done {
				continue
			}
			if kw := key(w); vocab[kw] {
				out[w] = kw
			}
		}
	}
	return out
}

// typo returns the key of the keyword word one edit from w, if exactly
// one is (two would be a guess). A word one edit away has the same
// length give or take one, shares its first letter or its second with w
// (in the same place or swapped: an edit touches one end of the pair at
// most), and differs by two letters at most in the set of its letters:
// cheap tests before oneEdit.
func (m *matcher) typo(w string) (string, bool) {
	if falseFriends[w] {
		return "", false
	}
	mask := letters(w)
	a, b := w[0]&31, w[1]&31
	found := ""
	for n := len(w) - 1; n <= len(w)+1 && n < len(m.long); n++ {
		ix := &m.long[n]
		for _, bucket := range [...][]spelling{ix.first[a], ix.first[b], ix.second[a], ix.second[b]} {
			for _, c := range bucket {
				if bits.OnesCount32(c.mask^mask) > 2 || c.word == found || !oneEdit(w, c.word) {
					continue
				}
				if found != "" && m.spelled[found] != c.key {
					return "", false
				}
				found = c.word
			}
		}
	}
	if found == "" {
		return "", false
	}
	return m.spelled[found], true
}

// letters is the set of the letters of w, bit 0 for a.
func letters(w string) uint32 {
	var set uint32
	for i := range len(w) {
		set |= 1 << ((w[i] - 'a') & 31)
	}
	return set
}

// spellings are the keyword words of one length, by their first letter
// and by their second (the low five bits of the byte: a clash only costs
// a check).
type spellings struct {
	first, second [32][]spelling
}

// spelling is a keyword word of at least typoMin letters, for typo.
type spelling struct {
	word, key string
	mask      uint32
}

// oneEdit tells whether a and b are one Damerau-Levenshtein edit apart:
// a letter added, dropped, changed, or two neighbours swapped. Words are
// folded to ASCII by words, so bytes are letters.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch len(b) - len(a) {
	case 0:
		if i == len(a) {
			return false
		}
		if a[i+1:] == b[i+1:] {
			return true
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case 1:
		return a[i:] == b[i+1:]
	}
	return false
}
