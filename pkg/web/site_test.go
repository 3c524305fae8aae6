package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"courtier/site"
)

const testIndex = `<!doctype html><html lang="fr"><head><title>x</title>
<meta name="description" content="x" /></head><body>
<script>document.body.classList.add('t')</script><div id="root"></div>
<script type="module" src="/assets/index-abc123.js"></script></body></html>`

func testFiles() fstest.MapFS {
	js := []byte(strings.Repeat("console.log('courtier');", 50))
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(js)
	w.Close()
	return fstest.MapFS{
		"index.html":                {Data: []byte(testIndex)},
		"favicon.svg":               {Data: []byte("<svg/>")},
		"assets/index-abc123.js":    {Data: js},
		"assets/index-abc123.js.gz": {Data: gz.Bytes()},
		"assets/index-abc123.js.br": {Data: []byte("brotli-bytes")},
		"assets/style-def456.css":   {Data: []byte("body{}")},
	}
}

var testMeta = SiteMeta{Company: "Horizon", Website: "https://www.horizon.example", StructuredData: []byte(`{"@type":"InsuranceAgency"}`)}

func testTable() site.Table {
	return site.Table{
		NotFound: site.Meta{Title: "Page introuvable", Description: "Introuvable."},
		Routes: []site.Route{
			{Path: "/", Title: "Accueil", Description: "L'accueil."},
			{Path: "/about", Title: "À propos", Description: "Qui nous sommes & pourquoi."},
			{Path: "/dashboard", Title: "Tableau de bord", Description: "Espace.", Protected: true},
			{Path: "/dashboard/requests/:id", Title: "Demande", Description: "Une demande.", Protected: true},
		},
	}
}

