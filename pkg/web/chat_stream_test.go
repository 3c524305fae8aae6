package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/chat"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// sseEvent is one event read from a stream.
type sseEvent struct {
	name, data string
	id         int64
}

// sseClient reads a stream in the background.
type sseClient struct {
	res    *http.Response
	events chan sseEvent
	pings  chan struct{}
	done   chan struct{}
}

// openStream opens url on ts with cookie and lastID (Last-Event-ID when
// positive); it fails the test unless the answer is a 200 stream.
func openStream(t *testing.T, ts *httptest.Server, url, cookie string, lastID int64) *sseClient {
	t.Helper()
	res := streamRequest(t, ts, url, cookie, lastID)
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		t.Fatalf("stream %s: %d %s", url, res.StatusCode, b)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("stream %s: Content-Type %q", url, ct)
	}
	c := &sseClient{res: res, events: make(chan sseEvent, 256), pings: make(chan struct{}, 256), done: make(chan struct{})}
	go c.read()
	t.Cleanup(c.close)
	return c
}

func streamRequest(t *testing.T, ts *httptest.Server, url, cookie string, lastID int64) *http.Response {
	t.Helper()
	req, err := http.NewRequest("GET", ts.URL+url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	if lastID > 0 {
		req.Header.Set("Last-Event-ID", strconv.FormatInt(lastID, 10))
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func (c *sseClient) read() {
	defer close(c.done)
	br := bufio.NewReader(c.res.Body)
	var ev sseEvent
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			if ev.name != "" {
				c.events <- ev
			}
			ev = sseEvent{}
		case strings.HasPrefix(line, ": ping"):
			c.pings <- struct{}{}
		case strings.HasPrefix(line, "event: "):
			ev.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "id: "):
			ev.id, _ = strconv.ParseInt(strings.TrimPrefix(line, "id: "), 10, 64)
		case strings.HasPrefix(line, "data: "):
			ev.data = strings.TrimPrefix(line, "data: ")
		}
	}
}

func (c *sseClient) close() { c.res.Body.Close(); <-c.done }

// next waits for the next event named name, skipping others.
func (c *sseClient) next(t *testing.T, name string) sseEvent {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case ev := <-c.events:
			if ev.name == name {
				return ev
			}
		case <-c.done:
			t.Fatalf("stream ended while waiting for %q", name)
		case <-timeout:
			t.Fatalf("no %q event within 5 s", name)
		}
	}
}

// message reads the next message event: a visitor's carries a Message,
// an agent's a StaffMessage. The event's ID must be the message's.
func (c *sseClient) message(t *testing.T) chat.StaffMessage {
	t.Helper()
	ev := c.next(t, "message")
	var sm chat.StaffMessage
	if strings.HasPrefix(ev.data, `{"conversationId"`) {
		if err := json.Unmarshal([]byte(ev.data), &sm); err != nil {
			t.Fatalf("message event %q: %v", ev.data, err)
		}
	} else if err := json.Unmarshal([]byte(ev.data), &sm.Message); err != nil {
		t.Fatalf("message event %q: %v", ev.data, err)
	}
	if ev.id != sm.Message.ID || ev.id <= 0 {
		t.Fatalf("event id %d for message %d", ev.id, sm.Message.ID)
	}
	return sm
}

// messagesUntil reads message events up to the one with ID last, and
// answers their IDs and texts.
func (c *sseClient) messagesUntil(t *testing.T, last int64) ([]int64, []string) {
	t.Helper()
	var ids []int64
	var texts []string
	for {
		m := c.message(t).Message
		ids, texts = append(ids, m.ID), append(texts, m.Text)
		if m.ID >= last {
			return ids, texts
		}
	}
}

// waitText reads message events until one says text.
func (c *sseClient) waitText(t *testing.T, text string) chat.StaffMessage {
	t.Helper()
	for {
		if m := c.message(t); m.Message.Text == text {
			return m
		}
	}
}

// quiet fails when a message event comes within d.
func (c *sseClient) quiet(t *testing.T, d time.Duration) {
	t.Helper()
	deadline := time.After(d)
	for {
		select {
		case ev := <-c.events:
			if ev.name == "message" {
				t.Fatalf("an unexpected message: %s", ev.data)
			}
		case <-deadline:
			return
		}
	}
}

