package web

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtier/pkg/company"
	"courtier/pkg/store/storetest"
)

type fakeStore struct{ err error }

func (f fakeStore) Ping(context.Context) error { return f.err }

func newTestServer(t *testing.T, store Pinger) (http.Handler, *storetest.Buffer) {
	t.Helper()
	logs := &storetest.Buffer{}
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(logs, nil))
	srv, err := New(Config{
		Logger:  logger,
		Store:   store,
		Company: p,
		Site:    testFiles(),
		Routes:  testTable(),
		App:     newTestServices(t, logger, time.Now),
	})
	if err != nil {
		t.Fatal(err)
	}
	return srv.Handler(), logs
}

// scenario is one API test: a request and what the response must hold.
type scenario struct {
	name    string
	method  string
	url     string
	body    string
	headers map[string]string
	status  int
	bodyHas []string
}

func (sc scenario) run(t *testing.T, h http.Handler) *http.Response {
	t.Helper()
	req := httptest.NewRequest(sc.method, sc.url, strings.NewReader(sc.body))
	if sc.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range sc.headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != sc.status {
		t.Fatalf("%s %s: status %d, want %d; body %s", sc.method, sc.url, res.StatusCode, sc.status, body)
	}
	for _, want := range sc.bodyHas {
		if !strings.Contains(string(body), want) {
			t.Errorf("body %s lacks %q", body, want)
		}
	}
	return res
}

func TestHealthz(t *testing.T) {
	up, _ := newTestServer(t, fakeStore{})
	down, logs := newTestServer(t, fakeStore{err: errors.New("disque plein")})
	scenario{method: "GET", url: "/healthz", status: 200, bodyHas: []string{`"status":"ok"`}}.run(t, up)
	scenario{method: "GET", url: "/healthz", status: 503, bodyHas: []string{`"database":"injoignable"`}}.run(t, down)
	if !strings.Contains(logs.String(), "disque plein") {
		t.Error("the failing health check was not logged")
	}
}

func TestAPIScenarios(t *testing.T) {
	long := strings.Repeat("é", 501)
	now := time.Now().UTC().Format(time.RFC3339)
	tests := []scenario{
		{name: "report logged", method: "POST", url: "/api/client-errors", body: `{"message":"x is undefined","route":"/about","time":"` + now + `"}`, status: 204},
		{name: "malformed json", method: "POST", url: "/api/client-errors", body: `{"message":`, status: 400, bodyHas: []string{"JSON valide"}},
		{name: "empty body", method: "POST", url: "/api/client-errors", headers: map[string]string{"Content-Type": "application/json"}, status: 400, bodyHas: []string{"vide"}},
		{name: "wrong type", method: "POST", url: "/api/client-errors", body: `{"message":12,"route":"/","time":"` + now + `"}`, status: 400, bodyHas: []string{"message", "type"}},
		{name: "unknown field refused", method: "POST", url: "/api/client-errors", body: `{"message":"x","route":"/","time":"` + now + `","email":"a@b.fr"}`, status: 400, bodyHas: []string{"champ inconnu"}},
		{name: "missing message", method: "POST", url: "/api/client-errors", body: `{"route":"/","time":"` + now + `"}`, status: 400, bodyHas: []string{"obligatoire"}},
		{name: "message too long", method: "POST", url: "/api/client-errors", body: `{"message":"` + long + `","route":"/","time":"` + now + `"}`, status: 400, bodyHas: []string{"500 caractères"}},
		{name: "route with query", method: "POST", url: "/api/client-errors", body: `{"message":"x","route":"/login?email=a@b.fr","time":"` + now + `"}`, status: 400, bodyHas: []string{"sans paramètres"}},
		{name: "bad time", method: "POST", url: "/api/client-errors", body: `{"message":"x","route":"/","time":"hier"}`, status: 400, bodyHas: []string{"ISO 8601"}},
		{name: "oversized", method: "POST", url: "/api/client-errors", body: `{"message":"` + strings.Repeat("a", 4000) + `","route":"/","time":"` + now + `"}`, status: 400, bodyHas: []string{"trop volumineuse"}},
		{name: "two objects", method: "POST", url: "/api/client-errors", body: `{"message":"x","route":"/","time":"` + now + `"}{}`, status: 400, bodyHas: []string{"un seul objet"}},
		{name: "not json content type", method: "POST", url: "/api/client-errors", headers: map[string]string{"Content-Type": "text/plain"}, status: 400, bodyHas: []string{"JSON"}},
		{name: "cross-origin post refused", method: "POST", url: "/api/client-errors", body: `{"message":"x","route":"/","time":"` + now + `"}`, headers: map[string]string{"Sec-Fetch-Site": "cross-site"}, status: 403},
		{name: "unknown api path", method: "GET", url: "/api/nothing", status: 404, bodyHas: []string{`"code":"not_found"`}},
		{name: "get on a post endpoint", method: "GET", url: "/api/client-errors", status: 404, bodyHas: []string{"n’existe pas"}},
		{name: "post on a page", method: "POST", url: "/about", status: 405},
	}
	for _, sc := range tests {
		t.Run(sc.name, func(t *testing.T) {
			h, _ := newTestServer(t, fakeStore{})
			sc.run(t, h)
		})
	}
}

