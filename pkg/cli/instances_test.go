//go:build linux

package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// instancesChildEnv names the database the child `courtier serve`
// processes of TestTwoInstances run on.
const instancesChildEnv = "COURTIER_INSTANCES_DB"

// instancesPassword is every account's password in these tests.
const instancesPassword = "cheval-agrafe-correct-2026"

// maxCrossDelay is how late a message written on one instance may reach
// a stream on the other: a NOTIFY wakes it at once, the poll each second
// is the fallback.
const maxCrossDelay = time.Second

// promptDelay is how soon a notified stream gets a message. With the poll
// alone, a message sent at most 272 ms after the beat that brought the
// one before waits some 700 ms or more for the next beat.
const promptDelay = 250 * time.Millisecond

// TestTwoInstances runs two real `courtier serve` processes, A and B, on
// one PostgreSQL database, and checks what must hold across them: the
// session, the live chat, the take of a desk request, the sign-in limits
// and the periodic purges.
func TestTwoInstances(t *testing.T) {
	if dsn := os.Getenv(instancesChildEnv); dsn != "" {
		os.Exit(Main(serveArgs(dsn)))
	}
	requirePostgres(t)
	dsn := storetest.DSN(t)
	for _, email := range []string{"agent1@exemple.fr", "agent2@exemple.fr"} {
		createAccount(t, dsn, email, "agent", instancesPassword)
	}
	createAccount(t, dsn, "purge@exemple.fr", "client", instancesPassword)
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })

	// A starts alone and purges the ended sessions of the first batch;
	// the second batch, ended as well, is written before B starts: B must
	// leave it to the next period: A claimed this one.
	first := insertEndedSessions(t, db, "purge@exemple.fr", 7)
	a := startInstances(t, "TestTwoInstances", instancesChildEnv, dsn, "A")[0]
	waitUntil(t, 20*time.Second, "A purges the ended sessions", func() bool { return countSessions(t, db, first) == 0 })
	second := insertEndedSessions(t, db, "purge@exemple.fr", 5)
	b := startInstances(t, "TestTwoInstances", instancesChildEnv, dsn, "B")[0]

	t.Run("session", func(t *testing.T) { testSessionAcross(t, a, b) })
	t.Run("chat", func(t *testing.T) { testChatAcross(t, a, b) })
	t.Run("desk take race", func(t *testing.T) { testDeskTakeRace(t, a, b) })
	t.Run("sign-in limits", func(t *testing.T) { testSignInLimitsAcross(t, a, b) })
	t.Run("purge once", func(t *testing.T) {
		if n := countSessions(t, db, first); n != 0 {
			t.Errorf("%d sessions of the first batch are still there", n)
		}
		if n := countSessions(t, db, second); n != len(second) {
			t.Errorf("%d of the %d ended sessions written after A's purge remain: B purged in A's period", n, len(second))
		}
		for _, task := range []string{"purge-sessions", "purge-conversations"} {
			var holder string
			err := db.ReadTx(t.Context(), func(tx *store.Tx) error {
				return tx.QueryRowContext(t.Context(), "SELECT holder FROM task_runs WHERE name = ?", task).Scan(&holder)
			})
			if err != nil || !strings.Contains(holder, a.holderMark()) {
				t.Errorf("task_runs %s: holder %q (%v), want A's (pid %s)", task, holder, err, strings.Trim(a.holderMark(), "/"))
			}
		}
		const done = "sessions expirées supprimées"
		if na, nb := a.log.count(done), b.log.count(done); na != 1 || nb != 0 {
			t.Errorf("« %s » logged %d times by A and %d by B, want once by A", done, na, nb)
		}
		if want := fmt.Sprintf("sessions_supprimées=%d", len(first)); !strings.Contains(a.log.String(), want) {
			t.Errorf("A's log does not say %s:\n%s", want, a.log.String())
		}
	})
}