// liveEnv is a desk environment served over real HTTP, for streams.
type liveEnv struct {
	*deskEnv
	ts *httptest.Server
}

func newLiveEnv(t *testing.T) *liveEnv {
	t.Helper()
	e := &liveEnv{deskEnv: newDeskEnv(t)}
	e.ts = httptest.NewServer(e.h)
	t.Cleanup(e.ts.Close)
	return e
}

// post sends a JSON request as cookie and answers the status and body.
func (e *liveEnv) post(t *testing.T, method, url, body, cookie string) (int, string) {
	t.Helper()
	res, b := e.do(t, method, url, body, cookie)
	return res.StatusCode, b
}

// othersAway sets every member of staff but « agent » « Absent »: signed
// in, they would count as working in the desk (chat.DeskPresence).
func (e *liveEnv) othersAway(t *testing.T) {
	t.Helper()
	for _, who := range []string{"admin", "agent2"} {
		if err := e.app.Chats.SetAway(context.Background(), e.actor(t, who), true); err != nil {
			t.Fatal(err)
		}
	}
}

// handOff starts a visitor conversation and asks for an agent; it
// answers the visitor's token and the conversation's staff ID.
func (e *liveEnv) handOff(t *testing.T) (token, cid string) {
	t.Helper()
	// The admin at their post: the conversation waits in the inbox (with
	// nobody online, it would stay with the assistant).
	if err := e.app.Chats.Present(context.Background(), e.actor(t, "admin")); err != nil {
		t.Fatal(err)
	}
	token = e.startChat(t, "")
	if st, b := e.post(t, "PUT", "/api/chat/conversations/"+token+"/mode", `{"mode":"agent"}`, ""); st != 200 || !strings.Contains(b, `"mode":"agent"`) {
		t.Fatalf("hand-off: %d %s", st, b)
	}
	return token, hashOf(token)
}

func hashOf(token string) string { return store.HashToken(token) }

// lastID is the highest message ID of the conversation of token.
func (e *liveEnv) lastID(t *testing.T, token string) int64 {
	t.Helper()
	st, b := e.post(t, "GET", "/api/chat/conversations/"+token, "", "")
	if st != 200 {
		t.Fatalf("read: %d %s", st, b)
	}
	var got conversationBody
	if err := json.Unmarshal([]byte(b), &got); err != nil {
		t.Fatal(err)
	}
	return got.Conversation.Messages[len(got.Conversation.Messages)-1].ID
}

// TestStreamResumesWithLastEventID: a visitor's stream cut while the
// agent writes two messages, then opened again with Last-Event-ID, gets
// exactly those two, once, in order; so does the polling fallback.
func TestStreamResumesWithLastEventID(t *testing.T) {
	e := newLiveEnv(t)
	token, cid := e.handOff(t)
	agent := e.cookies["agent"]
	if st, b := e.post(t, "POST", "/api/chat/staff/conversations/"+cid+"/take", "", agent); st != 200 {
		t.Fatalf("take: %d %s", st, b)
	}
	seen := e.lastID(t, token)
	c := openStream(t, e.ts, "/api/chat/conversations/"+token+"/events", "", 0)
	ids, texts := c.messagesUntil(t, seen)
	if ids[0] != 1 || texts[len(texts)-1] != e.actor(t, "agent").Name+" a rejoint la conversation." {
		t.Fatalf("first connection: %v %q", ids, texts)
	}
	if st := c.next(t, "state"); !strings.Contains(st.data, `"state":"live"`) || !strings.Contains(st.data, `"name":"`+e.actor(t, "agent").Name+`"`) {
		t.Errorf("state: %s", st.data)
	}
	c.close()

	for _, text := range []string{"Premier message pendant la coupure", "Second message pendant la coupure"} {
		if st, b := e.post(t, "POST", "/api/chat/staff/conversations/"+cid+"/messages", `{"text":"`+text+`"}`, agent); st != 201 {
			t.Fatalf("reply: %d %s", st, b)
		}
	}
	// IDs grow but may skip (a PostgreSQL sequence's keys, taken in blocks).
	c = openStream(t, e.ts, "/api/chat/conversations/"+token+"/events", "", seen)
	first, second := c.message(t).Message, c.message(t).Message
	if first.ID <= seen || second.ID <= first.ID ||
		first.Text != "Premier message pendant la coupure" || second.Text != "Second message pendant la coupure" {
		t.Fatalf("after the cut: %d %q, %d %q", first.ID, first.Text, second.ID, second.Text)
	}
	// Nothing else comes: no message twice.
	c.quiet(t, 300*time.Millisecond)

	st, b := e.post(t, "GET", fmt.Sprintf("/api/chat/conversations/%s/messages?after=%d", token, seen), "", "")
	var poll pollBody
	if err := json.Unmarshal([]byte(b), &poll); st != 200 || err != nil || len(poll.Messages) != 2 || poll.Messages[0].ID != first.ID || poll.Messages[1].ID != second.ID ||
		poll.Mode != chat.ModeAgent || poll.Live == nil || poll.Live.State != chat.StateLive {
		t.Fatalf("poll: %d %s", st, b)
	}
	if a := poll.Messages[0].Agent; a == nil || a.Name != e.actor(t, "agent").Name || a.Role != "Conseiller" {
		t.Errorf("the agent's message names %+v, want the agent's display name", a)
	}
}

