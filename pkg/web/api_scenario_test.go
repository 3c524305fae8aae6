package web

import (
	"bytes"
	"context"
	"crypto/tls"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// apiScenario is the one shape of an API test in pkg/web (issue 41): a
// request (method, path, body, who sends it and from where) and what its
// answer must hold. Tables of scenarios run through run; helpers that only
// send (env.do and its kin) build their request here too, so that every
// request a test sends is built in one place (TestRequestsAreScenarios).
type apiScenario struct {
	name   string
	method string
	path   string
	body   string
	// ctype is the Content-Type when the body is not JSON; a body without
	// one travels as application/json, as the site sends it.
	ctype string
	// as names the actor in the cookies given to run ("" and "anonymous"
	// send none); cookie is a Cookie header of the scenario's own.
	as     string
	cookie string
	// from is the client's address (RemoteAddr); "" keeps httptest's
	// 192.0.2.1, the trusted proxy of the tests.
	from    string
	headers map[string]string
	tls     bool
	ctx     context.Context

	// status is the answer's status; run refuses a scenario without one.
	status int
	// field is the field a refusal names ({"field":"…"}).
	field       string
	contains    []string
	notContains []string
	// header holds response headers the answer must carry, "" for absent.
	header map[string]string
	// check reads the answer further, for tests that read the JSON deeply.
	check func(t testing.TB, res *http.Response, body string)
}

// neverInBody are fragments no answer of the API may hold: the password's
// hash or its scheme.
var neverInBody = []string{"argon2", "password_hash", "passwordHash"}

// request builds the scenario's request. It is the only place in pkg/web's
// tests where an API request is built.
func (s apiScenario) request() *http.Request {
	ctx := s.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	var body io.Reader // none, as a GET has none
	if s.body != "" {
		body = strings.NewReader(s.body)
	}
	req := httptest.NewRequestWithContext(ctx, s.method, s.path, body)
	switch {
	case s.ctype != "":
		req.Header.Set("Content-Type", s.ctype)
	case s.body != "":
		req.Header.Set("Content-Type", "application/json")
	}
	if s.cookie != "" {
		req.Header.Set("Cookie", s.cookie)
	}
	for k, v := range s.headers {
		req.Header.Set(k, v)
	}
	if s.from != "" {
		req.RemoteAddr = s.from + ":4321"
	}
	if s.tls {
		req.TLS = &tls.ConnectionState{}
	}
	return req
}

// send sends the scenario to h and answers the response and its body,
// checking nothing: safe from many goroutines, the caller judges.
func (s apiScenario) send(h http.Handler) (*http.Response, string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, s.request())
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// run sends the scenario to h as its actor (s.as, a name of cookies) and
// checks the answer: the status (fatal), the fields, fragments and headers
// (each reported), then check. It answers the response and its body for
// the steps that follow.
func (s apiScenario) run(t testing.TB, h http.Handler, cookies map[string]string) (*http.Response, string) {
	t.Helper()
	if s.status == 0 {
		t.Fatalf("scenario %q: no status to expect", s.name)
	}
	if s.as != "" {
		s.cookie = cookies[s.as]
	}
	res, body := s.send(h)
	at := s.method + " " + s.path
	if s.as != "" {
		at += " as " + s.as
	}
	if s.name != "" {
		at = s.name + ": " + at
	}
	if res.StatusCode != s.status {
		t.Fatalf("%s: status %d, want %d; body %s", at, res.StatusCode, s.status, body)
	}
	if s.field != "" && !strings.Contains(body, `"field":"`+s.field+`"`) {
		t.Errorf("%s: body %s lacks field %q", at, body, s.field)
	}
	for _, want := range s.contains {
		if !strings.Contains(body, want) {
			t.Errorf("%s: body %s lacks %q", at, body, want)
		}
	}
	for _, not := range append(s.notContains, neverInBody...) {
		if strings.Contains(body, not) {
			t.Errorf("%s: body %s holds %q", at, body, not)
		}
	}
	for k, want := range s.header {
		if got := res.Header.Get(k); got != want {
			t.Errorf("%s: header %s %q, want %q", at, k, got, want)
		}
	}
	if s.check != nil {
		s.check(t, res, body)
	}
	return res, body
}

// runScenarios runs each scenario on a server and database of its own,
// signed-in as the role matrix (env.people), so the scenarios run in
// parallel (pkg/web is the longest package under -race).
func runScenarios(t *testing.T, cases []apiScenario) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			env := newAPI(t)
			c.run(t, env.h, env.people(t))
		})
	}
}