// testSessionAcross: an account registered through A signs in through B,
// and each session cookie works on the other instance; a session ended
// through B ends on A within a second, however often A served it (from
// its session cache).
func testSessionAcross(t *testing.T, a, b *instance) {
	const email, xff = "session@exemple.fr", "10.40.0.1"
	reg := mustCall(t, http.StatusCreated, "POST", a.url+"/api/auth/register", xff, "",
		map[string]any{"email": email, "password": instancesPassword, "displayName": "Léa"}, nil)
	onB := signIn(t, b, xff, email, instancesPassword)
	for _, c := range []struct {
		on     *instance
		cookie string
		from   string
	}{{b, reg.cookie, "A's registration"}, {a, onB.cookie, "B's sign-in"}} {
		var got struct{ User *struct{ Email string } }
		mustCall(t, http.StatusOK, "GET", c.on.url+"/api/session", xff, c.cookie, nil, &got)
		if got.User == nil || got.User.Email != email {
			t.Errorf("the session of %s on %s: %+v, want %s", c.from, c.on.name, got.User, email)
		}
	}
	userOn := func(in *instance, cookie string) string {
		var got struct{ User *struct{ Email string } }
		mustCall(t, http.StatusOK, "GET", in.url+"/api/session", xff, cookie, nil, &got)
		if got.User == nil {
			return ""
		}
		return got.User.Email
	}
	for range 20 {
		if got := userOn(a, reg.cookie); got != email {
			t.Fatalf("the session of A's registration on A: %q, want %s", got, email)
		}
	}
	mustCall(t, http.StatusNoContent, "POST", b.url+"/api/auth/logout", xff, reg.cookie, nil, nil)
	waitUntil(t, time.Second, "the session ended through B, on A", func() bool { return userOn(a, reg.cookie) == "" })
}

// testChatAcross: a visitor on A and an agent on B talk; each message
// reaches the other's stream within maxCrossDelay of its acknowledgement.
func testChatAcross(t *testing.T, a, b *instance) {
	const vxff, axff = "10.41.0.1", "10.41.0.2"
	var started struct{ Conversation struct{ ID string } }
	mustCall(t, http.StatusCreated, "POST", a.url+"/api/chat/conversations", vxff, "", map[string]any{}, &started)
	token := started.Conversation.ID
	// The agent is at their post on B: A learns it from the database, and
	// the hand-off waits in the inbox (with nobody online it would not).
	agent := signIn(t, b, axff, "agent1@exemple.fr", instancesPassword)
	staff := openEvents(t, b.url+"/api/chat/staff/events", axff, agent.cookie)
	staff.next(t, "inbox", 5*time.Second)
	waitUntil(t, 5*time.Second, "A sees the agent of B available", func() bool {
		var av struct{ Available bool }
		mustCall(t, http.StatusOK, "GET", a.url+"/api/chat/availability", vxff, "", nil, &av)
		return av.Available
	})
	var handOff struct{ Mode string }
	mustCall(t, http.StatusOK, "PUT", a.url+"/api/chat/conversations/"+token+"/mode", vxff, "", map[string]string{"mode": "agent"}, &handOff)
	if handOff.Mode != "agent" {
		t.Fatalf("hand-off on A with an agent on B: mode %q", handOff.Mode)
	}
	visitor := openEvents(t, a.url+"/api/chat/conversations/"+token+"/events", vxff, "")
	visitor.next(t, "state", 5*time.Second)
	staff.next(t, "inbox", 5*time.Second)
	cid := store.HashToken(token)
	mustCall(t, http.StatusOK, "POST", b.url+"/api/chat/staff/conversations/"+cid+"/take", axff, agent.cookie, nil, nil)

	// Besides the limit, most messages must come far sooner than the poll
	// would bring them: the notification woke the stream. Two late ones
	// are let pass, for a loaded machine.
	measure := func(way string, send func(text string), stream *eventStream) {
		var delays []time.Duration
		prompt := 0
		for i := range 7 {
			text := fmt.Sprintf("%s, message %d", way, i)
			send(text)
			acked := time.Now()
			d := stream.waitText(t, text, 5*time.Second).Sub(acked)
			if d > maxCrossDelay {
				t.Errorf("%s: %q reached the stream %v after its acknowledgement, more than %v", way, text, d, maxCrossDelay)
			}
			if d < promptDelay {
				prompt++
			}
			delays = append(delays, d.Round(100*time.Microsecond))
			time.Sleep(time.Duration(50+37*i) * time.Millisecond) // at another phase of the poll
		}
		t.Logf("%s: delays %v (negative: the event came before the answer)", way, delays)
		if prompt < len(delays)-2 {
			t.Errorf("%s: only %d of %d messages within %v: streams woken by the poll, not by the notification?", way, prompt, len(delays), promptDelay)
		}
	}
	measure("agent on B → visitor's stream on A", func(text string) {
		mustCall(t, http.StatusCreated, "POST", b.url+"/api/chat/staff/conversations/"+cid+"/messages", axff, agent.cookie, map[string]string{"text": text}, nil)
	}, visitor)
	measure("visitor on A → agent's stream on B", func(text string) {
		mustCall(t, http.StatusOK, "POST", a.url+"/api/chat/conversations/"+token+"/messages", vxff, "", map[string]string{"text": text}, nil)
	}, staff)
}

