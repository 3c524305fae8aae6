package account

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"courtier/pkg/store"
)

// MarshalJSON writes the profile's fields, then the extra fields merged at
// the same level, as the earlier build's documents were.
func (u User) MarshalJSON() ([]byte, error) {
	return u.AppendJSON(nil)
}

// AppendJSON appends to b what MarshalJSON returns, byte for byte: the
// fields in a fixed order (uid, email, displayName, role, status,
// emailConfirmed, twoFactor, createdAt, updatedAt), then the extra fields in key order. A signed-in
// request writes its user with it into a buffer it reuses, where
// encoding/json would allocate and then check and copy the result again.
func (u *User) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"uid":`...)
	b = appendJSONString(b, u.UID)
	b = append(b, `,"email":`...)
	b = appendJSONString(b, u.Email)
	b = append(b, `,"displayName":`...)
	b = appendJSONString(b, u.DisplayName)
	b = append(b, `,"role":`...)
	b = appendJSONString(b, string(u.Role))
	b = append(b, `,"status":`...)
	b = appendJSONString(b, string(u.Status))
	b = append(b, `,"emailConfirmed":`...)
	b = strconv.AppendBool(b, u.EmailConfirmed)
	b = append(b, `,"twoFactor":`...)
	b = strconv.AppendBool(b, u.TwoFactor)
	b = append(b, `,"createdAt":`...)
	b = appendJSONTime(b, u.CreatedAt)
	b = append(b, `,"updatedAt":`...)
	b = appendJSONTime(b, u.UpdatedAt)
	if len(u.Extra) == 0 {
		return append(b, '}'), nil
	}
	extra := make(map[string]any, len(u.Extra))
	for k, v := range u.Extra {
		if !reservedFields[k] {
			extra[k] = v
		}
	}
	if len(extra) == 0 {
		return append(b, '}'), nil
	}
	more, err := json.Marshal(extra)
	if err != nil {
		return nil, fmt.Errorf("champs supplémentaires du profil: %w", err)
	}
	b = append(b, ',')
	return append(b, more[1:]...), nil
}

// appendJSONTime appends t as a JSON string in the database's layout.
func appendJSONTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.UTC().AppendFormat(b, store.TimeLayout)
	return append(b, '"')
}

// appendJSONString appends s as encoding/json writes it. The text is
// copied as it is when it needs no escape (printable ASCII other than
// " \ < > &, and valid UTF-8 other than U+2028 and U+2029), which is what
// e-mails, names and IDs are; anything else is left to encoding/json, so
// that the escapes are never a second implementation of its rules.
func appendJSONString(b []byte, s string) []byte {
	if !jsonVerbatim(s) {
		q, _ := json.Marshal(s) // a string always encodes
		return append(b, q...)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// jsonVerbatim tells whether encoding/json writes s between quotes unchanged.
func jsonVerbatim(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || r == '\u2028' || r == '\u2029' {
			return false
		}
		i += size
	}
	return true
}
