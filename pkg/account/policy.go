package account

import (
	"bufio"
	_ "embed"
	"strings"
	"unicode/utf8"

	"courtier/pkg/apperr"
)

//go:embed common_passwords.txt
var commonPasswordsFile string

// Password length bounds, in characters (runes), per OWASP ASVS 2.1: no
// composition rules, a minimum of 12, and room for passphrases.
const (
	MinPasswordLen = 12
	MaxPasswordLen = 128
)

// passwordPolicy refuses short, overlong and common passwords.
type passwordPolicy struct {
	common map[string]struct{}
}

// newPasswordPolicy reads the embedded list; only entries long enough to
// pass the length rule need to be kept in memory.
func newPasswordPolicy() *passwordPolicy {
	p := &passwordPolicy{common: map[string]struct{}{}}
	sc := bufio.NewScanner(strings.NewReader(commonPasswordsFile))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") || utf8.RuneCountInString(line) < MinPasswordLen {
			continue
		}
		p.common[strings.ToLower(line)] = struct{}{}
	}
	return p
}

// check returns a field error on field when password breaks the policy for
// the account of email (already normalised).
func (p *passwordPolicy) check(field, password, email string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPasswordLen:
		return apperr.FieldErrorf(field, "Le mot de passe doit contenir au moins %d caractères.", MinPasswordLen)
	case n > MaxPasswordLen:
		return apperr.FieldErrorf(field, "Le mot de passe doit contenir au plus %d caractères.", MaxPasswordLen)
	case email != "" && strings.EqualFold(strings.TrimSpace(password), email):
		return apperr.FieldErrorf(field, "Le mot de passe ne doit pas être votre adresse e-mail.")
	}
	if _, ok := p.common[strings.ToLower(password)]; ok {
		return apperr.FieldErrorf(field, "Ce mot de passe est trop courant\u00a0: choisissez-en un autre.")
	}
	return nil
}