func newTestSite(t *testing.T) *SiteHandler {
	t.Helper()
	h, err := NewSiteHandler(testFiles(), testTable(), testMeta, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestSiteHandler(t *testing.T) {
	h := newTestSite(t)
	tests := []struct {
		name      string
		method    string
		path      string
		encoding  string
		status    int
		cache     string
		ctype     string
		cencoding string
		bodyHas   []string
		location  string
	}{
		{name: "home", path: "/", status: 200, cache: "no-cache", ctype: "text/html", bodyHas: []string{"<title>Horizon – Accueil</title>", `content="L&#39;accueil."`}},
		{name: "known route", path: "/about", status: 200, cache: "no-cache", bodyHas: []string{"<title>À propos – Horizon</title>", "Qui nous sommes &amp; pourquoi."}},
		{name: "protected route gets the shell", path: "/dashboard", status: 200, bodyHas: []string{"Tableau de bord – Horizon", `<div id="root">`}},
		{name: "route with a parameter", path: "/dashboard/requests/ABC123", status: 200, bodyHas: []string{"Demande – Horizon"}},
		{name: "parameter left empty", path: "/dashboard/requests/", status: 301, location: "/dashboard/requests"},
		{name: "parameter's parent", path: "/dashboard/requests", status: 404},
		{name: "one segment too many", path: "/dashboard/requests/ABC/x", status: 404},
		{name: "other parent", path: "/about/requests/ABC", status: 404},
		{name: "index.html is the home shell", path: "/index.html", status: 200, bodyHas: []string{"Horizon – Accueil"}},
		{name: "unknown path is 404 with the shell", path: "/nulle-part", status: 404, cache: "no-cache", bodyHas: []string{"Page introuvable – Horizon", `<div id="root">`}},
		{name: "unknown nested path", path: "/insurance/bateau", status: 404, bodyHas: []string{"Page introuvable"}},
		{name: "trailing slash redirects", path: "/about/", status: 301, location: "/about"},
		{name: "hashed asset immutable", path: "/assets/index-abc123.js", status: 200, cache: "public, max-age=31536000, immutable", ctype: "text/javascript", bodyHas: []string{"console.log"}},
		{name: "gzip copy chosen", path: "/assets/index-abc123.js", encoding: "gzip, deflate", status: 200, cencoding: "gzip"},
		{name: "brotli preferred", path: "/assets/index-abc123.js", encoding: "gzip, br", status: 200, cencoding: "br", bodyHas: []string{"brotli-bytes"}},
		{name: "brotli refused with q=0", path: "/assets/index-abc123.js", encoding: "br;q=0, gzip", status: 200, cencoding: "gzip"},
		{name: "no compressed copy", path: "/assets/style-def456.css", encoding: "gzip, br", status: 200, cencoding: "", ctype: "text/css", bodyHas: []string{"body{}"}},
		{name: "html gzipped", path: "/about", encoding: "gzip", status: 200, cencoding: "gzip"},
		{name: "unhashed file not immutable", path: "/favicon.svg", status: 200, cache: "no-cache", ctype: "image/svg+xml"},
		{name: "missing asset is a plain 404", path: "/assets/missing-000.js", status: 404, bodyHas: []string{"Fichier introuvable."}},
		{name: "precompressed copy not served by name", path: "/assets/index-abc123.js.gz", status: 404},
		{name: "directory is not a file", path: "/assets", status: 404},
		{name: "traversal", path: "/../etc/passwd", status: 400},
		{name: "traversal inside", path: "/assets/../../secret.txt", status: 400},
		{name: "encoded backslash", path: "/assets\\..\\index.html", status: 400},
		{name: "head of home", method: "HEAD", path: "/", status: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = http.MethodGet
			}
			req := apiScenario{method: method, path: "/"}.request()
			req.URL.Path = tt.path // raw, so the test reaches the handler uncleaned
			if tt.encoding != "" {
				req.Header.Set("Accept-Encoding", tt.encoding)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			if tt.cache != "" && res.Header.Get("Cache-Control") != tt.cache {
				t.Errorf("Cache-Control %q, want %q", res.Header.Get("Cache-Control"), tt.cache)
			}
			if tt.ctype != "" && !strings.HasPrefix(res.Header.Get("Content-Type"), tt.ctype) {
				t.Errorf("Content-Type %q, want %q", res.Header.Get("Content-Type"), tt.ctype)
			}
			if tt.encoding != "" && res.Header.Get("Content-Encoding") != tt.cencoding {
				t.Errorf("Content-Encoding %q, want %q", res.Header.Get("Content-Encoding"), tt.cencoding)
			}
			if tt.location != "" && res.Header.Get("Location") != tt.location {
				t.Errorf("Location %q, want %q", res.Header.Get("Location"), tt.location)
			}
			body := readBody(t, res)
			if method == http.MethodHead && len(body) != 0 {
				t.Errorf("HEAD returned a body of %d bytes", len(body))
			}
			for _, want := range tt.bodyHas {
				if !strings.Contains(body, want) {
					t.Errorf("body lacks %q:\n%s", want, body)
				}
			}
		})
	}
}

// readBody returns the body, gunzipped when the response says gzip.
func readBody(t *testing.T, res *http.Response) string {
	t.Helper()
	var r io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatalf("gzip body: %v", err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSiteHandlerScriptHashes(t *testing.T) {
	h := newTestSite(t)
	hashes := h.ScriptHashes()
	// sha256 of "document.body.classList.add('t')", the one inline script.
	want := "'sha256-"
	if len(hashes) != 1 || !strings.HasPrefix(hashes[0], want) {
		t.Fatalf("hashes %v, want one sha256 source", hashes)
	}
	csp := contentSecurityPolicy(hashes, nil)
	if strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, hashes[0]) || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q", csp)
	}
}

func TestSiteHandlerNeedsIndex(t *testing.T) {
	if _, err := NewSiteHandler(fstest.MapFS{}, testTable(), testMeta, nil); err == nil {
		t.Fatal("a site without index.html was accepted")
	}
}

func TestAcceptsEncoding(t *testing.T) {
	tests := []struct {
		header, enc string
		want        bool
	}{
		{"gzip", "gzip", true},
		{"GZIP", "gzip", true},
		{"deflate, gzip;q=0.5", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"br", "gzip", false},
		{"", "gzip", false},
		{"x-gzip", "gzip", false},
		{"br, gzip ; q = 0", "gzip", false},
		{"br;q=0.5, gzip;q=0.001", "gzip", true},
		{"  gzip  ", "gzip", true},
		{"br;q=0.", "br", false},
		{",,", "gzip", false},
	}
	for _, tt := range tests {
		r := apiScenario{method: "GET", path: "/"}.request()
		r.Header.Set("Accept-Encoding", tt.header)
		if got := acceptsEncoding(r, tt.enc); got != tt.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v, want %v", tt.header, tt.enc, got, tt.want)
		}
	}
}

