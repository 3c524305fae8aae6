package web

import (
	"net/http/httptest"
	"testing"
	"time"
)

// BenchmarkQuoteRequest measures POST /api/quotes end to end for a
// signed-in client: validation, the desk's request and its history, the
// quote's row and, since issue 19, the event of its receipt in the same
// transaction. The clock moves 6 minutes per request, the client's limit
// (10 an hour). scripts/outbox-bench.sh runs it beside the commit before
// the outbox to measure what the event costs.
func BenchmarkQuoteRequest(b *testing.B) {
	env := chatBenchEnv(b)
	cookie := env.signUp(b, "marie@exemple.fr")
	body := quoteBody("home", goodQuoteDetails["home"])
	for b.Loop() {
		env.clock.Advance(6 * time.Minute)
		req := apiScenario{method: "POST", path: "/api/quotes", body: body, cookie: cookie}.request()
		rec := httptest.NewRecorder()
		env.h.ServeHTTP(rec, req)
		if rec.Code != 201 {
			b.Fatalf("quote: %d %s", rec.Code, rec.Body)
		}
	}
}
