package web

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"testing/fstest"

	"courtier/pkg/app"
)

// bigFiles are the test site with documents larger than net/http's
// buffers (4 KiB), which batchConn gathers into one write.
func bigFiles() fstest.MapFS {
	files := prerenderedFiles()
	files["assets/big-0a1b2c.js"] = &fstest.MapFile{Data: bytes.Repeat([]byte("let courtier = 'assurance';\n"), 4000)}
	files["assets/mid-3d4e5f.css"] = &fstest.MapFile{Data: bytes.Repeat([]byte("p{margin:0}\n"), 800)}
	return files
}

// TestSiteDocumentSameAnswer: a visitor's GET of the site takes the
// short way (siteDocument) and gets exactly the answer of the full way;
// every other request takes the full way.
func TestSiteDocumentSameAnswer(t *testing.T) {
	env := newAPI(t, func(c *Config, _ *app.Config) { c.Site = bigFiles() })
	full, _ := env.srv.handlers()
	ifNoneMatch := get(full, "GET", "/", "Accept-Encoding", "gzip").Header.Get("ETag")
	tests := []struct {
		method, path string
		headers      []string
		short        bool // siteDocument
	}{
		{"GET", "/", nil, true},
		{"GET", "/", []string{"Accept-Encoding", "gzip, deflate, br"}, true},
		{"GET", "/", []string{"Accept-Encoding", "gzip", "If-None-Match", ifNoneMatch}, true},
		{"HEAD", "/", []string{"Accept-Encoding", "gzip"}, true},
		{"GET", "/index.html", nil, true},
		{"GET", "/about", []string{"Accept-Encoding", "gzip"}, true},
		{"GET", "/about/", nil, true},
		{"GET", "/about?x=1", nil, true},
		{"GET", "/dashboard/requests/R1", nil, true},
		{"GET", "/nulle-part", nil, true},
		{"GET", "/favicon.svg", nil, true},
		{"GET", "/assets/index-abc123.js", []string{"Accept-Encoding", "br"}, true},
		{"GET", "/assets/index-abc123.js", []string{"Accept-Encoding", "gzip;q=0, br;q=0"}, true},
		{"HEAD", "/assets/big-0a1b2c.js", nil, true},
		{"GET", "/assets/big-0a1b2c.js", nil, true},
		{"GET", "/assets/absent-0000000.js", []string{"Accept-Encoding", "gzip"}, true},
		{"GET", "/wp-login.php", nil, true},
		{"GET", "/sitemap.xml", nil, true},
		{"GET", "/robots.txt", nil, true},
		{"GET", `/a\b`, nil, true},
		{"GET", "/healthz/x", nil, true},
		// The full way: the routes, a session, an unclean path, unsafe methods.
		{"GET", "/healthz", nil, false},
		{"GET", "/api", nil, false},
		{"GET", "/api/session", nil, false},
		{"GET", "/apiary", nil, false},
		{"GET", "/", []string{"Cookie", "courtier_session=forged"}, false},
		{"GET", "/about", []string{"Cookie", "theme=dark"}, false},
		{"GET", "//about", nil, false},
		{"GET", "/a/./b", nil, false},
		{"GET", "/a/../about", nil, false},
		{"GET", "/about//", nil, false},
		{"POST", "/", nil, false},
		{"OPTIONS", "/", nil, false},
	}
	for _, tt := range tests {
		name := tt.method + " " + tt.path + " " + strings.Join(tt.headers, " ")
		req := apiScenario{method: tt.method, path: tt.path}.request()
		for i := 0; i+1 < len(tt.headers); i += 2 {
			req.Header.Set(tt.headers[i], tt.headers[i+1])
		}
		if got := siteDocument(req); got != tt.short {
			t.Errorf("%s: siteDocument %v, want %v", name, got, tt.short)
		}
		want, got := get(full, tt.method, tt.path, tt.headers...), get(env.h, tt.method, tt.path, tt.headers...)
		if d := diffResponses(want, got); d != "" {
			t.Errorf("%s: %s", name, d)
		}
	}
}

// diffResponses tells how two answers differ: status, headers, body.
func diffResponses(want, got *http.Response) string {
	if want.StatusCode != got.StatusCode {
		return fmt.Sprintf("status %d, want %d", got.StatusCode, want.StatusCode)
	}
	var b strings.Builder
	want.Header.Write(&b) //nolint:errcheck // a strings.Builder does not fail
	wh := b.String()
	b.Reset()
	got.Header.Write(&b) //nolint:errcheck // idem
	if gh := b.String(); gh != wh {
		return fmt.Sprintf("headers\n%s\nwant\n%s", gh, wh)
	}
	wb, _ := io.ReadAll(want.Body)
	gb, _ := io.ReadAll(got.Body)
	if !bytes.Equal(wb, gb) {
		return fmt.Sprintf("body of %d bytes, want %d", len(gb), len(wb))
	}
	return ""
}

