package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/company"
	"courtier/pkg/store/storetest"
)

// testArgon makes hashing cheap in tests; production uses account.DefaultParams.
var testArgon = account.Params{Memory: 64, Time: 1, Threads: 1}

const goodPassword = "cheval-agrafe-correct-42"

// fakeClock is a clock tests move by hand.
type fakeClock = storetest.Clock

// newTestServices builds the account and quote services over one temp database.
func newTestServices(t testing.TB, logger *slog.Logger, now func() time.Time) *app.App {
	t.Helper()
	a, err := app.New(storetest.Open(t), app.Config{Logger: logger, Now: now, Account: account.Config{Argon: testArgon}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// apiEnv is a server over a temp database with a clock the test moves.
type apiEnv struct {
	srv   *Server
	h     http.Handler
	svc   *account.Service
	clock *fakeClock
	logs  *logBuffer
	// app holds the services and the store under the server.
	app *app.App
}

type envOption func(*Config, *account.Config)

func withSecureCookies(c *Config, _ *account.Config) { c.SecureCookies = true }

func newAPI(t testing.TB, opts ...envOption) *apiEnv {
	t.Helper()
	env := &apiEnv{clock: storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)), logs: &logBuffer{}}
	logger := slog.New(slog.NewTextHandler(env.logs, nil))
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Logger: logger, Store: fakeStore{}, Company: p, Site: testFiles(), Routes: testTable(), Now: env.clock.Now}
	acfg := account.Config{Logger: logger, Now: env.clock.Now, Argon: testArgon}
	for _, o := range opts {
		o(&cfg, &acfg)
	}
	if cfg.App, err = app.New(storetest.Open(t), app.Config{Logger: logger, Now: env.clock.Now, Account: acfg}); err != nil {
		t.Fatal(err)
	}
	env.svc, env.app = cfg.App.Accounts, cfg.App
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	env.srv, env.h = srv, srv.Handler()
	return env
}

// do sends one request with an optional cookie header and returns the
// response and its body.
func (e *apiEnv) do(t testing.TB, method, url, body, cookie string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// sessionCookie returns the "name=value" of the session cookie a response set.
func sessionCookieOf(res *http.Response) (*http.Cookie, string) {
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "courtier_session") {
			return c, c.Name + "=" + c.Value
		}
	}
	return nil, ""
}

// signUp registers email as a client through the API and returns its cookie.
func (e *apiEnv) signUp(t testing.TB, email string) string {
	t.Helper()
	res, body := e.do(t, "POST", "/api/auth/register", `{"email":"`+email+`","password":"`+goodPassword+`"}`, "")
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("sign-up %s: %d %s", email, res.StatusCode, body)
	}
	_, cookie := sessionCookieOf(res)
	return cookie
}

// signIn signs email in through the API and returns its cookie.
func (e *apiEnv) signIn(t testing.TB, email string, remember bool) string {
	t.Helper()
	r := "false"
	if remember {
		r = "true"
	}
	res, body := e.do(t, "POST", "/api/auth/login", `{"email":"`+email+`","password":"`+goodPassword+`","remember":`+r+`}`, "")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("sign-in %s: %d %s", email, res.StatusCode, body)
	}
	_, cookie := sessionCookieOf(res)
	return cookie
}

// whoAmI returns the e-mail GET /api/session answers for cookie, "" when anonymous.
func (e *apiEnv) whoAmI(t testing.TB, cookie string) string {
	t.Helper()
	res, body := e.do(t, "GET", "/api/session", "", cookie)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/session: %d %s", res.StatusCode, body)
	}
	if strings.Contains(body, `{"user":null}`) {
		return ""
	}
	_, rest, _ := strings.Cut(body, `"email":"`)
	email, _, _ := strings.Cut(rest, `"`)
	return email
}

// people signs up the role matrix: two clients, an agent and an admin,
// and returns their cookies by name.
func (e *apiEnv) people(t testing.TB) map[string]string {
	t.Helper()
	ctx := context.Background()
	cookies := map[string]string{"anonymous": ""}
	for who, role := range map[string]account.Role{"client": account.RoleClient, "other": account.RoleClient, "agent": account.RoleAgent, "admin": account.RoleAdmin} {
		email := who + "@exemple.fr"
		e.signUp(t, email)
		if role != account.RoleClient {
			if _, _, err := e.svc.SetRole(ctx, email, role); err != nil {
				t.Fatal(err)
			}
		}
		cookies[who] = e.signIn(t, email, false)
	}
	return cookies
}
