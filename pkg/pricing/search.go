package pricing

import (
	"cmp"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxSearch bounds the results of a search, whatever the limit asked.
const MaxSearch = 50

// SearchQuery is a search of the catalogue as one types.
type SearchQuery struct {
	// Kind is "car" or "moto".
	Kind string
	// Text is what is typed: words of the make, the model, the
	// generation, the version, and maybe a year, in any order.
	Text string
	// Year, if not 0, keeps only the versions one may register that
	// year: from their first model year to the year after their last.
	Year int
	// ThisYear is the current year, the last a version still sold is
	// registered in; 0 bounds nothing. The package reads no clock.
	ThisYear int
	// Limit bounds the results: MaxSearch if out of 1..MaxSearch.
	Limit int
}

// Search finds the vehicles of a kind as one types. Every word of the
// text must start a word of the make, the model, the generation or the
// version, whatever the case and the accents (« citroen » finds
// Citroën, « golf tdi » a Golf TDI), or be a year:
//
//   - a generation is named in roman or arabic numerals alike
//     (« clio 3 », « Clio III », « 308 2 »);
//   - words are read joined or apart (« tmax », « t max » and « t-max »
//     find the TMAX, « mt07 » the MT-07), and a decimal comma is a point
//     (« 1,5 dci »);
//   - a word of four digits that starts no word of a vehicle is a year,
//     that of first registration (« clio 2008 »: the Clio sold in 2008;
//     « peugeot 2008 »: the Peugeot 2008 first, then the Peugeots of
//     2008), and two or three digits starting with 19 or 20 are the
//     start of one (« clio 20 » keeps the Clio while the year is typed).
//
// Ranking: the more words that match the make, model and generation,
// then the version, then the more words matched whole, the sooner (a
// match on the year only comes last); then by make and model; within a
// model, the versions sold in the year typed before those registered the
// year after their last, then newest generation first, then by power.
// None for a text without words.
func (c *Catalogue) Search(q SearchQuery) []*Vehicle {
	limit := q.Limit
	if limit < 1 || limit > MaxSearch {
		limit = MaxSearch
	}
	entries := c.search[q.Kind]
	ws := words(q.Text)
	if len(ws) == 0 || len(ws) > maxQueryWords || len(entries) == 0 {
		return nil
	}
	segs := c.segments(ws)
	if len(segs) == 0 || segs[0].from != 0 {
		return nil // the first word starts no key and is no year
	}
	var (
		hits    []uint64
		name    *nameIndex
		nameHit [maxQueryWords * maxJoin]int8 // per segment: -1 not yet known, else a matchKind
	)
	for i := range entries {
		e := &entries[i]
		if q.Year != 0 && !e.soldIn(q.Year, q.Year, q.ThisYear, true) {
			continue
		}
		if e.name != name {
			// The versions of a generation follow each other: their
			// make, model and generation are matched once.
			name = e.name
			for s := range segs {
				nameHit[s] = -1
			}
		}
		total, ok := e.score(segs, len(ws), nameHit[:len(segs)], q.ThisYear)
		if !ok {
			continue
		}
		// The words matched, without the years' tails (see unitWord).
		rank := (total + unitWord - 1) / unitWord
		tail := uint64(0)
		if rank*unitWord != total || q.Year != 0 && !e.soldIn(q.Year, q.Year, q.ThisYear, false) {
			tail = 1
		}
		hits = append(hits, uint64(maxRank-rank)<<33|uint64(e.model)<<17|tail<<16|uint64(i))
	}
	slices.Sort(hits)
	out := make([]*Vehicle, 0, min(limit, len(hits)))
	for _, h := range hits[:min(limit, len(hits))] {
		out = append(out, entries[h&0xffff].v)
	}
	return out
}

// The bounds of a search: a query of more words names no vehicle, and
// people type at most a few words joined (« t max », « m t 07 »).
const (
	maxQueryWords = 12
	maxJoin       = 3
)

// A segment is one to maxJoin consecutive words of the query, joined.
// The keys it starts are the keys [lo, hi) of the catalogue's sorted
// keys, lo itself if whole: a vehicle's keys are matched by comparing
// numbers.
type segment struct {
	from, to int    // the words [from, to) of the query
	lo, hi   uint32 // the keys it starts
	whole    bool   // it is key lo
	years    [2]int // the years a word of digits may be, [0 0] if none
}

// segments lists the segments of the query that may match a vehicle.
func (c *Catalogue) segments(ws []string) []segment {
	var out []segment
	for from := range ws {
		for to := from + 1; to <= min(from+maxJoin, len(ws)); to++ {
			text := strings.Join(ws[from:to], "")
			lo, whole := slices.BinarySearch(c.keys, text)
			hi := lo + sort.Search(len(c.keys)-lo, func(i int) bool { return !strings.HasPrefix(c.keys[lo+i], text) })
			s := segment{from: from, to: to, lo: uint32(lo), hi: uint32(hi), whole: whole}
			if to == from+1 {
				s.years = yearsOf(text)
			}
			if lo < hi || s.years[0] != 0 {
				out = append(out, s) // else it matches no vehicle
			}
		}
	}
	return out
}

// yearsOf reads a word as a year, [y y] for four digits from 1900 to
// 2099, or the start of one: « 200 » is 2000 to 2009, « 20 » 2000 to
// 2099; [0 0] if it is none.
func yearsOf(w string) [2]int {
	if len(w) < 2 || len(w) > 4 || w[:2] != "19" && w[:2] != "20" {
		return [2]int{}
	}
	n, err := strconv.Atoi(w)
	if err != nil {
		return [2]int{}
	}
	span := 1
	for range 4 - len(w) {
		n, span = n*10, span*10
	}
	return [2]int{n, n + span - 1}
}

// A segment's score packs, from the highest bits, the words matched by
// make, model and generation, by the version, matched whole; a year
// matched by the year after the version's last (its tail) takes one
// off, so that a version sold that very year wins a tie.
const (
	unitWord    = 1 << 10
	unitVersion = 1 << 15 // ≥ unitWord × (maxQueryWords+1)
	unitName    = 1 << 20
	maxRank     = maxQueryWords * (unitName + unitVersion + unitWord) / unitWord
)

// matchKind says how a segment matches the keys of a vehicle.
const (
	noMatch    = 0
	prefix     = 1 // it starts a key: « gol » for Golf
	wholeWords = 2 // it is a key: « golf », « tmax » for T-Max
)

// score matches every word of the query against the entry, reading the
// words joined or apart as matches best, and returns the best total
// (see unitWord…); ok is false if some word matches nothing.
// nameHit caches the segments' matches against the entry's name.
func (e *searchEntry) score(segs []segment, words int, nameHit []int8, thisYear int) (total int, ok bool) {
	var best [maxQueryWords + 1]int
	var reached [maxQueryWords + 1]bool
	reached[0] = true
	for s := range segs {
		seg := &segs[s]
		if !reached[seg.from] {
			continue
		}
		if nameHit[s] < 0 {
			nameHit[s] = int8(seg.match(e.name.keys))
		}
		n := seg.to - seg.from
		var v int
		if m := int(nameHit[s]); m != noMatch {
			v = n * unitName
			if m == wholeWords {
				v += n * unitWord
			}
		} else if m := seg.match(e.version); m != noMatch {
			v = n * unitVersion
			if m == wholeWords {
				v += n * unitWord
			}
		} else if seg.years[0] != 0 && e.soldIn(seg.years[0], seg.years[1], thisYear, true) {
			if !e.soldIn(seg.years[0], seg.years[1], thisYear, false) {
				v = -1 // registered the year after its last only
			}
		} else {
			continue
		}
		if t := best[seg.from] + v; !reached[seg.to] || t > best[seg.to] {
			best[seg.to], reached[seg.to] = t, true
		}
	}
	return best[words], reached[words]
}

// soldIn says whether the entry was sold in a year of [lo, hi]: from
// its first model year to its last or, yearAfter, to the year after its
// last (a car registered the year after its model ended); never after
// thisYear if it is not 0.
func (e *searchEntry) soldIn(lo, hi, thisYear int, yearAfter bool) bool {
	last := e.v.ToYear
	switch {
	case last == 0:
		last = 9999
	case yearAfter:
		last++
	}
	if thisYear != 0 {
		last = min(last, thisYear)
	}
	return lo <= last && hi >= e.v.FromYear
}

// match tells how the segment matches the best of keys.
func (s *segment) match(keys []uint32) int {
	m := noMatch
	for _, k := range keys {
		if k >= s.lo && k < s.hi {
			if k == s.lo && s.whole {
				return wholeWords
			}
			m = prefix
		}
	}
	return m
}

// nameIndex is what a search reads of a generation, shared by its
// versions: the keys of its make, model and name.
type nameIndex struct {
	words    []string // its keys while loading
	keys     []uint32 // their places in the catalogue's sorted keys
	make     string   // folded, to order the results
	model    string
	fromYear int
}

// searchEntry is what a search reads of a version.
type searchEntry struct {
	v       *Vehicle
	name    *nameIndex
	words   []string // the keys of the version's words while loading
	version []uint32 // their places in the catalogue's sorted keys
	model   uint16   // the rank of its make and model in the catalogue's order
}

// newNameIndex indexes the make, model and generation name of a
// generation. A numeral of the name is a key in both forms (« III »
// and « 3 »).
func newNameIndex(make, model string, g *fileGeneration) *nameIndex {
	var forms [][]string
	for _, w := range words(make + " " + model) {
		forms = append(forms, []string{w})
	}
	for _, w := range words(g.Name) {
		forms = append(forms, numeralForms(w))
	}
	return &nameIndex{words: keysOf(forms), make: strings.Join(words(make), " "),
		model: strings.Join(words(model), " "), fromYear: g.FromYear}
}

// versionKeys indexes the words of a version.
func versionKeys(version string) []string {
	var forms [][]string
	for _, w := range words(version) {
		forms = append(forms, []string{w})
	}
	return keysOf(forms)
}

// keysOf lists every run of 1 to maxJoin consecutive words joined, each
// word in each of its forms: the words « t max » give t, max and tmax.
func keysOf(forms [][]string) []string {
	var keys []string
	for from := range forms {
		runs := []string{""}
		for to := from; to < min(from+maxJoin, len(forms)); to++ {
			var next []string
			for _, r := range runs {
				for _, f := range forms[to] {
					next = append(next, r+f)
				}
			}
			runs = next
			for _, r := range runs {
				if !slices.Contains(keys, r) {
					keys = append(keys, r)
				}
			}
		}
	}
	return keys
}

var romans = []string{"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"}

// numeralForms gives a word of a generation's name in both numerals, I
// to X and 1 to 10: « iii » → iii, 3; « 2 » → 2, ii; another word alone.
func numeralForms(w string) []string {
	if i := slices.Index(romans, w); i >= 0 {
		return []string{w, strconv.Itoa(i + 1)}
	}
	if n, err := strconv.Atoi(w); err == nil && n >= 1 && n <= len(romans) && w[0] != '0' {
		return []string{w, romans[n-1]}
	}
	return []string{w}
}

// indexSearch orders the catalogue's versions by kind, make, model,
// newest generation, power, version and id, the order of the search's
// ties, ranks each make and model, and numbers every key in the order
// of the strings, so that the keys a word starts follow each other.
func (c *Catalogue) indexSearch(entries []searchEntry) error {
	seen := map[string]bool{}
	for _, e := range entries {
		for _, k := range slices.Concat(e.name.words, e.words) {
			if !seen[k] {
				seen[k] = true
				c.keys = append(c.keys, k)
			}
		}
	}
	slices.Sort(c.keys)
	place := func(keys []string) []uint32 {
		out := make([]uint32, len(keys))
		for i, k := range keys {
			n, _ := slices.BinarySearch(c.keys, k)
			out[i] = uint32(n)
		}
		return out
	}
	for i := range entries {
		e := &entries[i]
		if e.name.keys == nil {
			e.name.keys = place(e.name.words)
		}
		e.version, e.words = place(e.words), nil
	}
	for i := range entries {
		entries[i].name.words = nil
	}
	slices.SortFunc(entries, func(a, b searchEntry) int {
		return cmp.Or(cmp.Compare(a.name.make, b.name.make), cmp.Compare(a.name.model, b.name.model),
			cmp.Compare(b.name.fromYear, a.name.fromYear), cmp.Compare(a.v.PowerKw, b.v.PowerKw),
			cmp.Compare(a.v.Version, b.v.Version), cmp.Compare(a.v.ID, b.v.ID))
	})
	// A hit packs an entry's place and its model's rank in 16 bits each.
	if len(entries) > 1<<16 {
		return errors.New(catalogueName + "\u00a0: plus de 65\u00a0536 versions, trop pour la recherche")
	}
	c.search = map[string][]searchEntry{}
	model := -1
	for i := range entries {
		e := &entries[i]
		if i == 0 || e.name.make != entries[i-1].name.make || e.name.model != entries[i-1].name.model {
			model++
		}
		e.model = uint16(model)
		c.search[e.v.Kind] = append(c.search[e.v.Kind], *e)
	}
	return nil
}

// words splits s into lower-case words without accents, at every
// character that is neither a letter nor a digit, a decimal point or
// comma between digits kept as a point: « e-208 GT 1,2 » → e, 208, gt, 1.2.
func words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	prevDigit := false
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		if (r == '.' || r == ',') && prevDigit {
			if next, _ := utf8.DecodeRuneInString(s); next >= '0' && next <= '9' {
				b.WriteByte('.')
				prevDigit = false
				continue
			}
		}
		prevDigit = r >= '0' && r <= '9'
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
