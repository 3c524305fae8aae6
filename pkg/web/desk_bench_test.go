package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// deskBenchRequests is the size of the queue BenchmarkDeskQueue reads: a
// broker's years of requests, most of them closed.
const deskBenchRequests = 100_000

// BenchmarkDeskQueue measures GET /api/desk/requests, the page staff wait
// on, over 100,000 requests of the four kinds, mixed statuses and
// assignees: the session check, the queue's query (nearest running
// deadline first, 200 rows), the assignees' names and the JSON. The HTTP
// handler is the unit rather than desk.Service.Queue: what staff wait for
// is the answer, and the three other figures of the engines' table
// (session check, sign-in, chat) are handlers too. "default" is the first
// page as the desk opens it (open requests, no filter); "search" is a
// name typed in the search box across every state, as when a client calls.
func BenchmarkDeskQueue(b *testing.B) {
	env, cookie := deskBenchEnv(b)
	for _, c := range []struct{ name, url string }{
		{"default", "/api/desk/requests"},
		{"search", "/api/desk/requests?state=all&q=martin"},
	} {
		b.Run(c.name, func(b *testing.B) {
			// Once, outside the measure: the page is full.
			if _, body := env.do(b, "GET", c.url, "", cookie); strings.Count(body, `"ref":`) != 200 {
				b.Fatalf("%s: %d requests, 200 expected: %.300s", c.url, strings.Count(body, `"ref":`), body)
			}
			for b.Loop() {
				req := apiScenario{method: "GET", path: c.url, cookie: cookie}.request()
				rec := httptest.NewRecorder()
				env.h.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("%s: %d %.300s", c.url, rec.Code, rec.Body)
				}
			}
		})
	}
}

// deskBenchEnv is a server with quiet logs, the role matrix and four more
// agents, and deskBenchRequests requests; it returns an agent's cookie.
func deskBenchEnv(b *testing.B) (*apiEnv, string) {
	b.Helper()
	ctx := context.Background()
	env := chatBenchEnv(b)
	cookies := env.people(b)
	uid := func(email string) string {
		u, err := env.svc.GetByEmail(ctx, email)
		if err != nil {
			b.Fatal(err)
		}
		return u.UID
	}
	staff := []string{uid("agent@exemple.fr"), uid("admin@exemple.fr")}
	for n := 1; n <= 4; n++ {
		email := fmt.Sprintf("agent%d@exemple.fr", n)
		if _, err := env.svc.Create(ctx, account.NewUser{Email: email, Password: goodPassword, DisplayName: fmt.Sprintf("Agent %d", n)}); err != nil {
			b.Fatal(err)
		}
		if _, _, err := env.svc.SetRole(ctx, email, account.RoleAgent); err != nil {
			b.Fatal(err)
		}
		staff = append(staff, uid(email))
	}
	start := time.Now()
	seedRequests(b, env.app.Store, deskBenchRequests, uid("client@exemple.fr"), staff)
	b.Logf("%d requests seeded on %s in %s", deskBenchRequests, env.app.Store.Engine(), time.Since(start).Round(time.Millisecond))
	return env, cookies["agent"]
}

// seedRequests adds n requests in one statement both engines run: a
// recursive CTE numbers them, and each number decides the kind (one in
// four of each), the status (six in ten closed, the rest spread over the
// kind's statuses), the assignee (none, or one of staff in turn), the
// client (a third from the account client, the rest visitors), the product
// and a deadline around the test clock's day (2026-03-02), some past.
// Only the shared table is filled: the queue reads nothing else.
func seedRequests(b *testing.B, db *store.DB, n int, client string, staff []string) {
	b.Helper()
	pad2 := func(x string) string { return "substr(CAST(100 + " + x + " AS TEXT), 2)" }
	assignee := fmt.Sprintf("CASE i %% %d", len(staff)+1)
	args := []any{n, client}
	for k, s := range staff {
		assignee += fmt.Sprintf(" WHEN %d THEN CAST(? AS TEXT)", k+1)
		args = append(args, s)
	}
	assignee += " END"
	status := `CASE WHEN s < 6 THEN 'closed' ELSE CASE kind
		WHEN 'quote' THEN CASE s WHEN 6 THEN 'received' WHEN 7 THEN 'in_review' WHEN 8 THEN 'offered' ELSE 'accepted' END
		WHEN 'contact' THEN CASE s WHEN 6 THEN 'received' WHEN 7 THEN 'in_progress' WHEN 8 THEN 'answered' ELSE 'received' END
		WHEN 'callback' THEN CASE s WHEN 6 THEN 'received' WHEN 7 THEN 'in_progress' WHEN 8 THEN 'called' ELSE 'in_progress' END
		ELSE CASE s WHEN 6 THEN 'received' WHEN 7 THEN 'acknowledged' WHEN 8 THEN 'in_progress' ELSE 'answered' END END END`
	created := "'2025-' || " + pad2("i % 12 + 1") + " || '-' || " + pad2("i / 12 % 28 + 1") + " || 'T' || " + pad2("i % 24") +
		" || ':' || " + pad2("i / 7 % 60") + " || ':' || " + pad2("i / 13 % 60") + " || '.000Z'"
	due := "'2026-03-0' || CAST(i % 5 + 1 AS TEXT) || 'T' || " + pad2("i % 24") + " || ':' || " + pad2("i / 24 % 60") + " || ':00.000Z'"
	query := `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
		INSERT INTO requests (id, kind, ref, uid, name, email, phone, product, summary, status, assignee, due_at, created_at, updated_at)
		SELECT 'bq-' || CAST(i AS TEXT), kind,
			CASE kind WHEN 'quote' THEN 'DV' WHEN 'contact' THEN 'CT' WHEN 'callback' THEN 'RA' ELSE 'RC' END
				|| '-2025-' || substr(CAST(1000000 + i AS TEXT), 2),
			CASE WHEN i % 3 = 0 THEN CAST(? AS TEXT) END,
			CASE i % 7 WHEN 0 THEN 'Martin' WHEN 1 THEN 'Bernard' WHEN 2 THEN 'Dubois' WHEN 3 THEN 'Thomas'
				WHEN 4 THEN 'Robert' WHEN 5 THEN 'Richard' ELSE 'Petit' END || ' ' || CAST(i AS TEXT),
			'client' || CAST(i AS TEXT) || '@exemple.fr',
			'06' || substr(CAST(100000000 + i * 7919 % 100000000 AS TEXT), 2),
			CASE i % 5 WHEN 0 THEN 'car' WHEN 1 THEN 'home' WHEN 2 THEN 'health' WHEN 3 THEN 'moto' ELSE '' END,
			'Demande ' || CAST(i AS TEXT),
			` + status + `,
			` + assignee + `,
			CASE WHEN s < 6 THEN NULL ELSE ` + due + ` END,
			` + created + `, ` + created + `
		FROM (SELECT i, i / 4 % 10 AS s,
			CASE i % 4 WHEN 0 THEN 'quote' WHEN 1 THEN 'contact' WHEN 2 THEN 'callback' ELSE 'complaint' END AS kind FROM k) AS x`
	ctx := context.Background()
	err := db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, query, args...)
		return err
	})
	if err != nil {
		b.Fatalf("seeding %d requests: %v", n, err)
	}
	if db.Engine() == store.Postgres {
		// Autovacuum analyses a table this changed within a minute in
		// production; the benchmark does not wait for it. SQLite has no
		// such daemon and courtier runs no ANALYZE, so it gets none.
		err := db.WriteTx(ctx, func(tx *store.Tx) error {
			_, err := tx.ExecContext(ctx, "ANALYZE requests")
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
