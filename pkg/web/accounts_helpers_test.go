package web

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
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
	logs  *storetest.Buffer
	// app holds the services and the store under the server.
	app *app.App
	// apps are the authenticator apps of the accounts whose second
	// factor browserSignIn set up, by e-mail.
	apps   map[string]*authApp
	appsMu sync.Mutex
}

type envOption func(*Config, *app.Config)

func withSecureCookies(c *Config, _ *app.Config) { c.SecureCookies = true }

func newAPI(t testing.TB, opts ...envOption) *apiEnv {
	t.Helper()
	env := &apiEnv{clock: storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)), logs: &storetest.Buffer{}, apps: map[string]*authApp{}}
	logger := slog.New(slog.NewTextHandler(env.logs, nil))
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Logger: logger, Store: fakeStore{}, Company: p, Site: testFiles(), Routes: testTable()}
	acfg := app.Config{Logger: logger, Now: env.clock.Now, Account: account.Config{Argon: testArgon}}
	for _, o := range opts {
		o(&cfg, &acfg)
	}
	if cfg.App, err = app.New(storetest.Open(t), acfg); err != nil {
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
	return apiScenario{method: method, path: url, body: body, cookie: cookie}.send(e.h)
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

// signIn signs email in through the API, as a browser does (browserSignIn),
// and returns its cookie.
func (e *apiEnv) signIn(t testing.TB, email string, remember bool) string {
	t.Helper()
	res, body, cookie := e.browserSignIn(t, email, remember, func(method, url, body, cookie string) (*http.Response, string) {
		return e.do(t, method, url, body, cookie)
	})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("sign-in %s: %d %s", email, res.StatusCode, body)
	}
	return cookie
}

// authApp is the authenticator app of an account whose second factor was
// set up through the API: its secret, the last time step whose code
// served (each step's code serves once), and the recovery codes left.
type authApp struct {
	secret   string
	step     int64
	recovery []string
}

// browserSignIn signs email in with goodPassword as a browser does, each
// request sent by send: the password; then, when the server asks for it,
// the next code of the account's app (nextCode); and for staff without a
// second factor, its set-up (setUpApp), which the broker's side asks of
// them before anything else. It answers the sign-in's last response, its
// body and the session cookie ("" when none opened).
func (e *apiEnv) browserSignIn(t testing.TB, email string, remember bool, send func(method, url, body, cookie string) (*http.Response, string)) (*http.Response, string, string) {
	t.Helper()
	res, body := send("POST", "/api/auth/login", jsonOf(map[string]any{"email": email, "password": goodPassword, "remember": remember}), "")
	if res.StatusCode != http.StatusOK {
		return res, body, ""
	}
	var out struct {
		User *struct {
			Role      account.Role `json:"role"`
			TwoFactor bool         `json:"twoFactor"`
		} `json:"user"`
		SecondFactor *struct {
			Ticket string `json:"ticket"`
		} `json:"secondFactor"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("sign-in %s: %v in %s", email, err, body)
	}
	if out.SecondFactor != nil {
		if _, c := sessionCookieOf(res); c != "" {
			t.Fatalf("sign-in %s: a session before the code: %s", email, c)
		}
		res, body = send("POST", "/api/auth/login/code", jsonOf(map[string]string{"ticket": out.SecondFactor.Ticket, "code": e.nextCode(t, email)}), "")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("sign-in %s, the code: %d %s", email, res.StatusCode, body)
		}
	}
	_, cookie := sessionCookieOf(res)
	if u := out.User; u != nil && u.Role != account.RoleClient && !u.TwoFactor && cookie != "" {
		e.setUpApp(t, email, cookie, send)
	}
	return res, body, cookie
}

// setUpApp sets up the second factor of email's account, signed in with
// cookie, as its owner does on the page the broker's side sends staff to:
// the secret (the QR code's), a first code of the app at the env's clock,
// the password; the session then reaches the broker's side. The env keeps
// the app and the recovery codes for the next sign-ins.
func (e *apiEnv) setUpApp(t testing.TB, email, cookie string, send func(method, url, body, cookie string) (*http.Response, string)) {
	t.Helper()
	res, body := send("POST", "/api/profile/two-factor/setup", "", cookie)
	var setup struct{ Secret string }
	if err := json.Unmarshal([]byte(body), &setup); res.StatusCode != http.StatusOK || err != nil || setup.Secret == "" {
		t.Fatalf("second factor of %s, set-up: %d %s", email, res.StatusCode, body)
	}
	now := e.clock.Now()
	res, body = send("POST", "/api/profile/two-factor/enable", jsonOf(map[string]string{"code": accounttest.Code(t, setup.Secret, now), "password": goodPassword}), cookie)
	var enabled struct{ RecoveryCodes []string }
	if err := json.Unmarshal([]byte(body), &enabled); res.StatusCode != http.StatusOK || err != nil || len(enabled.RecoveryCodes) != account.RecoveryCodes {
		t.Fatalf("second factor of %s, enable: %d %s", email, res.StatusCode, body)
	}
	e.appsMu.Lock()
	defer e.appsMu.Unlock()
	e.apps[email] = &authApp{secret: setup.Secret, step: totpStepOf(now), recovery: enabled.RecoveryCodes}
}

// nextCode is the code email's app gives for the next sign-in. A code
// serves once per 30-second step and the server takes one step of skew
// either way, so it is the code of the first step after the last used
// that the env's clock still allows (often the next step, the clock
// standing still); when none is left, a recovery code (whose use the
// owner is told of by e-mail).
func (e *apiEnv) nextCode(t testing.TB, email string) string {
	t.Helper()
	e.appsMu.Lock()
	defer e.appsMu.Unlock()
	a := e.apps[email]
	if a == nil {
		t.Fatalf("sign-in %s: a code asked, and no app set up through the env", email)
	}
	now := totpStepOf(e.clock.Now())
	if step := max(a.step+1, now-1); step <= now+1 {
		a.step = step
		return accounttest.Code(t, a.secret, time.Unix(step*30, 0))
	}
	if len(a.recovery) == 0 {
		t.Fatalf("sign-in %s: no code of the app nor recovery code left", email)
	}
	code := a.recovery[0]
	a.recovery = a.recovery[1:]
	return code
}

// totpStepOf is the RFC 6238 time step (30 seconds) of t.
func totpStepOf(t time.Time) int64 { return t.Unix() / 30 }

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
