package web

import (
	"net/http"
	"strings"
	"testing"
)

func TestAuthScenarios(t *testing.T) {
	reg := func(body string) apiScenario {
		return apiScenario{method: "POST", path: "/api/auth/register", body: body}
	}
	login := func(body string) apiScenario { return apiScenario{method: "POST", path: "/api/auth/login", body: body} }
	with := func(c apiScenario, name string, status int, field string, has ...string) apiScenario {
		c.name, c.status, c.field, c.contains = name, status, field, has
		return c
	}
	pw := `"password":"` + goodPassword + `"`
	cases := []apiScenario{
		{name: "session anonymous", method: "GET", path: "/api/session", status: 200, contains: []string{`{"user":null}`}},
		{name: "session signed in", as: "client", method: "GET", path: "/api/session", status: 200, contains: []string{`"email":"client@exemple.fr"`, `"role":"client"`, `"status":"active"`, `"uid":"`, `"createdAt":"2026-03-02T09:00:00.000Z"`}},
		{name: "session of an agent", as: "agent", method: "GET", path: "/api/session", status: 200, contains: []string{`"role":"agent"`}},
		with(reg(`{"email":"Zoe@Exemple.fr",`+pw+`,"displayName":" Zoé D. "}`), "register", 201, "", `"email":"zoe@exemple.fr"`, `"displayName":"Zoé D."`, `"role":"client"`, `"status":"active"`),
		with(reg(`{"email":"jeanne.martin@exemple.fr",`+pw+`}`), "register without a name", 201, "", `"displayName":"jeanne.martin"`),
		with(reg(`{"email":"JOSÉ@exemple.fr",`+pw+`,"displayName":"José 🚗 李"}`), "register unicode", 201, "", `"email":"josé@exemple.fr"`, `"displayName":"José 🚗 李"`),
		with(reg(`{"email":"client@exemple.fr",`+pw+`}`), "register taken e-mail", 409, "email", "Un compte existe déjà avec cette adresse e-mail."),
		with(reg(`{"email":"CLIENT@exemple.fr ",`+pw+`}`), "register taken e-mail other case", 409, "email", "existe déjà"),
		with(reg(`{"email":`), "register malformed json", 400, "", "JSON valide"),
		with(reg(`[]`), "register array", 400, "", "objet JSON"),
		with(reg(`null`), "register null", 400, "email", "Saisissez votre adresse e-mail."),
		with(reg(`{`+pw+`}`), "register missing e-mail", 400, "email", "Saisissez votre adresse e-mail."),
		with(reg(`{"email":"z@exemple.fr"}`), "register missing password", 400, "password", "Choisissez un mot de passe."),
		with(reg(`{"email":42,`+pw+`}`), "register e-mail of wrong type", 400, "email", "pas le bon type"),
		with(reg(`{"email":"z@exemple.fr","password":["a"]}`), "register password of wrong type", 400, "password", "pas le bon type"),
		with(reg(`{"email":"z@exemple.fr",`+pw+`,"role":"admin"}`), "register cannot choose a role", 400, "", "champ inconnu"),
		with(reg(`{"email":"z@exemple.fr","password":"`+strings.Repeat("a", 17<<10)+`"}`), "register oversized", 400, "", "trop volumineuse"),
		with(reg(`{"email":"z@@exemple.fr",`+pw+`}`), "register bad e-mail", 400, "email", "adresse e-mail valide"),
		with(reg(`{"email":"z@exemple.fr","password":"court"}`), "register short password", 400, "password", "au moins 12 caractères"),
		with(reg(`{"email":"z@exemple.fr","password":"`+strings.Repeat("mot ", 33)+`"}`), "register long password", 400, "password", "au plus 128 caractères"),
		with(reg(`{"email":"z@exemple.fr","password":"azertyuiop123"}`), "register common password", 400, "password", "trop courant\u00a0: choisissez-en un autre."),
		with(reg(`{"email":"z@exemple.fr","password":"Z@exemple.fr"}`), "register password is the 12-character e-mail", 400, "password", "ne doit pas être votre adresse e-mail"),
		with(reg(`{"email":"zorro@exemple.fr","password":"ZORRO@exemple.fr"}`), "register password equals e-mail", 400, "password", "ne doit pas être votre adresse e-mail"),
		with(reg(`{"email":"z@exemple.fr",`+pw+`,"displayName":"a\u202eb"}`), "register bidi override", 400, "displayName", "non autorisés"),
		with(reg(`{"email":"z@exemple.fr",`+pw+`,"displayName":"a\u0000b"}`), "register NUL in name", 400, "displayName", "non autorisés"),
		with(reg(`{"email":"z\u0000@exemple.fr",`+pw+`}`), "register NUL in e-mail", 400, "email", "valide"),
		{name: "register not json", method: "POST", path: "/api/auth/register", body: "email=z", ctype: "application/x-www-form-urlencoded", status: 400, contains: []string{"JSON"}},
		with(login(`{"email":"client@exemple.fr",`+pw+`}`), "login", 200, "", `"email":"client@exemple.fr"`),
		with(login(`{"email":" Client@Exemple.FR",`+pw+`,"remember":true}`), "login remembered", 200, "", `"email":"client@exemple.fr"`),
		with(login(`{"email":"client@exemple.fr","password":"pas le bon mot de passe"}`), "login wrong password", 401, "", "E-mail ou mot de passe incorrect."),
		with(login(`{"email":"personne@exemple.fr",`+pw+`}`), "login unknown e-mail", 401, "", "E-mail ou mot de passe incorrect."),
		with(login(`{"email":"client@exemple.fr",`+pw+`,"remember":"oui"}`), "login remember of wrong type", 400, "remember", "pas le bon type"),
		with(login(`{"email":"client@exemple.fr"}`), "login missing password", 400, "password", "Saisissez votre mot de passe."),
		with(login(`{`+pw+`}`), "login missing e-mail", 400, "email", "Saisissez votre adresse e-mail."),
		with(login(`{"email":"client",`+pw+`}`), "login bad e-mail", 400, "email", "valide"),
		with(login(`{"email":"client@exemple.fr",`+pw), "login malformed", 400, "", "JSON valide"),
		with(login(`{"email":"client@exemple.fr",`+pw+`,"password2":"x"}`), "login unknown field", 400, "", "champ inconnu"),
		with(login(`{"email":"client@exemple.fr",`+pw+`}{}`), "login two objects", 400, "", "un seul objet"),
		{name: "login by GET does nothing", method: "GET", path: "/api/auth/login", status: 404},
		{name: "logout by GET does nothing", as: "client", method: "GET", path: "/api/auth/logout", status: 404},
		{name: "logout anonymous", method: "POST", path: "/api/auth/logout", status: 204},
		{name: "logout", as: "client", method: "POST", path: "/api/auth/logout", status: 204},
	}
	runScenarios(t, cases)
}

