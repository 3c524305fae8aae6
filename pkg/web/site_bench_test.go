package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"testing"
)

// benchSite is the built site when site/dist exists (make build), so the
// figures are those of the real pages; the test files otherwise.
func benchSite(b *testing.B) (fs.FS, string) {
	b.Helper()
	dist := os.DirFS("../../site/dist")
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		return testFiles(), "/assets/index-abc123.js"
	}
	m := regexp.MustCompile(`src="(/assets/[^"]+\.js)"`).FindSubmatch(index)
	if m == nil {
		b.Fatal("no script in site/dist/index.html")
	}
	return dist, string(m[1])
}

// benchGet runs GET path through the whole server (middleware included)
// from parallel clients that accept gzip and brotli, as browsers do.
func benchGet(b *testing.B, path string) { benchRequest(b, path, "", 200) }

// benchRequest is benchGet with an If-None-Match header (none when empty)
// and the status expected.
func benchRequest(b *testing.B, path, ifNoneMatch string, status int) {
	files, _ := benchSite(b)
	env := benchEnvWith(b, files)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		// One request per client, read only by the handlers, and a writer
		// that drops the body as a socket takes it: the figures are the
		// server's, not those of parsing a request and copying the body.
		req := apiScenario{method: "GET", path: path}.request()
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		for pb.Next() {
			w := &discardWriter{h: make(http.Header)} // as net/http makes one per request
			env.h.ServeHTTP(w, req)
			if w.status != status {
				b.Fatalf("GET %s: %d, want %d", path, w.status, status)
			}
		}
	})
}

// discardWriter is a ResponseWriter that keeps the status and drops the body.
type discardWriter struct {
	h      http.Header
	status int
}

func (d *discardWriter) Header() http.Header { return d.h }

func (d *discardWriter) WriteHeader(status int) {
	if d.status == 0 {
		d.status = status
	}
}

func (d *discardWriter) Write(p []byte) (int, error) {
	d.WriteHeader(http.StatusOK)
	return len(p), nil
}

// BenchmarkHomePage measures the home page for a visitor: the prerendered,
// pre-gzipped shell with its title and session block.
func BenchmarkHomePage(b *testing.B) { benchGet(b, "/") }

// BenchmarkHashedAsset measures the main script: the brotli copy made at build time.
func BenchmarkHashedAsset(b *testing.B) {
	_, asset := benchSite(b)
	benchGet(b, asset)
}

// BenchmarkNotFound measures a missing file (what scanners ask for most).
func BenchmarkNotFound(b *testing.B) { benchRequest(b, "/wp-login.php", "", 404) }

// BenchmarkNotModified measures a browser revalidating the home page it
// holds: If-None-Match with the ETag of the gzipped page, answered 304.
func BenchmarkNotModified(b *testing.B) {
	files, _ := benchSite(b)
	env := benchEnvWith(b, files)
	req := apiScenario{method: "GET", path: "/"}.request()
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	rec := httptest.NewRecorder()
	env.h.ServeHTTP(rec, req)
	etag := rec.Header().Get("ETag")
	status := 304
	if etag == "" {
		// A server without ETags answers the whole page again.
		etag, status = `"none"`, 200
	}
	benchRequest(b, "/", etag, status)
}
