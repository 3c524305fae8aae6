package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// get asks h for path with the given headers (name, value, name, value…).
func get(h http.Handler, method, path string, headers ...string) *http.Response {
	req := apiScenario{method: method, path: path}.request()
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

// TestConditionalRequests: visitor pages, unhashed and hashed files, the
// sitemap and robots.txt carry an ETag per encoding, and an If-None-Match
// naming it (weakly, in a list, or "*") gets a 304 without a body; other
// tags, a 404 and a signed-in user's page get the whole answer.
func TestConditionalRequests(t *testing.T) {
	viewer := func(r *http.Request) *PageViewer {
		if r.Header.Get("Cookie") == "" {
			return nil
		}
		return &PageViewer{JSON: []byte(`{"user":{"role":"client"}}`), Role: "client", UID: "U1", Name: "Anne", Email: "anne@exemple.fr"}
	}
	h, err := NewSiteHandler(prerenderedFiles(), testTable(), testMeta, viewer)
	if err != nil {
		t.Fatal(err)
	}
	// etag is the ETag h answers path with for Accept-Encoding enc.
	etag := func(path, enc string) string {
		tag := get(h, "GET", path, "Accept-Encoding", enc).Header.Get("ETag")
		if tag == "" || !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) {
			t.Fatalf("%s (%q): ETag %q, want a strong one", path, enc, tag)
		}
		return tag
	}
	shell, shellGz := etag("/", ""), etag("/", "gzip")
	about, aboutGz := etag("/about", ""), etag("/about", "gzip")
	favicon, script, scriptBr := etag("/favicon.svg", ""), etag("/assets/index-abc123.js", ""), etag("/assets/index-abc123.js", "br")
	robots, sitemap := etag("/robots.txt", ""), etag("/sitemap.xml", "")
	distinct := map[string]bool{}
	for _, tag := range []string{shell, shellGz, about, aboutGz, favicon, script, scriptBr, robots, sitemap} {
		if distinct[tag] {
			t.Fatalf("ETag %s given to two documents or encodings", tag)
		}
		distinct[tag] = true
	}
	tests := []struct {
		name, method, path, enc, cookie, ifNoneMatch string
		status                                       int
		// etag is the ETag the answer carries ("" none).
		etag string
	}{
		{name: "shell", path: "/", ifNoneMatch: shell, status: 304, etag: shell},
		{name: "shell gzipped", path: "/", enc: "gzip", ifNoneMatch: shellGz, status: 304, etag: shellGz},
		{name: "gzip tag asking for the plain page", path: "/", ifNoneMatch: shellGz, status: 200, etag: shell},
		{name: "plain tag asking for the gzipped page", path: "/", enc: "gzip", ifNoneMatch: shell, status: 200, etag: shellGz},
		{name: "prerendered page", path: "/about", enc: "gzip", ifNoneMatch: aboutGz, status: 304, etag: aboutGz},
		{name: "another page's tag", path: "/about", ifNoneMatch: shell, status: 200, etag: about},
		{name: "weak comparison", path: "/about", ifNoneMatch: "W/" + about, status: 304, etag: about},
		{name: "in a list", path: "/about", ifNoneMatch: `"x", ` + shell + `,` + about, status: 304, etag: about},
		{name: "list without it", path: "/about", ifNoneMatch: `"x", W/"y"`, status: 200, etag: about},
		{name: "star", path: "/about", ifNoneMatch: "*", status: 304, etag: about},
		{name: "unquoted garbage", path: "/about", ifNoneMatch: strings.Trim(about, `"`), status: 200, etag: about},
		{name: "no If-None-Match", path: "/about", status: 200, etag: about},
		{name: "HEAD 304", method: "HEAD", path: "/about", ifNoneMatch: about, status: 304, etag: about},
		{name: "HEAD 200", method: "HEAD", path: "/about", ifNoneMatch: `"x"`, status: 200, etag: about},
		{name: "protected route's shell", path: "/dashboard", ifNoneMatch: "*", status: 304},
		{name: "favicon", path: "/favicon.svg", ifNoneMatch: favicon, status: 304, etag: favicon},
		{name: "favicon changed", path: "/favicon.svg", ifNoneMatch: `"old"`, status: 200, etag: favicon},
		{name: "hashed asset", path: "/assets/index-abc123.js", enc: "br", ifNoneMatch: scriptBr, status: 304, etag: scriptBr},
		{name: "robots.txt", path: "/robots.txt", ifNoneMatch: robots, status: 304, etag: robots},
		{name: "sitemap.xml", path: "/sitemap.xml", ifNoneMatch: "W/" + sitemap, status: 304, etag: sitemap},
		{name: "not found page", path: "/nulle-part", ifNoneMatch: "*", status: 404},
		{name: "missing file", path: "/nope.svg", ifNoneMatch: "*", status: 404},
		{name: "signed in: personal, no ETag", path: "/about", cookie: "s=1", ifNoneMatch: "*", status: 200},
		{name: "signed in gzip", path: "/about", enc: "gzip", cookie: "s=1", ifNoneMatch: aboutGz, status: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = "GET"
			}
			res := get(h, method, tt.path, "Accept-Encoding", tt.enc, "If-None-Match", tt.ifNoneMatch, "Cookie", tt.cookie)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			if tt.name != "protected route's shell" && res.Header.Get("ETag") != tt.etag {
				t.Errorf("ETag %q, want %q", res.Header.Get("ETag"), tt.etag)
			}
			if (res.StatusCode == 304 || method == "HEAD") && len(body) != 0 {
				t.Errorf("%d to %s with a body of %d bytes", res.StatusCode, method, len(body))
			}
			if res.StatusCode == 304 {
				if res.Header.Get("Content-Length") != "" || res.Header.Get("Content-Encoding") != "" || res.Header.Get("Content-Type") != "" {
					t.Errorf("304 with representation headers: %v", res.Header)
				}
				if res.Header.Get("Cache-Control") == "" {
					t.Errorf("304 without Cache-Control: %v", res.Header)
				}
				// robots.txt and the sitemap have one encoding only.
				if generated := strings.HasSuffix(tt.path, ".txt") || strings.HasSuffix(tt.path, ".xml"); !generated && res.Header.Get("Vary") != "Accept-Encoding" {
					t.Errorf("304 without Vary: %v", res.Header)
				}
			}
			if res.StatusCode == 200 && method == "GET" && res.Header.Get("Content-Length") != "" && res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
				t.Errorf("Content-Length %s for %d bytes", res.Header.Get("Content-Length"), len(body))
			}
			if method == "HEAD" && res.StatusCode == 200 && res.Header.Get("Content-Length") == "" {
				t.Error("HEAD without Content-Length")
			}
		})
	}
}

