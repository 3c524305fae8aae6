package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"courtier/pkg/apperr"
)

// Server-Sent Events of the live chat (docs/live-chat.md), with the
// standard library alone. A stream only wakes its reader: every message
// event carries the message's database ID, and a browser that reconnects
// (Last-Event-ID) is sent what came after it, once and in order.

// streamTiming are the clocks of a stream; tests shorten them.
type streamTiming struct {
	// Heartbeat is how often an idle stream sends a comment, so that
	// proxies and browsers keep it open, and an agent's presence is renewed.
	Heartbeat time.Duration
	// WriteTimeout bounds each write: a reader that stopped reading is let go.
	WriteTimeout time.Duration
}

var defaultStreamTiming = streamTiming{Heartbeat: 20 * time.Second, WriteTimeout: 15 * time.Second}

// sseWriter writes the events of one stream.
type sseWriter struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

// startSSE answers the headers of an event stream. The server's read and
// write timeouts are lifted for this connection: each write gets its own
// deadline instead.
func startSSE(w http.ResponseWriter, timeout time.Duration) (*sseWriter, error) {
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Time{}); err != nil {
		return nil, fmt.Errorf("flux: %w", err)
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	// Tells nginx-like proxies not to buffer the stream.
	h.Set("X-Accel-Buffering", "no")
	s := &sseWriter{w: w, rc: rc, timeout: timeout}
	w.WriteHeader(http.StatusOK)
	// The browser waits 2 s before reconnecting after a cut.
	return s, s.write("retry: 2000\n\n")
}

func (s *sseWriter) write(text string) error {
	if err := s.rc.SetWriteDeadline(time.Now().Add(s.timeout)); err != nil {
		return err
	}
	if _, err := s.w.Write([]byte(text)); err != nil {
		return err
	}
	return s.rc.Flush()
}

// event writes one event; id is written when positive (a message's ID).
func (s *sseWriter) event(name string, id int64, data any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("flux: %w", err)
	}
	text := "event: " + name + "\n"
	if id > 0 {
		text += "id: " + strconv.FormatInt(id, 10) + "\n"
	}
	return s.write(text + "data: " + string(b) + "\n\n")
}

// ping writes a comment line, which the browser ignores.
func (s *sseWriter) ping() error { return s.write(": ping\n\n") }

// lastEventID is where a stream resumes: the Last-Event-ID header the
// browser sends on reconnecting, else the after query parameter of the
// first connection, else 0. Anything but a non-negative integer is 0:
// the reader then gets the whole conversation, which it merges by ID.
func lastEventID(r *http.Request) int64 {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("after")
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// streamGate counts the open streams per key (client address, account)
// and refuses one more past the bound; Close ends them all at shutdown.
type streamGate struct {
	mu     sync.Mutex
	open   map[string]int
	stop   chan struct{}
	closed bool
}

func newStreamGate() *streamGate {
	return &streamGate{open: map[string]int{}, stop: make(chan struct{})}
}

// enter takes a place for each key under its bound, or none at all: a
// 429 past a bound, a 503 once the server is stopping.
func (g *streamGate) enter(keys []string, bounds []int) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return &apperr.Error{Code: apperr.EUNAVAILABLE, Message: "Le serveur redémarre : le chat se reconnecte dans un instant.", RetryAfter: 5 * time.Second}
	}
	for i, k := range keys {
		if g.open[k] >= bounds[i] {
			return errTooManyStreams()
		}
	}
	for _, k := range keys {
		g.open[k]++
	}
	return nil
}

// leave gives back the places enter took.
func (g *streamGate) leave(keys []string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, k := range keys {
		if g.open[k]--; g.open[k] <= 0 {
			delete(g.open, k)
		}
	}
}

// Close ends every stream and refuses new ones: the server is stopping,
// and http.Server.Shutdown waits for handlers that never end on their own.
func (g *streamGate) Close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.closed {
		g.closed = true
		close(g.stop)
	}
}
