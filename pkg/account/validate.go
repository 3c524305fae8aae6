package account

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"courtier/pkg/apperr"
)

// Limits of the profile's text fields.
const (
	maxEmailLen       = 254 // RFC 5321's limit on a forward path
	maxDisplayNameLen = 100
)

// NormalizeEmail trims and lowercases an e-mail address and checks it is a
// plain address (no display name) whose domain has a dot.
func NormalizeEmail(raw string) (string, error) {
	email := strings.ToLower(strings.TrimSpace(raw))
	if email == "" {
		return "", apperr.FieldErrorf("email", "Saisissez votre adresse e-mail.")
	}
	invalid := apperr.FieldErrorf("email", "Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.")
	if len(email) > maxEmailLen || !utf8.ValidString(email) {
		return "", invalid
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Name != "" || addr.Address != email {
		return "", invalid
	}
	_, domain, _ := strings.Cut(email, "@")
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.Contains(domain, "..") || strings.ContainsAny(domain, "[]") {
		return "", invalid
	}
	return email, nil
}

// cleanDisplayName trims a display name and refuses what would print
// misleadingly: control characters and bidirectional overrides.
func cleanDisplayName(raw string) (string, error) {
	name := strings.TrimSpace(raw)
	if utf8.RuneCountInString(name) > maxDisplayNameLen {
		return "", apperr.FieldErrorf("displayName", "Le nom affiché ne doit pas dépasser %d caractères.", maxDisplayNameLen)
	}
	for _, r := range name {
		if r == utf8.RuneError || unicode.IsControl(r) || isBidiControl(r) {
			return "", apperr.FieldErrorf("displayName", "Le nom affiché contient des caractères non autorisés.")
		}
	}
	return name, nil
}

// isBidiControl reports the invisible characters that reorder text, used
// to disguise a name (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F).
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x200E || r == 0x200F
}
