// Command chatload is the live chat's load test (issue 10): against a
// `courtier serve` on the loopback, 20 agents and 500 visitors, each with
// its own open stream, exchange messages for 60 s. Every visitor message
// carries a unique key; the agent who holds the conversation answers it on
// receiving it. It measures the delivery latency both ways, counts every
// arrival (lost, duplicated, sent to the wrong stream), the HTTP errors by
// status, and, given the server's PID, its resident memory per open stream.
//
// scripts/chat-load.sh builds the binary, makes the database and the
// agents, starts the server and runs this; by hand:
//
//	go run ./scripts/chatload --url http://127.0.0.1:PORT --pid PID --password P
//
// Loopback only, bounded: at most 1,000 visitors, 50 agents, 90 s of
// exchange, and it stops by itself after --deadline whatever happens.
// Exit status 1 when a message was lost, duplicated or misrouted, when an
// HTTP request failed (a 409 on take aside), or when the set-up failed.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
)

type config struct {
	base      string
	pid       int
	visitors  int
	agents    int
	duration  time.Duration
	drain     time.Duration
	every     time.Duration
	deadline  time.Duration
	password  string
	emailFmt  string
	setupPool int
	cookies   string
	signIn    bool
	serverLog string
}

func main() {
	var c config
	flag.StringVar(&c.base, "url", "", "the server, http://127.0.0.1:PORT (loopback only)")
	flag.IntVar(&c.pid, "pid", 0, "the server's process ID, to read its resident memory (0: not measured)")
	flag.IntVar(&c.visitors, "visitors", 500, "visitors, each with a conversation and an open stream (1–1000)")
	flag.IntVar(&c.agents, "agents", 20, "agents, each signed in with an open stream (1–50)")
	flag.DurationVar(&c.duration, "duration", 60*time.Second, "how long the visitors write (at most 90 s)")
	flag.DurationVar(&c.drain, "drain", 5*time.Second, "how long to wait, after that, for what is still on its way")
	flag.DurationVar(&c.every, "every", 4*time.Second, "a visitor's mean interval between messages (jittered ±20 %, never under 3.2 s)")
	flag.DurationVar(&c.deadline, "deadline", 110*time.Second, "the whole run stops after this, whatever happens")
	flag.StringVar(&c.password, "password", os.Getenv("CHATLOAD_PASSWORD"), "the agents' password (or CHATLOAD_PASSWORD)")
	flag.StringVar(&c.emailFmt, "email", "agent%d@charge.test", "the agents' e-mail addresses, %d from 1")
	flag.IntVar(&c.setupPool, "setup-parallel", 32, "requests at once while setting up")
	flag.StringVar(&c.cookies, "cookies", "", "the agents' session cookies: written by --sign-in-only, read otherwise (then no sign-in)")
	flag.BoolVar(&c.signIn, "sign-in-only", false, "only sign the agents in and write their cookies to --cookies")
	flag.StringVar(&c.serverLog, "server-log", "", "the server's log, to read how long it took to handle each message (optional)")
	flag.Parse()
	if err := c.check(); err != nil {
		fmt.Fprintln(os.Stderr, "chatload:", err)
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.deadline)
	defer cancel()
	r := newRun(c)
	r.cpuServer = -1
	if c.signIn {
		if err := r.signInOnly(ctx); err != nil {
			fmt.Fprintln(os.Stderr, "chatload: FAILED:", err)
			os.Exit(1)
		}
		return
	}
	ok, err := r.run(ctx)
	r.report(os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "chatload: FAILED:", err)
		os.Exit(1)
	}
	if !ok {
		fmt.Fprintln(os.Stderr, "chatload: FAILED: see the counts above")
		os.Exit(1)
	}
	fmt.Println("\nOK: every message arrived exactly once where it should, no HTTP error.")
}

func (c *config) check() error {
	u, err := url.Parse(c.base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("--url http://127.0.0.1:PORT is required")
	}
	ip := net.ParseIP(u.Hostname())
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("--url must be a loopback address (127.0.0.0/8 or ::1), not %q", u.Hostname())
	}
	c.base = strings.TrimRight(c.base, "/")
	switch {
	case c.visitors < 1 || c.visitors > 1000:
		return fmt.Errorf("--visitors between 1 and 1000")
	case c.agents < 1 || c.agents > 50:
		return fmt.Errorf("--agents between 1 and 50")
	case c.duration <= 0 || c.duration > 90*time.Second:
		return fmt.Errorf("--duration up to 90s")
	case c.drain < 0 || c.drain > 30*time.Second:
		return fmt.Errorf("--drain up to 30s")
	case c.deadline <= 0 || c.deadline > 5*time.Minute:
		return fmt.Errorf("--deadline up to 5m")
	case c.every < 4*time.Second || c.every > time.Minute:
		// The per-conversation limit is a burst of 20 then one every 3 s:
		// the shortest jittered interval (−20 %) stays above it.
		return fmt.Errorf("--every between 4s and 1m (the conversation's limit is one message every 3 s)")
	case c.password == "" && (c.signIn || c.cookies == ""):
		return fmt.Errorf("--password (or CHATLOAD_PASSWORD) is required to sign in")
	case c.signIn && c.cookies == "":
		return fmt.Errorf("--sign-in-only writes the cookies to --cookies FILE")
	case c.setupPool < 1 || c.setupPool > 128:
		return fmt.Errorf("--setup-parallel between 1 and 128")
	}
	return nil
}

