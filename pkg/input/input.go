// Package input is the one place where free text typed by people is made
// safe to store and to show: display names, chat messages, the free-text
// answers of quote requests and, later, contact forms. Every field goes
// through the same steps, so a rule added here holds everywhere.
//
// Text is put in Unicode NFC (the same word is stored the same way
// whatever keyboard typed it); characters that can disguise a text are
// refused: bidi controls, other invisible format characters, invisible
// blanks inside the text; a text made only of blanks (spaces, NBSP, zero
// width spaces…) is empty. Control characters are refused, or removed
// where the field says so; line breaks and tabs are kept in multi-line
// fields.
package input

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"courtier/pkg/apperr"
)

// Field says how one free-text field is cleaned and what its errors say.
// The messages are French and complete; an empty message means the
// check does not apply (no Required: the field may be empty).
type Field struct {
	// Name is the API field an error names ("displayName", "details.model").
	Name string
	// Max is the longest text kept, in characters after cleaning; 0 is no limit.
	Max int
	// Min is the shortest non-empty text kept, in characters; 0 is no minimum.
	Min int
	// Multiline keeps line breaks and tabs; CR LF and lone CR become LF.
	Multiline bool
	// DropControls removes control characters instead of refusing the
	// text: the chat takes pasted terminal output as it always has.
	DropControls bool

	Required string // the text is empty (or blanks only)
	TooShort string // shorter than Min
	TooLong  string // longer than Max
	Invalid  string // refused characters
}

// Clean returns raw as it is stored, or a field error of f's messages.
// An empty result without error means an optional field left empty.
func (f Field) Clean(raw string) (string, error) {
	if !utf8.ValidString(raw) {
		return "", f.fail(f.Invalid)
	}
	// Blanks around the text go first: a trailing tab or line break is
	// not a control character inside a one-line field.
	text, ok := f.controls(Trim(raw))
	if !ok {
		return "", f.fail(f.Invalid)
	}
	text = strings.TrimFunc(norm.NFC.String(text), IsBlank)
	n := utf8.RuneCountInString(text)
	switch {
	case n == 0 && f.Required != "":
		return "", f.fail(f.Required)
	case n == 0:
		return "", nil
	case Refused(text):
		return "", f.fail(f.Invalid)
	case f.Max > 0 && n > f.Max:
		return "", f.fail(f.TooLong)
	case n < f.Min:
		return "", f.fail(f.TooShort)
	}
	return text, nil
}

// fail is the field error of one of f's messages.
func (f Field) fail(msg string) error {
	return &apperr.Error{Code: apperr.EINVALID, Field: f.Name, Message: msg}
}

// controls handles control characters and line separators: kept as line
// breaks in a multi-line field, else removed (DropControls) or refused.
func (f Field) controls(s string) (string, bool) {
	if f.Multiline {
		s = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n").Replace(s)
	}
	ok := true
	s = strings.Map(func(r rune) rune {
		isBreak := r == '\n' || r == '\t'
		if f.Multiline && isBreak {
			return r
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			if !f.DropControls {
				ok = false
			}
			return -1
		}
		return r
	}, s)
	return s, ok
}

// Refused reports whether s holds a character that no free-text field
// keeps (see Field.Clean); values checked by their own rules, such as
// e-mail addresses, must not carry them either.
func Refused(s string) bool {
	var prev rune
	r, size := utf8.DecodeRuneInString(s)
	for size > 0 {
		next, nextSize := utf8.DecodeRuneInString(s[size:])
		if nextSize == 0 {
			next = 0 // the end: U+FFFD, what Decode gives, would pass for an emoji
		}
		if refused(prev, r, next) {
			return true
		}
		s, prev, r, size = s[size:], r, next, nextSize
	}
	return false
}

// Trim removes blanks, visible or not, from both ends of s.
func Trim(s string) string { return strings.TrimFunc(s, IsBlank) }