// fileForm is a multipart form with one file in its "file" field, as the
// site uploads one: the body and its Content-Type, for a scenario's body
// and ctype.
func fileForm(t testing.TB, name string, data []byte) (body, ctype string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := part.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String(), w.FormDataContentType()
}

// handBuilt is what TestRequestsAreScenarios lets build a request outside
// apiScenario.request, by "file: function", with the reason.
var handBuilt = map[string]string{
	"chat_stream_test.go: streamRequest": "a client's request to a real server (httptest.Server): the SSE stream stays open and is read as its events arrive, which a recorder cannot do",
}

// otherTables are the tables of requests TestRequestsAreScenarios lets be
// other than apiScenarios, by "file: function", with the reason.
var otherTables = map[string]string{
	"middleware_log_test.go: TestAccessLogChoosesLines": "the status a stub handler writes, for the access log to choose its lines: no request to the API",
	"site_http_test.go: TestConditionalRequests":        "the site's pages (SiteHandler alone): encodings and ETags, asked through get",
	"site_http_test.go: TestSiteServesRouteShells":      "the site's pages (SiteHandler alone): route shells and what they embed",
	"site_test.go: TestSiteHandler":                     "the site's pages (SiteHandler alone): methods, paths and headers of documents",
	"site_test.go: TestSiteServesPrerenderedPages":      "the site's pages (SiteHandler alone): prerendered documents and what they embed",
}

// TestRequestsAreScenarios: every request a test of pkg/web sends is built
// by apiScenario.request (issue 41: one shape of API test), and no other
// table type of API tests grows beside apiScenario: a struct with a method
// or a path and an expected status is one.
func TestRequestsAreScenarios(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("test files: %v %v", files, err)
	}
	builders := map[string]bool{"NewRequest": true, "NewRequestWithContext": true}
	fset := token.NewFileSet()
	used := map[string]bool{}
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			where := name + ": " + fn.Name.Name
			ast.Inspect(fn, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					pkg, ok := n.X.(*ast.Ident)
					if !ok || (pkg.Name != "http" && pkg.Name != "httptest") || !builders[n.Sel.Name] {
						return true
					}
				case *ast.CompositeLit:
					sel, ok := n.Type.(*ast.SelectorExpr)
					if !ok || sel.Sel.Name != "Request" {
						return true
					}
					if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "http" {
						return true
					}
				default:
					return true
				}
				switch {
				case where == "api_scenario_test.go: request":
				case handBuilt[where] != "":
					used[where] = true
				default:
					t.Errorf("%s: %s builds a request by hand: send an apiScenario (or say why not in handBuilt)", fset.Position(n.Pos()), where)
				}
				return true
			})
		}
		for _, decl := range f.Decls {
			where := name
			if fn, ok := decl.(*ast.FuncDecl); ok {
				where += ": " + fn.Name.Name
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				st, ok := n.(*ast.StructType)
				if !ok {
					return true
				}
				// A status of its own (an int, not a map by actor) beside
				// a method, path or URL: a row of requests.
				fields := map[string]string{}
				for _, fl := range st.Fields.List {
					for _, id := range fl.Names {
						fields[id.Name] = types.ExprString(fl.Type)
					}
				}
				if fields["status"] != "int" || (fields["method"] == "" && fields["path"] == "" && fields["url"] == "") || where == "api_scenario_test.go" {
					return true
				}
				if otherTables[where] != "" {
					used[where] = true
					return true
				}
				t.Errorf("%s: %s: a table of requests beside apiScenario: make its rows apiScenarios (or say why not in otherTables)", fset.Position(st.Pos()), where)
				return true
			})
		}
	}
	for where := range handBuilt {
		if !used[where] {
			t.Errorf("handBuilt names %s, which builds no request: drop it", where)
		}
	}
	for where := range otherTables {
		if !used[where] {
			t.Errorf("otherTables names %s, which has no table of requests: drop it", where)
		}
	}
}