// TestSignedInPageGzipped: a signed-in user's page, made per request, is
// gzipped when the client accepts it, to the very document sent plain,
// with Vary and without an ETag; concurrent requests share the pool of
// writers safely (under -race).
func TestSignedInPageGzipped(t *testing.T) {
	viewer := func(r *http.Request) *PageViewer {
		name := r.Header.Get("Cookie")
		return &PageViewer{JSON: []byte(`{"user":{"role":"agent"}}`), Role: "agent", UID: "U1", Name: name, Email: "a@exemple.fr"}
	}
	h, err := NewSiteHandler(prerenderedFiles(), testTable(), testMeta, viewer)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/about", "/dashboard", "/nulle-part"} {
		t.Run(path, func(t *testing.T) {
			done := make(chan struct{})
			for i := range 4 {
				go func() {
					defer func() { done <- struct{}{} }()
					name := "Agent " + strconv.Itoa(i)
					plain := get(h, "GET", path, "Cookie", name)
					want, _ := io.ReadAll(plain.Body)
					res := get(h, "GET", path, "Cookie", name, "Accept-Encoding", "gzip, br")
					if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
						t.Errorf("Content-Encoding %q, Vary %q", res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
					}
					if res.Header.Get("ETag") != "" || res.Header.Get("Cache-Control") != "no-store" {
						t.Errorf("a personal page with ETag %q, Cache-Control %q", res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
					}
					zipped, _ := io.ReadAll(res.Body)
					if res.Header.Get("Content-Length") != strconv.Itoa(len(zipped)) {
						t.Errorf("Content-Length %s for %d bytes", res.Header.Get("Content-Length"), len(zipped))
					}
					zr, err := gzip.NewReader(bytes.NewReader(zipped))
					if err != nil {
						t.Errorf("gzip: %v", err)
						return
					}
					got, err := io.ReadAll(zr)
					if err != nil || !bytes.Equal(got, want) || len(got) == 0 {
						t.Errorf("gunzipped page differs from the plain one (%v):\n%s\nwant:\n%s", err, got, want)
					}
					if path == "/about" && !bytes.Contains(got, []byte(name)) {
						t.Errorf("the page lacks the user's name %q", name)
					}
				}()
			}
			for range 4 {
				<-done
			}
		})
	}
}

