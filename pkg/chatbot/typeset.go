package chatbot

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Typeset applies French typography to text written with ordinary spaces:
// the space before « : ; ! ? % », inside « guillemets » and between a
// number and the word after it ("2 minutes", "0 km") becomes a non-breaking
// space (U+00A0), so that a sign or a unit never starts a line alone.
// Spaces between digits (phone numbers) and colons without a space before
// them (URLs, "14:05") are left alone.
func Typeset(text string) string {
	const nbsp = "\u00a0"
	var b strings.Builder
	b.Grow(len(text) + 16)
	start := 0 // text[start:i] is still to be copied
	for i := 0; i+1 < len(text); i++ {
		switch {
		case text[i] == ' ' && (strings.IndexByte(":;!?%", text[i+1]) >= 0 || strings.HasPrefix(text[i+1:], "»")):
			b.WriteString(text[start:i])
			b.WriteString(nbsp)
			start = i + 1
		case text[i] == ' ' && i >= 1 && text[i-1] >= '0' && text[i-1] <= '9' && startsWithLetter(text[i+1:]),
			text[i] == ' ' && i >= 2 && text[i-2:i] == "«":
			b.WriteString(text[start:i])
			b.WriteString(nbsp)
			start = i + 1
		}
	}
	b.WriteString(text[start:])
	return b.String()
}

func startsWithLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}
