package web

import (
	"context"
	"io"
	"net"
	"net/http"
	"sync"
)

// net/http buffers a response's status line and headers in a 4 KiB
// buffer and writes the body through it: a document larger than what is
// left of that buffer leaves in two write(2) calls, the buffer's flush
// and the rest, so two TCP segments and two wake-ups of the client. On
// the loopback those two writes were half the server's CPU for the home
// page. batchConn lets send gather them into one writev(2), as nginx
// does with TCP_CORK.

// heldMax is what a batchConn copies before it sends: net/http's
// connection buffer (4 KiB), so a flush of that buffer is held and a
// larger write (the body, written past the buffer) is sent with it.
const heldMax = 4 << 10

// batchConn is an accepted connection whose writes can be gathered
// between begin and end. Outside of that it is the connection itself.
// net/http writes a connection from one goroutine at a time (the one
// serving its current request), so it needs no lock.
type batchConn struct {
	net.Conn
	batching bool
	// held are the bytes written since begin and not sent yet: copies,
	// since the writer reuses its buffer once Write returns.
	held []byte
}

// heldBuffers are the held buffers of batchConns, taken by begin and
// given back by end: a connection at rest holds none.
var heldBuffers = sync.Pool{New: func() any { b := make([]byte, 0, heldMax); return &b }}

// begin starts gathering writes.
func (c *batchConn) begin() {
	c.batching = true
	c.held = (*heldBuffers.Get().(*[]byte))[:0]
}

// end sends what is held and stops gathering.
func (c *batchConn) end() error {
	c.batching = false
	var err error
	if len(c.held) > 0 {
		_, err = c.Conn.Write(c.held)
	}
	b := c.held[:0]
	c.held = nil
	heldBuffers.Put(&b)
	return err
}

// Write holds small writes while batching and sends a larger one with
// what is held, in one writev(2) when the connection has it.
func (c *batchConn) Write(p []byte) (int, error) {
	if !c.batching {
		return c.Conn.Write(p)
	}
	if len(c.held)+len(p) <= cap(c.held) {
		c.held = append(c.held, p...)
		return len(p), nil
	}
	if len(c.held) == 0 {
		return c.Conn.Write(p)
	}
	bufs := net.Buffers{c.held, p}
	n, err := bufs.WriteTo(c.Conn)
	sent := int(n) - len(c.held)
	c.held = c.held[:0]
	if sent < 0 {
		// The held bytes did not all leave: the connection is broken
		// (a write only returns short with an error).
		return 0, err
	}
	return sent, err
}

// ReadFrom lets io.Copy to the connection use sendfile(2) or splice(2)
// as it would without the wrapper.
func (c *batchConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok && !c.batching {
		return rf.ReadFrom(r)
	}
	return io.Copy(writerOnly{c}, r)
}

// CloseWrite half-closes the connection, as net/http does before closing
// one it refuses (see http.Server's closeWriteAndWait).
func (c *batchConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// writerOnly hides a writer's ReadFrom, so io.Copy does not call it back.
type writerOnly struct{ io.Writer }

// batchListener hands out its connections as batchConns.
type batchListener struct{ net.Listener }

func (l batchListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &batchConn{Conn: c}, nil
}

type connCtxKey struct{}

// withConn is the http.Server's ConnContext: it puts the connection
// where send finds it.
func withConn(ctx context.Context, c net.Conn) context.Context {
	if bc, ok := c.(*batchConn); ok {
		return context.WithValue(ctx, connCtxKey{}, bc)
	}
	return ctx
}

// writeBatched writes body as the whole response to w in one write to
// the connection when w is served by a batchConn (see batchConn), or as
// w.Write does otherwise.
func writeBatched(w http.ResponseWriter, r *http.Request, body []byte) {
	bc, _ := r.Context().Value(connCtxKey{}).(*batchConn)
	f := flusherOf(w)
	if bc == nil || f == nil || len(body) < heldMax/2 {
		// A short body leaves with the headers anyway.
		w.Write(body) //nolint:errcheck // the client may be gone
		return
	}
	bc.begin()
	defer bc.end() //nolint:errcheck // the client may be gone
	w.Write(body)  //nolint:errcheck // idem
	f.Flush()
}

// flusherOf is the http.Flusher under w and its wrappers (Unwrap), nil
// when there is none.
func flusherOf(w http.ResponseWriter) http.Flusher {
	for {
		if f, ok := w.(http.Flusher); ok {
			return f
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return nil
		}
		w = u.Unwrap()
	}
}
