package upload

import (
	"bytes"
	"cmp"
	"errors"
	"io"
)

// A PDF is checked without being parsed as a reader would: every name in
// it (/JavaScript, /Launch…) is read, its #xx escapes decoded, in the raw
// bytes and in every stream once its filters are undone, since object
// streams hide whole dictionaries, under as many layers of filters as
// their producer liked. Parsing properly would invite the disagreements
// between parsers that hostile files are made of; reading every name
// refuses a few odd but harmless files instead. Only the values of /URI
// and /OpenAction, and the dictionaries of streams, are read as objects
// (pdfaction.go, pdfstream.go).
//
// Names are of two strengths. Those that make a PDF active on their own
// (/JavaScript, /Launch, /EmbeddedFiles…) are refused wherever they
// appear, even inside image data. The short ones (/JS, /AA, /EF) do
// nothing without one of the others, and random bytes spell one of them
// (then a delimiter) about once per 90 Mo of compressed pixels, which
// would refuse one 3 Mo scan in thirty; so they are refused only outside
// image data: in dictionaries and in decoded streams that are not
// pixels or cross-reference offsets.

// eofWindow is how near the end %%EOF must be: readers look for it in the
// last kilobyte, producers add a few bytes after it.
const eofWindow = 1024

// Bounds of the total decoded from one PDF, every stage of every chain
// of filters counted: 20 times its size, at least minInflate so small
// files with text streams pass, at most maxInflate whatever the policy
// allows.
const (
	inflateRatio = 20
	minInflate   = 50 << 20
	maxInflate   = 512 << 20
)

// maxObjStm bounds the decoded size of one object stream, which is read
// whole to find its objects: producers write a few hundred kilobytes.
const maxObjStm = 16 << 20

// errBudget stops decoding once the file has decoded too much.
var errBudget = errors.New("upload: PDF inflates beyond its budget")

// checkPDF refuses a PDF that is incomplete, encrypted, active or too
// costly to check. The caller has seen its %PDF- header.
func checkPDF(data []byte) error {
	if !bytes.Contains(data[max(0, len(data)-eofWindow):], []byte("%%EOF")) {
		return refuse(msgPDFBroken)
	}
	streams, ok := findStreams(data)
	if !ok {
		return refuse(msgPDFComplex)
	}
	budget := min(max(int64(len(data))*inflateRatio, minInflate), maxInflate)
	s := search{work: min(budget/4, int64(len(data))*4+8<<20)}
	scanRaw(data, streams, &s)
	d := decoder{budget: budget}
	for i := 0; i < len(streams) && !s.done(); i++ {
		if err := d.scan(data, streams[i], &s); err != nil {
			s.locked = errors.Is(err, errLocked)
			s.complex = true
			break
		}
	}
	if !s.done() {
		s.resolve(data)
	}
	switch {
	case s.locked:
		return refuse(msgPDFLocked)
	case s.active:
		return refuse(msgPDFActive)
	case s.complex:
		return refuse(msgPDFComplex)
	}
	return nil
}

// scanRaw reads the names of the file as stored. The long names count
// everywhere, so that a stray "stream" word taking a dictionary for
// stream data hides nothing; the short ones outside stream data, which
// scan reads once decoded.
func scanRaw(data []byte, streams []stream, s *search) {
	next := 0 // first stream whose data may still hold the name
	eachName(data, true, func(name []byte, at, end int) bool {
		for next < len(streams) && streams[next].end <= at {
			next++
		}
		inData := next < len(streams) && streams[next].body <= at
		return s.judge(name, data[end:], !inData, true)
	})
}

