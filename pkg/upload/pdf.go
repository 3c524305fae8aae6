package upload

import (
	"bytes"
	"compress/zlib"
	"errors"
	"io"
)

// A PDF is checked without being parsed as a reader would: every name in
// it (/JavaScript, /Launch…) is read, its #xx escapes decoded, in the raw
// bytes and in every zlib-compressed stream once inflated, since object
// streams hide whole dictionaries. Parsing properly would invite the
// disagreements between parsers that hostile files are made of; reading
// every name refuses a few odd but harmless files instead.
//
// Names are of two strengths. Those that make a PDF active on their own
// (/JavaScript, /Launch, /EmbeddedFiles…) are refused wherever they
// appear, even inside image data. The short ones (/JS, /AA, /EF) do
// nothing without one of the others, and random bytes spell one of them
// (then a delimiter) about once per 90 Mo of compressed pixels, which
// would refuse one 3 Mo scan in thirty; so they are refused only outside
// image data: in dictionaries and in inflated streams that are not
// pixels or cross-reference offsets.

// eofWindow is how near the end %%EOF must be: readers look for it in the
// last kilobyte, producers add a few bytes after it.
const eofWindow = 1024

// Bounds of the total inflated from one PDF: 20 times its size, at
// least minInflate so small files with text streams pass, at most
// maxInflate whatever the policy allows.
const (
	inflateRatio = 20
	minInflate   = 50 << 20
	maxInflate   = 512 << 20
)

// errBudget stops inflating once the file has inflated too much.
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
	if err := scanRaw(data, streams); err != nil {
		return err
	}
	in := inflater{budget: min(max(int64(len(data))*inflateRatio, minInflate), maxInflate)}
	for _, s := range streams {
		if s.predicted {
			return refuse(msgPDFComplex)
		}
		active, err := in.scan(data[s.body:], s.binary)
		if errors.Is(err, errBudget) {
			return refuse(msgPDFComplex)
		}
		if active {
			return refuse(msgPDFActive)
		}
	}
	return nil
}

// scanRaw reads the names of the file as stored: whether it is
// encrypted, uses a filter this package cannot decode or holds an
// active name. The long names count everywhere, so that a stray
// "stream" word taking a dictionary for stream data hides nothing.
func scanRaw(data []byte, streams []stream) error {
	var encrypted, active, undecodable bool
	next := 0 // first stream whose data may still hold the name
	eachName(data, true, func(name []byte, at int) {
		for next < len(streams) && streams[next].end <= at {
			next++
		}
		inData := next < len(streams) && streams[next].body <= at
		switch {
		case string(name) == "Encrypt":
			encrypted = true
		case oldFilter(name, !inData):
			undecodable = true
		case isActive(name, !inData):
			active = true
		}
	})
	switch {
	case encrypted:
		return refuse(msgPDFLocked)
	case active:
		return refuse(msgPDFActive)
	case undecodable:
		return refuse(msgPDFComplex)
	}
	return nil
}

// isActive reports the names of content that runs or carries files;
// short says whether the weak short names count here.
// /OpenAction is not among them: it is most often a harmless "open at
// page 1", and a script it starts carries /JavaScript.
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

// oldFilter reports the filters other than Flate that can wrap an object
// stream: hex, ASCII85, LZW and run-length. Modern producers do not use
// them, and what they hide could not be read here. Their short forms are
// also those of inline images, so they count only outside stream data
// (short).
func oldFilter(name []byte, short bool) bool {
	switch string(name) {
	case "ASCIIHexDecode", "ASCII85Decode", "LZWDecode", "RunLengthDecode":
		return true
	case "AHx", "A85", "LZW", "RL":
		return short
	}
	return false
}

// inflater inflates the streams of one PDF, reusing its buffer and
// decompressor from one stream to the next, within one budget.
type inflater struct {
	zr     io.ReadCloser
	buf    []byte
	budget int64 // bytes that may still be inflated
}

// Each stream inflated costs this much of the budget on top of its
// bytes, so many tiny streams cost what their work does.
const streamCost = 4 << 10

// scan inflates the zlib data at the start of b, if b starts with some,
// and reports whether it holds an active name; binary says the stream
// holds pixels or offsets, where only the strong names count. It stops
// with errBudget once the budget is spent. Data cut short or corrupt is
// searched as far as it inflates, as readers show what they can of it.
func (in *inflater) scan(b []byte, binary bool) (bool, error) {
	if len(b) < 2 || b[0]&0x0F != 8 || (uint16(b[0])<<8|uint16(b[1]))%31 != 0 {
		return false, nil
	}
	if in.budget -= streamCost; in.budget < 0 {
		return false, errBudget
	}
	if err := in.reset(b); err != nil {
		return false, nil
	}
	const chunk, carry = 64 << 10, 4 << 10
	if in.buf == nil {
		in.buf = make([]byte, 0, chunk+carry)
	}
	buf := in.buf[:0]
	active := false
	found := func(name []byte, _ int) { active = active || isActive(name, !binary) }
	for {
		n, err := in.zr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if in.budget -= int64(n); in.budget < 0 {
			return active, errBudget
		}
		done := err != nil
		keep := eachName(buf, done, found)
		if active || done {
			return active, nil
		}
		// A name cut by the chunk's end is read again whole; one longer
		// than carry is no name this package looks for.
		if len(buf)-keep > carry {
			keep = len(buf)
		}
		buf = buf[:copy(buf, buf[keep:])]
	}
}

// reset points the decompressor at b, making it on first use.
func (in *inflater) reset(b []byte) error {
	if in.zr == nil {
		zr, err := zlib.NewReader(bytes.NewReader(b))
		in.zr = zr
		return err
	}
	return in.zr.(zlib.Resetter).Reset(bytes.NewReader(b), nil)
}

// eachName calls fn with every name of b (the text after a '/'), its
// #xx escapes decoded, and its offset. When last is false a name that
// reaches the end of b may go on in the next chunk: it is not reported
// and its offset is returned; otherwise eachName returns len(b).
func eachName(b []byte, last bool, fn func(name []byte, at int)) int {
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
		fn(decodeName(b[at+1:end]), at)
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