func TestSiteHandlerEmbedsSession(t *testing.T) {
	signedIn := func(r *http.Request) *PageViewer {
		if r.Header.Get("Cookie") == "" {
			return nil
		}
		return &PageViewer{JSON: []byte(`{"user":{"email":"a@b.example","displayName":"\u003cAnne\u003e"}}`), Role: "client", Name: "<Anne>", Email: "a@b.example"}
	}
	h, err := NewSiteHandler(testFiles(), testTable(), testMeta, signedIn)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, cookie, cache string
		want                []string
	}{
		{"visitor", "", "no-cache", []string{`<script type="application/json" id="courtier-session">{"user":null}</script>`}},
		{"signed in", "s=1", "no-store", []string{`id="courtier-session">{"user":{"email":"a@b.example"`, `\u003cAnne\u003e`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := apiScenario{method: "GET", path: "/about"}.request()
			req.Header.Set("Accept-Encoding", "gzip")
			if tt.cookie != "" {
				req.Header.Set("Cookie", tt.cookie)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			if res.Header.Get("Cache-Control") != tt.cache {
				t.Errorf("Cache-Control %q, want %q", res.Header.Get("Cache-Control"), tt.cache)
			}
			body := readBody(t, res)
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("body lacks %q:\n%s", w, body)
				}
			}
			if strings.Index(body, "courtier-session") > strings.Index(body, `<div id="root">`) {
				t.Error("the session block comes after the app root")
			}
		})
	}
}

// prerenderedFiles are testFiles with pages React prerendered: /about in
// four variants (the signed-in ones with the markers of the name, e-mail
// and uid), and the not-found page for visitors.
// prerenderedCSS and prerenderedLoader are the inline stylesheet and
// script of the prerendered test pages.
const (
	prerenderedCSS    = "h1{color:#123}"
	prerenderedLoader = "load('/assets/index.js')"
)

func prerenderedFiles() fstest.MapFS {
	files := testFiles()
	doc := func(body string) *fstest.MapFile {
		d := strings.Replace(testIndex, `<div id="root"></div>`, `<div id="root">`+body+`</div>`, 1)
		d = strings.Replace(d, "</head>", "<style>"+prerenderedCSS+"</style></head>", 1)
		d = strings.Replace(d, "</body>", "<script>"+prerenderedLoader+"</script></body>", 1)
		return &fstest.MapFile{Data: []byte(d)}
	}
	files["prerender/manifest.json"] = &fstest.MapFile{Data: []byte(`{"routes":{"/about":{"visitor":"about.visitor.html","client":"about.client.html","agent":"about.agent.html","admin":"about.admin.html"}},"notFound":{"visitor":"404.visitor.html"}}`)}
	files["prerender/about.visitor.html"] = doc(`<nav><a href="/login">Connexion</a></nav><h1>À propos</h1>`)
	for _, role := range []string{"client", "agent", "admin"} {
		body := `<nav><button data-uid="\uE000uid\uE000" title="\uE000email\uE000">\uE000name\uE000</button> ` + role + `</nav><h1>À propos</h1>`
		files["prerender/about."+role+".html"] = doc(strings.ReplaceAll(body, `\uE000`, "\uE000"))
	}
	files["prerender/404.visitor.html"] = doc(`<h1>Page introuvable</h1>`)
	return files
}

