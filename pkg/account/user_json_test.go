package account

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"courtier/pkg/store"
)

// referenceUserJSON is the profile's JSON as encoding/json made it before
// AppendJSON: the fixed fields through a struct, then the extra fields.
func referenceUserJSON(u User) ([]byte, error) {
	base, err := json.Marshal(struct {
		UID         string `json:"uid"`
		Email       string `json:"email"`
		DisplayName string `json:"displayName"`
		Role        Role   `json:"role"`
		Status      Status `json:"status"`
		Confirmed   bool   `json:"emailConfirmed"`
		TwoFactor   bool   `json:"twoFactor"`
		CreatedAt   string `json:"createdAt"`
		UpdatedAt   string `json:"updatedAt"`
	}{u.UID, u.Email, u.DisplayName, u.Role, u.Status, u.EmailConfirmed, u.TwoFactor, store.FormatTime(u.CreatedAt), store.FormatTime(u.UpdatedAt)})
	if err != nil {
		return nil, err
	}
	extra := map[string]any{}
	for k, v := range u.Extra {
		if !reservedFields[k] {
			extra[k] = v
		}
	}
	if len(extra) == 0 {
		return base, nil
	}
	more, err := json.Marshal(extra)
	if err != nil {
		return nil, err
	}
	return append(append(base[:len(base)-1], ','), more[1:]...), nil
}

// TestUserAppendJSONMatchesEncodingJSON checks AppendJSON byte for byte
// against encoding/json, on the texts whose escapes differ (HTML, control
// characters, invalid UTF-8, the JavaScript line separators, accents).
func TestUserAppendJSONMatchesEncodingJSON(t *testing.T) {
	at := time.Date(2026, 3, 2, 9, 0, 0, 123e6, time.FixedZone("Paris", 3600))
	names := []string{
		"", "Marie", "Marie-Hélène Dupré", "Zoë l'Œuvre", "a\"b", `a\b`, "<script>&amp;</script>",
		"tab\there", "nl\nx", "cr\rx", "\b\f\x00\x1f\x7f", "bad \xff utf8", "trunc \xe2\x82", "sep \u2028 \u2029",
		"emoji 🙂", "rep \ufffd", strings.Repeat("é", 40),
	}
	for _, name := range names {
		for _, extra := range []map[string]any{nil, {}, {"role": "admin"}, {"phone": "01 99 00 00 00", "note": name, "n": 3}} {
			u := User{UID: "u1", Email: "a+" + name + "@exemple.fr", DisplayName: name, Role: RoleAgent,
				Status: StatusDisabled, EmailConfirmed: len(name)%2 == 0, CreatedAt: at, UpdatedAt: at.Add(time.Hour), Extra: extra}
			want, err := referenceUserJSON(u)
			if err != nil {
				t.Fatal(err)
			}
			got, err := u.AppendJSON([]byte("prefix"))
			if err != nil || !bytes.Equal(got, append([]byte("prefix"), want...)) {
				t.Errorf("AppendJSON(%q, %v) = %s, %v\nwant %s", name, extra, got, err, want)
			}
			viaMarshal, err := json.Marshal(u)
			if err != nil || !bytes.Equal(viaMarshal, want) {
				t.Errorf("json.Marshal(%q, %v) = %s, %v\nwant %s", name, extra, viaMarshal, err, want)
			}
		}
	}
}

// TestUserAppendJSONBadExtra: an extra value JSON cannot hold fails as
// MarshalJSON always did.
func TestUserAppendJSONBadExtra(t *testing.T) {
	u := User{UID: "u1", Extra: map[string]any{"f": func() {}}}
	if _, err := u.AppendJSON(nil); err == nil {
		t.Fatal("an unencodable extra field was written")
	}
}
