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
func words(text string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			b.WriteByte(byte(r)) // the common case, first
		case r < utf8.RuneSelf && r >= 'A' && r <= 'Z':
			b.WriteByte(byte(r) + 'a' - 'A')
		case unicode.Is(unicode.Mn, r):
			// An accent typed as its own code point: the letter before it stays.
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			fold(&b, unicode.ToLower(r))
		default:
			flush()
		}
	}
	flush()
	return out
}

// fold writes r without its accent; œ and æ become two letters.
func fold(b *strings.Builder, r rune) {
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
		b.WriteString("oe")
		return
	case 'æ':
		b.WriteString("ae")
		return
	}
	b.WriteRune(r)
}

// forms are the spellings of a keyword word that match it: itself and its
// plural ("voitures", "hôpitaux", "capitaux"), and the singular of a plural
// keyword ("soin"). Nothing else: "vieux" is not "vie", "devise" is not "devis".
func forms(w string) []string {
	out := []string{w}
	switch {
	case strings.HasSuffix(w, "al"):
		out = append(out, w+"s", strings.TrimSuffix(w, "al")+"aux")
	case strings.HasSuffix(w, "au"), strings.HasSuffix(w, "eu"):
		out = append(out, w+"x", w+"s")
	case strings.HasSuffix(w, "s") && len(w) > 4:
		out = append(out, strings.TrimSuffix(w, "s"))
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "z"):
	default:
		out = append(out, w+"s")
	}
	return out
}

// phrase is a keyword of rule, or with except a phrase in which the
// rule's keywords do not count: the forms of each of its words.
type phrase struct {
	rule   int
	except bool
	words  [][]string
}

// matcher finds the rules whose keywords a message contains, whole words only.
type matcher struct {
	rules []Rule
	// byFirst lists the phrases by every form of their first word, the
	// exceptions first, so that at one position they mask before a
	// keyword is looked at.
	byFirst map[string][]phrase
}

// newMatcher compiles rules and, by intent, the phrases where its keywords
// do not count.
func newMatcher(rules []Rule, except map[Intent][]string) *matcher {
	m := &matcher{rules: rules, byFirst: map[string][]phrase{}}
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
		p.words = append(p.words, forms(w))
	}
	if len(p.words) == 0 {
		return
	}
	for _, f := range p.words[0] {
		m.byFirst[f] = append(m.byFirst[f], p)
	}
}

// match returns the set of rules (bit i for rule i) found in text. A
// keyword that starts inside one of its rule's exceptions does not count.
func (m *matcher) match(text string) uint64 {
	return m.matchWords(words(text))
}

// matchWords is match over the words of a text.
func (m *matcher) matchWords(ws []string) uint64 {
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
		if !contains(p.words[j], ws[i+j]) {
			return false
		}
	}
	return true
}

func contains(list []string, w string) bool {
	for _, s := range list {
		if s == w {
			return true
		}
	}
	return false
}
