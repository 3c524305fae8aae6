package web

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestAccessLogChoosesLines: everything under /api/ is logged; of the
// site's requests, errors other than 404, slow ones and one in `every`,
// in the unchanged format.
func TestAccessLogChoosesLines(t *testing.T) {
	type req struct {
		path   string
		status int
		delay  time.Duration
	}
	tests := []struct {
		name   string
		every  uint64
		reqs   []req
		logged []string // the paths logged, in order
	}{
		{"api always", 1000, []req{{"/api/session", 200, 0}, {"/api/nope", 404, 0}, {"/api", 404, 0}, {"/api/quotes", 201, 0}},
			[]string{"/api/session", "/api/nope", "/api", "/api/quotes"}},
		{"site successes are sampled", 3, []req{{"/", 200, 0}, {"/about", 200, 0}, {"/assets/a.js", 200, 0}, {"/contact", 304, 0}, {"/x.js", 200, 0}, {"/y.js", 200, 0}},
			[]string{"/assets/a.js", "/y.js"}},
		{"site errors always", 1000, []req{{"/bad", 400, 0}, {"/", 405, 0}, {"/boom", 500, 0}, {"/down", 503, 0}},
			[]string{"/bad", "/", "/boom", "/down"}},
		{"site 404s are sampled", 2, []req{{"/wp-login.php", 404, 0}, {"/.env", 404, 0}, {"/nulle-part", 404, 0}},
			[]string{"/.env"}},
		{"slow site requests always", 1000, []req{{"/", 200, 0}, {"/lent", 200, 250 * time.Millisecond}, {"/favicon.svg", 304, 0}},
			[]string{"/lent"}},
		{"lookalike of /api/ is the site", 1000, []req{{"/apiary", 200, 0}, {"/api-docs", 200, 0}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			logger := slog.New(slog.NewTextHandler(&out, nil))
			status := map[string]int{}
			delay := map[string]time.Duration{}
			for _, r := range tt.reqs {
				status[r.path], delay[r.path] = r.status, r.delay
			}
			h := newAccessLog(logger, 200*time.Millisecond, tt.every).wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				time.Sleep(delay[r.URL.Path])
				w.WriteHeader(status[r.URL.Path])
				w.Write([]byte("abc"))
			}))
			for _, r := range tt.reqs {
				h.ServeHTTP(httptest.NewRecorder(), apiScenario{method: "GET", path: r.path}.request())
			}
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				if line == "" {
					continue
				}
				if !strings.Contains(line, `msg=requête method=GET path=`) || !strings.Contains(line, " bytes=3 ip=") {
					t.Errorf("line in another format: %s", line)
				}
				path := strings.Fields(line[strings.Index(line, "path="):])[0]
				got = append(got, strings.TrimPrefix(path, "path="))
			}
			if strings.Join(got, " ") != strings.Join(tt.logged, " ") {
				t.Errorf("logged %v, want %v\n%s", got, tt.logged, out.String())
			}
		})
	}
}

// TestAccessLogStatus: the line has the status the handler wrote, 200
// when it wrote a body only, and a recorder reused by the next request
// starts afresh.
func TestAccessLogStatus(t *testing.T) {
	var out bytes.Buffer
	h := newAccessLog(slog.New(slog.NewTextHandler(&out, nil)), time.Hour, 1).wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/created":
			w.WriteHeader(201)
			w.Write([]byte("12345"))
		case "/api/body-only":
			w.Write([]byte("xy"))
		}
	}))
	for _, p := range []string{"/api/created", "/api/body-only", "/api/nothing"} {
		h.ServeHTTP(httptest.NewRecorder(), apiScenario{method: "GET", path: p}.request())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{"status=201", "bytes=5", "status=200", "bytes=2", "status=200", "bytes=0"}
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), out.String())
	}
	for i, w := range want {
		if !strings.Contains(lines[i/2], " "+w+" ") {
			t.Errorf("line %d lacks %s: %s", i/2, w, lines[i/2])
		}
	}
}