// ---------------------------------------------------------------- counting

// track is one keyed message: a visitor's question (Q-…) or the agent's
// reply to it (R-…), with where it arrived.
type track struct {
	visitor int
	sentAt  time.Time
	// posted: the POST answered 2xx. failed: it did not (an arrival then
	// counts apart). Neither: still in flight.
	posted, failed bool
	// onAgent counts arrivals on the holder's stream; onVisitor on the
	// visitor's own stream; misrouted on any other stream.
	onAgent, onVisitor, misrouted int
}

type stats struct {
	mu        sync.Mutex
	tracks    map[string]*track
	toAgent   []time.Duration // question: visitor POST start → holder's stream
	toVisitor []time.Duration // reply: agent POST start → visitor's stream
	unknown   int             // arrivals of a key never sent
	statuses  map[string]int  // "what status" → count, errors only
	reconnect map[string]int  // stream kind → reconnections
	firstSend time.Time
	lastSend  time.Time
	sentQ     int
	sentR     int
}

func newStats() *stats {
	return &stats{tracks: map[string]*track{}, statuses: map[string]int{}, reconnect: map[string]int{}}
}

func (s *stats) httpError(what string, status int, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.statuses[what+" transport error"]++
		return
	}
	s.statuses[what+" "+strconv.Itoa(status)]++
}

// clean tells whether no HTTP error and no unknown key was seen.
func (s *stats) clean() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.statuses) == 0 && s.unknown == 0
}

// sending records a keyed message before its POST: it may arrive on a
// stream before the POST answers.
func (s *stats) sending(key string, visitor int) *track {
	t := &track{visitor: visitor, sentAt: time.Now()}
	s.mu.Lock()
	s.tracks[key] = t
	if strings.HasPrefix(key, "Q-") {
		if s.firstSend.IsZero() {
			s.firstSend = t.sentAt
		}
		s.lastSend = t.sentAt
	}
	s.mu.Unlock()
	return t
}

func (s *stats) sent(key string, t *track, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ok {
		t.posted = true
		if strings.HasPrefix(key, "Q-") {
			s.sentQ++
		} else {
			s.sentR++
		}
	} else {
		t.failed = true
	}
}

// where a keyed message arrived.
const (
	onHolder = iota
	onOwnVisitor
	elsewhere
)

// arrived counts one arrival of key; it answers whether it was the first
// on the holder's stream (the agent then replies).
func (s *stats) arrived(key string, where int, at time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tracks[key]
	if t == nil {
		s.unknown++
		return false
	}
	switch where {
	case onHolder:
		t.onAgent++
		if t.onAgent == 1 && strings.HasPrefix(key, "Q-") {
			s.toAgent = append(s.toAgent, at.Sub(t.sentAt))
			return true
		}
	case onOwnVisitor:
		t.onVisitor++
		if t.onVisitor == 1 && strings.HasPrefix(key, "R-") {
			s.toVisitor = append(s.toVisitor, at.Sub(t.sentAt))
		}
	default:
		t.misrouted++
	}
	return false
}

// checks are the counts that must be zero.
type checks struct {
	// per check: expected, lost (never arrived), duplicated (more than once)
	qAgent, qVisitor, rVisitor, rAgent [3]int
	misrouted, failedButArrived        int
}

// complete tells whether every expected arrival has happened.
func (s *stats) tally() (c checks, pending int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	count := func(dst *[3]int, n int) {
		dst[0]++
		switch {
		case n == 0:
			dst[1]++
		case n > 1:
			dst[2]++
		}
	}
	for key, t := range s.tracks {
		c.misrouted += t.misrouted
		if t.failed {
			if t.onAgent+t.onVisitor > 0 {
				c.failedButArrived++
			}
			continue
		}
		if !t.posted {
			pending++
		}
		if strings.HasPrefix(key, "Q-") {
			count(&c.qAgent, t.onAgent)
			count(&c.qVisitor, t.onVisitor)
			if t.onAgent == 0 || t.onVisitor == 0 {
				pending++
			}
		} else {
			count(&c.rVisitor, t.onVisitor)
			count(&c.rAgent, t.onAgent)
			if t.onAgent == 0 || t.onVisitor == 0 {
				pending++
			}
		}
	}
	return c, pending
}

// ---------------------------------------------------------------- HTTP

