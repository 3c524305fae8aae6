package input

import (
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// zwj is the zero width joiner, the glue of emoji sequences (👩‍💻).
const zwj = '\u200D'

// IsBidiControl reports the invisible characters that reorder text, the
// classic way to make "gpj.exe" print as "exe.jpg" (Trojan Source):
// embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the
// marks U+200E, U+200F and the Arabic letter mark U+061C.
func IsBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x200E || r == 0x200F || r == 0x061C
}

// IsBlank reports the characters that print as nothing or as a space:
// Unicode white space (NBSP and the thin spaces included) and the
// invisible letters and symbols used to fake an empty or padded text
// (zero width space, word joiner, byte order mark, Hangul fillers,
// braille blank, Mongolian vowel separator). A text of blanks only is empty.
func IsBlank(r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	switch r {
	case 0x200B, 0x2060, 0xFEFF, 0x180E, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800:
		return true
	}
	return false
}

// refused reports a character no free-text field keeps, looking at the
// characters around it: bidi controls, every other invisible format
// character (category Cf: soft hyphen, zero width joiners, tag characters
// that can smuggle hidden text…), invisible blanks other than spaces, and
// the replacement character that stands for bytes that were not UTF-8,
// and a variation selector that follows nothing or another selector.
// The one exception is a zero width joiner between two emoji, which only
// glues them into one picture (👨‍👩‍👧, 🏳️‍🌈): phones type them, and
// between pictures it cannot disguise a letter.
func refused(prev, r, next rune) bool {
	switch {
	case r == '\uFFFD':
		return true
	case r == zwj:
		return !(isEmojiPart(prev) && isEmoji(next))
	case IsBidiControl(r), unicode.Is(unicode.Cf, r):
		return true
	case IsBlank(r) && !unicode.IsSpace(r):
		return true
	case isVariationSelector(r):
		return prev == 0 || isVariationSelector(prev)
	}
	return false
}

// isVariationSelector reports the selectors that pick a glyph's style
// (text or emoji ❤︎ ❤️). One follows a character; a run of them has no
// use in text and is a known way to hide bytes inside an emoji.
func isVariationSelector(r rune) bool {
	return (r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF)
}

// isEmoji reports a pictographic symbol (category So: 👩, 🚗, 🌈, ⚕).
func isEmoji(r rune) bool { return unicode.Is(unicode.So, r) }

// isEmojiPart reports what may end an emoji before a joiner: the emoji
// itself, a skin tone modifier or the emoji presentation selector U+FE0F.
func isEmojiPart(r rune) bool {
	return isEmoji(r) || (r >= 0x1F3FB && r <= 0x1F3FF) || r == 0xFE0F
}

// LookAlike reports whether s holds compatibility characters that imitate
// ordinary ones: full-width letters (ａｄｍｉｎ), ligatures (ﬁ),
// superscripts, circled or mathematical letters… that is whether NFKC
// changes s once it is in NFC. Canonical differences (é typed as e and a
// combining accent) are not look-alikes: NFC settles them silently.
func LookAlike(s string) bool {
	nfc := norm.NFC.String(s)
	return norm.NFKC.String(nfc) != nfc
}
