package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// reportingStore answers Ping and tells its engine and migration level,
// as *store.DB does.
type reportingStore struct {
	fakeStore
	engine     store.Engine
	version    int
	versionErr error
}

func (s reportingStore) Engine() store.Engine { return s.engine }

func (s reportingStore) SchemaVersion(context.Context) (int, error) { return s.version, s.versionErr }

// TestHealthzTellsEngineAndMigration: the body names the engine and the
// migration level when the store tells them, and nothing more when it
// does not; a database that does not answer, or whose level cannot be
// read, is a 503 that is logged; the answer is never cached.
func TestHealthzTellsEngineAndMigration(t *testing.T) {
	down := errors.New("disque plein")
	tests := []struct {
		name   string
		store  Pinger
		status int
		body   string
		logged bool
	}{
		{"ping only", fakeStore{}, 200, `{"status":"ok","database":"ok"}`, false},
		{"sqlite", reportingStore{engine: store.SQLite, version: 16}, 200,
			`{"status":"ok","database":"ok","engine":"sqlite","migration":16}`, false},
		{"postgres", reportingStore{engine: store.Postgres, version: 14}, 200,
			`{"status":"ok","database":"ok","engine":"postgres","migration":14}`, false},
		{"database down", reportingStore{fakeStore: fakeStore{err: down}, engine: store.Postgres, version: 14}, 503,
			`{"status":"indisponible","database":"injoignable","engine":"postgres"}`, true},
		{"level unreadable", reportingStore{engine: store.SQLite, versionErr: down}, 503,
			`{"status":"indisponible","database":"injoignable","engine":"sqlite"}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, logs := newTestServer(t, tt.store)
			res, _ := apiScenario{method: "GET", path: "/healthz", status: tt.status}.run(t, h, nil)
			body := healthBody(t, h)
			if body != tt.body+"\n" {
				t.Errorf("body %q, want %q", body, tt.body)
			}
			if got := res.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control %q", got)
			}
			if logged := strings.Contains(logs.String(), "disque plein"); logged != tt.logged {
				t.Errorf("logged %v, want %v:\n%s", logged, tt.logged, logs.String())
			}
		})
	}
}

// TestHealthzOverTheStore reads the real store of the tests' engine: its
// engine and the level its migrations brought it to; HEAD answers the
// same status without a body.
func TestHealthzOverTheStore(t *testing.T) {
	db := storetest.Open(t)
	all, err := db.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	h, _ := newTestServer(t, db)
	want := fmt.Sprintf(`{"status":"ok","database":"ok","engine":"%s","migration":%d}`+"\n", storetest.Engine(), all[len(all)-1].Version)
	if body := healthBody(t, h); body != want {
		t.Errorf("GET body %q, want %q", body, want)
	}
	// Through a real server: a recorder keeps what a HEAD handler writes,
	// net/http drops it.
	srv := httptest.NewServer(h)
	defer srv.Close()
	res, err := http.Head(srv.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if body, _ := io.ReadAll(res.Body); res.StatusCode != http.StatusOK || len(body) != 0 {
		t.Errorf("HEAD: status %d, body %q", res.StatusCode, body)
	}
}

// healthBody is the body of GET /healthz; it fails the test unless the
// status is 200 or 503.
func healthBody(t *testing.T, h http.Handler) string {
	t.Helper()
	res, body := apiScenario{method: "GET", path: "/healthz"}.send(h)
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("GET /healthz: status %d", res.StatusCode)
	}
	return body
}
