package upload

import (
	"bytes"
	"strconv"
	"unicode/utf16"
)

// What a PDF does beyond showing pages is read from a few names: the
// strong and short names of isActive, and two whose value says whether
// they are harmless. /URI opens an address: a web page or an e-mail
// pass, any other scheme (javascript:, file:…) or none at all is
// refused, whichever way its string is written. /OpenAction runs when
// the file opens: a destination (a page to show) passes, an action
// other than a GoTo does not, nor one followed by /Next; when it is a
// reference, the object it names is judged wherever it is defined.

// valueWindow bounds how far after /URI or /OpenAction their value is
// read: longer ones are refused rather than searched.
const valueWindow = 8 << 10

// search is what the search of one PDF found.
type search struct {
	locked, active, complex bool
	// targets are the objects an /OpenAction names; actions the objects
	// of object streams that are actions other than a GoTo.
	targets map[int]bool
	actions map[int]bool
	// work bounds the bytes read as objects: values overlap when a
	// file nests them (/URI(/URI(/URI…), and each is read whole.
	work  int64
	spent bool
}

// done reports whether the search may stop: the file is refused.
func (s *search) done() bool { return s.locked || s.active || s.spent }

// charge counts n bytes read as objects; false once the work allowed is
// spent, the file then refused as too complex.
func (s *search) charge(n int) bool {
	if s.work -= int64(n); s.work < 0 {
		s.complex, s.spent = true, true
	}
	return !s.spent
}

// scanText searches b, the file's bytes or a stream's decoded data;
// short says whether the weak short names count there. When last is
// false a name or value cut by the end of b is not judged: scanText
// returns its offset, for the caller to search again with what follows;
// otherwise it returns len(b).
func (s *search) scanText(b []byte, short, last bool) int {
	return eachName(b, last, func(name []byte, _, end int) bool {
		return s.judge(name, b[end:], short, last)
	})
}

// judge judges the name of a PDF followed by rest; false when rest
// ends before the name's value and last is false.
func (s *search) judge(name, rest []byte, short, last bool) bool {
	switch string(name) {
	case "Encrypt":
		s.locked = true
	case "URI":
		return s.uri(rest, last)
	case "OpenAction":
		return s.openAction(rest, last)
	default:
		s.active = s.active || isActive(name, short)
	}
	return true
}

// value returns a lexer on the value at the start of rest, and whether
// more data could still come to complete it.
func value(rest []byte, last bool) (*lexer, bool) {
	more := !last && len(rest) < valueWindow
	return &lexer{b: rest[:min(len(rest), valueWindow)], last: !more}, more
}

// uri judges the value of a /URI key: a string, or the name or end of
// dictionary that follow /S /URI.
func (s *search) uri(rest []byte, last bool) bool {
	if s.done() {
		return true
	}
	l, more := value(rest, last)
	v, err := l.parse(1)
	switch {
	case !s.charge(l.i):
	case err == errCut && more:
		return false
	case err == errCut || v.kind == kRef || v.kind == kString && !webLink(v.text):
		s.active = true
	}
	return true
}

// webLink reports whether uri opens a web page or writes an e-mail: its
// scheme is http, https or mailto, in any case. A text string in UTF-16
// is read as such.
func webLink(uri []byte) bool {
	if bytes.HasPrefix(uri, []byte{0xFE, 0xFF}) {
		units := make([]uint16, 0, len(uri)/2)
		for i := 2; i+1 < len(uri); i += 2 {
			units = append(units, uint16(uri[i])<<8|uint16(uri[i+1]))
		}
		uri = []byte(string(utf16.Decode(units)))
	}
	colon := bytes.IndexByte(uri, ':')
	if colon < 0 {
		return false
	}
	switch string(bytes.ToLower(uri[:colon])) {
	case "http", "https", "mailto":
		return true
	}
	return false
}

// openAction judges the value of an /OpenAction key.
func (s *search) openAction(rest []byte, last bool) bool {
	if s.done() {
		return true
	}
	l, more := value(rest, last)
	v, err := l.parse(1)
	switch {
	case !s.charge(l.i):
	case err == errCut && more:
		return false
	case err != nil:
		s.complex = true
	case v.kind == kRef:
		if s.targets == nil {
			s.targets = map[int]bool{}
		}
		s.targets[v.num] = true
	case !viewOnly(v):
		s.active = true
	}
	return true
}

// viewOnly reports whether an object, given as an /OpenAction, only
// shows a page: anything but a reference and an action dictionary whose
// /S is not /GoTo or that has a /Next. Readers ignore an /OpenAction
// that is neither a destination nor an action.
func viewOnly(v object) bool {
	switch v.kind {
	case kRef:
		return false
	case kDict:
		if v.truncated {
			return false
		}
		for _, t := range v.get("S") {
			if t.kind != kName || string(t.text) != "GoTo" {
				return false
			}
		}
		return len(v.get("Next")) == 0
	}
	return true
}

// objects reads the objects of a decoded object stream: the pairs of
// numbers and offsets before first, then each object, noting those that
// are actions an /OpenAction must not name. An object this package
// cannot read whole is noted too: readers are more lenient, and the
// objects of producers read.
func (s *search) objects(b []byte, first, count int) {
	if first < 0 || first > len(b) {
		return
	}
	head := lexer{b: b[:first], last: true}
	for n := 0; count < 0 || n < count; n++ {
		num, off := head.next(), head.next()
		if num.kind != kNumber || off.kind != kNumber {
			return
		}
		objNum, err1 := strconv.Atoi(string(num.text))
		at, err2 := strconv.Atoi(string(off.text))
		if err1 != nil || err2 != nil || at < 0 || at >= len(b)-first {
			continue
		}
		l := lexer{b: b[first+at:], last: true}
		v, err := l.parse(0)
		if !s.charge(l.i) {
			return
		}
		if err != nil || !viewOnly(v) {
			if s.actions == nil {
				s.actions = map[int]bool{}
			}
			s.actions[objNum] = true
		}
	}
}

// resolve judges the objects an /OpenAction names: those of object
// streams were noted as they were read; those of the file's text are
// found by their "n g obj", every definition of them judged.
func (s *search) resolve(data []byte) {
	if len(s.targets) == 0 {
		return
	}
	for n := range s.targets {
		s.active = s.active || s.actions[n]
	}
	for i := 0; !s.done() && !s.complex; {
		j := bytes.Index(data[i:], []byte("obj"))
		if j < 0 {
			return
		}
		at := i + j
		i = at + len("obj")
		if n, ok := numberBefore(data, at); ok && keyword(data, at, "obj") && s.targets[n] {
			l := lexer{b: data[i:], last: true}
			v, err := l.parse(0)
			s.charge(l.i)
			s.complex = s.complex || err != nil
			s.active = s.active || err == nil && !viewOnly(v)
		}
	}
}

// numberBefore reads the object number of "n g obj" whose keyword is at
// data[at].
func numberBefore(data []byte, at int) (int, bool) {
	i := at
	for k := 0; k < 2; k++ {
		end := i
		for i > 0 && space(data[i-1]) {
			i--
		}
		if i == end {
			return 0, false
		}
		end = i
		for i > 0 && '0' <= data[i-1] && data[i-1] <= '9' {
			i--
		}
		if i == end || end-i > 10 {
			return 0, false
		}
		if k == 1 {
			if i > 0 && regular(data[i-1]) {
				return 0, false
			}
			n, err := strconv.Atoi(string(data[i:end]))
			return n, err == nil
		}
	}
	return 0, false
}
