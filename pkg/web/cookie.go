package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"hash"
	"io"
	"strings"
	"sync"
)

// maxCookieValue bounds the work spent on a session cookie: a sealed
// token is 87 characters (43 + "." + 43); anything much longer is not ours.
const maxCookieValue = 256

// macLen is the length of an HMAC-SHA256 in base64url without padding.
var macLen = base64.RawURLEncoding.EncodedLen(sha256.Size)

// cookieSigner seals the session token into the cookie's value as
// "token.mac", mac being base64url(HMAC-SHA256(key, name NUL token)).
// The token is already random and opaque, so nothing needs encrypting
// or encoding (no gob, no timestamp: the session's lifetimes live in the
// database). The cookie's name is under the MAC, so the value of the
// plain-HTTP cookie is refused under the __Host- name and the reverse.
type cookieSigner struct {
	key []byte
	// macs are HMACs keyed with key, reused: Reset brings one back to its
	// keyed state, where hmac.New would hash the key's two pads again and
	// allocate on every signed-in request.
	macs *sync.Pool
}

// newCookieSigner signs with key, which must hold at least 256 bits.
func newCookieSigner(key []byte) (cookieSigner, error) {
	if len(key) < 32 {
		return cookieSigner{}, fmt.Errorf("clé de signature des cookies trop courte: %d octets, 32 au moins", len(key))
	}
	macs := &sync.Pool{New: func() any { return hmac.New(sha256.New, key) }}
	return cookieSigner{key: key, macs: macs}, nil
}

// mac appends to dst the HMAC of token under the cookie name.
func (c cookieSigner) mac(dst []byte, name, token string) []byte {
	h := c.macs.Get().(hash.Hash)
	defer c.macs.Put(h)
	h.Reset()
	io.WriteString(h, name) //nolint:errcheck // a hash never fails
	h.Write([]byte{0})
	io.WriteString(h, token) //nolint:errcheck // a hash never fails
	return h.Sum(dst)
}

// seal returns the cookie value carrying token under the cookie name.
func (c cookieSigner) seal(name, token string) (string, error) {
	if token == "" || strings.Contains(token, ".") || len(token)+1+macLen > maxCookieValue {
		return "", fmt.Errorf("jeton de session impropre à un cookie")
	}
	return token + "." + base64.RawURLEncoding.EncodeToString(c.mac(nil, name, token)), nil
}

// open returns the token a cookie value named name carries, or "" when
// the value is not one this key sealed under that name. The MACs are
// compared in constant time.
func (c cookieSigner) open(name, value string) string {
	if len(value) > maxCookieValue {
		return ""
	}
	token, sig, ok := strings.Cut(value, ".")
	if !ok || token == "" || len(sig) != macLen {
		return ""
	}
	var got [sha256.Size]byte
	if n, err := base64.RawURLEncoding.Decode(got[:], []byte(sig)); err != nil || n != sha256.Size {
		return ""
	}
	var want [sha256.Size]byte
	if !hmac.Equal(got[:], c.mac(want[:0], name, token)) {
		return ""
	}
	return token
}
