//go:build linux

package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"courtier/pkg/account/accounttest"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// requirePostgres skips a test of several instances on one database.
func requirePostgres(t *testing.T) {
	t.Helper()
	if storetest.Engine() != store.Postgres {
		t.Skip("several instances share one database on PostgreSQL; SQLite is one machine's")
	}
}

// serveArgs is the command line of an instance's child process.
func serveArgs(dsn string) []string {
	return []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--trusted-proxies", "127.0.0.1/32"}
}

// instance is one `courtier serve` child process.
type instance struct {
	name string
	cmd  *exec.Cmd
	url  string
	// log is everything the child wrote on its stderr (its slog lines).
	log *readyLog
	// dead is set just before the kill: a load sends its next requests
	// to the survivor.
	dead  atomic.Bool
	ended sync.Once
}

// startInstances starts one child per name, together, each re-running
// the test binary's test (which must serve when envName is set) on dsn,
// and waits until every one is ready. They are killed when the test ends,
// before the database's schema is dropped.
func startInstances(t *testing.T, test, envName, dsn string, names ...string) []*instance {
	t.Helper()
	out := make([]*instance, len(names))
	for i, name := range names {
		in := &instance{name: name, log: &readyLog{ready: make(chan string, 1)}}
		in.cmd = exec.Command(os.Args[0], "-test.run=^"+test+"$")
		in.cmd.Env = append(os.Environ(), envName+"="+dsn)
		in.cmd.Stderr = in.log
		// No server outlives a test binary killed by its timeout.
		in.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := in.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(in.kill)
		out[i] = in
	}
	for _, in := range out {
		select {
		case in.url = <-in.log.ready:
		case <-time.After(60 * time.Second):
			t.Fatalf("instance %s did not start:\n%s", in.name, in.log.String())
		}
	}
	return out
}

// kill ends the child with SIGKILL (nothing is flushed, nothing is
// closed) and waits for it; again does nothing.
func (in *instance) kill() {
	in.ended.Do(func() {
		in.dead.Store(true)
		in.cmd.Process.Kill() //nolint:errcheck // it may have died already
		in.cmd.Wait()         //nolint:errcheck // killed: the status says so
	})
}

// holderMark is what the instance's name in task_runs holds of it: its process ID.
func (in *instance) holderMark() string { return fmt.Sprintf("/%d/", in.cmd.Process.Pid) }

// readyLog keeps a child's stderr and hands over its URL once the line
// « serveur prêt » is written.
type readyLog struct {
	storetest.Buffer
	ready chan string
	found atomic.Bool
}

var readyURL = regexp.MustCompile(`serveur prêt.* url=(http://\S+)`)

func (l *readyLog) Write(p []byte) (int, error) {
	n, err := l.Buffer.Write(p)
	// Only the first lines are searched: the log of a loaded server grows.
	if !l.found.Load() {
		if m := readyURL.FindStringSubmatch(l.String()); m != nil {
			l.found.Store(true)
			l.ready <- m[1]
		}
	}
	return n, err
}

// count is how many lines of the log contain s.
func (l *readyLog) count(s string) int { return strings.Count(l.String(), s) }

// answer is an instance's answer to one API request.
type answer struct {
	status int
	body   []byte
	// cookie is "name=value" of the Set-Cookie, "" when none.
	cookie string
}

// apiClient is the client of every request of these tests.
var apiClient = &http.Client{Timeout: 20 * time.Second}

// call sends body as JSON (none when nil) from client address xff, with
// the session cookie when not empty. Neither Origin nor Sec-Fetch-Site is
// sent: the cross-origin protection lets such a request through, as it
// does a same-origin one.
func call(ctx context.Context, method, url, xff, cookie string, body any) (answer, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return answer{}, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return answer{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("X-Forwarded-For", xff)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := apiClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	a := answer{status: res.StatusCode}
	if a.body, err = io.ReadAll(res.Body); err != nil {
		return answer{}, err
	}
	// The session's cookie: a sign-in sets the device cookie too.
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "courtier_session") && c.Value != "" {
			a.cookie = c.Name + "=" + c.Value
		}
	}
	return a, nil
}

// mustCall is call that fails the test unless the status is want, and
// decodes the answer into out when not nil.
func mustCall(t *testing.T, want int, method, url, xff, cookie string, body, out any) answer {
	t.Helper()
	a, err := call(t.Context(), method, url, xff, cookie, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	if a.status != want {
		t.Fatalf("%s %s: %d %s, want %d", method, url, a.status, a.body, want)
	}
	if out != nil {
		if err := json.Unmarshal(a.body, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, url, err, a.body)
		}
	}
	return a
}

// signedIn is an account signed in on one instance.
type signedIn struct {
	uid, cookie string
}

