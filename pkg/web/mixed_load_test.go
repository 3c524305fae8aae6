package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtier/pkg/app"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestMixedLoad sends sign-ups, chat messages, claims and quote requests
// from 16 clients at once while the App's background tasks run, the
// dispatcher of the events among them: some 2,300 write transactions from
// the requests and the handling of 1,200 events, which contend on the
// outbox, the users, the sessions and the requests' numbering. Every
// request must succeed (none 5xx: a sign-up once answered 500 when its
// transaction lost to concurrent ones ten times in a row), every event be
// handled, and no failure, a serialization failure least of all, reach
// the log. PostgreSQL only: SQLite's single writer makes the writers wait
// their turn, it never fails one for another.
func TestMixedLoad(t *testing.T) {
	if storetest.Engine() != store.Postgres {
		t.Skip("PostgreSQL seulement: SQLite's single writer never fails to serialize a transaction")
	}
	env := newAPI(t, func(c *Config, a *app.Config) {
		open := ratelimit.Rule{Burst: 1 << 20, Every: time.Millisecond}
		a.Limits = ratelimit.Default()
		a.Limits.ChatStarts, a.Limits.ChatAddress, a.Limits.ChatConversation = open, open, open
		a.Limits.SignInAddress = open
	})
	// A client may declare and ask only so many a day: enough clients
	// that none meets its limits.
	clients := make([]string, 32)
	for i := range clients {
		clients[i] = env.signUp(t, fmt.Sprintf("client%d@exemple.fr", i))
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- env.app.Run(ctx) }()
	defer func() {
		cancel()
		<-done
	}()

	const signUps = 700
	start := time.Now()
	statuses, failures := runLoad(mixedLoad(env, clients, signUps), 16)
	t.Logf("in %v: %v", time.Since(start).Round(time.Millisecond), statuses)
	for _, f := range failures[:min(len(failures), 5)] {
		t.Errorf("answered %s", f)
	}
	if len(failures) > 5 {
		t.Errorf("and %d more", len(failures)-5)
	}
	if n := countRows(t, env, "SELECT count(*) FROM users"); n != signUps+len(clients) {
		t.Errorf("%d accounts, want %d", n, signUps+len(clients))
	}
	deadline := time.Now().Add(10 * time.Second)
	for n := 1; n > 0; {
		if n = countRows(t, env, "SELECT count(*) FROM event_deliveries WHERE done_at IS NULL"); n > 0 && time.Now().After(deadline) {
			t.Fatalf("%d deliveries still pending", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for line := range strings.Lines(env.logs.String()) {
		if strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN") || strings.Contains(line, "SQLSTATE") {
			t.Errorf("logged: %s", line)
		}
	}
}

// loadJob is one request of a load (for the chat, a conversation: its
// start and its messages, the last answer returned).
type loadJob struct {
	kind string
	run  func() (*http.Response, string)
}

// mixedLoad is signUps sign-ups, 60 conversations of 6 messages, 250
// claims and 250 quote requests by clients (cookies), the kinds
// interleaved so that each runs beside the others.
func mixedLoad(env *apiEnv, clients []string, signUps int) []loadJob {
	var jobs []loadJob
	for i := range signUps {
		body := fmt.Sprintf(`{"email":"charge%d@exemple.fr","password":"%s"}`, i, goodPassword)
		jobs = append(jobs, loadJob{"sign-up", func() (*http.Response, string) {
			return env.sendFrom("POST", "/api/auth/register", body, "", "")
		}})
	}
	for i := range 60 {
		jobs = append(jobs, loadJob{"chat", func() (*http.Response, string) { return env.converse(fmt.Sprintf("198.51.100.%d", i), 6) }})
	}
	quote := quoteBody("car", goodQuoteDetails["car"])
	for i := range 250 {
		who := clients[i%len(clients)]
		jobs = append(jobs,
			loadJob{"claim", func() (*http.Response, string) { return env.sendFrom("POST", "/api/claims", claimBody, who, "") }},
			loadJob{"quote", func() (*http.Response, string) { return env.sendFrom("POST", "/api/quotes", quote, who, "") }})
	}
	mixed := make([]loadJob, 0, len(jobs))
	for step := range 7 {
		for i := step; i < len(jobs); i += 7 {
			mixed = append(mixed, jobs[i])
		}
	}
	return mixed
}

// converse opens a visitor's conversation from ip and sends it n
// messages; it returns the first answer that is not a success, or the last.
func (e *apiEnv) converse(ip string, n int) (*http.Response, string) {
	res, body := e.sendFrom("POST", "/api/chat/conversations", "", "", ip)
	var got conversationBody
	if res.StatusCode != http.StatusCreated || json.Unmarshal([]byte(body), &got) != nil {
		return res, body
	}
	for range n {
		res, body = e.sendFrom("POST", "/api/chat/conversations/"+got.Conversation.ID+"/messages", `{"text":"Une assurance pour ma voiture ?"}`, "", ip)
		if res.StatusCode >= 300 {
			break
		}
	}
	return res, body
}

// runLoad runs jobs from workers goroutines at once; it returns how many
// answers of each kind and status came back, and the answers that were
// no success (a limit met would mean that the load is not what it says).
func runLoad(jobs []loadJob, workers int) (statuses map[string]int, failures []string) {
	var next atomic.Int64
	var mu sync.Mutex
	statuses = map[string]int{}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(jobs); i = int(next.Add(1)) - 1 {
				res, body := jobs[i].run()
				mu.Lock()
				statuses[fmt.Sprintf("%s %d", jobs[i].kind, res.StatusCode)]++
				if res.StatusCode >= 300 {
					failures = append(failures, fmt.Sprintf("%s: %d %s", jobs[i].kind, res.StatusCode, body))
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return statuses, failures
}

// sendFrom is do from the address ip (the test's default when empty), for
// concurrent use: it fails nothing, the caller judges the answer.
func (e *apiEnv) sendFrom(method, url, body, cookie, ip string) (*http.Response, string) {
	return apiScenario{method: method, path: url, body: body, cookie: cookie, from: ip}.send(e.h)
}
