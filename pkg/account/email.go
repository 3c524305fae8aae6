package account

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"courtier/pkg/apperr"
	"courtier/pkg/input"
)

// What makes two addresses one account besides their letters: the
// domain in its ASCII form (IDNA), and the UTS #39 skeleton (pkg/input),
// which reads « cliеnta » with a Cyrillic е, « c1ienta » and « clienta »
// alike.

// emailDomains is the IDNA profile of the domains of addresses: UTS #46
// mapping as a browser does for a lookup, not transitional (straße.de
// stays straße, as browsers and registries now keep it), the Bidi rule
// and the letters a host name may hold.
var emailDomains = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.BidiRule(),
	idna.StrictDomainName(true),
	idna.VerifyDNSLength(true),
)

// asciiDomain is domain in its ASCII form: a label in another script
// becomes its xn-- form, an xn-- label is checked and lowercased. A
// plain ASCII domain is kept as it is, so that no address accepted
// before IDNA was applied is refused now.
func asciiDomain(domain string) (string, bool) {
	if isASCII(domain) && !strings.Contains(domain, "xn--") {
		return domain, true
	}
	ascii, err := emailDomains.ToASCII(domain)
	return ascii, err == nil
}

// unicodeDomain is domain as a person reads it: its xn-- labels decoded.
// A domain IDNA cannot read is returned as it is.
func unicodeDomain(domain string) string {
	if !strings.Contains(domain, "xn--") {
		return domain
	}
	u, err := emailDomains.ToUnicode(domain)
	if err != nil {
		return domain
	}
	return u
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// emailSkeleton is the UTS #39 skeleton of a normalized address, local
// part and Unicode domain apart (input.Skeleton): two addresses with one
// skeleton read alike, and the second is taken.
func emailSkeleton(email string) string {
	local, domain, _ := strings.Cut(email, "@")
	return input.Skeleton(local) + "@" + input.Skeleton(unicodeDomain(domain))
}

// The refusals of an address that names a new account.
var (
	errMixedScripts = apperr.FieldErrorf("email", "L’adresse e-mail mélange plusieurs alphabets (des lettres latines et cyrilliques, par exemple)\u00a0: saisissez chaque partie dans un seul alphabet.")
	errFakeLatin    = apperr.FieldErrorf("email", "L’adresse e-mail imite des lettres latines avec celles d’un autre alphabet\u00a0: saisissez-la en lettres latines.")
)

// checkScripts refuses, in a normalized address, a local part or a
// domain label that mixes scripts (UTS #39 « mixed-script »: Latin and
// Cyrillic, Latin and Greek…) or that is written wholly in another
// script but reads as Latin letters (a « whole-script confusable » of
// Latin: « рау » in Cyrillic reads « pay »). Each label of the domain
// is one identifier: « почта.fr » is two scripts in two labels, as
// registries allow.
func checkScripts(email string) error {
	local, domain, _ := strings.Cut(email, "@")
	parts := append([]string{local}, strings.Split(unicodeDomain(domain), ".")...)
	for _, p := range parts {
		if input.MixedScripts(p) {
			return errMixedScripts
		}
		if input.ImitatesLatin(p) {
			return errFakeLatin
		}
	}
	return nil
}

// NormalizeNewEmail is NormalizeEmail for an address that is to name an
// account (a sign-up, a change of address, an account an admin makes):
// it also refuses the mixes of scripts of checkScripts. Addresses
// already stored are looked up with NormalizeEmail alone, so that an
// account made before these rules can still sign in.
func NormalizeNewEmail(raw string) (string, error) {
	email, err := NormalizeEmail(raw)
	if err != nil {
		return "", err
	}
	if err := checkScripts(email); err != nil {
		return "", err
	}
	return email, nil
}