type run struct {
	cfg     config
	st      *stats
	streams *http.Transport
	posts   *http.Transport
	agents  []*agent
	vis     []*visitor
	// byCID maps a conversation's staff ID to its visitor.
	byCID map[string]*visitor
	// rss in KiB at each step, in order.
	rss      []rssPoint
	held     atomic.Int64
	took409  atomic.Int64
	phases   []phase
	started  time.Time
	exchange time.Duration
	final    checks
	nofile   [2]uint64
	// cpuServer and cpuSelf are the cores the server and this program
	// used during the exchange (1 = one core busy); -1 when not read.
	cpuServer, cpuSelf float64
	// others counts messages without a key (welcome, system, greeting).
	others atomic.Int64
}

type rssPoint struct {
	what string
	kib  int64
}

type phase struct {
	what string
	took time.Duration
}

type agent struct {
	n      int
	email  string
	xff    string
	client *http.Client
	uid    string
	mu     sync.Mutex
	holds  int
}

type visitor struct {
	n      int
	token  string
	cid    string
	xff    string
	holder atomic.Int32 // agent number + 1; 0 while nobody holds it
	opened chan struct{}
	once   sync.Once
}

func newRun(c config) *run {
	dial := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	return &run{
		cfg: c,
		st:  newStats(),
		// One connection per open stream, never reused for a POST.
		streams: &http.Transport{
			DialContext: dial.DialContext, MaxConnsPerHost: 0, MaxIdleConnsPerHost: 16,
			DisableCompression: true, ResponseHeaderTimeout: 10 * time.Second, ForceAttemptHTTP2: false,
		},
		posts: &http.Transport{
			DialContext: dial.DialContext, MaxConnsPerHost: 256, MaxIdleConns: 256, MaxIdleConnsPerHost: 256,
			IdleConnTimeout: 30 * time.Second, ResponseHeaderTimeout: 15 * time.Second, ForceAttemptHTTP2: false,
		},
		byCID: map[string]*visitor{},
	}
}

// call sends one request as client address xff and answers the status
// and body; errors (non-2xx but expected aside) are counted under what.
func (r *run) call(ctx context.Context, cl *http.Client, method, path, xff string, body any, what string, expected ...int) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, r.cfg.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("X-Forwarded-For", xff)
	res, err := cl.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			r.st.httpError(what, 0, err)
		}
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		r.st.httpError(what, 0, err)
		return res.StatusCode, nil, err
	}
	if res.StatusCode/100 != 2 && !slices.Contains(expected, res.StatusCode) {
		r.st.httpError(what, res.StatusCode, nil)
		return res.StatusCode, b, fmt.Errorf("%s: %d %s", what, res.StatusCode, strings.TrimSpace(string(b)))
	}
	return res.StatusCode, b, nil
}

// sseEvent is one dispatched event of a stream.
type sseEvent struct {
	name, id, data string
}

// stream keeps one event stream open until ctx ends, reconnecting like a
// browser (after 2 s, with Last-Event-ID) when it is cut; opened is
// called once the first connection answered its headers.
func (r *run) stream(ctx context.Context, cl *http.Client, path, xff, kind string, opened func(), on func(sseEvent)) {
	last := ""
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if attempt > 0 {
			r.st.mu.Lock()
			r.st.reconnect[kind]++
			r.st.mu.Unlock()
			select {
			case <-ctx.Done():
				return
			case <-time.After(2 * time.Second):
			}
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.cfg.base+path, nil)
		if err != nil {
			return
		}
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("X-Forwarded-For", xff)
		if last != "" {
			req.Header.Set("Last-Event-ID", last)
		}
		res, err := cl.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				r.st.httpError("GET "+kind+" stream", 0, err)
			}
			continue
		}
		if res.StatusCode != http.StatusOK {
			r.st.httpError("GET "+kind+" stream", res.StatusCode, nil)
			res.Body.Close()
			continue
		}
		opened()
		last = readEvents(res.Body, last, on)
		res.Body.Close()
	}
}

// readEvents parses an event stream until it ends; it answers the last
// event ID seen.
func readEvents(body io.Reader, last string, on func(sseEvent)) string {
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 0, 16<<10), 1<<20)
	var ev sseEvent
	var data []string
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			if len(data) > 0 || ev.name != "" {
				if ev.name == "" {
					ev.name = "message"
				}
				ev.data = strings.Join(data, "\n")
				if ev.id != "" {
					last = ev.id
				}
				on(ev)
			}
			ev, data = sseEvent{}, data[:0]
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			ev.name = value
		case "id":
			ev.id = value
		case "data":
			data = append(data, value)
		}
	}
	return last
}

// message is the part of a chat message the test reads.
type message struct {
	ID     int64  `json:"id"`
	Sender string `json:"sender"`
	Text   string `json:"text"`
}

// keyOf finds the key [Q-vvvv-nnn] or [R-vvvv-nnn] in a message's text.
func keyOf(text string) (key string, visitor int, ok bool) {
	i := strings.Index(text, "[")
	j := strings.LastIndex(text, "]")
	if i < 0 || j < i+3 {
		return "", 0, false
	}
	key = text[i+1 : j]
	if !strings.HasPrefix(key, "Q-") && !strings.HasPrefix(key, "R-") {
		return "", 0, false
	}
	parts := strings.Split(key, "-")
	if len(parts) != 3 {
		return "", 0, false
	}
	v, err := strconv.Atoi(parts[1])
	if err != nil {
		return "", 0, false
	}
	return key, v, true
}

