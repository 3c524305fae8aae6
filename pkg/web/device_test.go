package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// browser is a cookie jar of one browser behind the trusted proxy.
type browser struct {
	e       *apiEnv
	cookies map[string]string
}

func (b *browser) do(t *testing.T, from, method, url, body string) (*http.Response, string) {
	t.Helper()
	var jar []string
	for k, v := range b.cookies {
		jar = append(jar, k+"="+v)
	}
	res, out := apiScenario{method: method, path: url, body: body, cookie: strings.Join(jar, "; "),
		headers: map[string]string{"X-Forwarded-For": from}}.send(b.e.h)
	for _, c := range res.Cookies() {
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c.Value
		}
	}
	return res, out
}

func (b *browser) login(t *testing.T, from, password string) int {
	t.Helper()
	res, _ := b.do(t, from, "POST", "/api/auth/login", `{"email":"marie@exemple.fr","password":"`+password+`"}`)
	return res.StatusCode
}

// TestStrangersCannotKeepTheOwnerOut is the case: 100 wrong
// passwords from 100 addresses spend the account's budget; the owner's
// browser that signed in before still signs in, from a new address too,
// and a new browser gets in through the unlock link sent by e-mail.
func TestStrangersCannotKeepTheOwnerOut(t *testing.T) {
	e := newAPI(t, withTrusted)
	e.signUp(t, "marie@exemple.fr")
	home := &browser{e: e, cookies: map[string]string{}}
	if got := home.login(t, "198.51.100.7", goodPassword); got != http.StatusOK {
		t.Fatalf("first sign-in: %d", got)
	}
	if home.cookies[deviceCookie] == "" {
		t.Fatal("no device cookie after a sign-in")
	}
	for i := range 100 {
		stranger := &browser{e: e, cookies: map[string]string{}}
		if got := stranger.login(t, fmt.Sprintf("203.0.%d.%d", i/200, i%200+1), "mauvais-mot-de-passe"); got != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d", i, got)
		}
	}
	newcomer := &browser{e: e, cookies: map[string]string{}}
	if got := newcomer.login(t, "192.0.2.200", goodPassword); got != http.StatusTooManyRequests {
		t.Fatalf("a new browser at a new address after the guesses: %d, want 429", got)
	}
	if got := home.login(t, "100.64.0.9", goodPassword); got != http.StatusOK {
		t.Errorf("the owner's known browser, from a new address: %d, want 200", got)
	}
	// The stranger's guesses through a forged device cookie count as no device.
	forged := &browser{e: e, cookies: map[string]string{deviceCookie: "forged"}}
	if got := forged.login(t, "192.0.2.201", goodPassword); got != http.StatusTooManyRequests {
		t.Errorf("a forged device cookie: %d, want 429", got)
	}

	res, body := newcomer.do(t, "192.0.2.200", "POST", "/api/auth/unlock", `{"email":"marie@exemple.fr"}`)
	_, other := newcomer.do(t, "192.0.2.200", "POST", "/api/auth/unlock", `{"email":"personne@exemple.fr"}`)
	if res.StatusCode != http.StatusAccepted || body != other {
		t.Fatalf("unlock asked: %d %s / %s", res.StatusCode, body, other)
	}
	token := e.mailedToken(t, "marie@exemple.fr", "account-unlock", "/unlock")
	if token == "" {
		t.Fatal("no unlock mail")
	}
	if res, body := newcomer.do(t, "192.0.2.200", "POST", "/api/auth/unlock/confirm", `{"token":"`+token+`"}`); res.StatusCode != http.StatusOK {
		t.Fatalf("unlock: %d %s", res.StatusCode, body)
	}
	if got := newcomer.login(t, "192.0.2.200", goodPassword); got != http.StatusOK {
		t.Errorf("the unlocked browser: %d, want 200", got)
	}
	if res, _ := forged.do(t, "192.0.2.201", "POST", "/api/auth/unlock/confirm", `{"token":"`+token+`"}`); res.StatusCode != http.StatusBadRequest {
		t.Errorf("the unlock link twice: %d", res.StatusCode)
	}
	if got := forged.login(t, "192.0.2.201", goodPassword); got != http.StatusTooManyRequests {
		t.Errorf("another browser after someone else's unlock: %d, want 429", got)
	}
}
