package account

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"courtier/pkg/apperr"
	"courtier/pkg/input"
)

// Limits of the profile's text fields.
const (
	maxEmailLen       = 254 // RFC 5321's limit on a forward path
	maxDisplayNameLen = 100
)

// displayName is how a display name is cleaned: one line, optional
// (an empty name keeps the current one or the default from the e-mail).
var displayName = input.Field{
	Name:    "displayName",
	Max:     maxDisplayNameLen,
	TooLong: fmt.Sprintf("Le nom affiché ne doit pas dépasser %d caractères.", maxDisplayNameLen),
	Invalid: "Le nom affiché contient des caractères non autorisés.",
}

// NormalizeEmail trims, puts in NFC and lowercases an e-mail address,
// checks it is a plain address (no display name) whose domain has a dot,
// and gives the domain in its ASCII form (IDNA: café.fr is
// xn--caf-dma.fr), the one mail travels with, so that the two spellings
// are one address.
// An address holding invisible characters or look-alikes that NFKC would
// change (ａｄｍｉｎ@…, oﬃce@…) is refused rather than rewritten: the
// person typed something other than what it looks like.
func NormalizeEmail(raw string) (string, error) {
	if !utf8.ValidString(raw) {
		return "", errInvalidEmail
	}
	email := strings.ToLower(norm.NFC.String(input.Trim(raw)))
	if email == "" {
		return "", apperr.FieldErrorf("email", "Saisissez votre adresse e-mail.")
	}
	if input.Refused(email) || input.LookAlike(email) {
		return "", apperr.FieldErrorf("email", "L’adresse e-mail contient des caractères invisibles ou qui en imitent d’autres\u00a0: saisissez-la en caractères ordinaires.")
	}
	if len(email) > maxEmailLen {
		return "", errInvalidEmail
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Name != "" || addr.Address != email {
		return "", errInvalidEmail
	}
	local, domain, _ := strings.Cut(email, "@")
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.Contains(domain, "..") || strings.ContainsAny(domain, "[]") {
		return "", errInvalidEmail
	}
	domain, ok := asciiDomain(domain)
	if email = local + "@" + domain; !ok || len(email) > maxEmailLen {
		return "", errInvalidEmail
	}
	return email, nil
}

// errInvalidEmail is the refusal of an address that is not one.
var errInvalidEmail = apperr.FieldErrorf("email", "Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.")

// cleanDisplayName cleans a display name with the rules of every free
// text (pkg/input): nothing that prints misleadingly is kept.
func cleanDisplayName(raw string) (string, error) {
	return displayName.Clean(raw)
}
