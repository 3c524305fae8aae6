package web

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// wildcard is a {name} of a route's pattern.
var wildcard = regexp.MustCompile(`\{[^}]+\}`)

// TestRoutesCheckAccessFirst walks the routes table itself, so a route
// added tomorrow is checked too: whoever the table refuses is refused
// before a byte of the body is read — a visitor with 401, a signed-in
// account the route is not for with 403 — however wrong the body (an
// unknown field, or no JSON at all); never 400. Routes for anyone are
// the ones public by design, and must then not ask for a session by
// themselves (else the table should say so).
func TestRoutesCheckAccessFirst(t *testing.T) {
	env := newAPI(t)
	cookies := env.people(t)
	bodies := []struct{ name, body string }{
		{"unknown field", `{"champInconnu":true}`},
		{"malformed", `{"email":`},
	}
	// Who the table refuses for each access level, and how.
	refused := map[access]map[string]int{
		forUsers:  {"anonymous": http.StatusUnauthorized},
		forStaff:  {"anonymous": http.StatusUnauthorized, "client": http.StatusForbidden},
		forAdmins: {"anonymous": http.StatusUnauthorized, "client": http.StatusForbidden, "agent": http.StatusForbidden},
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
					if code, body := sendAs(env, method, url, b.body, ""); code == http.StatusUnauthorized {
						t.Errorf("a visitor: 401 %s; the routes table says the route is for anyone", body)
					}
					return
				}
				for who, want := range refused[rt.access] {
					if code, body := sendAs(env, method, url, b.body, cookies[who]); code != want {
						t.Errorf("as %s: status %d, want %d; body %s", who, code, want, body)
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

// sendAs sends a JSON body as a page of the site does (same origin, so
// the cross-origin check lets it through to the access check), with
// cookie when not empty, and answers the status and body.
func sendAs(env *apiEnv, method, url, body, cookie string) (int, string) {
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	rec := httptest.NewRecorder()
	env.h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}