// TestSiteServesPrerenderedPages: a prerendered route answers React's
// HTML with the route's head and the session; a signed-in user gets their
// role's variant with their own name (escaped), e-mail and uid; routes
// without a prerendered page keep the shell; the not-found page is HTML
// with a 404.
func TestSiteServesPrerenderedPages(t *testing.T) {
	viewer := func(r *http.Request) *PageViewer {
		switch r.Header.Get("Cookie") {
		case "agent":
			return &PageViewer{JSON: []byte(`{"user":{"role":"agent"}}`), Role: "agent", UID: "U1", Name: "<Arthur> & Cie", Email: "arthur@exemple.fr"}
		case "noname":
			return &PageViewer{JSON: []byte(`{"user":{"role":"client"}}`), Role: "client", UID: "U2", Email: "anne@exemple.fr"}
		}
		return nil
	}
	h, err := NewSiteHandler(prerenderedFiles(), testTable(), testMeta, viewer)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, cookie string
		status             int
		has, lacks         []string
		// styled: the page carries prerenderedCSS, and a policy allowing it.
		styled bool
	}{
		{"visitor", "/about", "", 200,
			[]string{`<h1>À propos</h1>`, `Connexion`, `<title>À propos – Horizon</title>`, `id="courtier-session">{"user":null}`,
				`<link rel="canonical" href="https://www.horizon.example/about" />`, `<meta property="og:title" content="À propos – Horizon" />`,
				`<meta name="twitter:description" content="Qui nous sommes &amp; pourquoi." />`, `<script type="application/ld+json">{"@type":"InsuranceAgency"}</script>`},
			[]string{"\uE000"}, true},
		{"an agent", "/about", "agent", 200,
			[]string{`&lt;Arthur&gt; &amp; Cie</button> agent`, `data-uid="U1"`, `title="arthur@exemple.fr"`, `{"user":{"role":"agent"}}`},
			[]string{"\uE000", "Connexion"}, true},
		{"a client without a name gets the shell", "/about", "noname", 200,
			[]string{`<div id="root"></div>`, `{"user":{"role":"client"}}`}, []string{"\uE000", "<h1>", "<style>"}, false},
		{"not prerendered: the shell", "/", "", 200, []string{`<div id="root"></div>`, `<link rel="canonical" href="https://www.horizon.example/" />`}, nil, false},
		{"protected: not indexed", "/dashboard", "", 200, []string{`<meta name="robots" content="noindex" />`}, []string{"canonical"}, false},
		{"not found", "/nulle-part", "", 404, []string{`<h1>Page introuvable</h1>`, `<meta name="robots" content="noindex" />`}, []string{"canonical"}, true},
	}
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	styleSrc := "style-src 'self' " + hash(prerenderedCSS) + ";"
	scriptSrc, themeSrc := hash(prerenderedLoader), hash("document.body.classList.add('t')")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := apiScenario{method: "GET", path: tt.path}.request()
			if tt.cookie != "" {
				req.Header.Set("Cookie", tt.cookie)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			body := readBody(t, res)
			if res.StatusCode != tt.status {
				t.Errorf("status %d, want %d", res.StatusCode, tt.status)
			}
			csp := res.Header.Get("Content-Security-Policy")
			if tt.styled && (!strings.Contains(csp, styleSrc) || !strings.Contains(body, "<style>"+prerenderedCSS+"</style>")) {
				t.Errorf("an inline stylesheet needs %q in the policy, got %q", styleSrc, csp)
			}
			if tt.styled && (!strings.Contains(csp, scriptSrc) || !strings.Contains(csp, themeSrc)) {
				t.Errorf("the page's inline scripts need %s and %s in the policy, got %q", scriptSrc, themeSrc, csp)
			}
			if !tt.styled && csp != "" {
				t.Errorf("a page without inline styles keeps the server's policy, got %q", csp)
			}
			for _, w := range tt.has {
				if !strings.Contains(body, w) {
					t.Errorf("body lacks %q:\n%s", w, body)
				}
			}
			for _, w := range tt.lacks {
				if strings.Contains(body, w) {
					t.Errorf("body has %q:\n%s", w, body)
				}
			}
		})
	}
}

// TestSitemapAndRobots: the sitemap lists the public pages at the public
// address, robots.txt keeps robots off the protected pages and the API.
func TestSitemapAndRobots(t *testing.T) {
	h := newTestSite(t)
	for _, tt := range []struct {
		path, ctype string
		want        string
	}{
		{"/sitemap.xml", "application/xml; charset=utf-8", `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://www.horizon.example/</loc></url>
  <url><loc>https://www.horizon.example/about</loc></url>
</urlset>
`},
		{"/robots.txt", "text/plain; charset=utf-8", "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /dashboard/requests/\nSitemap: https://www.horizon.example/sitemap.xml\n"},
	} {
		for _, method := range []string{"GET", "HEAD"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, apiScenario{method: method, path: tt.path}.request())
			res := rec.Result()
			body := readBody(t, res)
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != tt.ctype {
				t.Errorf("%s %s: %d %q", method, tt.path, res.StatusCode, res.Header.Get("Content-Type"))
			}
			if want := tt.want; method == "HEAD" {
				want = ""
				if res.Header.Get("Content-Length") != strconv.Itoa(len(tt.want)) {
					t.Errorf("HEAD %s: Content-Length %q", tt.path, res.Header.Get("Content-Length"))
				}
			} else if body != want {
				t.Errorf("%s:\n%s\nwant:\n%s", tt.path, body, want)
			}
		}
	}
}
