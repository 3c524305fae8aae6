package web

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/gob"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
)

// testSessionKey is a fixed signing key, so tests can seal cookies by hand.
var testSessionKey = bytes.Repeat([]byte{0x5a}, SessionKeyLen)

func withTestKey(c *Config, _ *app.Config) { c.SessionKey = testSessionKey }

// gorillaCookie is the value gorilla/sessions' CookieStore (securecookie
// v1.1.2, hash key only) wrote for a session holding token: gob of the
// values map, base64, "name|date|value" under an HMAC-SHA256, base64 again.
// The format the server used before issue 12, rebuilt here to check that
// such a cookie is refused now that the dependency is gone.
func gorillaCookie(t *testing.T, key []byte, name, token string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(map[any]any{"sid": token}); err != nil {
		t.Fatal(err)
	}
	b := []byte(fmt.Sprintf("%s|%d|%s|", name, time.Now().Unix(), base64.URLEncoding.EncodeToString(buf.Bytes())))
	m := hmac.New(sha256.New, key)
	m.Write(b[:len(b)-1])
	b = append(b, m.Sum(nil)...)[len(name)+1:]
	return base64.URLEncoding.EncodeToString(b)
}

// tokenOf is the session token a cookie "name=token.mac" carries.
func tokenOf(cookie string) string {
	_, value, _ := strings.Cut(cookie, "=")
	token, _, _ := strings.Cut(value, ".")
	return token
}

func TestSessionCookieFormat(t *testing.T) {
	env := newAPI(t, withTestKey)
	marie := env.signUp(t, "marie@exemple.fr")
	paul := env.signUp(t, "paul@exemple.fr")
	signer, err := newCookieSigner(testSessionKey)
	if err != nil {
		t.Fatal(err)
	}
	name, value, _ := strings.Cut(marie, "=")
	token, mac, _ := strings.Cut(value, ".")
	_, paulMAC, _ := strings.Cut(strings.SplitN(paul, "=", 2)[1], ".")
	underHost, err := signer.seal(secureSessionCookie, token)
	if err != nil {
		t.Fatal(err)
	}
	otherKey, err := newCookieSigner(bytes.Repeat([]byte{0x33}, SessionKeyLen))
	if err != nil {
		t.Fatal(err)
	}
	signedElsewhere, _ := otherKey.seal(sessionCookie, token)
	flipped := []byte(mac)
	flipped[0] ^= 'A' ^ 'B'
	tests := []struct {
		name   string
		value  string
		signed bool
	}{
		{"the cookie the server set", value, true},
		{"sealed again by hand", func() string { v, _ := signer.seal(sessionCookie, token); return v }(), true},
		{"forged MAC", token + "." + string(flipped), false},
		{"MAC of zeros", token + "." + base64.RawURLEncoding.EncodeToString(make([]byte, 32)), false},
		{"token swapped for another session's", tokenOf(paul) + "." + mac, false},
		{"another session's MAC", token + "." + paulMAC, false},
		{"token alone", token, false},
		{"MAC alone", "." + mac, false},
		{"the __Host- cookie's value under the plain name", underHost, false},
		{"signed with another key", signedElsewhere, false},
		{"truncated", value[:len(value)-1], false},
		{"truncated to the token and the dot", token + ".", false},
		{"MAC with padding", token + "." + base64.URLEncoding.EncodeToString(mustDecode(t, mac)), false},
		{"MAC in standard base64", token + "." + base64.RawStdEncoding.EncodeToString(mustDecode(t, mac)) + "+/", false},
		{"garbage", "n'importe quoi", false},
		{"dots", strings.Repeat(".", 87), false},
		{"huge", strings.Repeat("A", 64<<10) + "." + mac, false},
		{"old gorilla/sessions cookie of the same key", gorillaCookie(t, testSessionKey, sessionCookie, token), false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cookie := name + "=" + tt.value
			res, body := env.do(t, "GET", "/api/profile", "", cookie)
			want := http.StatusUnauthorized
			if tt.signed {
				want = http.StatusOK
			}
			if res.StatusCode != want {
				t.Fatalf("GET /api/profile: %d %s, want %d", res.StatusCode, body, want)
			}
			if who := env.whoAmI(t, cookie); (who == "marie@exemple.fr") != tt.signed || (!tt.signed && who != "") {
				t.Errorf("GET /api/session: signed in as %q", who)
			}
		})
	}
}

func mustDecode(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSessionCookieOfAnExpiredSession(t *testing.T) {
	tests := []struct {
		name     string
		remember bool
		after    time.Duration
		signed   bool
	}{
		{"used within the idle timeout", false, 29 * time.Minute, true},
		{"idle past 30 minutes", false, 30 * time.Minute, false},
		{"remembered, idle 29 days", true, 29 * 24 * time.Hour, true},
		{"remembered, past the absolute lifetime", true, account.AbsoluteLifetime, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newAPI(t)
			env.signUp(t, "marie@exemple.fr")
			cookie := env.signIn(t, "marie@exemple.fr", tt.remember)
			env.clock.Advance(tt.after)
			res, body := env.do(t, "GET", "/api/profile", "", cookie)
			if want := map[bool]int{true: 200, false: 401}[tt.signed]; res.StatusCode != want {
				t.Fatalf("GET /api/profile: %d %s, want %d", res.StatusCode, body, want)
			}
		})
	}
}

func TestCookieSignerRefusesShortKeys(t *testing.T) {
	for _, n := range []int{0, 16, 31} {
		if _, err := newCookieSigner(make([]byte, n)); err == nil {
			t.Errorf("a key of %d bytes was accepted", n)
		}
	}
}