// testDeskTakeRace: a contact message taken at the same moment by one
// agent through A and another through B is held by exactly one of them.
func testDeskTakeRace(t *testing.T, a, b *instance) {
	sides := []struct {
		in *instance
		as signedIn
	}{
		{a, signIn(t, a, "10.42.0.1", "agent1@exemple.fr", instancesPassword)},
		{b, signIn(t, b, "10.42.0.2", "agent2@exemple.fr", instancesPassword)},
	}
	for i := range 10 {
		xff := fmt.Sprintf("10.42.1.%d", i+1)
		var sent struct{ Receipt struct{ ID string } }
		mustCall(t, http.StatusCreated, "POST", sides[i%2].in.url+"/api/contact", xff, "", map[string]any{
			"name": "Léa Martin", "email": "lea@exemple.fr", "phone": "", "subject": "quote",
			"message": fmt.Sprintf("Bonjour, où en est mon devis numéro %d ?", i), "consent": true}, &sent)
		id := sent.Receipt.ID
		var answers [2]answer
		var errs [2]error
		release := make(chan struct{})
		var wg sync.WaitGroup
		for k, s := range sides {
			wg.Go(func() {
				<-release
				answers[k], errs[k] = call(context.Background(), "POST", s.in.url+"/api/desk/requests/"+id+"/take", "10.42.0.9", s.as.cookie, nil)
			})
		}
		close(release)
		wg.Wait()
		for k, err := range errs {
			if err != nil {
				t.Fatalf("take %d through %s: %v", i, sides[k].in.name, err)
			}
		}
		winner := 0
		if answers[1].status == http.StatusOK {
			winner = 1
		}
		if answers[winner].status != http.StatusOK || answers[1-winner].status != http.StatusConflict {
			t.Errorf("take %d: A answered %d, B %d; want one 200 and one 409 (%.120s)", i, answers[0].status, answers[1].status, answers[1-winner].body)
			continue
		}
		var got struct {
			Request struct{ Assignee *struct{ UID string } }
			History []struct{ Action string }
		}
		mustCall(t, http.StatusOK, "GET", sides[1-winner].in.url+"/api/desk/requests/"+id, "10.42.0.9", sides[1-winner].as.cookie, nil, &got)
		taken := 0
		for _, e := range got.History {
			if e.Action == "taken" {
				taken++
			}
		}
		if got.Request.Assignee == nil || got.Request.Assignee.UID != sides[winner].as.uid || taken != 1 {
			t.Errorf("request %d won through %s: assignee %+v, %d « taken » in its history; want %s once",
				i, sides[winner].in.name, got.Request.Assignee, taken, sides[winner].as.uid)
		}
	}
}