// TestStreamsDeliverLiveBothWays: the agent's stream shows the visitor's
// message, the visitor's stream the agent's answer, typing and read marks.
func TestStreamsDeliverLiveBothWays(t *testing.T) {
	e := newLiveEnv(t)
	agent := e.cookies["agent"]
	staff := openStream(t, e.ts, "/api/chat/staff/events", agent, 0)
	staff.next(t, "inbox")
	token, cid := e.handOff(t)
	staff.next(t, "inbox")
	if st, b := e.post(t, "POST", "/api/chat/staff/conversations/"+cid+"/take", "", agent); st != 200 {
		t.Fatalf("take: %d %s", st, b)
	}
	visitor := openStream(t, e.ts, "/api/chat/conversations/"+token+"/events", "", e.lastID(t, token))
	visitor.next(t, "state")

	if st, b := e.post(t, "POST", "/api/chat/conversations/"+token+"/messages", `{"text":"Ma voiture est neuve"}`, ""); st != 200 || strings.Contains(b, `"sender":"agent"`) {
		t.Fatalf("visitor's message: %d %s (no canned reply while an agent holds it)", st, b)
	}
	if m := staff.waitText(t, "Ma voiture est neuve"); m.Conversation != cid {
		t.Fatalf("staff event for %q, want %q", m.Conversation, cid)
	}
	e.post(t, "POST", "/api/chat/staff/conversations/"+cid+"/typing", `{"typing":true}`, agent)
	if ev := visitor.next(t, "typing"); !strings.Contains(ev.data, `"typing":true`) || !strings.Contains(ev.data, `"name":"`+e.actor(t, "agent").Name+`"`) {
		t.Errorf("typing: %s", ev.data)
	}
	e.post(t, "POST", "/api/chat/conversations/"+token+"/typing", `{"typing":true}`, "")
	if ev := staff.next(t, "typing"); !strings.Contains(ev.data, cid) || !strings.Contains(ev.data, `"typing":true`) {
		t.Errorf("visitor typing: %s", ev.data)
	}
	if st, b := e.post(t, "POST", "/api/chat/staff/conversations/"+cid+"/messages", `{"text":"Très bien, quel modèle ?"}`, agent); st != 201 {
		t.Fatalf("reply: %d %s", st, b)
	}
	m := visitor.waitText(t, "Très bien, quel modèle ?").Message
	if m.Sender != chat.SenderAgent || m.Agent == nil || m.Agent.Name != e.actor(t, "agent").Name {
		t.Errorf("agent's message: %+v", m)
	}
	e.post(t, "POST", "/api/chat/conversations/"+token+"/read", fmt.Sprintf(`{"upTo":%d}`, m.ID), "")
	if ev := staff.next(t, "read"); !strings.Contains(ev.data, fmt.Sprintf(`"upTo":%d`, m.ID)) {
		t.Errorf("read: %s", ev.data)
	}
	// A read mark never goes past the last message, nor back.
	e.post(t, "POST", "/api/chat/conversations/"+token+"/read", `{"upTo":999999}`, "")
	if ev := staff.next(t, "read"); !strings.Contains(ev.data, fmt.Sprintf(`"upTo":%d`, m.ID)) {
		t.Errorf("read past the end: %s", ev.data)
	}
	e.post(t, "POST", "/api/chat/conversations/"+token+"/read", `{"upTo":1}`, "")
	if ev := staff.next(t, "read"); !strings.Contains(ev.data, fmt.Sprintf(`"upTo":%d`, m.ID)) {
		t.Errorf("read going back: %s", ev.data)
	}
}

