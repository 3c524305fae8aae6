package store

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"time"
)

// TimeLayout is the fixed-width UTC text of every time in the database:
// comparing the strings compares the instants, and JavaScript's Date parses them.
const TimeLayout = "2006-01-02T15:04:05.000Z"

// FormatTime writes t as the database stores it.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeLayout) }

// ParseTime reads a time the database stores.
func ParseTime(s string) (time.Time, error) {
	t, err := time.Parse(TimeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("date illisible %q: %w", s, err)
	}
	return t, nil
}

// TokenBytes is the size of the random IDs handed to browsers (256 bits).
const TokenBytes = 32

// NewToken returns a random ID for a browser (base64url) and its hash, which
// is what a table stores: a copy of the database then opens nothing.
func NewToken() (token, hash string, err error) {
	b := make([]byte, TokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("identifiant aléatoire: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token), nil
}

// HashToken is the SHA-256 (hex) of an ID handed out by NewToken.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
