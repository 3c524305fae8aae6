package upload

import "io"

// lzwReader undoes /LZWDecode: codes of 9 to 12 bits, high bit first,
// 256 clearing the table and 257 ending the data. With early change (the
// default) codes widen one code before the table needs it, as TIFF does;
// without it, as GIF does. The code follows compress/lzw's decoder,
// which reads only the latter.
type lzwReader struct {
	src         io.ByteReader
	early       bool
	acc         uint32
	bits, width uint
	hi, last    int // the code next defined; the code read before, or -1
	overflow    int
	prefix      [4096]uint16
	suffix      [4096]byte
	out         [4096]byte // a code's bytes, written from the end
	left        []byte     // the bytes of the last code not yet given
	done        bool
}

const (
	lzwClear = 256
	lzwEnd   = 257
)

func newLZW(src io.ByteReader, early bool) *lzwReader {
	r := &lzwReader{src: src, early: early}
	r.clear()
	return r
}

func (r *lzwReader) clear() {
	r.width, r.hi, r.overflow, r.last = 9, lzwEnd, 512, -1
}

func (r *lzwReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(r.left) > 0 {
			c := copy(p[n:], r.left)
			r.left, n = r.left[c:], n+c
			continue
		}
		if r.done || !r.step() {
			r.done = true
			break
		}
	}
	if n == 0 && r.done {
		return 0, io.EOF
	}
	return n, nil
}

// step reads one code and sets left to its bytes; false at the end of
// the data, at its end code or at a code that is not yet defined.
func (r *lzwReader) step() bool {
	for r.bits < r.width {
		c, err := r.src.ReadByte()
		if err != nil {
			return false
		}
		r.acc = r.acc<<8 | uint32(c)
		r.bits += 8
	}
	code := int(r.acc>>(r.bits-r.width)) & (1<<r.width - 1)
	r.bits -= r.width
	switch {
	case code == lzwClear:
		r.clear()
		r.left = r.out[:0]
		return true
	case code == lzwEnd:
		return false
	case code < lzwClear || code < r.hi:
		r.left = r.expand(code, 0)
	case code == r.hi && r.last >= 0:
		// The code being defined: the last code's bytes and their first.
		prev := r.expand(r.last, 1)
		r.out[len(r.out)-1] = prev[0]
		r.left = r.out[len(r.out)-len(prev)-1:]
	default:
		return false
	}
	if r.last >= 0 && r.hi < 4096 {
		r.suffix[r.hi] = r.left[0]
		r.prefix[r.hi] = uint16(r.last)
	}
	r.last = code
	r.hi++
	limit := r.overflow
	if r.early {
		limit--
	}
	if r.hi >= limit {
		if r.width == 12 {
			r.last, r.hi = -1, r.hi-1
		} else {
			r.width++
			r.overflow <<= 1
		}
	}
	return true
}

// expand writes the bytes of code at the end of out, leaving skip bytes
// after them, and returns them.
func (r *lzwReader) expand(code, skip int) []byte {
	i := len(r.out) - skip
	for code >= lzwClear && i > 0 {
		i--
		r.out[i] = r.suffix[code]
		code = int(r.prefix[code])
	}
	if i > 0 {
		i--
		r.out[i] = byte(code)
	}
	return r.out[i : len(r.out)-skip]
}
