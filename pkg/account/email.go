package account

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"go.mau.fi/util/confusable"
	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"

	"courtier/pkg/apperr"
)

// What makes two addresses one account besides their letters: the
// domain in its ASCII form (IDNA), and the UTS #39 skeleton, which reads
// « cliеnta » with a Cyrillic е, « c1ienta » and « clienta » alike.

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
// part and Unicode domain apart, in lower case (addresses are compared
// without case, and the skeleton of « 0 » is « O »): two addresses with
// one skeleton read alike, and the second is taken. Only ever compared,
// never shown.
func emailSkeleton(email string) string {
	local, domain, _ := strings.Cut(email, "@")
	return skeleton(local) + "@" + skeleton(unicodeDomain(domain))
}

func skeleton(s string) string {
	return norm.NFD.String(strings.ToLower(confusable.Skeleton(strings.ToLower(s))))
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
		scripts := scriptsOf(p)
		if mixedScripts(scripts) {
			return errMixedScripts
		}
		if len(scripts) == 1 && !scripts["Latin"] && readsAsLatin(p) {
			return errFakeLatin
		}
	}
	return nil
}

// scriptsOf is the set of scripts of s's characters, without Common
// (digits, punctuation) and Inherited (combining accents), which go with
// any script.
func scriptsOf(s string) map[string]bool {
	set := map[string]bool{}
	for _, r := range s {
		if name := scriptOf(r); name != "" {
			set[name] = true
		}
	}
	return set
}

// scriptOf is the Unicode script of r, "" for Common, Inherited and
// unassigned characters.
func scriptOf(r rune) string {
	if r < utf8.RuneSelf {
		if unicode.IsLetter(r) {
			return "Latin"
		}
		return ""
	}
	for name, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			if name == "Common" || name == "Inherited" {
				return ""
			}
			return name
		}
	}
	return ""
}

// cjk are the sets of scripts one writing system uses together (UTS #39
// augmented script sets): Japanese, Korean and Chinese with Bopomofo.
var cjk = []map[string]bool{
	{"Han": true, "Hiragana": true, "Katakana": true},
	{"Han": true, "Hangul": true},
	{"Han": true, "Bopomofo": true},
}

// mixedScripts tells whether scripts are more than one writing system.
func mixedScripts(scripts map[string]bool) bool {
	if len(scripts) <= 1 {
		return false
	}
	for _, system := range cjk {
		within := true
		for s := range scripts {
			within = within && system[s]
		}
		if within {
			return false
		}
	}
	return true
}

// readsAsLatin tells whether every letter of s has a plain Latin letter
// or digit as its skeleton, accents aside: « рау » does, « иван »
// (whose skeleton holds small capitals, not letters one types) does not.
func readsAsLatin(s string) bool {
	for _, r := range skeleton(s) {
		if r >= utf8.RuneSelf && !unicode.Is(unicode.Mn, r) {
			return false
		}
	}
	return true
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
