package upload

import "bytes"

// The two ways a PDF writes a string, decoded as readers decode them:
// the address of a link is checked on the bytes a reader would open.

// literal decodes the literal string that starts at b[i], after its
// opening parenthesis: escapes, octal codes, line continuations and
// balanced parentheses. It returns where the string ends and whether
// its closing parenthesis was found.
func literal(b []byte, i int) ([]byte, int, bool) {
	// Most strings have no escape and no nesting: they are their bytes.
	if end := bytes.IndexByte(b[i:], ')'); end >= 0 && bytes.IndexAny(b[i:i+end], "\\(\r") < 0 {
		return b[i : i+end], i + end + 1, true
	}
	var out []byte
	depth := 1
	for ; i < len(b); i++ {
		c := b[i]
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return out, i + 1, true
			}
		case '\r':
			c = '\n'
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
		case '\\':
			if i++; i == len(b) {
				return out, i, false
			}
			var skip bool
			c, i, skip = escape(b, i)
			if skip {
				continue
			}
		}
		out = append(out, c)
	}
	return out, i, false
}

// escape reads the escape whose letter is at b[i] and returns the byte
// it stands for and the index of its last byte; skip says it stands
// for nothing (a backslash before an end of line).
func escape(b []byte, i int) (byte, int, bool) {
	switch c := b[i]; c {
	case 'n':
		return '\n', i, false
	case 'r':
		return '\r', i, false
	case 't':
		return '\t', i, false
	case 'b':
		return '\b', i, false
	case 'f':
		return '\f', i, false
	case '\r':
		if i+1 < len(b) && b[i+1] == '\n' {
			i++
		}
		return 0, i, true
	case '\n':
		return 0, i, true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := c - '0'
		for n := 1; n < 3 && i+1 < len(b) && '0' <= b[i+1] && b[i+1] <= '7'; n++ {
			i++
			v = v<<3 | (b[i] - '0')
		}
		return v, i, false
	default:
		return c, i, false // \( \) \\ and, as readers do, any other byte
	}
}

// hexString decodes the hexadecimal string that starts at b[i], after
// its '<'. Readers skip what is not a digit; a last odd digit counts as
// followed by 0.
func hexString(b []byte, i int) ([]byte, int, bool) {
	var out []byte
	var hi byte
	odd := false
	for ; i < len(b); i++ {
		c := b[i]
		if c == '>' {
			if odd {
				out = append(out, hi<<4)
			}
			return out, i + 1, true
		}
		if !isHex(c) {
			continue
		}
		if odd {
			out = append(out, hi<<4|unhex(c))
		} else {
			hi = unhex(c)
		}
		odd = !odd
	}
	return out, i, false
}