func TestClientErrorIsLogged(t *testing.T) {
	h, logs := newTestServer(t, fakeStore{})
	now := time.Now().UTC().Format(time.RFC3339)
	scenario{method: "POST", url: "/api/client-errors", body: `{"message":"boum","route":"/contact","time":"` + now + `"}`, status: 204}.run(t, h)
	out := logs.String()
	for _, want := range []string{"erreur signalée par le navigateur", "message=boum", "route=/contact"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}

func TestClientErrorRateLimit(t *testing.T) {
	h, _ := newTestServer(t, fakeStore{})
	now := time.Now().UTC().Format(time.RFC3339)
	sc := scenario{method: "POST", url: "/api/client-errors", body: `{"message":"x","route":"/","time":"` + now + `"}`, status: 204}
	for range 10 {
		sc.run(t, h)
	}
	sc.status = 429
	sc.bodyHas = []string{"Trop de rapports"}
	res := sc.run(t, h)
	if res.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
}

// TestSecurityHeadersEverywhere: the site's documents, with and without a
// cookie (two ways through the server, see Server.handlers), its files and
// its API all carry the same security headers.
func TestSecurityHeadersEverywhere(t *testing.T) {
	h, _ := newTestServer(t, fakeStore{})
	for _, tc := range []struct {
		path, cookie string
		status       int
	}{
		{"/", "", 200},
		{"/", "theme=sombre", 200},
		{"/nulle-part", "", 404},
		{"/nulle-part", "courtier_session=inconnue", 404},
		{"/assets/index-abc123.js", "", 200},
		{"/healthz", "", 200},
		{"/api/nothing", "", 404},
	} {
		sc := scenario{method: "GET", url: tc.path, status: tc.status}
		if tc.cookie != "" {
			sc.headers = map[string]string{"Cookie": tc.cookie}
		}
		res := sc.run(t, h)
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self' 'sha256-") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", tc.path, csp)
		}
		for name, want := range map[string]string{
			"X-Content-Type-Options":     "nosniff",
			"Referrer-Policy":            "strict-origin-when-cross-origin",
			"X-Frame-Options":            "DENY",
			"Cross-Origin-Opener-Policy": "same-origin",
		} {
			if got := res.Header.Get(name); got != want {
				t.Errorf("%s (cookie %q): %s %q, want %q", tc.path, tc.cookie, name, got, want)
			}
		}
	}
}

// TestRequestLogLine: the whole server logs an API request in the access
// log's format (which site requests it logs: TestAccessLogChoosesLines).
func TestRequestLogLine(t *testing.T) {
	h, logs := newTestServer(t, fakeStore{})
	scenario{method: "GET", url: "/api/nothing", status: 404}.run(t, h)
	out := logs.String()
	for _, want := range []string{"msg=requête", "method=GET", "path=/api/nothing", "status=404", "duration=", "bytes=", "ip="} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}

func TestServeShutsDownGracefully(t *testing.T) {
	release := make(chan struct{})
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		io.WriteString(w, "fini")
	})
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, "127.0.0.1:0", handler, slog.New(slog.DiscardHandler), func(a string) { addrc <- a })
	}()
	addr := <-addrc
	got := make(chan string, 1)
	go func() {
		res, err := http.Get("http://" + addr + "/")
		if err != nil {
			got <- "erreur: " + err.Error()
			return
		}
		b, _ := io.ReadAll(res.Body)
		got <- string(b)
	}()
	time.Sleep(100 * time.Millisecond) // let the request reach the handler
	cancel()
	time.Sleep(50 * time.Millisecond)
	close(release)
	if body := <-got; body != "fini" {
		t.Fatalf("in-flight request got %q, want it finished", body)
	}
	if err := <-done; err != nil {
		t.Fatalf("Serve returned %v", err)
	}
}
