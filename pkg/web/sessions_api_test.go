package web

import (
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
)

func TestSameAnswerForKnownAndUnknownEmails(t *testing.T) {
	env := newAPI(t)
	env.signUp(t, "marie@exemple.fr")
	_, known := env.do(t, "POST", "/api/auth/login", `{"email":"marie@exemple.fr","password":"pas le bon mot de passe"}`, "")
	_, unknown := env.do(t, "POST", "/api/auth/login", `{"email":"paul@exemple.fr","password":"pas le bon mot de passe"}`, "")
	if known != unknown {
		t.Errorf("known e-mail %s, unknown %s", known, unknown)
	}
}

func TestSessionExpiryThroughTheAPI(t *testing.T) {
	env := newAPI(t)
	short := env.signUp(t, "marie@exemple.fr")
	long := env.signIn(t, "marie@exemple.fr", true)
	env.clock.Advance(29 * time.Minute)
	if env.whoAmI(t, short) == "" {
		t.Fatal("ended before 30 idle minutes")
	}
	env.clock.Advance(30 * time.Minute)
	if env.whoAmI(t, short) != "" {
		t.Fatal("alive after 30 idle minutes")
	}
	if env.whoAmI(t, long) == "" {
		t.Fatal("remembered session ended after an hour")
	}
	env.clock.Advance(30 * 24 * time.Hour)
	if env.whoAmI(t, long) != "" {
		t.Fatal("alive after the absolute lifetime")
	}
}

func TestRevocationThroughTheAPI(t *testing.T) {
	env := newAPI(t)
	a := env.signUp(t, "marie@exemple.fr")
	b := env.signIn(t, "marie@exemple.fr", true)
	res, body := env.do(t, "POST", "/api/profile/password", `{"currentPassword":"`+goodPassword+`","newPassword":"une phrase de passe neuve"}`, a)
	_, renewed := sessionCookieOf(res)
	if res.StatusCode != 204 || renewed == "" {
		t.Fatalf("password change: %d %s, cookie %q", res.StatusCode, body, renewed)
	}
	if env.whoAmI(t, a) != "" || env.whoAmI(t, b) != "" || env.whoAmI(t, renewed) == "" {
		t.Fatal("password change must renew this session and end the other")
	}
	a = renewed
	if _, _, err := env.svc.SetRole(t.Context(), "marie@exemple.fr", account.RoleAgent); err != nil {
		t.Fatal(err)
	}
	if env.whoAmI(t, a) != "" {
		t.Fatal("role change left a session")
	}
	res, _ = env.do(t, "POST", "/api/auth/login", `{"email":"marie@exemple.fr","password":"une phrase de passe neuve"}`, "")
	_, c := sessionCookieOf(res)
	if _, _, err := env.svc.SetStatus(t.Context(), "marie@exemple.fr", account.StatusDisabled); err != nil {
		t.Fatal(err)
	}
	if env.whoAmI(t, c) != "" {
		t.Fatal("disabling left a session")
	}
	res, body = env.do(t, "POST", "/api/auth/login", `{"email":"marie@exemple.fr","password":"une phrase de passe neuve"}`, "")
	if res.StatusCode != 401 || !strings.Contains(body, "E-mail ou mot de passe incorrect.") {
		t.Fatalf("disabled sign-in: %d %s", res.StatusCode, body)
	}
}

func TestPagesCarryTheSession(t *testing.T) {
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	res, body := env.do(t, "GET", "/about", "", cookie)
	if res.StatusCode != 200 || !strings.Contains(body, `id="courtier-session">{"user":{"uid":`) ||
		!strings.Contains(body, `"email":"marie@exemple.fr"`) || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("signed-in page: %d %q\n%s", res.StatusCode, res.Header.Get("Cache-Control"), body)
	}
	res, body = env.do(t, "GET", "/about", "", "")
	if !strings.Contains(body, `id="courtier-session">{"user":null}`) || strings.Contains(body, "marie@") {
		t.Fatalf("visitor page: %s", body)
	}
	// Assets never look the session up, and never carry it.
	res, body = env.do(t, "GET", "/assets/style-def456.css", "", cookie)
	if res.StatusCode != 200 || strings.Contains(body, "marie") {
		t.Fatalf("asset: %d %s", res.StatusCode, body)
	}
}
