package chatbot

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/french"
)

// words splits text into lowercase words without accents (PRODUCT.md
// departure 4): "L'Assurance Santé" gives "l", "assurance", "sante".
// Anything that is not a letter or a digit separates words, so apostrophes
// (' and ’) split elisions and hyphens split "e-mail" into "e", "mail";
// combining marks of decomposed text are dropped, ligatures unfolded.
//
// A word typed in lowercase ASCII, most of them, is a slice of text: only
// the others are copied.
func words(text string) []string {
	out := make([]string, 0, len(text)/6+1)
	start := -1     // where the current word starts in text
	var buf []byte  // the current word, once it differs from text
	copied := false // whether the current word is in buf
	toBuf := func(i int) {
		if !copied {
			if start < 0 {
				start = i
			}
			buf = append(buf[:0], text[start:i]...)
			copied = true
		}
	}
	flush := func(i int) {
		switch {
		case copied && len(buf) > 0:
			out = append(out, string(buf))
		case !copied && start >= 0:
			out = append(out, text[start:i])
		}
		start, copied = -1, false
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if copied {
				buf = append(buf, c)
			} else if start < 0 {
				start = i
			}
			i++
		case c >= 'A' && c <= 'Z':
			toBuf(i)
			buf = append(buf, c+'a'-'A')
			i++
		case c < utf8.RuneSelf:
			flush(i)
			i++
		default:
			r, size := utf8.DecodeRuneInString(text[i:])
			switch {
			case unicode.Is(unicode.Mn, r):
				// An accent typed as its own code point: the letter before it stays.
				toBuf(i)
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				toBuf(i)
				buf = appendFold(buf, unicode.ToLower(r))
			default:
				flush(i)
			}
			i += size
		}
	}
	flush(len(text))
	return out
}

// fold writes r without its accent; œ and æ become two letters.
func fold(b *strings.Builder, r rune) {
	b.Write(appendFold(nil, r))
}

// appendFold appends r to b without its accent.
func appendFold(b []byte, r rune) []byte {
	switch r {
	case 'à', 'á', 'â', 'ã', 'ä', 'å':
		r = 'a'
	case 'ç':
		r = 'c'
	case 'è', 'é', 'ê', 'ë':
		r = 'e'
	case 'ì', 'í', 'î', 'ï':
		r = 'i'
	case 'ñ':
		r = 'n'
	case 'ò', 'ó', 'ô', 'õ', 'ö':
		r = 'o'
	case 'ù', 'ú', 'û', 'ü':
		r = 'u'
	case 'ý', 'ÿ':
		r = 'y'
	case 'œ':
		return append(b, "oe"...)
	case 'æ':
		return append(b, "ae"...)
	}
	return utf8.AppendRune(b, r)
}

// key is the form a word is matched by (PRODUCT.md departure 4): its
// Snowball French stem, so plurals and inflections meet their keyword
// ("voitures", "résilie", "résilier", "volée" give the keyword's key) with
// no list typed by hand. Stems stay whole words: "envie" is "envi", not "vi".
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

// phrase is a keyword of rule, or with except a phrase in which the
// rule's keywords do not count: the forms of each of its words.
type phrase struct {
	rule   int
	except bool
	words  []string
}

// matcher finds the rules whose keywords a message contains, whole words only.
type matcher struct {
	rules []Rule
	// byFirst lists the phrases by every form of their first word, the
	// exceptions first, so that at one position they mask before a
	// keyword is looked at.
	byFirst map[string][]phrase
	// long are the keyword words of at least typoMin letters, by length.
	long []spellings
	// spelled is the key of each keyword word of at least typoMin letters.
	spelled map[string]string
	// all holds the key of every word of every phrase.
	all map[string]bool
	// keyOf is the key of each word of the phrases: the same words come
	// back in many phrases (« ai porté plainte », « a porté plainte »…).
	keyOf map[string]string
}

// newMatcher compiles rules and, by intent, the phrases where its keywords
// do not count.
func newMatcher(rules []Rule, except map[Intent][]string) *matcher {
	m := &matcher{rules: rules, byFirst: map[string][]phrase{}, spelled: map[string]string{}, all: map[string]bool{}, keyOf: map[string]string{}}
	for _, isExcept := range []bool{true, false} {
		for i, r := range rules {
			kws := r.Keywords
			if isExcept {
				kws = except[r.Intent]
			}
			for _, kw := range kws {
				m.add(phrase{rule: i, except: isExcept}, kw)
			}
		}
	}
	return m
}

// add registers p, the phrase kw, under every form of its first word.
func (m *matcher) add(p phrase, kw string) {
	for _, w := range words(kw) {
		k, ok := m.keyOf[w]
		if !ok {
			k = key(w)
			m.keyOf[w] = k
		}
		p.words = append(p.words, k)
		m.all[k] = true
		if len(w) >= typoMin && m.spelled[w] == "" {
			m.spelled[w] = k
			for len(m.long) <= len(w) {
				m.long = append(m.long, spellings{})
			}
			sp, ix := spelling{word: w, key: k, mask: letters(w)}, &m.long[len(w)]
			ix.first[w[0]&31] = append(ix.first[w[0]&31], sp)
			ix.second[w[1]&31] = append(ix.second[w[1]&31], sp)
		}
	}
	if len(p.words) == 0 {
		return
	}
	m.byFirst[p.words[0]] = append(m.byFirst[p.words[0]], p)
}

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

// matchKeys returns the set of rules (bit i for rule i) found in the keys
// of the words of a text. A keyword that starts inside one of its rule's
// exceptions does not count.
func (m *matcher) matchKeys(ws []string) uint64 {
	var found uint64
	var maskedTo []int // by rule, the first word after its last exception
	for i, w := range ws {
		for _, p := range m.byFirst[w] {
			switch {
			case p.except:
				if p.matchesAt(ws, i) {
					if maskedTo == nil {
						maskedTo = make([]int, len(m.rules))
					}
					maskedTo[p.rule] = max(maskedTo[p.rule], i+len(p.words))
				}
			case found&(1<<p.rule) != 0, maskedTo != nil && i < maskedTo[p.rule]:
			case p.matchesAt(ws, i):
				found |= 1 << p.rule
			}
		}
	}
	return found
}

// has tells whether the set found holds the rule of intent.
func (m *matcher) has(found uint64, intent Intent) bool {
	return found&m.bit(intent) != 0
}

// bit is the set that holds the rule of intent alone, 0 if none has it.
func (m *matcher) bit(intent Intent) uint64 {
	for i, r := range m.rules {
		if r.Intent == intent {
			return 1 << i
		}
	}
	return 0
}

// matchesAt tells whether the words after ws[i] go on as the phrase does.
func (p phrase) matchesAt(ws []string, i int) bool {
	if i+len(p.words) > len(ws) {
		return false
	}
	for j := 1; j < len(p.words); j++ {
		if p.words[j] != ws[i+j] {
			return false
		}
	}
	return true
}
