package upload

import "bytes"

// stream is the data of one PDF stream, as far as a search can tell.
type stream struct {
	// body and end delimit the data: from after the "stream" keyword's
	// end of line to the first "endstream" (or the end of the file).
	body, end int
	// read says the dictionary before the keyword was read whole.
	read bool
	// filters are those of /Filter, in the order they are undone, and
	// parms their /DecodeParms by position. oddFilter says /Filter is
	// written otherwise than as names of filters this package knows,
	// oddParms that /DecodeParms is not dictionaries.
	filters             []string
	parms               []object
	oddFilter, oddParms bool
	// objects says the stream holds objects: /Type /ObjStm, or a /First
	// entry, which is all some readers need; first and count are its
	// /First and /N, -1 when absent.
	objects      bool
	first, count int
	// binary says the dictionary describes pixels or a cross-reference
	// stream (offsets), and not an object stream.
	binary bool
	// predicted says the data passes through a predictor once decoded:
	// the bytes decoded are not those a reader reads.
	predicted bool
}

// dictWindow bounds how far before "stream" its dictionary is looked
// for: stream dictionaries are short, forms with their resources
// written in them the longest.
const dictWindow = 64 << 10

// maxStreams bounds the streams of one PDF: a thousand pages of scans
// hold a few thousand; a hundred thousand is a file made to be slow.
const maxStreams = 100_000

// findStreams returns the streams of a PDF in the order of their data,
// each "stream" keyword that is a token followed by an end of line. A
// "stream" inside text may be taken for one: that makes the search
// wider, never narrower. Every byte is looked at a bounded number of
// times, whatever the file holds; false when there are too many streams.
func findStreams(data []byte) ([]stream, bool) {
	var out []stream
	from, end := 0, -1 // where the last keyword ended; the next "endstream"
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("stream"))
		if j < 0 {
			return out, true
		}
		at := i + j
		i = at + len("stream")
		if at > 0 && regular(data[at-1]) {
			continue // "endstream", "upstream"…
		}
		body, ok := bodyAfter(data, at, i)
		if !ok {
			continue
		}
		if len(out) == maxStreams {
			return nil, false
		}
		if end < body {
			end = len(data)
			if k := bytes.Index(data[body:], []byte("endstream")); k >= 0 {
				end = body + k
			}
		}
		// The dictionary follows the previous keyword, not before it.
		s := readDict(data[max(from, at-dictWindow):at])
		s.body, s.end = body, end
		out = append(out, s)
		from = i
	}
}

// bodyAfter returns where the data of a stream whose keyword is
// data[at:i] starts: after the end of line that follows the keyword.
// Readers skip spaces before it, and some skip anything up to it, so a
// keyword right after a dictionary's ">>" starts a stream whatever
// follows it; any other needs its end of line.
func bodyAfter(data []byte, at, i int) (int, bool) {
	j := i
	for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\f' || data[j] == 0) {
		j++
	}
	if j == len(data) || data[j] != '\r' && data[j] != '\n' {
		if !bytes.HasSuffix(bytes.TrimRight(data[:at], " \t\r\n\f\x00"), []byte(">>")) {
			return 0, false
		}
		k := bytes.IndexAny(data[j:], "\r\n")
		if k < 0 {
			return 0, false
		}
		j += k
	}
	if data[j] == '\r' {
		j++
	}
	if j < len(data) && data[j] == '\n' {
		j++
	}
	return j, true
}

// readDict reads the dictionary of a stream from window, the text
// before its "stream" keyword: the dictionary must follow the object's
// "obj" keyword and end where the window does.
func readDict(window []byte) stream {
	s := stream{first: -1, count: -1}
	k := lastKeyword(window, "obj")
	if k < 0 {
		return s
	}
	l := lexer{b: window, i: k + len("obj"), last: true}
	dict, err := l.parse(0)
	if err != nil || dict.kind != kDict || dict.truncated || l.next().kind != kEnd {
		return s
	}
	s.read = true
	s.filters, s.oddFilter = names(dict.get("Filter"))
	s.parms, s.oddParms = parmsOf(dict.get("DecodeParms"))
	for _, v := range dict.get("Type") {
		s.objects = s.objects || string(v.text) == "ObjStm"
		s.binary = s.binary || string(v.text) == "XRef"
	}
	for _, v := range dict.get("Subtype") {
		s.binary = s.binary || string(v.text) == "Image"
	}
	if v := dict.get("First"); len(v) > 0 {
		s.objects = true
		s.first, _ = v[len(v)-1].integer()
	}
	if v := dict.get("N"); len(v) > 0 {
		s.count, _ = v[len(v)-1].integer()
	}
	if n := len(s.filters); n > 0 && imageFilter(s.filters[n-1]) {
		s.binary = true
	}
	s.binary = s.binary && !s.objects
	for _, p := range s.parms {
		for _, v := range p.get("Predictor") {
			if n, ok := v.integer(); !ok || n > 1 {
				s.predicted = !s.binary
			}
		}
	}
	return s
}

// names reads /Filter: a name or an array of names, in full; odd when
// it is written otherwise (a reference, twice…) or names a filter this
// package does not know.
func names(values []object) (out []string, odd bool) {
	if len(values) == 0 {
		return nil, false
	}
	v := values[0]
	items := []object{v}
	switch {
	case len(values) > 1:
		return nil, true
	case v.kind == kArray:
		items = v.items
	case v.kind == kKeyword && string(v.text) == "null":
		return nil, false
	}
	for _, item := range items {
		f := filterOf(item.text)
		if item.kind != kName || f == "" {
			return nil, true
		}
		out = append(out, f)
	}
	return out, false
}

// parmsOf reads /DecodeParms: a dictionary, or an array of them and
// nulls; odd when they are written otherwise.
func parmsOf(values []object) (items []object, odd bool) {
	if len(values) == 0 {
		return nil, false
	}
	items = []object{values[0]}
	if values[0].kind == kArray {
		items = values[0].items
	}
	for _, item := range items {
		if len(values) > 1 || item.kind != kDict && !(item.kind == kKeyword && string(item.text) == "null") {
			odd = true
		}
	}
	return items, odd
}
