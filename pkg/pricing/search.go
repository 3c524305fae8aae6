package pricing

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxSearch bounds the results of a search, whatever the limit asked.
const MaxSearch = 50

// Search finds the vehicles of a kind ("car" or "moto") as one types:
// every word of q must start a word of the make, the model or the
// version, whatever the case and the accents (« citroen » finds
// Citroën, « golf tdi » a Golf TDI). Vehicles whose make and model
// alone match come first, then by make, model and power. At most limit
// results (MaxSearch if limit is out of 1..MaxSearch); none for an
// empty q.
func (c *Catalogue) Search(kind, q string, limit int) []*Vehicle {
	if limit < 1 || limit > MaxSearch {
		limit = MaxSearch
	}
	query := words(q)
	if len(query) == 0 {
		return nil
	}
	type hit struct {
		v     *Vehicle
		exact bool // every word matched the make or the model
	}
	var hits []hit
	for i, v := range c.vehicles {
		if v.Kind != kind {
			continue
		}
		w := c.words[i]
		matched, exact := true, true
		for _, word := range query {
			if hasPrefix(w.makeModel, word) {
				continue
			}
			exact = false
			if !hasPrefix(w.version, word) {
				matched = false
				break
			}
		}
		if matched {
			hits = append(hits, hit{v, exact})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if a.exact != b.exact {
			if a.exact {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(a.v.Make, b.v.Make), cmp.Compare(a.v.Model, b.v.Model),
			cmp.Compare(a.v.PowerKw, b.v.PowerKw), cmp.Compare(a.v.Version, b.v.Version), cmp.Compare(a.v.ID, b.v.ID))
	})
	out := make([]*Vehicle, 0, min(limit, len(hits)))
	for _, h := range hits[:min(limit, len(hits))] {
		out = append(out, h.v)
	}
	return out
}

func hasPrefix(ws []string, prefix string) bool {
	for _, w := range ws {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}

// words splits s into lower-case words without accents, at every
// character that is neither a letter nor a digit: « e-208 GT » → e, 208, gt.
func words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		b.WriteString(fold(r))
	}
	flush()
	return out
}

// fold lowers a letter and takes its accent off: É → e, ç → c, œ → oe.
func fold(r rune) string {
	r = unicode.ToLower(r)
	if r < 0x80 {
		return string(r)
	}
	for _, f := range foldings {
		if strings.ContainsRune(f.from, r) {
			return f.to
		}
	}
	return string(r)
}

var foldings = []struct{ from, to string }{
	{"àáâãäåā", "a"}, {"çćč", "c"}, {"èéêëēė", "e"}, {"ìíîïī", "i"}, {"ñń", "n"},
	{"òóôõöøō", "o"}, {"ùúûüū", "u"}, {"ýÿ", "y"}, {"šś", "s"}, {"žź", "z"},
	{"œ", "oe"}, {"æ", "ae"}, {"ß", "ss"},
}
