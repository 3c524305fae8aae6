package web

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const (
	uaDesk  = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	uaPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
	uaLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
)

// send is env.do with a browser's User-Agent.
func (e *apiEnv) send(t testing.TB, method, url, body, cookie, userAgent string) (*http.Response, string) {
	t.Helper()
	return apiScenario{method: method, path: url, body: body, cookie: cookie, headers: map[string]string{"User-Agent": userAgent}}.send(e.h)
}

// signInAs signs email in from a browser (browserSignIn, every request
// with its User-Agent) and returns its cookie.
func (e *apiEnv) signInAs(t testing.TB, email, userAgent string, remember bool) string {
	t.Helper()
	res, out, cookie := e.browserSignIn(t, email, remember, func(method, url, body, cookie string) (*http.Response, string) {
		return e.send(t, method, url, body, cookie, userAgent)
	})
	if res.StatusCode != http.StatusOK || cookie == "" {
		t.Fatalf("sign-in %s: %d %s", email, res.StatusCode, out)
	}
	return cookie
}

type sessionJSON struct {
	ID, Device, UserAgent, CreatedAt, LastSeenAt string
	Current                                      bool
}

// sessionsOf lists the sessions cookie sees, this one first.
func (e *apiEnv) sessionsOf(t testing.TB, cookie string) []sessionJSON {
	t.Helper()
	res, body := e.do(t, "GET", "/api/profile/sessions", "", cookie)
	var got struct{ Sessions []sessionJSON }
	if err := json.Unmarshal([]byte(body), &got); res.StatusCode != 200 || err != nil {
		t.Fatalf("GET /api/profile/sessions: %d %s (%v)", res.StatusCode, body, err)
	}
	return got.Sessions
}

// browsers are the signed-in browsers of the session tests: Marie ("client")
// at her desk, on her phone (remembered) and on a laptop; Paul ("other") on
// his desk and phone.
type browsers struct {
	cookies map[string]string
	ids     map[string]string
}

func signInBrowsers(t *testing.T, env *apiEnv) browsers {
	t.Helper()
	env.signUp(t, "marie@exemple.fr")
	env.signUp(t, "paul@exemple.fr")
	b := browsers{cookies: map[string]string{
		"client":        env.signInAs(t, "marie@exemple.fr", uaDesk, false),
		"client-phone":  env.signInAs(t, "marie@exemple.fr", uaPhone, true),
		"client-laptop": env.signInAs(t, "marie@exemple.fr", uaLinux, false),
		"other":         env.signInAs(t, "paul@exemple.fr", uaDesk, false),
		"other-phone":   env.signInAs(t, "paul@exemple.fr", uaPhone, false),
	}, ids: map[string]string{}}
	for name, cookie := range b.cookies {
		b.ids[name] = env.sessionsOf(t, cookie)[0].ID
	}
	return b
}

func TestSessionsList(t *testing.T) {
	env := newAPI(t)
	b := signInBrowsers(t, env)
	list := env.sessionsOf(t, b.cookies["client"])
	var others []string
	for _, s := range list[1:] {
		others = append(others, s.Device)
	}
	sort.Strings(others)
	// Sign-up's own session (no User-Agent) is among the others.
	if len(list) != 4 || strings.Join(others, ", ") != "Firefox sur Linux, Navigateur inconnu, Safari sur iPhone" {
		t.Fatalf("sessions %+v", list)
	}
	if !list[0].Current || list[0].Device != "Chrome sur Windows" || list[0].UserAgent != uaDesk || list[0].CreatedAt != "2026-03-02T09:00:00.000Z" {
		t.Errorf("current session %+v", list[0])
	}
	res, body := env.do(t, "GET", "/api/profile/sessions", "", b.cookies["client"])
	if res.Header.Get("Cache-Control") != "no-store" || strings.Contains(body, "paul") || strings.Contains(body, b.ids["other"]) {
		t.Errorf("list leaks or may be cached: %v %s", res.Header, body)
	}
	// Nothing in it derives from a cookie: no 64-hex SHA-256, no cookie value.
	if regexp.MustCompile(`[0-9a-f]{64}`).MatchString(body) || strings.Contains(body, strings.SplitN(b.cookies["client"], "=", 2)[1]) {
		t.Errorf("list shows a session secret: %s", body)
	}
	// The data export carries the device of each session.
	_, export := env.do(t, "GET", "/api/profile/export", "", b.cookies["client"])
	for _, want := range []string{`"device": "Chrome sur Windows"`, `"device": "Safari sur iPhone"`, `"userAgent": "` + uaLinux + `"`} {
		if !strings.Contains(export, want) {
			t.Errorf("export lacks %s", want)
		}
	}
}

