package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestProfileScenarios(t *testing.T) {
	pw := goodPassword
	cases := []apiScenario{
		{name: "profile", as: "client", method: "GET", path: "/api/profile", status: 200, contains: []string{`"user":{`, `"email":"client@exemple.fr"`}},
		{name: "rename", as: "client", method: "PATCH", path: "/api/profile", body: `{"displayName":"Claire Dupont"}`, status: 200, contains: []string{`"displayName":"Claire Dupont"`, `"updatedAt":"2026-03-02T09:00:00.000Z"`}},
		{name: "empty name keeps the old one", as: "client", method: "PATCH", path: "/api/profile", body: `{"displayName":""}`, status: 200, contains: []string{`"displayName":"client"`}},
		{name: "null name keeps the old one", as: "client", method: "PATCH", path: "/api/profile", body: `{"displayName":null,"email":"client@exemple.fr"}`, status: 200, contains: []string{`"displayName":"client"`}},
		{name: "nothing to change", as: "client", method: "PATCH", path: "/api/profile", body: `{}`, status: 400, contains: []string{"Indiquez le nom affiché ou l’adresse e-mail"}},
		{name: "name too long", as: "client", method: "PATCH", path: "/api/profile", body: `{"displayName":"` + strings.Repeat("é", 101) + `"}`, status: 400, field: "displayName", contains: []string{"100 caractères"}},
		{name: "name of wrong type", as: "client", method: "PATCH", path: "/api/profile", body: `{"displayName":7}`, status: 400, field: "displayName", contains: []string{"pas le bon type"}},
		{name: "new e-mail without password", as: "client", method: "PATCH", path: "/api/profile", body: `{"email":"claire@exemple.fr"}`, status: 400, field: "currentPassword", contains: []string{"Saisissez votre mot de passe actuel pour changer d’adresse e-mail."}},
		{name: "new e-mail wrong password", as: "client", method: "PATCH", path: "/api/profile", body: `{"email":"claire@exemple.fr","currentPassword":"pas le bon"}`, status: 400, field: "currentPassword", contains: []string{"Mot de passe actuel incorrect."}},
		{name: "new e-mail taken", as: "client", method: "PATCH", path: "/api/profile", body: `{"email":"Other@exemple.fr","currentPassword":"` + pw + `"}`, status: 409, field: "email", contains: []string{"Un compte existe déjà"}},
		{name: "new e-mail invalid", as: "client", method: "PATCH", path: "/api/profile", body: `{"email":"claire@","currentPassword":"` + pw + `"}`, status: 400, field: "email"},
		{name: "new e-mail", as: "client", method: "PATCH", path: "/api/profile", body: `{"email":" Claire@Exemple.fr","currentPassword":"` + pw + `"}`, status: 200, contains: []string{`"email":"claire@exemple.fr"`}},
		{name: "profile malformed", as: "client", method: "PATCH", path: "/api/profile", body: `{"displayName":`, status: 400, contains: []string{"JSON valide"}},
		{name: "profile oversized", as: "client", method: "PATCH", path: "/api/profile", body: `{"displayName":"` + strings.Repeat("x", 20000) + `"}`, status: 400, contains: []string{"trop volumineuse"}},
		{name: "change password", as: "client", method: "POST", path: "/api/profile/password", body: `{"currentPassword":"` + pw + `","newPassword":"une phrase de passe neuve"}`, status: 204},
		{name: "change password missing current", as: "client", method: "POST", path: "/api/profile/password", body: `{"newPassword":"une phrase de passe neuve"}`, status: 400, field: "currentPassword", contains: []string{"Saisissez votre mot de passe actuel."}},
		{name: "change password missing new", as: "client", method: "POST", path: "/api/profile/password", body: `{"currentPassword":"` + pw + `"}`, status: 400, field: "newPassword", contains: []string{"Choisissez un nouveau mot de passe."}},
		{name: "change password wrong current", as: "client", method: "POST", path: "/api/profile/password", body: `{"currentPassword":"pas le bon","newPassword":"une phrase de passe neuve"}`, status: 400, field: "currentPassword", contains: []string{"Mot de passe actuel incorrect."}},
		{name: "change password too short", as: "client", method: "POST", path: "/api/profile/password", body: `{"currentPassword":"` + pw + `","newPassword":"court"}`, status: 400, field: "newPassword", contains: []string{"au moins 12 caractères"}},
		{name: "change password too common", as: "client", method: "POST", path: "/api/profile/password", body: `{"currentPassword":"` + pw + `","newPassword":"motdepasse123"}`, status: 400, field: "newPassword", contains: []string{"trop courant"}},
		{name: "change password wrong type", as: "client", method: "POST", path: "/api/profile/password", body: `{"currentPassword":true,"newPassword":"x"}`, status: 400, field: "currentPassword"},
		{name: "export", as: "client", method: "GET", path: "/api/profile/export", status: 200, contains: []string{`"exportedAt"`, `"sessions"`, `"current": true`, `"email": "client@exemple.fr"`}},
		{name: "delete wrong password", as: "client", method: "POST", path: "/api/profile/delete", body: `{"password":"pas le bon"}`, status: 400, field: "password", contains: []string{"Mot de passe incorrect."}},
		{name: "delete without password", as: "client", method: "POST", path: "/api/profile/delete", body: `{}`, status: 400, field: "password", contains: []string{"Saisissez votre mot de passe pour confirmer la suppression."}},
		{name: "delete", as: "client", method: "POST", path: "/api/profile/delete", body: `{"password":"` + pw + `"}`, status: 204},
		{name: "delete by GET does nothing", as: "client", method: "GET", path: "/api/profile/delete", status: 404},
	}
	runScenarios(t, cases)
}