// TestSiteDocumentLogsClientAddress: a request of the short way is logged
// with the client a trusted proxy names, as the full way logs it.
func TestSiteDocumentLogsClientAddress(t *testing.T) {
	env := newAPI(t, func(c *Config, _ *app.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}
	})
	// A 400 of the site is always logged; httptest's peer is 192.0.2.1.
	res := get(env.h, "GET", `/a\b`, "X-Forwarded-For", "203.0.113.9")
	if res.StatusCode != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", res.StatusCode)
	}
	if out := env.logs.String(); !strings.Contains(out, `path=/a\b`) || !strings.Contains(out, "ip=203.0.113.9") {
		t.Fatalf("log line lacks the path or the client:\n%s", out)
	}
}

// TestBatchConnGathers: between begin and end, writes that fit the held
// buffer wait; one that does not leaves with them; end sends the rest. The
// bytes leave in the order written.
func TestBatchConnGathers(t *testing.T) {
	tests := []struct {
		name   string
		writes []int
		// before are the bytes sent before end, after those end sends.
		before, after int
	}{
		{"one small write", []int{21}, 0, 21},
		{"headers and a short body", []int{800, 2500}, 0, 3300},
		{"a full buffer then the rest", []int{4096, 5588}, 9684, 0},
		{"a full buffer then a short rest", []int{4096, 1000}, 5096, 0},
		{"a full buffer, a large body", []int{4096, 105442}, 109538, 0},
		{"a large write alone", []int{50000}, 50000, 0},
		{"a large write, then a short one", []int{50000, 30}, 50000, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sent bytes.Buffer
			c := &batchConn{Conn: &recordConn{w: &sent}}
			var want bytes.Buffer
			c.begin()
			for i, n := range tt.writes {
				p := bytes.Repeat([]byte{byte('a' + i)}, n)
				want.Write(p)
				if k, err := c.Write(p); k != n || err != nil {
					t.Fatalf("Write(%d bytes) = %d, %v", n, k, err)
				}
			}
			if sent.Len() != tt.before {
				t.Fatalf("%d bytes sent before end, want %d", sent.Len(), tt.before)
			}
			if err := c.end(); err != nil {
				t.Fatal(err)
			}
			if sent.Len() != tt.before+tt.after || !bytes.Equal(sent.Bytes(), want.Bytes()) {
				t.Fatalf("%d bytes sent in all, want %d in the order written", sent.Len(), tt.before+tt.after)
			}
			// Outside a batch, a write leaves at once.
			c.Write([]byte("x")) //nolint:errcheck // recordConn does not fail
			if sent.Len() != want.Len()+1 {
				t.Fatal("a write after end was held")
			}
		})
	}
}

// recordConn is a net.Conn that keeps what is written to it.
type recordConn struct {
	net.Conn
	w io.Writer
}

func (c *recordConn) Write(p []byte) (int, error) { return c.w.Write(p) }

// TestServeBatchedAnswers: through a real connection (Serve, batchConn),
// documents of every size arrive whole, one after the other on the same
// kept-alive connection, as the handler answers them.
func TestServeBatchedAnswers(t *testing.T) {
	env := newAPI(t, func(c *Config, _ *app.Config) { c.Site = bigFiles() })
	ctx, cancel := context.WithCancel(context.Background())
	addrc, done := make(chan string, 1), make(chan error, 1)
	go func() {
		done <- Serve(ctx, "127.0.0.1:0", env.h, slog.New(slog.DiscardHandler), func(a string) { addrc <- a })
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	conn, err := net.Dial("tcp", <-addrc)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rd := bufio.NewReader(conn)
	tests := []struct{ method, path, encoding string }{
		{"GET", "/", "gzip"},
		{"GET", "/", ""},
		{"GET", "/about", ""},
		{"GET", "/assets/big-0a1b2c.js", ""},
		{"HEAD", "/assets/big-0a1b2c.js", ""},
		{"GET", "/assets/mid-3d4e5f.css", ""},
		{"GET", "/assets/index-abc123.js", "gzip"},
		{"GET", "/assets/absent-0000000.js", ""},
		{"GET", "/assets/big-0a1b2c.js", ""},
	}
	for _, tt := range tests {
		req := apiScenario{method: tt.method, path: tt.path}.request()
		fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: courtier\r\nAccept-Encoding: %s\r\n\r\n", tt.method, tt.path, tt.encoding)
		got, err := http.ReadResponse(rd, req)
		if err != nil {
			t.Fatalf("%s %s: %v", tt.method, tt.path, err)
		}
		want := get(env.h, tt.method, tt.path, "Accept-Encoding", tt.encoding)
		// The server adds Date; the recorder does not.
		got.Header.Del("Date")
		if d := diffResponses(want, got); d != "" {
			t.Errorf("%s %s: %s", tt.method, tt.path, d)
		}
		got.Body.Close()
	}
}