// TestSessionsMatrix runs every refusal and success of the endpoints that
// end sessions, each on fresh browsers, and checks which sessions live after.
func TestSessionsMatrix(t *testing.T) {
	pw := `{"password":"` + goodPassword + `"}`
	everyone := []string{"client", "client-phone", "client-laptop", "other", "other-phone"}
	cases := []struct {
		apiScenario
		ended []string // sessions gone after the call
	}{
		{apiScenario{name: "list anonymous", as: "anonymous", method: "GET", path: "/api/profile/sessions", status: 401, contains: []string{"Vous devez être connecté."}}, nil},
		{apiScenario{name: "end one anonymous", as: "anonymous", method: "DELETE", path: "/api/profile/sessions/{client-phone}", body: pw, status: 401, contains: []string{"Vous devez être connecté."}}, nil},
		{apiScenario{name: "end others anonymous", as: "anonymous", method: "POST", path: "/api/profile/sessions/sign-out-others", body: pw, status: 401, contains: []string{"Vous devez être connecté."}}, nil},
		{apiScenario{name: "end another user's session", as: "client", method: "DELETE", path: "/api/profile/sessions/{other-phone}", body: pw, status: 404, contains: []string{"n’existe pas ou est déjà terminée"}}, nil},
		{apiScenario{name: "end an unknown session", as: "client", method: "DELETE", path: "/api/profile/sessions/" + strings.Repeat("a", 32), body: pw, status: 404, contains: []string{"n’existe pas"}}, nil},
		{apiScenario{name: "malformed id", as: "client", method: "DELETE", path: "/api/profile/sessions/pas-un-identifiant", body: pw, status: 400, contains: []string{"identifiant de session n’est pas valide"}}, nil},
		{apiScenario{name: "id too long", as: "client", method: "DELETE", path: "/api/profile/sessions/{client-phone}0", body: pw, status: 400, contains: []string{"pas valide"}}, nil},
		{apiScenario{name: "escaped id", as: "client", method: "DELETE", path: "/api/profile/sessions/%2e%2e%2f", body: pw, status: 400, contains: []string{"pas valide"}}, nil},
		{apiScenario{name: "the current session", as: "client", method: "DELETE", path: "/api/profile/sessions/{client}", body: pw, status: 400, contains: []string{"utilisez «\u00a0Déconnexion\u00a0»"}}, nil},
		{apiScenario{name: "no password", as: "client", method: "DELETE", path: "/api/profile/sessions/{client-phone}", body: `{}`, status: 400, contains: []string{`"field":"password"`}}, nil},
		{apiScenario{name: "wrong password", as: "client", method: "DELETE", path: "/api/profile/sessions/{client-phone}", body: `{"password":"pas le bon"}`, status: 400, contains: []string{"Mot de passe incorrect."}}, nil},
		{apiScenario{name: "no body", as: "client", method: "DELETE", path: "/api/profile/sessions/{client-phone}", status: 400, contains: []string{"JSON"}}, nil},
		{apiScenario{name: "unknown field", as: "client", method: "DELETE", path: "/api/profile/sessions/{client-phone}", body: `{"password":"x","all":true}`, status: 400, contains: []string{"champ inconnu"}}, nil},
		{apiScenario{name: "others, wrong password", as: "client", method: "POST", path: "/api/profile/sessions/sign-out-others", body: `{"password":""}`, status: 400, contains: []string{"Saisissez votre mot de passe pour confirmer."}}, nil},
		{apiScenario{name: "list by GET on one", as: "client", method: "GET", path: "/api/profile/sessions/{client-phone}", status: 404, contains: []string{"point d’accès de l’API n’existe pas"}}, nil},
		{apiScenario{name: "end one", as: "client", method: "DELETE", path: "/api/profile/sessions/{client-phone}", body: pw, status: 200, contains: []string{`"ended":1`}}, []string{"client-phone"}},
		{apiScenario{name: "end one from the phone", as: "client-phone", method: "DELETE", path: "/api/profile/sessions/{client-laptop}", body: pw, status: 200, contains: []string{`"ended":1`}}, []string{"client-laptop"}},
		{apiScenario{name: "end the others", as: "client", method: "POST", path: "/api/profile/sessions/sign-out-others", body: pw, status: 200, contains: []string{`"ended":3`}}, []string{"client-phone", "client-laptop"}},
		{apiScenario{name: "the other user ends theirs", as: "other", method: "POST", path: "/api/profile/sessions/sign-out-others", body: pw, status: 200, contains: []string{`"ended":2`}}, []string{"other-phone"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := newAPI(t)
			b := signInBrowsers(t, env)
			sc := c.apiScenario
			for name, id := range b.ids {
				sc.path = strings.ReplaceAll(sc.path, "{"+name+"}", id)
			}
			sc.headers = map[string]string{"User-Agent": uaDesk}
			res, body := sc.run(t, env.h, b.cookies)
			_, renewed := sessionCookieOf(res)
			gone := map[string]bool{}
			for _, e := range c.ended {
				gone[e] = true
			}
			if c.status == 200 {
				// The password confirmed the action: this browser gets a new session.
				gone[c.as] = true
				if renewed == "" || env.whoAmI(t, renewed) == "" || !strings.Contains(body, `"current":true`) {
					t.Fatalf("no renewed session: cookie %q, body %s", renewed, body)
				}
			} else if renewed != "" {
				t.Errorf("a refused call set a cookie")
			}
			for _, who := range everyone {
				if alive := env.whoAmI(t, b.cookies[who]) != ""; alive == gone[who] {
					t.Errorf("after %s: session %s alive=%v", c.name, who, alive)
				}
			}
		})
	}
}