// ---------------------------------------------------------------- phases

func (r *run) step(what string, start time.Time) {
	r.phases = append(r.phases, phase{what, time.Since(start)})
	fmt.Fprintf(os.Stderr, "chatload: %-44s %6.1f s\n", what, time.Since(start).Seconds())
}

func (r *run) measureRSS(what string, settle bool) {
	if r.cfg.pid <= 0 {
		return
	}
	// The Go runtime gives freed memory back to the system over some
	// seconds (the agents' Argon2id sign-ins take 19 MiB each): wait until
	// two readings a second apart agree within 1 %, 20 s at most.
	var kib int64
	var err error
	time.Sleep(time.Second)
	for i := 0; i < 20; i++ {
		prev := kib
		if kib, err = readRSS(r.cfg.pid); err != nil {
			fmt.Fprintln(os.Stderr, "chatload: RSS:", err)
			return
		}
		if !settle || (i > 0 && abs(kib-prev)*100 <= prev) {
			break
		}
		time.Sleep(time.Second)
	}
	r.rss = append(r.rss, rssPoint{what, kib})
	fmt.Fprintf(os.Stderr, "chatload: server RSS %-44s %8d KiB\n", what, kib)
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// serverCPU is the server's user and system time in seconds, -1 when
// unknown (/proc/PID/stat, ticks of 1/100 s).
func (r *run) serverCPU() float64 {
	if r.cfg.pid <= 0 {
		return -1
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", r.cfg.pid))
	if err != nil {
		return -1
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return -1
	}
	// After the command: state is field 3, utime 14, stime 15.
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return -1
	}
	ut, err1 := strconv.ParseFloat(f[11], 64)
	stt, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return (ut + stt) / 100
}

// selfCPU is this program's user and system time in seconds.
func selfCPU() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}

func readRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) >= 1 {
				return strconv.ParseInt(f[0], 10, 64)
			}
		}
	}
	return 0, errors.New("no VmRSS line")
}

// parallel runs fn(i) for i in [0, n), at most k at once; the first error wins.
func parallel(n, k int, fn func(i int) error) error {
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	next := atomic.Int64{}
	for range min(n, k) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(i); err != nil {
					once.Do(func() { first = err })
				}
			}
		})
	}
	wg.Wait()
	return first
}