// TestStreamHeartbeatAndShutdown: an idle stream sends its heartbeat (and
// renews the agent's presence); StopStreams ends every stream at once and
// refuses new ones with a 503.
func TestStreamHeartbeatAndShutdown(t *testing.T) {
	e := newLiveEnv(t)
	e.srv.chat.timing.Heartbeat = 40 * time.Millisecond
	token, _ := e.handOff(t)
	// The admin of the hand-off and agent2 step away (signed in, they
	// would count as working in the desk): the agent alone counts.
	e.othersAway(t)
	visitor := openStream(t, e.ts, "/api/chat/conversations/"+token+"/events", "", 0)
	staff := openStream(t, e.ts, "/api/chat/staff/events", e.cookies["agent"], 0)
	for _, c := range []*sseClient{visitor, staff} {
		select {
		case <-c.pings:
		case <-time.After(5 * time.Second):
			t.Fatal("no heartbeat within 5 s")
		}
	}
	if !e.app.Chats.Available() {
		t.Error("an agent with the page open is not available")
	}
	e.srv.StopStreams()
	for _, c := range []*sseClient{visitor, staff} {
		select {
		case <-c.done:
		case <-time.After(5 * time.Second):
			t.Fatal("a stream outlived the shutdown")
		}
	}
	res := streamRequest(t, e.ts, "/api/chat/conversations/"+token+"/events", "", 0)
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Errorf("a stream during shutdown: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	// The agent's last stream closed, but their session served a request
	// just now: they still work in the desk (chat.DeskPresence), until
	// they step away.
	if !e.app.Chats.Available() {
		t.Error("an agent working in the desk, page closed, is not available")
	}
	if err := e.app.Chats.SetAway(context.Background(), e.actor(t, "agent"), true); err != nil {
		t.Fatal(err)
	}
	if e.app.Chats.Available() {
		t.Error("an agent away is still available")
	}
}

// TestStaffStreamEndsWithItsSession: an agent who signs out (here from
// another tab) loses their stream at its next heartbeat, and with it
// their presence.
func TestStaffStreamEndsWithItsSession(t *testing.T) {
	e := newLiveEnv(t)
	e.srv.chat.timing.Heartbeat = 40 * time.Millisecond
	e.othersAway(t)
	staff := openStream(t, e.ts, "/api/chat/staff/events", e.cookies["agent"], 0)
	staff.next(t, "inbox")
	waitFor(t, e.app.Chats.Available)
	if st, b := e.post(t, "POST", "/api/auth/logout", "", e.cookies["agent"]); st != http.StatusNoContent {
		t.Fatalf("logout: %d %s", st, b)
	}
	select {
	case <-staff.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream outlived its session")
	}
	waitFor(t, func() bool { return !e.app.Chats.Available() })
}

// TestStreamLimits: the open streams are bounded per client address and
// per account; a place comes back when a stream ends.
func TestStreamLimits(t *testing.T) {
	e := newLiveEnv(t)
	e.srv.chat.streamsPerAddress, e.srv.chat.streamsPerAccount = 3, 2
	token, _ := e.handOff(t)
	url := "/api/chat/conversations/" + token + "/events"
	a := openStream(t, e.ts, url, "", 0)
	openStream(t, e.ts, url, "", 0)
	openStream(t, e.ts, "/api/chat/staff/events", e.cookies["agent"], 0)
	for _, c := range []struct{ url, cookie, why string }{
		{url, "", "a fourth stream from one address"},
		{"/api/chat/staff/events", e.cookies["admin"], "another account, same address"},
	} {
		res := streamRequest(t, e.ts, c.url, c.cookie, 0)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), "Trop de connexions") {
			t.Errorf("%s: %d %s", c.why, res.StatusCode, body)
		}
	}
	a.close()
	waitFor(t, func() bool { v, _ := e.app.Chats.Streams(); return v == 1 })
	openStream(t, e.ts, url, "", 0)

	// Per account: two streams of the agent from two addresses.
	e.srv.chat.streamsPerAddress = 100
	openStream(t, e.ts, "/api/chat/staff/events", e.cookies["agent"], 0)
	res := streamRequest(t, e.ts, "/api/chat/staff/events", e.cookies["agent"], 0)
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a third stream of one account: %d", res.StatusCode)
	}
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 5 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestLiveChatRoles: who may read and write a conversation held by
// « agent »: the agent and an admin; not another agent, a client or a
// visitor; and nobody reads a visitor's stream without its token, nor a
// client's conversation without being that client.
func TestLiveChatRoles(t *testing.T) {
	e := newLiveEnv(t)
	token, cid := e.handOff(t)
	if st, b := e.post(t, "POST", "/api/chat/staff/conversations/"+cid+"/take", "", e.cookies["agent"]); st != 200 {
		t.Fatalf("take: %d %s", st, b)
	}
	base := "/api/chat/staff/conversations/" + cid
	//                       visitor client agent agent2 admin
	cases := []struct {
		name, method, url, body string
		want                    [5]int
	}{
		{"read", "GET", base, "", [5]int{401, 403, 200, 403, 200}},
		{"reply", "POST", base + "/messages", `{"text":"Bonjour"}`, [5]int{401, 403, 201, 403, 201}},
		{"typing", "POST", base + "/typing", `{"typing":true}`, [5]int{401, 403, 204, 403, 204}},
		{"read mark", "POST", base + "/read", `{"upTo":3}`, [5]int{401, 403, 204, 403, 204}},
		{"take what is held", "POST", base + "/take", "", [5]int{401, 403, 200, 409, 409}},
		{"inbox", "GET", "/api/chat/inbox", "", [5]int{401, 403, 200, 200, 200}},
		{"presence", "PUT", "/api/chat/staff/presence", `{"away":false}`, [5]int{401, 403, 200, 200, 200}},
		{"canned answers", "GET", "/api/chat/canned", "", [5]int{401, 403, 200, 200, 200}},
		{"new canned answer", "POST", "/api/chat/canned", `{"title":"Délais","text":"Nous répondons sous 24 heures ouvrées."}`, [5]int{401, 403, 403, 403, 201}},
		{"staff stream", "GET", "/api/chat/staff/events?probe", "", [5]int{401, 403, 0, 0, 0}},
		// To its holder: a change for nobody, refused to who may not make it.
		{"transfer", "POST", base + "/transfer", `{"to":"` + e.uids["agent"] + `"}`, [5]int{401, 403, 204, 403, 204}},
		// The agent closes it: then it is the assistant's, out of reach.
		{"close", "POST", base + "/close", "", [5]int{401, 403, 204, 403, 409}},
	}
	who := []string{"", "client", "agent", "agent2", "admin"}
	for _, c := range cases {
		for i, w := range who {
			if c.want[i] == 0 {
				continue
			}
			cookie := ""
			if w != "" {
				cookie = e.cookies[w]
			}
			st, b := e.post(t, c.method, c.url, c.body, cookie)
			if st != c.want[i] {
				t.Errorf("%s as %q: %d %s, want %d", c.name, w, st, b, c.want[i])
			}
		}
	}

	// The visitor's own streams: a made-up token, or a client's
	// conversation read with its token by someone else, is not found.
	_ = token
	mine := e.startChat(t, e.cookies["client"])
	for _, c := range []struct{ url, cookie string }{
		{"/api/chat/conversations/" + strings.Repeat("A", 43) + "/events", ""},
		{"/api/chat/conversations/" + mine + "/events", ""},
		{"/api/chat/conversations/" + mine + "/events", e.cookies["other"]},
		{"/api/chat/conversations/" + mine + "/messages?after=0", e.cookies["other"]},
	} {
		res := streamRequest(t, e.ts, c.url, c.cookie, 0)
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", c.url, res.StatusCode)
		}
	}
}

