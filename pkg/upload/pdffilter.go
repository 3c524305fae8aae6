package upload

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/zlib"
	"errors"
	"io"
)

// The filters a stream's data passes through, undone here as a reader
// undoes them, in the order its /Filter lists them. Those of images
// (DCT, JPX, CCITT fax, JBIG2) end a chain: what they give is pixels,
// and the search reads their input. The others give text that may hold
// objects, so a filter this package cannot undo is refused rather than
// passed.

// maxFilters bounds the length of a chain: producers write one or two;
// a longer one is a bomb in layers or an evasion.
const maxFilters = 5

// errUndecodable says data that a text filter should have written holds
// bytes that filter never writes: readers differ on them, so the search
// cannot tell what a reader sees.
var errUndecodable = errors.New("upload: PDF stream data is not what its filter writes")

// errLocked says a stream is encrypted (the /Crypt filter).
var errLocked = errors.New("upload: PDF stream encrypted")

// filterOf returns the full name of a filter, written in full or in the
// short form of inline images (which readers also take for streams), or
// "" for a filter this package does not know.
func filterOf(name []byte) string {
	switch n := string(name); n {
	case "FlateDecode", "Fl":
		return "FlateDecode"
	case "ASCIIHexDecode", "AHx":
		return "ASCIIHexDecode"
	case "ASCII85Decode", "A85":
		return "ASCII85Decode"
	case "LZWDecode", "LZW":
		return "LZWDecode"
	case "RunLengthDecode", "RL":
		return "RunLengthDecode"
	case "DCTDecode", "DCT":
		return "DCTDecode"
	case "CCITTFaxDecode", "CCF":
		return "CCITTFaxDecode"
	case "JPXDecode", "JBIG2Decode", "Crypt":
		return n
	}
	return ""
}

// imageFilter reports the filters whose output is pixels.
func imageFilter(name string) bool {
	switch name {
	case "DCTDecode", "CCITTFaxDecode", "JPXDecode", "JBIG2Decode":
		return true
	}
	return false
}

// decoder undoes the filters of the streams of one PDF within one
// budget, reusing its readers from one stream to the next.
type decoder struct {
	budget int64                     // bytes that may still be decoded, all stages counted
	zr     [maxFilters]io.ReadCloser // zlib readers, by stage
	raw    [maxFilters]io.ReadCloser // raw deflate readers, by stage
	br     [maxFilters + 1]*bufio.Reader
	chunk  []byte
}

// Each stream decoded costs this much of the budget on top of its
// bytes, so many tiny streams cost what their work does.
const streamCost = 4 << 10

// open returns the data of b once the filters of a stream undone; parms
// are their /DecodeParms, by position. The reader stops with errBudget
// once the budget is spent, with errUndecodable at data a filter never
// writes; data cut short or corrupt ends it as far as it decodes, as
// readers show what they can of it.
func (d *decoder) open(b []byte, filters []string, parms []object) (io.Reader, error) {
	if d.budget -= streamCost; d.budget < 0 {
		return nil, errBudget
	}
	src := d.buffer(0, bytes.NewReader(b))
	for i, f := range filters {
		var r io.Reader
		switch f {
		case "FlateDecode":
			r = d.inflate(i, src)
		case "ASCIIHexDecode":
			r = &hexReader{src: src}
		case "ASCII85Decode":
			r = &a85Reader{src: src}
		case "RunLengthDecode":
			r = &runReader{src: src}
		case "LZWDecode":
			r = newLZW(src, earlyChange(parms, i))
		default:
			return nil, errUndecodable
		}
		src = d.buffer(i+1, &metered{r: r, budget: &d.budget})
	}
	return src, nil
}

// buffer returns the reader of stage i, reading r.
func (d *decoder) buffer(i int, r io.Reader) *bufio.Reader {
	if d.br[i] == nil {
		d.br[i] = bufio.NewReaderSize(r, 16<<10)
	} else {
		d.br[i].Reset(r)
	}
	return d.br[i]
}

// inflate reads zlib data, or raw deflate data when the zlib header is
// missing, since some readers take that too.
func (d *decoder) inflate(i int, src *bufio.Reader) io.Reader {
	if h, _ := src.Peek(2); !zlibHeader(h) {
		if d.raw[i] == nil {
			d.raw[i] = flate.NewReader(src)
		} else {
			d.raw[i].(flate.Resetter).Reset(src, nil)
		}
		return d.raw[i]
	}
	if d.zr[i] == nil {
		zr, err := zlib.NewReader(src)
		if err != nil {
			return bytes.NewReader(nil)
		}
		d.zr[i] = zr
		return zr
	}
	if d.zr[i].(zlib.Resetter).Reset(src, nil) != nil {
		return bytes.NewReader(nil)
	}
	return d.zr[i]
}

// zlibHeader reports whether b starts as zlib data does.
func zlibHeader(b []byte) bool {
	return len(b) >= 2 && b[0]&0x0F == 8 && (uint16(b[0])<<8|uint16(b[1]))%31 == 0
}

// earlyChange reads /EarlyChange for the filter at position i: 1, codes
// widening one code early, unless it says 0.
func earlyChange(parms []object, i int) bool {
	if i >= len(parms) {
		return true
	}
	for _, v := range parms[i].get("EarlyChange") {
		if n, ok := v.integer(); ok && n == 0 {
			return false
		}
	}
	return true
}

// metered counts what a stage gives against the budget.
type metered struct {
	r      io.Reader
	budget *int64
}

func (m *metered) Read(p []byte) (int, error) {
	n, err := m.r.Read(p)
	if *m.budget -= int64(n); *m.budget < 0 {
		return n, errBudget
	}
	return n, err
}
