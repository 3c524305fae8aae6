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

// ParseTime reads a time the database stores. The fixed layout is read
// digit by digit: time.Parse costs as much as the rest of a session
// check's scan, which reads five times. Anything else, or a value out of
// range, goes through time.Parse, which gives the same time or the error.
func ParseTime(s string) (time.Time, error) {
	if t, ok := parseFixed(s); ok {
		return t, nil
	}
	t, err := time.Parse(TimeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("date illisible %q: %w", s, err)
	}
	return t, nil
}

// parseFixed reads s in TimeLayout ("2006-01-02T15:04:05.000Z"), and
// reports false for any text or value time.Parse would refuse.
func parseFixed(s string) (time.Time, bool) {
	if len(s) != len(TimeLayout) || s[4] != '-' || s[7] != '-' || s[10] != 'T' ||
		s[13] != ':' || s[16] != ':' || s[19] != '.' || s[23] != 'Z' {
		return time.Time{}, false
	}
	year, ok1 := digits(s[0:4])
	month, ok2 := digits(s[5:7])
	day, ok3 := digits(s[8:10])
	hour, ok4 := digits(s[11:13])
	minute, ok5 := digits(s[14:16])
	sec, ok6 := digits(s[17:19])
	milli, ok7 := digits(s[20:23])
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7) ||
		month < 1 || month > 12 || day < 1 || day > daysIn(month, year) ||
		hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, milli*int(time.Millisecond), time.UTC), true
}

// digits reads a run of ASCII digits.
func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// daysIn is the number of days of month in year (Gregorian, as time.Parse checks).
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
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