// signIn signs email in on in from xff, as a browser does, and answers
// the session: the password; then, when the instance asks for it, the next
// code of the account's app; and for staff without a second factor, its
// set-up, which the broker's side asks of them before anything else.
func signIn(t *testing.T, in *instance, xff, email, password string) signedIn {
	t.Helper()
	var got struct {
		User struct {
			UID       string
			Role      string
			TwoFactor bool
		}
		SecondFactor *struct{ Ticket string }
	}
	a := mustCall(t, http.StatusOK, "POST", in.url+"/api/auth/login", xff, "", map[string]any{"email": email, "password": password}, &got)
	if got.SecondFactor != nil {
		code := authApps.next(t, email)
		a = mustCall(t, http.StatusOK, "POST", in.url+"/api/auth/login/code", xff, "", map[string]any{"ticket": got.SecondFactor.Ticket, "code": code}, &got)
	}
	if a.cookie == "" || got.User.UID == "" {
		t.Fatalf("sign-in of %s on %s: cookie %q, uid %q", email, in.name, a.cookie, got.User.UID)
	}
	if got.User.Role != "client" && !got.User.TwoFactor {
		var setup struct{ Secret string }
		mustCall(t, http.StatusOK, "POST", in.url+"/api/profile/two-factor/setup", xff, a.cookie, nil, &setup)
		now := time.Now()
		var enabled struct{ RecoveryCodes []string }
		mustCall(t, http.StatusOK, "POST", in.url+"/api/profile/two-factor/enable", xff, a.cookie,
			map[string]any{"code": accounttest.Code(t, setup.Secret, now), "password": password}, &enabled)
		authApps.keep(t, email, &authApp{secret: setup.Secret, step: now.Unix() / 30, recovery: enabled.RecoveryCodes})
	}
	return signedIn{uid: got.User.UID, cookie: a.cookie}
}

// authApp is the authenticator app of an account whose second factor
// signIn set up: its secret, the last time step whose code served (each
// step's code serves once), and the recovery codes left.
type authApp struct {
	secret   string
	step     int64
	recovery []string
}

// authApps are the apps signIn set up, by test (its top-level name: each
// has its own database) and e-mail.
var authApps = &appRegistry{apps: map[string]*authApp{}}

type appRegistry struct {
	mu   sync.Mutex
	apps map[string]*authApp
}

func appKey(t *testing.T, email string) string {
	test, _, _ := strings.Cut(t.Name(), "/")
	return test + " " + email
}

func (r *appRegistry) keep(t *testing.T, email string, a *authApp) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.apps[appKey(t, email)] = a
}

// next is the code email's app gives for a sign-in now: that of the first
// step after the last used that the instance still takes (one step of
// skew either way), else a recovery code.
func (r *appRegistry) next(t *testing.T, email string) string {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	a := r.apps[appKey(t, email)]
	if a == nil {
		t.Fatalf("sign-in of %s: a code asked, and no app set up by signIn", email)
	}
	now := time.Now().Unix() / 30
	if step := max(a.step+1, now-1); step <= now+1 {
		a.step = step
		return accounttest.Code(t, a.secret, time.Unix(step*30, 0))
	}
	if len(a.recovery) == 0 {
		t.Fatalf("sign-in of %s: no code of the app nor recovery code left", email)
	}
	code := a.recovery[0]
	a.recovery = a.recovery[1:]
	return code
}

// createAccount runs `courtier users create` in this process on dsn.
func createAccount(t *testing.T, dsn, email, role, password string) {
	t.Helper()
	var out, errOut bytes.Buffer
	args := []string{"users", "create", "--db", dsn, "--email", email, "--role", role}
	if code := Run(args, os.Getenv, strings.NewReader(password+"\n"), &out, &errOut); code != 0 {
		t.Fatalf("users create %s: exit %d: %s%s", email, code, out.String(), errOut.String())
	}
}

// streamEvent is one event of a stream, stamped when its last line came.
type streamEvent struct {
	name, data string
	at         time.Time
}

// eventStream reads an SSE stream in the background.
type eventStream struct {
	events chan streamEvent
	done   chan struct{}
}

// openEvents opens the stream at url; it fails the test unless the answer
// is a 200 text/event-stream. The stream ends with the test.
func openEvents(t *testing.T, url, xff, cookie string) *eventStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Forwarded-For", xff)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := http.DefaultClient.Do(req) // no timeout: a stream lasts
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if ct := res.Header.Get("Content-Type"); res.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/event-stream") {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		cancel()
		t.Fatalf("stream %s: %d %s %s", url, res.StatusCode, ct, b)
	}
	s := &eventStream{events: make(chan streamEvent, 1024), done: make(chan struct{})}
	go s.read(res.Body)
	t.Cleanup(func() { cancel(); res.Body.Close(); <-s.done })
	return s
}

func (s *eventStream) read(body io.Reader) {
	defer close(s.done)
	lines := bufio.NewScanner(body)
	var ev streamEvent
	for lines.Scan() {
		line := lines.Text()
		switch {
		case line == "":
			if ev.name != "" {
				ev.at = time.Now()
				s.events <- ev
			}
			ev = streamEvent{}
		case strings.HasPrefix(line, "event: "):
			ev.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			ev.data = strings.TrimPrefix(line, "data: ")
		}
	}
}

// next waits up to within for the next event named name, skipping others.
func (s *eventStream) next(t *testing.T, name string, within time.Duration) streamEvent {
	t.Helper()
	timeout := time.After(within)
	for {
		select {
		case ev := <-s.events:
			if ev.name == name {
				return ev
			}
		case <-s.done:
			t.Fatalf("the stream ended while waiting for %q", name)
		case <-timeout:
			t.Fatalf("no %q event within %v", name, within)
		}
	}
}

// waitText waits up to within for the message event saying text (a
// visitor's stream sends a message, an agent's a conversation ID and a
// message) and answers when it came.
func (s *eventStream) waitText(t *testing.T, text string, within time.Duration) time.Time {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		ev := s.next(t, "message", time.Until(deadline))
		var m struct {
			Text    string `json:"text"`
			Message *struct {
				Text string `json:"text"`
			} `json:"message"`
		}
		if err := json.Unmarshal([]byte(ev.data), &m); err != nil {
			t.Fatalf("message event %q: %v", ev.data, err)
		}
		if m.Text == text || (m.Message != nil && m.Message.Text == text) {
			return ev.at
		}
	}
}
