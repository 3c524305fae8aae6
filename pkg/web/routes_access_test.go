package web

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
)

// wildcard is a {name} of a route's pattern.
var wildcard = regexp.MustCompile(`\{[^}]+\}`)

// TestRoutesCheckAccessFirst walks the routes table itself, so a route
// added tomorrow is checked too: whoever the table refuses is refused
// before a byte of the body is read — a visitor with 401, a signed-in
// account the route is not for with 403 — however wrong the body (an
// unknown field, no JSON at all); never 400. Routes for anyone are the
// ones public by design, and must then not ask for a session by
// themselves, even when the body is right (else the table should say so).
func TestRoutesCheckAccessFirst(t *testing.T) {
	env := newAPI(t)
	cookies := env.people(t)
	cookies["novice"] = staffWithoutSecondFactor(t, env, "novice@exemple.fr")
	bodies := []struct{ name, body string }{
		{"unknown field", `{"champInconnu":true}`},
		{"malformed", `{"email":`},
		{"empty object", `{}`},
	}
	// Who the table refuses for each access level, and how.
	refused := map[access]map[string]int{
		forUsers:  {"anonymous": http.StatusUnauthorized},
		forStaff:  {"anonymous": http.StatusUnauthorized, "client": http.StatusForbidden, "novice": http.StatusForbidden},
		forAdmins: {"anonymous": http.StatusUnauthorized, "client": http.StatusForbidden, "novice": http.StatusForbidden, "agent": http.StatusForbidden},
	}
	// What the services answer someone the table let through and they
	// refuse for their role: the table should have refused them first.
	signedOut := apperr.MessageOf(account.ErrSignedOut())
	staffOnly := apperr.MessageOf(account.Actor{UID: "u", Role: account.RoleClient}.RequireStaff())
	adminsOnly := apperr.MessageOf(account.Actor{UID: "u", Role: account.RoleAgent}.RequireAdmin())
	looser := map[access]struct {
		who, refusal, want string
	}{
		forUsers: {"other", staffOnly, "forStaff"},
		forStaff: {"agent", adminsOnly, "forAdmins"},
	}
	declared := map[string]access{}
	for _, rt := range env.srv.routes() {
		declared[rt.pattern] = rt.access
		method, path, ok := strings.Cut(rt.pattern, " ")
		if !ok {
			if rt.access != forAnyone {
				t.Errorf("%q: a catch-all route is for anyone, not %v", rt.pattern, rt.access)
			}
			continue // "/api/" and "/" answer every method
		}
		url := wildcard.ReplaceAllString(path, "1")
		for _, b := range bodies {
			t.Run(rt.pattern+" "+b.name, func(t *testing.T) {
				if rt.access == forAnyone {
					if code, body := sendAs(env, method, url, b.body, ""); code == http.StatusUnauthorized && strings.Contains(body, signedOut) {
						t.Errorf("a visitor: 401 %s; the routes table says the route is for anyone", body)
					}
					return
				}
				for who, want := range refused[rt.access] {
					if code, body := sendAs(env, method, url, b.body, cookies[who]); code != want {
						t.Errorf("as %s: status %d, want %d; body %s", who, code, want, body)
					}
				}
				if l, ok := looser[rt.access]; ok && b.body == "{}" {
					if code, body := sendAs(env, method, url, b.body, cookies[l.who]); code == http.StatusForbidden && strings.Contains(body, l.refusal) {
						t.Errorf("as %s: 403 %s; the service keeps the route for fewer than the table's %v: %s?", l.who, body, rt.access, l.want)
					}
				}
			})
		}
	}
	// The two routes of the finding, lest a change of the table make
	// them public and this test skip them.
	for pattern, want := range map[string]access{"POST /api/desk/requests/{id}/answer": forStaff, "POST /api/admin/users": forAdmins} {
		if declared[pattern] != want {
			t.Errorf("%s is %v in the routes table, want %v", pattern, declared[pattern], want)
		}
	}
}

// staffWithoutSecondFactor makes email an agent who has not set up a
// second factor yet, and answers the cookie of their session: they may
// use their profile (to set it up), not the broker's side.
func staffWithoutSecondFactor(t *testing.T, env *apiEnv, email string) string {
	t.Helper()
	env.signUp(t, email)
	if _, _, err := env.svc.SetRole(context.Background(), email, account.RoleAgent); err != nil {
		t.Fatal(err)
	}
	res, body := env.do(t, "POST", "/api/auth/login", jsonOf(map[string]string{"email": email, "password": goodPassword}), "")
	_, cookie := sessionCookieOf(res)
	if res.StatusCode != http.StatusOK || cookie == "" {
		t.Fatalf("sign-in of %s: %d %s", email, res.StatusCode, body)
	}
	return cookie
}

// sendAs sends a JSON body as a page of the site does (same origin, so
// the cross-origin check lets it through to the access check), with
// cookie when not empty, and answers the status and body.
func sendAs(env *apiEnv, method, url, body, cookie string) (int, string) {
	// A stream that lets the asker in never ends by itself.
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	res, out := apiScenario{method: method, path: url, body: body, ctype: "application/json", cookie: cookie,
		headers: map[string]string{"Sec-Fetch-Site": "same-origin"}, ctx: ctx}.send(env.h)
	return res.StatusCode, out
}
