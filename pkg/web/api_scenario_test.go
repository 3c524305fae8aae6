package web

import (
	"bytes"
	"context"
	"crypto/tls"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
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