func TestCrossOriginStateChangesRefused(t *testing.T) {
	env := newAPI(t)
	cookies := env.people(t)
	for _, url := range []string{"/api/auth/register", "/api/auth/login", "/api/auth/logout", "/api/profile/password", "/api/profile/delete"} {
		apiScenario{name: "cross-site", as: "client", method: "POST", path: url, body: `{}`,
			headers: map[string]string{"Sec-Fetch-Site": "cross-site"}, status: http.StatusForbidden}.run(t, env.h, cookies)
	}
	if env.whoAmI(t, cookies["client"]) != "client@exemple.fr" {
		t.Error("a cross-site request changed the session")
	}
}

func TestCookieAttributes(t *testing.T) {
	tests := []struct {
		name     string
		tls      bool
		force    bool
		remember bool
		cookie   string
		secure   bool
		maxAge   int
	}{
		{name: "plain http", cookie: "courtier_session"},
		{name: "remembered", remember: true, cookie: "courtier_session", maxAge: 30 * 24 * 3600},
		{name: "tls", tls: true, cookie: "__Host-courtier_session", secure: true},
		{name: "forced behind a proxy", force: true, cookie: "__Host-courtier_session", secure: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts []envOption
			if tt.force {
				opts = append(opts, withSecureCookies)
			}
			env := newAPI(t, opts...)
			env.signUp(t, "marie@exemple.fr")
			body := `{"email":"marie@exemple.fr","password":"` + goodPassword + `","remember":` + map[bool]string{true: "true", false: "false"}[tt.remember] + `}`
			res, _ := apiScenario{method: "POST", path: "/api/auth/login", body: body, tls: tt.tls}.send(env.h)
			c, pair := sessionCookieOf(res)
			if res.StatusCode != 200 || c == nil {
				t.Fatalf("login %d, cookie %v", res.StatusCode, c)
			}
			if c.Name != tt.cookie || c.Secure != tt.secure || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Domain != "" || c.MaxAge != tt.maxAge {
				t.Errorf("cookie %+v", c)
			}
			// The cookie is read back under the same rules.
			apiScenario{name: "cookie accepted back", method: "GET", path: "/api/session", cookie: pair, tls: tt.tls,
				status: 200, contains: []string{"marie@exemple.fr"}}.run(t, env.h, nil)
		})
	}
}

func TestForgedCookiesAreAnonymous(t *testing.T) {
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	name, value, _ := strings.Cut(cookie, "=")
	for _, bad := range []string{
		name + "=" + value[:len(value)-4] + "AAAA",
		name + "=garbage",
		"__Host-courtier_session=" + value,
		name + "=",
	} {
		if got := env.whoAmI(t, bad); got != "" {
			t.Errorf("cookie %q signed in as %s", bad, got)
		}
	}
	// A cookie signed by another server (another key) is refused too.
	other := newAPI(t)
	if got := other.whoAmI(t, cookie); got != "" {
		t.Errorf("a cookie of another key signed in as %s", got)
	}
}

func TestSignInOutFlow(t *testing.T) {
	env := newAPI(t)
	first := env.signUp(t, "marie@exemple.fr")
	if env.whoAmI(t, first) != "marie@exemple.fr" {
		t.Fatal("sign-up did not sign in")
	}
	// Signing in from a browser that has a session replaces it.
	res, _ := env.do(t, "POST", "/api/auth/login", `{"email":"marie@exemple.fr","password":"`+goodPassword+`"}`, first)
	_, second := sessionCookieOf(res)
	if second == "" || second == first {
		t.Fatal("sign-in kept the old session ID")
	}
	if env.whoAmI(t, first) != "" || env.whoAmI(t, second) != "marie@exemple.fr" {
		t.Fatal("the old session survived the new sign-in")
	}
	res, _ = env.do(t, "POST", "/api/auth/logout", "", second)
	c, _ := sessionCookieOf(res)
	if res.StatusCode != 204 || c == nil || c.MaxAge >= 0 {
		t.Fatalf("logout: %d, cookie %+v", res.StatusCode, c)
	}
	if env.whoAmI(t, second) != "" {
		t.Fatal("the session survived sign-out: replaying the cookie still works")
	}
}