// protected are the endpoints that need a signed-in user, with a body that
// would succeed (or fail on its content, never on who asks).
var protected = []apiScenario{
	{method: "GET", path: "/api/profile"},
	{method: "PATCH", path: "/api/profile", body: `{"displayName":"Nouveau nom"}`},
	{method: "POST", path: "/api/profile/password", body: `{"currentPassword":"` + goodPassword + `","newPassword":"une phrase de passe neuve"}`},
	{method: "GET", path: "/api/profile/export"},
	{method: "POST", path: "/api/profile/delete", body: `{"password":"` + goodPassword + `"}`},
}

func TestRoleMatrix(t *testing.T) {
	want := map[string]map[string]int{
		"GET /api/profile":           {"anonymous": 401, "client": 200, "other": 200, "agent": 200, "admin": 200},
		"PATCH /api/profile":         {"anonymous": 401, "client": 200, "other": 200, "agent": 200, "admin": 200},
		"POST /api/profile/password": {"anonymous": 401, "client": 204, "other": 204, "agent": 204, "admin": 204},
		"GET /api/profile/export":    {"anonymous": 401, "client": 200, "other": 200, "agent": 200, "admin": 200},
		"POST /api/profile/delete":   {"anonymous": 401, "client": 204, "other": 204, "agent": 204, "admin": 204},
	}
	for _, p := range protected {
		for _, who := range []string{"anonymous", "client", "other", "agent", "admin"} {
			t.Run(p.method+" "+p.path+" as "+who, func(t *testing.T) {
				env := newAPI(t)
				cookies := env.people(t)
				c := p
				c.as, c.status = who, want[p.method+" "+p.path][who]
				if who == "anonymous" {
					c.contains = []string{"Vous devez être connecté."}
				} else if c.status == 200 {
					// Each sees their own data and nobody else's.
					c.contains = []string{who + "@exemple.fr"}
					for _, other := range []string{"client", "other", "agent", "admin"} {
						if other != who {
							c.notContains = append(c.notContains, other+"@exemple.fr")
						}
					}
				}
				c.run(t, env.h, cookies)
				if who == "anonymous" {
					return
				}
				// Nobody else's account was touched.
				for _, other := range []string{"client", "other", "agent", "admin"} {
					if other != who && env.whoAmI(t, cookies[other]) != other+"@exemple.fr" {
						t.Errorf("%s acting changed %s's session", who, other)
					}
				}
			})
		}
	}
}