// TestTakeIsFirstComeFirstServed: many agents pressing « Prendre la
// conversation » at once: exactly one gets it, the others a 409.
func TestTakeIsFirstComeFirstServed(t *testing.T) {
	e := newLiveEnv(t)
	_, cid := e.handOff(t)
	var wg sync.WaitGroup
	codes := make(chan int, 10)
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			who := []string{"agent", "agent2", "admin"}[i%3]
			_, err := e.app.Chats.Inbox(context.Background(), e.actor(t, who))
			if err != nil {
				t.Error(err)
			}
			st, _ := e.post(t, "POST", "/api/chat/staff/conversations/"+cid+"/take", "", e.cookies[who])
			codes <- st
		}()
	}
	wg.Wait()
	close(codes)
	n := map[int]int{}
	for c := range codes {
		n[c]++
	}
	// The winner's own later presses are 200 too (they hold it already).
	in, err := e.app.Chats.Inbox(context.Background(), e.actor(t, "admin"))
	if err != nil {
		t.Fatal(err)
	}
	var holders []*chat.StaffRef
	for _, it := range append(in.Mine, in.Others...) {
		holders = append(holders, it.Agent)
	}
	if len(holders) != 1 || n[200]+n[409] != 10 || n[409] == 0 {
		t.Fatalf("holders %v, statuses %v", holders, n)
	}
	msgs, err := e.app.Chats.StaffConversation(context.Background(), e.actor(t, "admin"), cid)
	if err != nil {
		t.Fatal(err)
	}
	var arrivals []string
	for _, m := range msgs.Messages {
		if m.Sender == chat.SenderAgent || strings.Contains(m.Text, "rejoint") || strings.Contains(m.Text, "Connexion") {
			arrivals = append(arrivals, string(m.Sender)+": "+m.Text)
		}
	}
	// Exactly one line tells the visitor who arrived, and nobody greets in their name.
	if len(arrivals) != 1 || arrivals[0] != "system: "+holders[0].Name+" a rejoint la conversation." {
		t.Errorf("arrival lines %q, want one", arrivals)
	}
}