// TestReauthenticationRenewsTheSession: every action confirmed with the
// password gives this browser a new session ID (the old cookie no longer
// opens anything, the new one does, the remember choice is kept); an e-mail
// or password change also ends every other session of the account.
func TestReauthenticationRenewsTheSession(t *testing.T) {
	pw := goodPassword
	cases := []struct {
		apiScenario
		ended []string
	}{
		{apiScenario{name: "e-mail change", as: "client", method: "PATCH", path: "/api/profile", body: `{"email":"marie.curie@exemple.fr","currentPassword":"` + pw + `"}`, status: 200}, []string{"client-phone", "client-laptop"}},
		{apiScenario{name: "e-mail change from a remembered session", as: "client-phone", method: "PATCH", path: "/api/profile", body: `{"email":"marie.curie@exemple.fr","currentPassword":"` + pw + `"}`, status: 200}, []string{"client", "client-laptop"}},
		{apiScenario{name: "password change", as: "client", method: "POST", path: "/api/profile/password", body: `{"currentPassword":"` + pw + `","newPassword":"une phrase de passe neuve"}`, status: 204}, []string{"client-phone", "client-laptop"}},
		{apiScenario{name: "password change from a remembered session", as: "client-phone", method: "POST", path: "/api/profile/password", body: `{"currentPassword":"` + pw + `","newPassword":"une phrase de passe neuve"}`, status: 204}, []string{"client", "client-laptop"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := newAPI(t)
			b := signInBrowsers(t, env)
			sc := c.apiScenario
			sc.headers = map[string]string{"User-Agent": uaDesk}
			res, body := sc.run(t, env.h, b.cookies)
			ck, renewed := sessionCookieOf(res)
			if renewed == "" || renewed == b.cookies[c.as] {
				t.Fatalf("%d %s, cookie %q", res.StatusCode, body, renewed)
			}
			if remembered := c.as == "client-phone"; (ck.MaxAge > 0) != remembered {
				t.Errorf("cookie MaxAge %d, remembered session %v", ck.MaxAge, remembered)
			}
			if env.whoAmI(t, b.cookies[c.as]) != "" {
				t.Error("the old session ID still works")
			}
			list := env.sessionsOf(t, renewed)
			if len(list) != 1 || !list[0].Current || list[0].ID == b.ids[c.as] {
				t.Errorf("after the change: %+v", list)
			}
			for _, who := range c.ended {
				if env.whoAmI(t, b.cookies[who]) != "" {
					t.Errorf("%s survived", who)
				}
			}
			if env.whoAmI(t, b.cookies["other"]) == "" || env.whoAmI(t, b.cookies["other-phone"]) == "" {
				t.Error("another account's sessions ended")
			}
		})
	}
	t.Run("a new display name keeps every session", func(t *testing.T) {
		env := newAPI(t)
		b := signInBrowsers(t, env)
		res, body := env.send(t, "PATCH", "/api/profile", `{"displayName":"Marie Curie","email":"MARIE@exemple.fr"}`, b.cookies["client"], uaDesk)
		if _, c := sessionCookieOf(res); res.StatusCode != 200 || c != "" {
			t.Fatalf("%d %s, cookie %q", res.StatusCode, body, c)
		}
		for _, who := range []string{"client", "client-phone", "client-laptop"} {
			if env.whoAmI(t, b.cookies[who]) == "" {
				t.Errorf("%s ended", who)
			}
		}
	})
}

func TestSessionsNeverServerErrors(t *testing.T) {
	env := newAPI(t)
	b := signInBrowsers(t, env)
	bodies := []string{"", "{", "[]", "null", `{"password":7}`, `{"password":"` + strings.Repeat("é", 5000) + `"}`, "\x00", `{"password":"\ud800"}`}
	urls := []string{"/api/profile/sessions/" + b.ids["client-phone"], "/api/profile/sessions/" + strings.Repeat("é", 40),
		"/api/profile/sessions/%00", "/api/profile/sessions/sign-out-others"}
	for _, url := range urls {
		for _, method := range []string{"DELETE", "POST", "GET", "PUT"} {
			for _, body := range bodies {
				res, out := env.send(t, method, url, body, b.cookies["client"], "\x00\x1b"+strings.Repeat("é", 400))
				if res.StatusCode >= 500 || (res.StatusCode >= 400 && res.StatusCode != 405 && !strings.Contains(out, `"error":"`)) {
					t.Errorf("%s %s with %.20q: %d %s", method, url, body, res.StatusCode, out)
				}
			}
		}
	}
	if env.whoAmI(t, b.cookies["client-phone"]) == "" {
		t.Error("a malformed request ended a session")
	}
}
