package upload

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"courtier/pkg/input"
)

// maxNameBytes bounds a cleaned name, extension included: long enough for
// any real name, short enough for every file system and a mail subject.
const maxNameBytes = 120

// defaultStem names a file whose name had nothing left once cleaned.
const defaultStem = "document"

// extensions returns the extensions that name a kind's content, the
// canonical one first.
func (k Kind) extensions() []string {
	switch k {
	case PDF:
		return []string{"pdf"}
	case JPEG:
		return []string{"jpg", "jpeg", "jpe"}
	case PNG:
		return []string{"png"}
	}
	return nil
}

// cleanName makes the client's name safe to show and to offer for
// download: the base name only (a path, Windows or Unix, is dropped), in
// NFC, without control, bidi or other invisible characters (the
// "gpj.exe" trick), without the characters Windows refuses, without
// leading or trailing dots and spaces, at most maxNameBytes long. The
// extension is the one the content has: a matching one is kept (in lower
// case), another short one is replaced, anything else is kept in the stem.
func cleanName(name string, k Kind) string {
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	name = norm.NFC.String(strings.ToValidUTF8(name, ""))
	name = strings.Map(nameRune, name)
	stem, ext := splitExt(strings.TrimRight(name, ". "), k)
	stem = strings.Trim(stem, ". ")
	stem = truncate(stem, maxNameBytes-len(ext)-1)
	stem = strings.TrimRight(stem, ". ")
	if stem == "" {
		stem = defaultStem
	}
	return stem + "." + ext
}

// nameRune drops or replaces one rune of a name: -1 drops it.
func nameRune(r rune) rune {
	switch {
	case r == utf8.RuneError, unicode.IsControl(r), input.IsBidiControl(r), unicode.Is(unicode.Cf, r):
		return -1
	case strings.ContainsRune(`<>:"|?*`, r):
		return '_'
	case input.IsBlank(r):
		return ' '
	}
	return r
}

// splitExt returns the stem and the extension of name for content of
// kind k. A last extension of one to four ASCII letters is taken as the
// name's own type: kept when it matches k, dropped otherwise ("photo.png"
// holding a JPEG becomes "photo.jpg"). Other suffixes ("relevé.2024")
// stay in the stem.
func splitExt(name string, k Kind) (stem, ext string) {
	exts := k.extensions()
	dot := strings.LastIndexByte(name, '.')
	if dot < 0 {
		return name, exts[0]
	}
	own := strings.ToLower(name[dot+1:])
	for _, e := range exts {
		if own == e {
			return name[:dot], e
		}
	}
	if len(own) >= 1 && len(own) <= 4 && strings.Trim(own, "abcdefghijklmnopqrstuvwxyz") == "" {
		return name[:dot], exts[0]
	}
	return name, exts[0]
}

// truncate cuts s to at most n bytes without splitting a character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
