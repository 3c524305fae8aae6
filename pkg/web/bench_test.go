package web

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/ratelimit"
)

// benchEnv is a server with the production Argon2id costs, quiet logs and
// limits high enough not to stop a benchmark.
func benchEnv(b *testing.B) *apiEnv {
	b.Helper()
	return benchEnvWith(b, nil)
}

// benchEnvWith is benchEnv serving the given site files (nil: the test
// files), with the App's background tasks running as under `courtier
// serve` (on PostgreSQL, the listener the session cache rests on).
func benchEnvWith(b *testing.B, files fs.FS) *apiEnv {
	b.Helper()
	env := newAPI(b, func(c *Config, a *app.Config) {
		if files != nil {
			c.Site = files
		}
		c.Logger = slog.New(slog.DiscardHandler)
		a.Logger = c.Logger
		a.Account.Argon = account.DefaultParams()
		a.Limits = ratelimit.Default()
		a.Limits.SignInAddress = ratelimit.Rule{Burst: 1 << 30, Every: time.Minute}
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- env.app.Run(ctx) }()
	b.Cleanup(func() {
		cancel()
		<-done
	})
	return env
}

// BenchmarkSignIn measures sign-ins (Argon2id m=19456 KiB, t=2, p=1, at
// most 2 at once) from parallel clients: the server's sign-in throughput.
func BenchmarkSignIn(b *testing.B) {
	env := benchEnv(b)
	env.signUp(b, "marie@exemple.fr")
	body := `{"email":"marie@exemple.fr","password":"` + goodPassword + `"}`
	b.ResetTimer()
	login := apiScenario{method: "POST", path: "/api/auth/login", body: body}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := login.request()
			rec := httptest.NewRecorder()
			env.h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatalf("sign-in: %d %s", rec.Code, rec.Body)
			}
		}
	})
}

// BenchmarkSessionRequest measures GET /api/session with a session cookie:
// cookie signature check, one indexed query, JSON answer.
func BenchmarkSessionRequest(b *testing.B) {
	env := benchEnv(b)
	cookie := env.signUp(b, "marie@exemple.fr")
	b.ResetTimer()
	for b.Loop() {
		req := apiScenario{method: "GET", path: "/api/session", cookie: cookie}.request()
		rec := httptest.NewRecorder()
		env.h.ServeHTTP(rec, req)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "marie@exemple.fr") {
			b.Fatalf("session: %d %s", rec.Code, rec.Body)
		}
	}
}

// BenchmarkSessionRequestNoCookie is GET /api/session for a visitor: the
// reference a session-checked request is compared with.
func BenchmarkSessionRequestNoCookie(b *testing.B) {
	env := benchEnv(b)
	b.ResetTimer()
	for b.Loop() {
		req := apiScenario{method: "GET", path: "/api/session"}.request()
		rec := httptest.NewRecorder()
		env.h.ServeHTTP(rec, req)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"user":null`) {
			b.Fatalf("session: %d %s", rec.Code, rec.Body)
		}
	}
}

// BenchmarkSessionRequestParallel is BenchmarkSessionRequest from parallel
// clients, one per Go processor.
func BenchmarkSessionRequestParallel(b *testing.B) { benchSessionParallel(b, 1) }

// BenchmarkSessionRequest50 is the session check of 50 signed-in clients
// at once, as a busy server sees them: on PostgreSQL each check waits for a
// round trip to the database, which other clients' checks fill meanwhile.
func BenchmarkSessionRequest50(b *testing.B) {
	benchSessionParallel(b, max(1, 50/runtime.GOMAXPROCS(0)))
}

// benchSessionParallel runs parallelism × GOMAXPROCS clients of one account.
func benchSessionParallel(b *testing.B, parallelism int) {
	env := benchEnv(b)
	cookie := env.signUp(b, "marie@exemple.fr")
	b.SetParallelism(parallelism)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := apiScenario{method: "GET", path: "/api/session", cookie: cookie}.request()
			rec := httptest.NewRecorder()
			env.h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatalf("session: %d %s", rec.Code, rec.Body)
			}
		}
	})
}