func (r *run) run(ctx context.Context) (bool, error) {
	r.started = time.Now()
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil {
		r.nofile = [2]uint64{lim.Cur, lim.Max}
		need := uint64(r.cfg.visitors + r.cfg.agents + 256 + 64)
		if lim.Cur < need {
			return false, fmt.Errorf("open files limit %d < %d needed (ulimit -n)", lim.Cur, need)
		}
	}
	// streamCtx holds every stream open until the end of the run.
	streamCtx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	var wg sync.WaitGroup
	defer wg.Wait()
	defer stopStreams()

	// 1. Agents sign in (or bring their cookies) and open their streams.
	t := time.Now()
	r.makeAgents()
	if r.cfg.cookies != "" {
		if err := r.loadCookies(); err != nil {
			return false, err
		}
	} else if err := r.signInAll(ctx); err != nil {
		return false, err
	}
	openedAgents := make(chan struct{}, len(r.agents))
	for _, a := range r.agents {
		// The stream's client shares the agent's cookies, not its transport.
		sc := &http.Client{Transport: r.streams, Jar: a.client.Jar}
		wg.Go(func() {
			var once sync.Once
			r.stream(streamCtx, sc, "/api/chat/staff/events", a.xff, "agent",
				func() { once.Do(func() { openedAgents <- struct{}{} }) },
				func(ev sseEvent) { r.onAgentEvent(ctx, a, ev) })
		})
	}
	if err := waitN(ctx, openedAgents, len(r.agents), 15*time.Second); err != nil {
		return false, fmt.Errorf("agents' streams: %w", err)
	}
	r.step(fmt.Sprintf("%d agents' streams open", len(r.agents)), t)

	// 2. Visitors start their conversations (no stream yet): the baseline.
	t = time.Now()
	anon := &http.Client{Transport: r.posts, Timeout: 20 * time.Second}
	r.vis = make([]*visitor, r.cfg.visitors)
	for i := range r.vis {
		r.vis[i] = &visitor{n: i, xff: fmt.Sprintf("198.19.%d.%d", i/250, i%250+1), opened: make(chan struct{})}
	}
	err := parallel(len(r.vis), r.cfg.setupPool, func(i int) error {
		v := r.vis[i]
		_, b, err := r.call(ctx, anon, http.MethodPost, "/api/chat/conversations", v.xff, map[string]any{}, "POST conversations (start)")
		if err != nil {
			return err
		}
		var c struct {
			Conversation struct {
				ID string `json:"id"`
			} `json:"conversation"`
		}
		if json.Unmarshal(b, &c) != nil || c.Conversation.ID == "" {
			return fmt.Errorf("start: no conversation ID in %s", b)
		}
		v.token = c.Conversation.ID
		sum := sha256.Sum256([]byte(v.token))
		v.cid = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("visitors' conversations: %w", err)
	}
	for _, v := range r.vis {
		r.byCID[v.cid] = v
	}
	r.step(fmt.Sprintf("%d conversations started", len(r.vis)), t)
	r.measureRSS("baseline (agents' streams, no visitor stream)", true)

	// 3. Visitors open their streams.
	t = time.Now()
	streamClient := &http.Client{Transport: r.streams}
	for _, v := range r.vis {
		wg.Go(func() {
			r.stream(streamCtx, streamClient, "/api/chat/conversations/"+v.token+"/events", v.xff, "visitor",
				func() { v.once.Do(func() { close(v.opened) }) },
				func(ev sseEvent) { r.onVisitorEvent(v, ev) })
		})
	}
	for _, v := range r.vis {
		select {
		case <-v.opened:
		case <-time.After(30 * time.Second):
			return false, fmt.Errorf("visitor %d's stream did not open in 30 s", v.n)
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
	r.step(fmt.Sprintf("%d visitor streams open", len(r.vis)), t)
	r.measureRSS(fmt.Sprintf("with %d visitor streams open", len(r.vis)), true)

	// 4. Visitors ask for an agent.
	t = time.Now()
	err = parallel(len(r.vis), r.cfg.setupPool, func(i int) error {
		v := r.vis[i]
		_, _, err := r.call(ctx, anon, http.MethodPut, "/api/chat/conversations/"+v.token+"/mode", v.xff, map[string]any{"mode": "agent"}, "PUT mode")
		return err
	})
	if err != nil {
		return false, fmt.Errorf("hand-off: %w", err)
	}
	r.step(fmt.Sprintf("%d conversations waiting for an agent", len(r.vis)), t)

	// 5. Agents take them from the inbox, about the same number each.
	t = time.Now()
	if err := r.takeAll(ctx); err != nil {
		return false, fmt.Errorf("take: %w", err)
	}
	r.step(fmt.Sprintf("all %d held (%d × 409 on take)", len(r.vis), r.took409.Load()), t)

	// 6. The exchange.
	t = time.Now()
	cpu0, self0 := r.serverCPU(), selfCPU()
	end := t.Add(r.cfg.duration)
	var senders sync.WaitGroup
	for _, v := range r.vis {
		senders.Go(func() { r.visitorLoop(ctx, anon, v, end) })
	}
	senders.Wait()
	r.exchange = time.Since(t)
	if cpu0 >= 0 {
		r.cpuServer = (r.serverCPU() - cpu0) / r.exchange.Seconds()
	}
	r.cpuSelf = (selfCPU() - self0) / r.exchange.Seconds()
	r.step("exchange", t)
	// What is still on its way: up to drain.
	t = time.Now()
	for time.Since(t) < r.cfg.drain && ctx.Err() == nil {
		if _, pending := r.st.tally(); pending == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	r.step("drain", t)
	r.measureRSS("at the end of the exchange (streams open)", false)
	stopStreams()
	wg.Wait()
	r.final, _ = r.st.tally()
	c := r.final
	ok := c.qAgent[1]+c.qAgent[2]+c.qVisitor[1]+c.qVisitor[2]+c.rVisitor[1]+c.rVisitor[2]+c.rAgent[1]+c.rAgent[2] == 0 &&
		c.misrouted == 0 && c.failedButArrived == 0 && r.st.clean() &&
		c.qAgent[0] > 0
	return ok, ctx.Err()
}

// makeAgents makes the agents' clients, each with its own cookies.
func (r *run) makeAgents() {
	r.agents = make([]*agent, r.cfg.agents)
	for i := range r.agents {
		jar, _ := cookiejar.New(nil)
		r.agents[i] = &agent{
			n: i, email: fmt.Sprintf(r.cfg.emailFmt, i+1),
			// RFC 2544's benchmarking range, never a real client.
			xff:    fmt.Sprintf("198.18.1.%d", i+1),
			client: &http.Client{Transport: r.posts, Jar: jar, Timeout: 20 * time.Second},
		}
	}
}

// signInAll signs every agent in.
func (r *run) signInAll(ctx context.Context) error {
	err := parallel(len(r.agents), 4, func(i int) error {
		a := r.agents[i]
		_, b, err := r.call(ctx, a.client, http.MethodPost, "/api/auth/login", a.xff,
			map[string]any{"email": a.email, "password": r.cfg.password}, "POST login")
		if err != nil {
			return err
		}
		var u struct {
			User struct {
				UID       string `json:"uid"`
				TwoFactor bool   `json:"twoFactor"`
			} `json:"user"`
		}
		if json.Unmarshal(b, &u) != nil || u.User.UID == "" {
			return fmt.Errorf("sign-in of %s: no user in %s (agents with a second factor: run with new ones)", a.email, b)
		}
		a.uid = u.User.UID
		if !u.User.TwoFactor {
			return r.setUpApp(ctx, a)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("agents' sign-in: %w", err)
	}
	return nil
}

// setUpApp sets up the second factor the server requires of staff, as
// an agent does at first sign-in (the app's code computed here), so that
// the session reaches the staff's endpoints.
func (r *run) setUpApp(ctx context.Context, a *agent) error {
	_, b, err := r.call(ctx, a.client, http.MethodPost, "/api/profile/two-factor/setup", a.xff, nil, "POST two-factor setup")
	if err != nil {
		return err
	}
	var setup struct {
		Secret string `json:"secret"`
	}
	if err := json.Unmarshal(b, &setup); err != nil || setup.Secret == "" {
		return fmt.Errorf("two-factor set-up of %s: %s", a.email, b)
	}
	code, err := hotp.GenerateCodeCustom(setup.Secret, uint64(time.Now().Unix()/30), hotp.ValidateOpts{Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return err
	}
	_, _, err = r.call(ctx, a.client, http.MethodPost, "/api/profile/two-factor/enable", a.xff,
		map[string]any{"code": code, "password": r.cfg.password}, "POST two-factor enable")
	return err
}

// signInOnly signs the agents in and writes their cookies: the wrapper
// then restarts the server, so that the memory the sign-ins took (Argon2id,
// 19 MiB each) is not in the baseline of the run that reads the cookies.
func (r *run) signInOnly(ctx context.Context) error {
	r.makeAgents()
	if err := r.signInAll(ctx); err != nil {
		return err
	}
	u, _ := url.Parse(r.cfg.base)
	saved := map[string][]savedCookie{}
	for _, a := range r.agents {
		for _, c := range a.client.Jar.Cookies(u) {
			saved[a.email] = append(saved[a.email], savedCookie{c.Name, c.Value})
		}
		if len(saved[a.email]) == 0 {
			return fmt.Errorf("%s signed in without a cookie", a.email)
		}
	}
	b, err := json.Marshal(saved)
	if err != nil {
		return err
	}
	if err := os.WriteFile(r.cfg.cookies, b, 0o600); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "chatload: %d agents signed in, cookies in %s\n", len(r.agents), r.cfg.cookies)
	return nil
}

type savedCookie struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// loadCookies gives each agent the cookies signInOnly wrote.
func (r *run) loadCookies() error {
	b, err := os.ReadFile(r.cfg.cookies)
	if err != nil {
		return err
	}
	saved := map[string][]savedCookie{}
	if err := json.Unmarshal(b, &saved); err != nil {
		return fmt.Errorf("%s: %w", r.cfg.cookies, err)
	}
	u, _ := url.Parse(r.cfg.base + "/")
	for _, a := range r.agents {
		list := saved[a.email]
		if len(list) == 0 {
			return fmt.Errorf("%s: no cookie for %s", r.cfg.cookies, a.email)
		}
		cs := make([]*http.Cookie, len(list))
		for i, c := range list {
			cs[i] = &http.Cookie{Name: c.Name, Value: c.Value, Path: "/"}
		}
		a.client.Jar.SetCookies(u, cs)
	}
	return nil
}

func waitN(ctx context.Context, ch <-chan struct{}, n int, d time.Duration) error {
	timeout := time.After(d)
	for range n {
		select {
		case <-ch:
		case <-timeout:
			return fmt.Errorf("not open after %s", d)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// takeAll has every agent take waiting conversations from the inbox, up
// to its share, until all are held; each starts at its own place in the
// list, so races (409) stay at the edges.
func (r *run) takeAll(ctx context.Context) error {
	share := (len(r.vis) + len(r.agents) - 1) / len(r.agents)
	deadline := time.Now().Add(30 * time.Second)
	return parallel(len(r.agents), len(r.agents), func(i int) error {
		a := r.agents[i]
		for a.holds < share && int(r.held.Load()) < len(r.vis) {
			if time.Now().After(deadline) {
				return fmt.Errorf("%d of %d held after 30 s", r.held.Load(), len(r.vis))
			}
			_, b, err := r.call(ctx, a.client, http.MethodGet, "/api/chat/inbox", a.xff, nil, "GET inbox")
			if err != nil {
				return err
			}
			var in struct {
				Waiting []struct {
					ID string `json:"id"`
				} `json:"waiting"`
			}
			if err := json.Unmarshal(b, &in); err != nil {
				return fmt.Errorf("inbox: %w", err)
			}
			if len(in.Waiting) == 0 {
				time.Sleep(200 * time.Millisecond)
				continue
			}
			// Its own share first (visitor n % agents == i), then any: races
			// (409) only once an agent is short of its share.
			order := make([]*visitor, 0, len(in.Waiting))
			for _, w := range in.Waiting {
				v := r.byCID[w.ID]
				if v == nil {
					return fmt.Errorf("the inbox lists %s, which no visitor of this run started", w.ID)
				}
				order = append(order, v)
			}
			slices.SortStableFunc(order, func(x, y *visitor) int {
				return boolInt(x.n%len(r.agents) != i) - boolInt(y.n%len(r.agents) != i)
			})
			for _, v := range order {
				if a.holds >= share {
					break
				}
				cid := v.cid
				status, b, err := r.call(ctx, a.client, http.MethodPost, "/api/chat/staff/conversations/"+cid+"/take", a.xff, nil, "POST take", http.StatusConflict)
				if err != nil {
					return err
				}
				if status == http.StatusConflict {
					r.took409.Add(1)
					continue
				}
				var got struct {
					Conversation struct {
						ID    string `json:"id"`
						State string `json:"state"`
					} `json:"conversation"`
				}
				if json.Unmarshal(b, &got) != nil || got.Conversation.ID != cid {
					return fmt.Errorf("take %s answered %s", cid, b)
				}
				if !v.holder.CompareAndSwap(0, int32(a.n+1)) {
					return fmt.Errorf("conversation %s taken by agents %d and %d", cid, v.holder.Load(), a.n+1)
				}
				a.holds++
				r.held.Add(1)
			}
		}
		return nil
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// visitorLoop sends a keyed message about every cfg.every until end.
func (r *run) visitorLoop(ctx context.Context, cl *http.Client, v *visitor, end time.Time) {
	jitter := func() time.Duration {
		return time.Duration(float64(r.cfg.every) * (0.8 + 0.4*rand.Float64()))
	}
	// Spread the first messages over one interval.
	wait := time.Duration(rand.Int64N(int64(r.cfg.every)))
	for n := 1; ; n++ {
		if time.Until(end) <= wait {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		key := fmt.Sprintf("Q-%04d-%03d", v.n, n)
		tr := r.st.sending(key, v.n)
		_, _, err := r.call(ctx, cl, http.MethodPost, "/api/chat/conversations/"+v.token+"/messages", v.xff,
			map[string]string{"text": fmt.Sprintf("Bonjour, j'ai une question sur mon contrat [%s]", key)}, "POST visitor message")
		r.st.sent(key, tr, err == nil)
		wait = jitter()
	}
}

// onAgentEvent counts what an agent's stream carries and answers each
// question of a conversation it holds, once.
func (r *run) onAgentEvent(ctx context.Context, a *agent, ev sseEvent) {
	if ev.name != "message" {
		return
	}
	at := time.Now()
	var sm struct {
		Conversation string  `json:"conversationId"`
		Message      message `json:"message"`
	}
	if err := json.Unmarshal([]byte(ev.data), &sm); err != nil {
		r.st.httpError("agent stream: bad JSON", 0, nil)
		return
	}
	key, vn, ok := keyOf(sm.Message.Text)
	if !ok {
		r.others.Add(1)
		return
	}
	v := r.byCID[sm.Conversation]
	where := elsewhere
	if v != nil && v.n == vn && int(v.holder.Load()) == a.n+1 {
		where = onHolder
	}
	if !r.st.arrived(key, where, at) || ctx.Err() != nil {
		return
	}
	// The first arrival of a question on its holder's stream: reply.
	go func() {
		rkey := "R-" + strings.TrimPrefix(key, "Q-")
		tr := r.st.sending(rkey, vn)
		_, _, err := r.call(ctx, a.client, http.MethodPost, "/api/chat/staff/conversations/"+sm.Conversation+"/messages", a.xff,
			map[string]string{"text": fmt.Sprintf("Bien reçu, je regarde votre contrat [%s]", rkey)}, "POST agent reply")
		r.st.sent(rkey, tr, err == nil)
	}()
}

// onVisitorEvent counts what a visitor's stream carries.
func (r *run) onVisitorEvent(v *visitor, ev sseEvent) {
	if ev.name != "message" {
		return
	}
	at := time.Now()
	var m message
	if err := json.Unmarshal([]byte(ev.data), &m); err != nil {
		r.st.httpError("visitor stream: bad JSON", 0, nil)
		return
	}
	key, vn, ok := keyOf(m.Text)
	if !ok {
		r.others.Add(1)
		return
	}
	where := elsewhere
	if vn == v.n {
		where = onOwnVisitor
	}
	r.st.arrived(key, where, at)
}

// ---------------------------------------------------------------- report

func pct(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := int(float64(len(d))*p+0.5) - 1
	return d[max(0, min(i, len(d)-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func (r *run) report(w io.Writer) {
	st := r.st
	st.mu.Lock()
	defer st.mu.Unlock()
	c := r.final
	fmt.Fprintf(w, "\n%d visitors (each a conversation and an open stream) and %d agents (each a stream) on %s, for %.0f s; whole run %.1f s\n\n",
		r.cfg.visitors, r.cfg.agents, r.cfg.base, r.cfg.duration.Seconds(), time.Since(r.started).Seconds())
	fmt.Fprintf(w, "| delivery | messages | p50 | p90 | p99 | max |\n|---|---|---|---|---|---|\n")
	for _, row := range []struct {
		what string
		d    []time.Duration
	}{
		{"visitor → agent (POST start → holder's stream)", st.toAgent},
		{"agent → visitor (POST start → visitor's stream)", st.toVisitor},
	} {
		d := slices.Clone(row.d)
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s |\n", row.what, len(d), ms(pct(d, .50)), ms(pct(d, .90)), ms(pct(d, .99)), ms(pct(d, 1)))
	}
	secs := r.exchange.Seconds()
	if secs > 0 {
		fmt.Fprintf(w, "\nsent: %d visitor messages + %d replies in %.1f s = %.1f messages/s (%.1f + %.1f)\n",
			st.sentQ, st.sentR, secs, float64(st.sentQ+st.sentR)/secs, float64(st.sentQ)/secs, float64(st.sentR)/secs)
	}
	if r.cpuServer >= 0 {
		fmt.Fprintf(w, "CPU during the exchange: server %.2f cores, this load program %.2f cores (the machine has %d)\n", r.cpuServer, r.cpuSelf, runtime.NumCPU())
	}
	if r.cfg.serverLog != "" {
		r.reportServerLog(w)
	}
	fmt.Fprintf(w, "\n| arrival check | expected | lost | duplicated |\n|---|---|---|---|\n")
	for _, row := range []struct {
		what string
		n    [3]int
	}{
		{"visitor message on its holder's stream", c.qAgent},
		{"visitor message on the visitor's own stream", c.qVisitor},
		{"reply on the visitor's stream", c.rVisitor},
		{"reply on its author's (holder's) stream", c.rAgent},
	} {
		fmt.Fprintf(w, "| %s | %d | %d | %d |\n", row.what, row.n[0], row.n[1], row.n[2])
	}
	fmt.Fprintf(w, "\nmisrouted (on another agent's or visitor's stream): %d; arrived though its POST failed: %d; unknown keys: %d; messages without a key (welcome, system, greetings): %d\n",
		c.misrouted, c.failedButArrived, st.unknown, r.others.Load())
	fmt.Fprintf(w, "stream reconnections: %v; 409 on take (another agent was first): %d\n", st.reconnect, r.took409.Load())
	if len(st.statuses) == 0 {
		fmt.Fprintln(w, "HTTP errors: none")
	} else {
		keys := make([]string, 0, len(st.statuses))
		for k := range st.statuses {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintln(w, "HTTP errors by request and status:")
		for _, k := range keys {
			fmt.Fprintf(w, "  %-50s %d\n", k, st.statuses[k])
		}
	}
	if len(r.rss) > 0 {
		fmt.Fprintf(w, "\n| server resident memory (VmRSS) | KiB |\n|---|---|\n")
		for _, p := range r.rss {
			fmt.Fprintf(w, "| %s | %d |\n", p.what, p.kib)
		}
		if len(r.rss) >= 2 {
			per := float64(r.rss[1].kib-r.rss[0].kib) / float64(r.cfg.visitors)
			fmt.Fprintf(w, "| per open visitor stream ((with − baseline) / %d) | %.1f |\n", r.cfg.visitors, per)
		}
	}
	fmt.Fprintf(w, "\nopen files limit: %d (hard %d)\n", r.nofile[0], r.nofile[1])
	for _, p := range r.phases {
		fmt.Fprintf(w, "  %-46s %6.1f s\n", p.what, p.took.Seconds())
	}
}

// reportServerLog tells, from the server's request log, how long the
// server took to handle the messages (from the request read to the answer
// written): the part of the delivery latency spent in the handler.
func (r *run) reportServerLog(w io.Writer) {
	b, err := os.ReadFile(r.cfg.serverLog)
	if err != nil {
		fmt.Fprintln(w, "server log:", err)
		return
	}
	var visitor, agent []time.Duration
	for line := range strings.SplitSeq(string(b), "\n") {
		if !strings.Contains(line, "msg=requête method=POST") || !strings.Contains(line, "/messages ") {
			continue
		}
		d, ok := logField(line, "duration")
		if !ok {
			continue
		}
		dur, err := time.ParseDuration(d)
		if err != nil {
			continue
		}
		if strings.Contains(line, "path=/api/chat/staff/") {
			agent = append(agent, dur)
		} else {
			visitor = append(visitor, dur)
		}
	}
	for _, row := range []struct {
		what string
		d    []time.Duration
	}{{"visitor message", visitor}, {"agent reply", agent}} {
		d := row.d
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		fmt.Fprintf(w, "server time per %s (its log, %d): p50 %s, p90 %s, p99 %s, max %s\n",
			row.what, len(d), ms(pct(d, .5)), ms(pct(d, .9)), ms(pct(d, .99)), ms(pct(d, 1)))
	}
}

// logField finds key=value in a log line of slog's text handler.
func logField(line, key string) (string, bool) {
	i := strings.Index(line, " "+key+"=")
	if i < 0 {
		return "", false
	}
	v := line[i+len(key)+2:]
	if j := strings.IndexByte(v, ' '); j >= 0 {
		v = v[:j]
	}
	return v, true
}
