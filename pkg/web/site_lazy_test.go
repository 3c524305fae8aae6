package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// readsFS records the files whose bytes are read (fs.Stat opens a file
// without reading it).
type readsFS struct {
	fs.FS
	mu    sync.Mutex
	names []string
}

func (r *readsFS) Open(name string) (fs.File, error) {
	f, err := r.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return &readFile{File: f, name: name, fs: r}, nil
}

func (r *readsFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(r.FS, name) }

func (r *readsFS) read() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.names)
}

type readFile struct {
	fs.File
	name string
	fs   *readsFS
	seen bool
}

func (f *readFile) Read(b []byte) (int, error) {
	if !f.seen {
		f.seen = true
		f.fs.mu.Lock()
		f.fs.names = append(f.fs.names, f.name)
		f.fs.mu.Unlock()
	}
	return f.File.Read(b)
}

// TestSitePagesAndFilesReadWhenAsked: the handler reads index.html and
// the manifest at start, the documents and built files at their first
// request only, each once however many ask at the same time, and the
// signed-in users' variants at the first signed-in request.
func TestSitePagesAndFilesReadWhenAsked(t *testing.T) {
	files := &readsFS{FS: prerenderedFiles()}
	viewer := func(r *http.Request) *PageViewer {
		if r.Header.Get("Cookie") == "agent" {
			return &PageViewer{JSON: []byte(`{"user":{"role":"agent"}}`), Role: "agent", UID: "U1", Name: "Arthur", Email: "arthur@exemple.fr"}
		}
		return nil
	}
	h, err := NewSiteHandler(files, testTable(), testMeta, viewer)
	if err != nil {
		t.Fatal(err)
	}
	if got := files.read(); !slices.Equal(got, []string{"index.html", "prerender/manifest.json"}) {
		t.Fatalf("read at start: %v", got)
	}
	var wg sync.WaitGroup
	for range 8 {
		for _, p := range []string{"/about", "/assets/index-abc123.js"} {
			wg.Go(func() {
				req := apiScenario{method: http.MethodGet, path: p}.request()
				req.Header.Set("Accept-Encoding", "br")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					t.Errorf("%s: %d", p, rec.Code)
				}
			})
		}
	}
	wg.Wait()
	got := files.read()
	slices.Sort(got)
	want := []string{"assets/index-abc123.js", "assets/index-abc123.js.br", "assets/index-abc123.js.gz", "index.html",
		"prerender/about.visitor.html", "prerender/manifest.json"}
	if !slices.Equal(got, want) {
		t.Errorf("read for visitors:\n%v\nwant\n%v", got, want)
	}
	for range 4 {
		wg.Go(func() {
			req := apiScenario{method: http.MethodGet, path: "/about"}.request()
			req.Header.Set("Cookie", "agent")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Arthur") {
				t.Errorf("agent: %d %s", rec.Code, rec.Body)
			}
		})
	}
	wg.Wait()
	got = files.read()
	slices.Sort(got)
	want = slices.Concat(want[:4], []string{"prerender/about.admin.html", "prerender/about.agent.html", "prerender/about.client.html"}, want[4:])
	if !slices.Equal(got, want) {
		t.Errorf("read for an agent too:\n%v\nwant\n%v", got, want)
	}
}

// TestSiteHandlerRefusesMissingPage: a build whose manifest names a
// page that is not there is refused at start, as when every page was
// rendered then.
func TestSiteHandlerRefusesMissingPage(t *testing.T) {
	files := prerenderedFiles()
	delete(files, "prerender/about.agent.html")
	_, err := NewSiteHandler(files, testTable(), testMeta, nil)
	if err == nil || !strings.Contains(err.Error(), "/about (agent)") {
		t.Fatalf("err %v", err)
	}
}