func TestExportDownload(t *testing.T) {
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	env.clock.Advance(time.Minute)
	env.signIn(t, "marie@exemple.fr", true)
	res, body := env.do(t, "GET", "/api/profile/export", "", cookie)
	if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != `attachment; filename="mes-donnees.json"` ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("export %d %v", res.StatusCode, res.Header)
	}
	var got struct {
		ExportedAt string         `json:"exportedAt"`
		User       map[string]any `json:"user"`
		Sessions   []struct {
			CreatedAt, LastSeenAt, ExpiresAt string
			Remember, Current                bool
		} `json:"sessions"`
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	if got.User["email"] != "marie@exemple.fr" || len(got.Sessions) != 2 || got.ExportedAt != "2026-03-02T09:01:00.000Z" {
		t.Fatalf("export %s", body)
	}
	if got.Sessions[0].Current || !got.Sessions[1].Current || !got.Sessions[0].Remember || got.Sessions[1].ExpiresAt != "2026-04-01T09:00:00.000Z" {
		t.Errorf("sessions %+v", got.Sessions)
	}
}

func TestDeleteAccountThroughTheAPI(t *testing.T) {
	env := newAPI(t)
	a := env.signUp(t, "marie@exemple.fr")
	b := env.signIn(t, "marie@exemple.fr", true)
	res, body := env.do(t, "POST", "/api/profile/delete", `{"password":"`+goodPassword+`"}`, a)
	c, _ := sessionCookieOf(res)
	if res.StatusCode != 204 || c == nil || c.MaxAge >= 0 {
		t.Fatalf("delete: %d %s cookie %+v", res.StatusCode, body, c)
	}
	if env.whoAmI(t, a) != "" || env.whoAmI(t, b) != "" {
		t.Fatal("sessions survived the account")
	}
	res, _ = env.do(t, "POST", "/api/auth/login", `{"email":"marie@exemple.fr","password":"`+goodPassword+`"}`, "")
	if res.StatusCode != 401 {
		t.Fatalf("deleted account signs in: %d", res.StatusCode)
	}
	// The address is free again.
	env.signUp(t, "marie@exemple.fr")
}

func TestNeverServerErrors(t *testing.T) {
	env := newAPI(t)
	cookies := env.people(t)
	bodies := []string{
		"", "{", "}", "[]", "null", "0", `""`, "true", `{"a":1}`, "\x00", "\xff\xfe", `{"email":"\ud800"}`,
		`{"email":"` + strings.Repeat("a", 300) + `@exemple.fr","password":"` + goodPassword + `"}`,
		`{"displayName":"` + strings.Repeat("\u200b", 50) + `","email":null}`,
		`{"email":{"$ne":null},"password":{"$gt":""}}`,
		`{"email":"a@exemple.fr' OR '1'='1","password":"x"}`,
		`{"password":"` + strings.Repeat("🔒", 200) + `","newPassword":"` + strings.Repeat("é", 129) + `","currentPassword":"x"}`,
		strings.Repeat("[", 10000), `{"remember":1e999}`, `{"displayName":"é","displayName":"è"}`,
	}
	endpoints := append([]apiScenario{
		{method: "POST", path: "/api/auth/register"}, {method: "POST", path: "/api/auth/login"}, {method: "POST", path: "/api/auth/logout"},
	}, protected...)
	for _, e := range endpoints {
		for _, who := range []string{"anonymous", "client"} {
			for _, body := range bodies {
				// Any status but a 5xx: the runner's exact status does not fit.
				res, out := apiScenario{method: e.method, path: e.path, body: body, ctype: "application/json", cookie: cookies[who], from: "198.51.100.1"}.send(env.h)
				if res.StatusCode >= 500 {
					t.Errorf("%s %s as %s with %.40q: %d %s", e.method, e.path, who, body, res.StatusCode, out)
				}
				if res.StatusCode >= 400 && !strings.Contains(out, `"error":"`) {
					t.Errorf("%s %s: %d without a French error: %s", e.method, e.path, res.StatusCode, out)
				}
			}
		}
	}
}

func TestUserFrom(t *testing.T) {
	req := apiScenario{method: "GET", path: "/"}.request()
	if u, ok := UserFrom(req.Context()); ok || u != nil {
		t.Error("UserFrom found a user in a bare context")
	}
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	var seen []string
	probe := env.srv.loadSession(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for range 2 {
			if u, ok := UserFrom(r.Context()); ok {
				seen = append(seen, u.Email)
			}
		}
	}))
	req.Header.Set("Cookie", cookie)
	probe.ServeHTTP(httptest.NewRecorder(), req)
	if len(seen) != 2 || seen[0] != "marie@exemple.fr" {
		t.Errorf("UserFrom saw %v", seen)
	}
}
