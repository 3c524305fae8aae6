package web

import (
	"context"
	"fmt"
	"testing"
)

// TestLookAlikeAddressIsTaken: through the API, an address that reads
// like an existing account's gets, at sign-up, at a change of address
// and when an admin makes an account, the very answer of a taken
// address (status and body: nothing tells the two apart), and nothing
// is created or changed.
func TestLookAlikeAddressIsTaken(t *testing.T) {
	env := newAPI(t)
	cookies := env.people(t)
	ctx := context.Background()
	before, err := env.svc.List(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	pw := `"password":"` + goodPassword + `"`
	requests := []struct{ as, method, url, body string }{
		{"anonymous", "POST", "/api/auth/register", `{"email":"%s",` + pw + `}`},
		{"other", "PATCH", "/api/profile", `{"email":"%s","currentPassword":"` + goodPassword + `"}`},
		{"admin", "POST", "/api/admin/users", `{"email":"%s","role":"agent"}`},
	}
	lookAlikes := []string{
		"c1ient@exemple.fr",      // digit one for l
		"cl\u0131ent@exemple.fr", // dotless ı
		"client@exernple.fr",     // rn for m
	}
	for _, r := range requests {
		taken, takenBody := env.do(t, r.method, r.url, fmt.Sprintf(r.body, "client@exemple.fr"), cookies[r.as])
		if taken.StatusCode != 409 {
			t.Fatalf("%s %s with a taken address: %d %s", r.method, r.url, taken.StatusCode, takenBody)
		}
		for _, email := range lookAlikes {
			resp, body := env.do(t, r.method, r.url, fmt.Sprintf(r.body, email), cookies[r.as])
			if resp.StatusCode != taken.StatusCode || body != takenBody {
				t.Errorf("%s %s %s: %d %s; a taken address gets %d %s", r.method, r.url, email, resp.StatusCode, body, taken.StatusCode, takenBody)
			}
		}
	}
	after, err := env.svc.List(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Errorf("%d accounts, want %d", len(after), len(before))
	}
	if env.whoAmI(t, cookies["other"]) != "other@exemple.fr" {
		t.Error("the other client's address changed")
	}
}
