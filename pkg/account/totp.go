package account

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"image/color"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/boombuler/barcode/qr"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
)

// The second factor's codes: TOTP (RFC 6238) with the parameters every
// authenticator app reads from the otpauth:// link (SHA-1, 6 digits, 30
// seconds), and ten single-use recovery codes.
const (
	totpPeriod = 30
	totpDigits = otp.DigitsSix
	// totpSkew is how many steps before and after now a code may be for:
	// a phone's clock a little off, a code typed as it changed.
	totpSkew = 1
	// RecoveryCodes is how many recovery codes an account is given.
	RecoveryCodes = 10
	// recoveryAlphabet has no 0/O, 1/I/L to misread on paper.
	recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"
)

// totpStep is the RFC 6238 time step of t.
func totpStep(t time.Time) int64 { return t.Unix() / totpPeriod }

// newTOTPSecret is a random 160-bit secret in base32 without padding, as
// RFC 4226 recommends and the apps expect.
func newTOTPSecret() string {
	b := make([]byte, 20)
	rand.Read(b) // never fails (crypto/rand)
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)
}

// matchTOTP returns the step, within the skew around now, that code is the
// TOTP of, after the step `after` (a code already used does not count
// again); ok false when none. Every candidate is compared in constant time.
func matchTOTP(secret, code string, now time.Time, after int64) (step int64, ok bool) {
	code = normalizeCode(code)
	if len(code) != int(totpDigits) || strings.Trim(code, "0123456789") != "" {
		return 0, false
	}
	opts := hotp.ValidateOpts{Digits: totpDigits, Algorithm: otp.AlgorithmSHA1}
	center := totpStep(now)
	for s := center - totpSkew; s <= center+totpSkew; s++ {
		want, err := hotp.GenerateCodeCustom(secret, uint64(s), opts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 && s > after {
			step, ok = s, true
		}
	}
	return step, ok
}

// totpCode is the code of secret at t, for tests and the operator's tools.
func totpCode(secret string, t time.Time) (string, error) {
	return hotp.GenerateCodeCustom(secret, uint64(totpStep(t)), hotp.ValidateOpts{Digits: totpDigits, Algorithm: otp.AlgorithmSHA1})
}

// normalizeCode drops the spaces and dashes people type inside a code, and
// lowers its letters.
func normalizeCode(code string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\u00a0' || r == '\t' {
			return -1
		}
		return r
	}, code))
}

// newRecoveryCodes makes RecoveryCodes codes of 10 characters from
// recoveryAlphabet (about 49 bits each), written "xxxxx-xxxxx".
func newRecoveryCodes() []string {
	codes := make([]string, RecoveryCodes)
	for i := range codes {
		b := []byte(rand.Text()) // base32, 26 characters
		var sb strings.Builder
		for j := 0; j < 10; j++ {
			if j == 5 {
				sb.WriteByte('-')
			}
			sb.WriteByte(recoveryAlphabet[int(b[j])%len(recoveryAlphabet)])
		}
		codes[i] = sb.String()
	}
	return codes
}

// recoveryHash is what recovery_codes keeps of a code as typed.
func recoveryHash(code string) string {
	sum := sha256.Sum256([]byte(normalizeCode(code)))
	return hex.EncodeToString(sum[:])
}

// otpauthURI is the link an authenticator app reads from the QR code
// (Google Authenticator's Key Uri Format): issuer and account in the
// label, the secret, and the parameters made explicit.
func otpauthURI(issuer, email, secret string) string {
	q := url.Values{}
	q.Set("secret", secret)
	q.Set("issuer", issuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", strconv.Itoa(int(totpDigits)))
	q.Set("period", strconv.Itoa(totpPeriod))
	label := url.PathEscape(issuer) + ":" + url.PathEscape(email)
	return "otpauth://totp/" + label + "?" + q.Encode()
}

// qrSVG draws content as a QR code in SVG: one path of the dark modules
// inside a quiet zone of 4 modules, black on white in both themes (the
// apps read dark on light), so the page needs no image service.
func qrSVG(content string) (string, error) {
	code, err := qr.Encode(content, qr.M, qr.Auto)
	if err != nil {
		return "", fmt.Errorf("code QR: %w", err)
	}
	n := code.Bounds().Dx()
	const quiet = 4
	size := n + 2*quiet
	var path strings.Builder
	for y := 0; y < n; y++ {
		for x := 0; x < n; {
			if !dark(code.At(x, y)) {
				x++
				continue
			}
			run := 1
			for x+run < n && dark(code.At(x+run, y)) {
				run++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", x+quiet, y+quiet, run, run)
			x += run
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="Code QR à scanner avec votre application d’authentification">`+
		`<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`, size, size, size, size, path.String()), nil
}

// dark tells a black module of the QR code.
func dark(c color.Color) bool {
	r, _, _, _ := c.RGBA()
	return r < 0x8000
}