// shellFiles are prerenderedFiles with the shells of /about, /dashboard
// and /dashboard/requests/:id: index.html preloading each route's chunk.
func shellFiles() map[string]string {
	preload := func(chunk string) string {
		return strings.Replace(testIndex, "</head>", `<link rel="modulepreload" crossorigin href="/assets/`+chunk+`"></head>`, 1)
	}
	return map[string]string{
		"prerender/about.shell.html":                 preload("about-1.js"),
		"prerender/dashboard.shell.html":             preload("dashboard-2.js"),
		"prerender/dashboard-requests-id.shell.html": preload("desk-request-3.js"),
	}
}

// TestSiteServesRouteShells: a route without a prerendered page gets the
// shell the manifest names for it, which preloads the route's chunk; so
// does a signed-in user a prerendered page cannot show; a route without
// a shell keeps index.html's; a shell the manifest names but the build
// lacks stops the start.
func TestSiteServesRouteShells(t *testing.T) {
	files := prerenderedFiles()
	files["prerender/manifest.json"].Data = []byte(`{"routes":{"/about":{"visitor":"about.visitor.html","client":"about.client.html"}},"notFound":{"visitor":"404.visitor.html"},` +
		`"shells":{"/about":"about.shell.html","/dashboard":"dashboard.shell.html","/dashboard/requests/:id":"dashboard-requests-id.shell.html"}}`)
	for name, doc := range shellFiles() {
		files[name] = &fstest.MapFile{Data: []byte(doc)}
	}
	viewer := func(r *http.Request) *PageViewer {
		if r.Header.Get("Cookie") == "" {
			return nil
		}
		return &PageViewer{JSON: []byte(`{"user":{"role":"client"}}`), Role: "client", UID: "U1", Email: "anne@exemple.fr"}
	}
	h, err := NewSiteHandler(files, testTable(), testMeta, viewer)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, cookie string
		status             int
		has, lacks         []string
	}{
		{"protected route", "/dashboard", "", 200, []string{`<link rel="modulepreload" crossorigin href="/assets/dashboard-2.js">`, "<title>Tableau de bord – Horizon</title>", `{"user":null}`}, []string{"desk-request"}},
		{"protected route signed in", "/dashboard", "s", 200, []string{`href="/assets/dashboard-2.js"`, `{"user":{"role":"client"}}`}, nil},
		{"route with a parameter", "/dashboard/requests/R-42", "", 200, []string{`<link rel="modulepreload" crossorigin href="/assets/desk-request-3.js">`, "<title>Demande – Horizon</title>"}, []string{"dashboard-2"}},
		{"prerendered page for a visitor", "/about", "", 200, []string{"<h1>À propos</h1>"}, []string{"about-1.js"}},
		{"prerendered page, a user without a name", "/about", "s", 200, []string{`href="/assets/about-1.js"`, `<div id="root"></div>`}, []string{"<h1>"}},
		{"no shell in the manifest", "/", "", 200, []string{`<div id="root"></div>`}, []string{"modulepreload"}},
		{"not found", "/nulle-part", "", 404, []string{"<h1>Page introuvable</h1>"}, []string{"modulepreload"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := get(h, "GET", tt.path, "Cookie", tt.cookie)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.status {
				t.Errorf("status %d, want %d", res.StatusCode, tt.status)
			}
			for _, w := range tt.has {
				if !strings.Contains(string(body), w) {
					t.Errorf("body lacks %q:\n%s", w, body)
				}
			}
			for _, w := range tt.lacks {
				if strings.Contains(string(body), w) {
					t.Errorf("body has %q:\n%s", w, body)
				}
			}
		})
	}

	delete(files, "prerender/dashboard.shell.html")
	if _, err := NewSiteHandler(files, testTable(), testMeta, viewer); err == nil || !strings.Contains(err.Error(), "/dashboard") {
		t.Errorf("a missing shell: error %v, want one naming /dashboard", err)
	}
}
