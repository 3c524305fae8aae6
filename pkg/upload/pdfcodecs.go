package upload

import "io"

// The filters that write text or runs of bytes, undone one byte at a
// time from a buffered reader. Each stops at its end marker; the two
// text ones refuse bytes they never write (errUndecodable), where
// readers disagree.

// hexReader undoes /ASCIIHexDecode up to its '>'.
type hexReader struct {
	src       io.ByteReader
	hi        byte
	odd, done bool
}

func (h *hexReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && !h.done {
		c, err := h.src.ReadByte()
		switch {
		case err == io.EOF || err == nil && c == '>':
			h.done = true
			if h.odd {
				p[n] = h.hi << 4
				n++
			}
		case err != nil:
			return n, err
		case isHex(c) && h.odd:
			p[n] = h.hi<<4 | unhex(c)
			n++
			h.odd = false
		case isHex(c):
			h.hi, h.odd = unhex(c), true
		case !space(c):
			return n, errUndecodable
		}
	}
	if n == 0 && h.done {
		return 0, io.EOF
	}
	return n, nil
}

// a85Reader undoes /ASCII85Decode up to its "~>".
type a85Reader struct {
	src   io.ByteReader
	group [5]byte
	k     int     // characters of the group read
	out   [4]byte // a decoded group not yet given
	left  []byte
	done  bool
}

func (a *a85Reader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(a.left) > 0 {
			c := copy(p[n:], a.left)
			a.left, n = a.left[c:], n+c
			continue
		}
		if a.done {
			break
		}
		c, err := a.src.ReadByte()
		switch {
		case err == io.EOF || err == nil && c == '~':
			a.done = true
			a.flush()
		case err != nil:
			return n, err
		case c == 'z' && a.k == 0:
			a.out = [4]byte{}
			a.left = a.out[:]
		case '!' <= c && c <= 'u':
			a.group[a.k] = c - '!'
			if a.k++; a.k == 5 {
				a.flush()
			}
		case !space(c):
			return n, errUndecodable
		}
	}
	if n == 0 && a.done {
		return 0, io.EOF
	}
	return n, nil
}

// flush decodes the group read, padding a last short one as the
// encoder did.
func (a *a85Reader) flush() {
	if a.k < 2 {
		a.k = 0
		return
	}
	var v uint32
	for i := range 5 {
		d := byte('u' - '!')
		if i < a.k {
			d = a.group[i]
		}
		v = v*85 + uint32(d)
	}
	a.out = [4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
	a.left = a.out[:a.k-1]
	a.k = 0
}

// runReader undoes /RunLengthDecode up to its end byte, 128.
type runReader struct {
	src    io.ByteReader
	copies int  // bytes still to copy from src
	repeat int  // times still to give b
	b      byte // the byte repeated
	done   bool
}

func (r *runReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && !r.done {
		switch {
		case r.repeat > 0:
			p[n] = r.b
			n++
			r.repeat--
			continue
		case r.copies > 0:
			c, err := r.src.ReadByte()
			if err != nil {
				r.done = true
				break
			}
			p[n] = c
			n++
			r.copies--
			continue
		}
		c, err := r.src.ReadByte()
		switch {
		case err != nil || c == 128:
			r.done = true
		case c < 128:
			r.copies = int(c) + 1
		default:
			b, err := r.src.ReadByte()
			if err != nil {
				r.done = true
				break
			}
			r.b, r.repeat = b, 257-int(c)
		}
	}
	if n == 0 && r.done {
		return 0, io.EOF
	}
	return n, nil
}

// space reports PDF white space.
func space(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\f', '\r', ' ':
		return true
	}
	return false
}
