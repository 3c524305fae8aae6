package upload

import (
	"bytes"
	"errors"
	"strconv"
)

// What the search reads of PDF syntax: the tokens and the objects they
// make, enough to read a stream's dictionary, a link's address and what
// a file does when it opens. It follows the tokenizer of the PDF
// specification (ISO 32000-2, 7.2 and 7.3) and is lenient where readers
// are: junk between tokens is a keyword, never an error.

// kind is the kind of a token or of an object.
type kind uint8

const (
	kEnd kind = iota // no more data
	kName
	kString
	kNumber
	kKeyword // true, false, null, R, obj, stray delimiters…
	kDict    // the token <<, or a dictionary
	kDictEnd
	kArray // the token [, or an array
	kArrayEnd
	kRef // an object: a reference "n g R"
)

// token is one token of PDF syntax.
type token struct {
	kind kind
	// text is a name without its slash and its #xx escapes decoded, a
	// string's bytes decoded, or a number or keyword as written.
	text []byte
	// cut says the token reaches the end of the data: more bytes could
	// make it longer, or close it.
	cut bool
}

// lexer reads tokens from b.
type lexer struct {
	b []byte
	i int
	// last says b holds all the data: a token that reaches its end is
	// whole, though a string still open is not.
	last bool
}

// next returns the token at the lexer's position and moves past it.
func (l *lexer) next() token {
	l.skipSpace()
	b, i := l.b, l.i
	if i >= len(b) {
		return token{kind: kEnd, cut: !l.last}
	}
	switch c := b[i]; c {
	case '/':
		end := i + 1
		for end < len(b) && regular(b[end]) {
			end++
		}
		l.i = end
		return token{kind: kName, text: decodeName(b[i+1 : end]), cut: end == len(b) && !l.last}
	case '(':
		s, end, closed := literal(b, i+1)
		l.i = end
		return token{kind: kString, text: s, cut: !closed}
	case '<':
		if i+1 < len(b) && b[i+1] == '<' {
			l.i = i + 2
			return token{kind: kDict}
		}
		s, end, closed := hexString(b, i+1)
		l.i = end
		return token{kind: kString, text: s, cut: !closed}
	case '>':
		if i+1 < len(b) && b[i+1] == '>' {
			l.i = i + 2
			return token{kind: kDictEnd}
		}
	case '[':
		l.i = i + 1
		return token{kind: kArray}
	case ']':
		l.i = i + 1
		return token{kind: kArrayEnd}
	}
	end := i + 1
	for end < len(b) && regular(b[end]) {
		end++
	}
	l.i = end
	k := kKeyword
	if c := b[i]; '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.' {
		k = kNumber
	}
	return token{kind: k, text: b[i:end], cut: end == len(b) && !l.last}
}

// skipSpace moves past white space and comments.
func (l *lexer) skipSpace() {
	for l.i < len(l.b) {
		switch l.b[l.i] {
		case 0, '\t', '\n', '\f', '\r', ' ':
			l.i++
		case '%':
			for l.i < len(l.b) && l.b[l.i] != '\n' && l.b[l.i] != '\r' {
				l.i++
			}
		default:
			return
		}
	}
}

// object is a PDF object as far as the search reads it.
type object struct {
	kind kind // kName, kString, kNumber, kKeyword, kDict, kArray or kRef
	text []byte
	// items are an array's items, or a dictionary's keys and values,
	// alternating.
	items []object
	num   int // a reference's object number
	// truncated says items are not all kept: the container has more
	// than maxItems.
	truncated bool
}

// errCut says the data ended inside an object; errSyntax that it is not
// one; errDeep that it nests deeper than any a producer writes.
var (
	errCut    = errors.New("upload: PDF object cut short")
	errSyntax = errors.New("upload: PDF object malformed")
	errDeep   = errors.New("upload: PDF object nested too deep")
)

// maxDepth bounds how deep arrays and dictionaries nest.
const maxDepth = 32

// The items of containers are kept only near the top (depth 0 to
// keptDepth) and up to maxItems each: what the search reads of an
// object is there, and a value made to be big costs no memory.
const (
	keptDepth = 2
	maxItems  = 1024
)

// parse reads the object at the lexer's position, depth containers
// deep. A closing token comes back as an object of kind kDictEnd or
// kArrayEnd for the caller to end its container.
func (l *lexer) parse(depth int) (object, error) {
	if depth > maxDepth {
		return object{}, errDeep
	}
	t := l.next()
	if t.cut || t.kind == kEnd {
		return object{}, errCut
	}
	switch t.kind {
	case kNumber:
		return l.maybeRef(t)
	case kDict, kArray:
		return l.container(t.kind, depth)
	}
	return object{kind: t.kind, text: t.text}, nil
}

// container reads the items of an array or a dictionary (k) up to its
// closing token.
func (l *lexer) container(k kind, depth int) (object, error) {
	closing := kArrayEnd
	if k == kDict {
		closing = kDictEnd
	}
	o := object{kind: k}
	for n := 0; ; n++ {
		item, err := l.parse(depth + 1)
		switch {
		case err != nil:
			return object{}, err
		case item.kind == closing:
			return o, nil
		case item.kind == kDictEnd || item.kind == kArrayEnd,
			k == kDict && n%2 == 0 && item.kind != kName:
			return object{}, errSyntax
		case depth > keptDepth:
		case len(o.items) < maxItems:
			o.items = append(o.items, item)
		default:
			o.truncated = true
		}
	}
}

// maybeRef reads a reference "n g R" that starts with the number t, or
// returns the number alone.
func (l *lexer) maybeRef(t token) (object, error) {
	if isDigits(t.text) {
		at := l.i
		g := l.next()
		if g.cut {
			return object{}, errCut
		}
		if g.kind == kNumber && isDigits(g.text) {
			r := l.next()
			if r.cut {
				return object{}, errCut
			}
			if r.kind == kKeyword && string(r.text) == "R" {
				num, err := strconv.Atoi(string(t.text))
				if err != nil {
					return object{}, errSyntax
				}
				return object{kind: kRef, num: num}, nil
			}
		}
		l.i = at
	}
	return object{kind: kNumber, text: t.text}, nil
}

// get returns the values of key in the dictionary o: several when a
// file writes the key twice, which readers settle differently.
func (o object) get(key string) []object {
	var out []object
	for i := 0; i+1 < len(o.items); i += 2 {
		if string(o.items[i].text) == key {
			out = append(out, o.items[i+1])
		}
	}
	return out
}

// integer returns the value of a number object that is an integer.
func (o object) integer() (int, bool) {
	if o.kind != kNumber {
		return 0, false
	}
	n, err := strconv.Atoi(string(o.text))
	return n, err == nil
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// keyword reports whether the token "word" is at b[at:].
func keyword(b []byte, at int, word string) bool {
	end := at + len(word)
	return end <= len(b) && string(b[at:end]) == word &&
		(at == 0 || !regular(b[at-1])) && (end == len(b) || !regular(b[end]))
}

// lastKeyword returns the offset of the last token "word" in b, or -1.
func lastKeyword(b []byte, word string) int {
	for end := len(b); ; {
		at := bytes.LastIndex(b[:end], []byte(word))
		if at < 0 || keyword(b, at, word) {
			return at
		}
		end = at
	}
}