// testSignInLimitsAcross: wrong passwords alternated between A and B are
// counted once, in the database: the per account and address limit and
// the per account budget refuse at the same attempt as on one instance.
func testSignInLimitsAcross(t *testing.T, a, b *instance) {
	limits := ratelimit.Default()
	both := []*instance{a, b}
	attempt := func(i int, email, xff string) int {
		in := both[i%2]
		r, err := call(t.Context(), "POST", in.url+"/api/auth/login", xff, "", map[string]any{"email": email, "password": "pas-le-bon-mot-de-passe"})
		if err != nil {
			t.Fatalf("sign-in %d through %s: %v", i, in.name, err)
		}
		return r.status
	}
	for _, email := range []string{"limite@exemple.fr", "budget@exemple.fr"} {
		mustCall(t, http.StatusCreated, "POST", a.url+"/api/auth/register", "10.43.0.1", "",
			map[string]any{"email": email, "password": instancesPassword}, nil)
	}

	// One address: SignInSlow's burst of wrong passwords, then refusals.
	slow := limits.SignInSlow.Burst
	for i := range slow + 2 {
		want := http.StatusUnauthorized
		if i >= slow {
			want = http.StatusTooManyRequests
		}
		if got := attempt(i, "limite@exemple.fr", "10.43.1.1"); got != want {
			t.Errorf("wrong password %d from one address, through %s: %d, want %d", i+1, both[i%2].name, got, want)
		}
	}

	// One address per attempt: the account's budget, then refusals. The
	// attempts run four at a time, each counted before its hash is checked.
	budget := limits.AccountBudget.Burst
	statuses := make([]int, budget)
	var wg sync.WaitGroup
	next := make(chan int)
	for range 4 {
		wg.Go(func() {
			for i := range next {
				statuses[i] = attempt(i, "budget@exemple.fr", fmt.Sprintf("10.44.%d.%d", i/200, i%200+1))
			}
		})
	}
	for i := range budget {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, st := range statuses {
		if st != http.StatusUnauthorized {
			t.Errorf("wrong password %d of the budget through %s: %d, want %d", i+1, both[i%2].name, st, http.StatusUnauthorized)
		}
	}
	for i := budget; i < budget+2; i++ {
		if got := attempt(i, "budget@exemple.fr", fmt.Sprintf("10.45.0.%d", i-budget+1)); got != http.StatusTooManyRequests {
			t.Errorf("wrong password %d, past the budget of %d, through %s: %d, want %d (the budget counts per instance?)",
				i+1, budget, both[i%2].name, got, http.StatusTooManyRequests)
		}
	}
}

// insertEndedSessions writes n sessions of email that expired an hour
// ago and answers their IDs.
func insertEndedSessions(t *testing.T, db *store.DB, email string, n int) []string {
	t.Helper()
	ago := store.FormatTime(time.Now().Add(-time.Hour))
	var ids []string
	err := db.WriteTx(t.Context(), func(tx *store.Tx) error {
		var uid string
		if err := tx.QueryRowContext(t.Context(), "SELECT uid FROM users WHERE email = ?", email).Scan(&uid); err != nil {
			return err
		}
		for range n {
			id, public := randomHex(32), randomHex(16)
			if _, err := tx.ExecContext(t.Context(), `INSERT INTO sessions (id, public_id, uid, created_at, last_seen_at, expires_at, remember)
				VALUES (?, ?, ?, ?, ?, ?, 0)`, id, public, uid, ago, ago, ago); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// countSessions is how many of the sessions ids are in the database.
func countSessions(t *testing.T, db *store.DB, ids []string) int {
	t.Helper()
	total := 0
	err := db.ReadTx(t.Context(), func(tx *store.Tx) error {
		for _, id := range ids {
			var n int
			if err := tx.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM sessions WHERE id = ?", id).Scan(&n); err != nil {
				return err
			}
			total += n
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return total
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// waitUntil polls ok every 20 ms and fails the test after within.
func waitUntil(t *testing.T, within time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, within)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
