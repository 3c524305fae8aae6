package web

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
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

func TestHealthz(t *testing.T) {
	up, _ := newTestServer(t, fakeStore{})
	down, logs := newTestServer(t, fakeStore{err: errors.New("disque plein")})
	apiScenario{method: "GET", path: "/healthz", status: 200, contains: []string{`"status":"ok"`}}.run(t, up, nil)
	apiScenario{method: "GET", path: "/healthz", status: 503, contains: []string{`"database":"injoignable"`}}.run(t, down, nil)
	if !strings.Contains(logs.String(), "disque plein") {
		t.Error("the failing health check was not logged")
	}
}

func TestAPIScenarios(t *testing.T) {
	long := strings.Repeat("é", 501)
	now := time.Now().UTC().Format(time.RFC3339)
	tests := []apiScenario{
		{name: "report logged", method: "POST", path: "/api/client-errors", body: `{"message":"x is undefined","route":"/about","time":"` + now + `"}`, status: 204},
		{name: "malformed json", method: "POST", path: "/api/client-errors", body: `{"message":`, status: 400, contains: []string{"JSON valide"}},
		{name: "empty body", method: "POST", path: "/api/client-errors", headers: map[string]string{"Content-Type": "application/json"}, status: 400, contains: []string{"vide"}},
		{name: "wrong type", method: "POST", path: "/api/client-errors", body: `{"message":12,"route":"/","time":"` + now + `"}`, status: 400, contains: []string{"message", "type"}},
		{name: "unknown field refused", method: "POST", path: "/api/client-errors", body: `{"message":"x","route":"/","time":"` + now + `","email":"a@b.fr"}`, status: 400, contains: []string{"champ inconnu"}},
		{name: "missing message", method: "POST", path: "/api/client-errors", body: `{"route":"/","time":"` + now + `"}`, status: 400, contains: []string{"obligatoire"}},
		{name: "message too long", method: "POST", path: "/api/client-errors", body: `{"message":"` + long + `","route":"/","time":"` + now + `"}`, status: 400, contains: []string{"500 caractères"}},
		{name: "route with query", method: "POST", path: "/api/client-errors", body: `{"message":"x","route":"/login?email=a@b.fr","time":"` + now + `"}`, status: 400, contains: []string{"sans paramètres"}},
		{name: "bad time", method: "POST", path: "/api/client-errors", body: `{"message":"x","route":"/","time":"hier"}`, status: 400, contains: []string{"ISO 8601"}},
		{name: "oversized", method: "POST", path: "/api/client-errors", body: `{"message":"` + strings.Repeat("a", 4000) + `","route":"/","time":"` + now + `"}`, status: 400, contains: []string{"trop volumineuse"}},
		{name: "two objects", method: "POST", path: "/api/client-errors", body: `{"message":"x","route":"/","time":"` + now + `"}{}`, status: 400, contains: []string{"un seul objet"}},
		{name: "not json content type", method: "POST", path: "/api/client-errors", headers: map[string]string{"Content-Type": "text/plain"}, status: 400, contains: []string{"JSON"}},
		{name: "cross-origin post refused", method: "POST", path: "/api/client-errors", body: `{"message":"x","route":"/","time":"` + now + `"}`, headers: map[string]string{"Sec-Fetch-Site": "cross-site"}, status: 403},
		{name: "unknown api path", method: "GET", path: "/api/nothing", status: 404, contains: []string{`"code":"not_found"`}},
		{name: "get on a post endpoint", method: "GET", path: "/api/client-errors", status: 404, contains: []string{"n’existe pas"}},
		{name: "post on a page", method: "POST", path: "/about", status: 405},
	}
	for _, sc := range tests {
		t.Run(sc.name, func(t *testing.T) {
			h, _ := newTestServer(t, fakeStore{})
			sc.run(t, h, nil)
		})
	}
}

func TestClientErrorIsLogged(t *testing.T) {
	h, logs := newTestServer(t, fakeStore{})
	now := time.Now().UTC().Format(time.RFC3339)
	apiScenario{method: "POST", path: "/api/client-errors", body: `{"message":"boum","route":"/contact","time":"` + now + `"}`, status: 204}.run(t, h, nil)
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
	sc := apiScenario{method: "POST", path: "/api/client-errors", body: `{"message":"x","route":"/","time":"` + now + `"}`, status: 204}
	for range 10 {
		sc.run(t, h, nil)
	}
	sc.status = 429
	sc.contains = []string{"Trop de rapports"}
	res, _ := sc.run(t, h, nil)
	if res.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
}

// TestSecurityHeadersEverywhere: the site's documents, with and without a
// cookie (two ways through the server, see Server.handlers), its files and
// its API all carry the same security headers.
func TestSecurityHeadersEverywhere(t *testing.T) {
	h, _ := newTestServer(t, fakeStore{})
	for _, sc := range []apiScenario{
		{path: "/", status: 200},
		{path: "/", cookie: "theme=sombre", status: 200},
		{path: "/nulle-part", status: 404},
		{path: "/nulle-part", cookie: "courtier_session=inconnue", status: 404},
		{path: "/assets/index-abc123.js", status: 200},
		{path: "/healthz", status: 200},
		{path: "/api/nothing", status: 404},
	} {
		sc.method = "GET"
		res, _ := sc.run(t, h, nil)
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self' 'sha256-") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", sc.path, csp)
		}
		for name, want := range map[string]string{
			"X-Content-Type-Options":     "nosniff",
			"Referrer-Policy":            "strict-origin-when-cross-origin",
			"X-Frame-Options":            "DENY",
			"Cross-Origin-Opener-Policy": "same-origin",
		} {
			if got := res.Header.Get(name); got != want {
				t.Errorf("%s (cookie %q): %s %q, want %q", sc.path, sc.cookie, name, got, want)
			}
		}
	}
}

// TestRequestLogLine: the whole server logs an API request in the access
// log's format (which site requests it logs: TestAccessLogChoosesLines).
func TestRequestLogLine(t *testing.T) {
	h, logs := newTestServer(t, fakeStore{})
	apiScenario{method: "GET", path: "/api/nothing", status: 404}.run(t, h, nil)
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