// TestLiveBadInput: hostile bodies and junk IDs on the live chat's
// endpoints are 4xx with a French message, never a 5xx, and change nothing.
func TestLiveBadInput(t *testing.T) {
	e := newLiveEnv(t)
	token, cid := e.handOff(t)
	admin := e.cookies["admin"]
	e.post(t, "POST", "/api/chat/staff/conversations/"+cid+"/take", "", admin)
	bodies := []string{"", "null", "[]", `{"typing":"oui"}`, `{"upTo":-1}`, `{"upTo":1e30}`, `{"away":null}`, `{"to":null}`,
		`{"text":"\u202egnp.exe"}`, `{"title":"","text":""}`, `{"title":"` + strings.Repeat("é", 81) + `","text":"x"}`,
		`{"text":"` + strings.Repeat("a", 20000) + `"}`, "{", `{"x":1}`}
	urls := []struct{ method, url, cookie string }{
		{"POST", "/api/chat/conversations/" + token + "/typing", ""},
		{"POST", "/api/chat/conversations/" + token + "/read", ""},
		{"POST", "/api/chat/staff/conversations/" + cid + "/messages", admin},
		{"POST", "/api/chat/staff/conversations/" + cid + "/transfer", admin},
		{"POST", "/api/chat/staff/conversations/" + cid + "/typing", admin},
		{"POST", "/api/chat/staff/conversations/" + cid + "/read", admin},
		{"PUT", "/api/chat/staff/presence", admin},
		{"POST", "/api/chat/canned", admin},
		{"PUT", "/api/chat/canned/1", admin},
		{"GET", "/api/chat/staff/conversations/%00", admin},
		{"GET", "/api/chat/staff/conversations/" + strings.Repeat("z", 64), admin},
		{"DELETE", "/api/chat/canned/abc", admin},
		{"GET", "/api/chat/conversations/" + token + "/messages?after=abc", ""},
	}
	before := e.lastID(t, token)
	for _, u := range urls {
		for _, b := range bodies {
			st, body := e.post(t, u.method, u.url, b, u.cookie)
			if st >= 500 || (st >= 400 && !strings.Contains(body, `"error":"`)) {
				t.Errorf("%s %s %q: %d %s", u.method, u.url, b, st, body)
			}
		}
	}
	// Only the one valid body (a transfer to nobody is refused) could
	// have written; the hostile ones wrote nothing.
	if after := e.lastID(t, token); after != before {
		t.Errorf("hostile bodies wrote %d messages", after-before)
	}
	_ = ratelimit.Default
	_ = account.RoleAgent
}