// scan undoes the filters of one stream and searches what they give; an
// error (errBudget, errUndecodable) means the file is too costly or too
// odd to check. A stream whose data a reader could not read as objects
// or text is refused for that: an unknown filter, or one of images that
// is not the last, or that wraps objects.
func (d *decoder) scan(data []byte, st stream, s *search) error {
	filters, err := plan(st)
	if err != nil {
		return err
	}
	if len(filters) == 0 && !st.objects && zlibHeader(data[st.body:]) {
		filters = []string{"FlateDecode"} // zlib data under no declared filter
	}
	switch {
	case len(filters) == 0 && st.objects:
		s.scanText(data[st.body:st.end], true, true)
		s.objects(data[st.body:st.end], st.first, st.count)
		return nil
	case len(filters) == 0:
		if !st.binary {
			s.scanText(data[st.body:st.end], true, true)
		}
		return nil
	}
	r, err := d.open(data[st.body:], filters, st.parms)
	if err != nil {
		return err
	}
	if st.objects {
		b, err := io.ReadAll(io.LimitReader(r, maxObjStm+1))
		if err = ended(err); err != nil || len(b) > maxObjStm {
			return cmp.Or(err, errBudget)
		}
		s.scanText(b, true, true)
		s.objects(b, st.first, st.count)
		return nil
	}
	return d.chunks(r, s, !st.binary)
}

// plan returns the filters to undo to read a stream as a reader does:
// its chain, up to a last filter of images.
func plan(st stream) ([]string, error) {
	switch {
	case !st.read, st.oddFilter, len(st.filters) > maxFilters,
		st.predicted, st.oddParms && !st.binary:
		return nil, errUndecodable
	}
	for i, f := range st.filters {
		switch {
		case f == "Crypt":
			return nil, errLocked
		case imageFilter(f) && (i < len(st.filters)-1 || st.objects):
			return nil, errUndecodable
		case imageFilter(f):
			return st.filters[:i], nil
		}
	}
	return st.filters, nil
}

// ended turns the error that ends decoded data into nil when the data
// just ended, or was corrupt: readers show what they can of it.
func ended(err error) error {
	if errors.Is(err, errBudget) || errors.Is(err, errUndecodable) {
		return err
	}
	return nil
}

// chunks reads decoded data in chunks and searches them; short says
// whether the weak short names count.
func (d *decoder) chunks(r io.Reader, s *search, short bool) error {
	const chunk, carry = 64 << 10, 16 << 10
	if d.chunk == nil {
		d.chunk = make([]byte, 0, chunk+carry)
	}
	buf := d.chunk[:0]
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		done := err != nil
		keep := s.scanText(buf, short, done)
		if done || s.done() {
			return ended(err)
		}
		// A name cut by the chunk's end is read again whole; one longer
		// than carry is no name this package looks for.
		if len(buf)-keep > carry {
			keep = len(buf)
		}
		buf = buf[:copy(buf, buf[keep:])]
	}
}

// isActive reports the names of content that runs or carries files;
// short says whether the weak short names count here. /OpenAction and
// /URI are judged by their value (pdfaction.go).
func isActive(name []byte, short bool) bool {
	switch string(name) {
	case "JavaScript", "Launch", "EmbeddedFile", "EmbeddedFiles", "FileAttachment",
		"XFA", "SubmitForm", "ImportData", "GoToR", "GoToE", "Rendition":
		return true
	case "JS", "AA", "EF":
		return short
	}
	return bytes.HasPrefix(name, []byte("RichMedia"))
}

// eachName calls fn with every name of b (the text after a '/'), its
// #xx escapes decoded, its offset and the offset of its end. When last
// is false a name that reaches the end of b may go on in the next chunk,
// and fn may return false for a name whose value does: then eachName
// stops and returns the name's offset; otherwise it returns len(b).
func eachName(b []byte, last bool, fn func(name []byte, at, end int) bool) int {
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '/')
		if j < 0 {
			return len(b)
		}
		at := i + j
		end := at + 1
		for end < len(b) && regular(b[end]) {
			end++
		}
		if end == len(b) && !last {
			return at
		}
		if !fn(decodeName(b[at+1:end]), at, end) && !last {
			return at
		}
		i = end
	}
}

// regular reports the bytes a PDF name is made of: all but white space
// and delimiters.
func regular(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\f', '\r', ' ', '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return false
	}
	return true
}

// decodeName turns the #xx escapes of a name into bytes: /J#61vaScript
// is /JavaScript to a reader, so it is to this package.
func decodeName(raw []byte) []byte {
	if bytes.IndexByte(raw, '#') < 0 {
		return raw
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		if raw[i] == '#' && i+2 < len(raw) && isHex(raw[i+1]) && isHex(raw[i+2]) {
			out = append(out, unhex(raw[i+1])<<4|unhex(raw[i+2]))
			i += 2
			continue
		}
		out = append(out, raw[i])
	}
	return out
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
