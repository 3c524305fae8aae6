package chatbot

import (
	"strings"
	"unicode"
	"unicode/utf8"
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
