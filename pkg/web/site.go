package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"

	"courtier/site"
)

// page is one HTML document rendered at its first request: the page React
// prerendered for the route (or the app shell, for the routes it does not
// prerender) with the route's title, description and head tags, plain and
// gzipped.
type page struct {
	status   int
	template []byte // without the session block
	// plain and gz are the visitor's document (with the visitor's
	// session), as is and gzipped, each with its ETag; gz is made at the
	// first request that asks for it: compressing every page at start-up
	// held the server's start back (180 ms to 1.2 s).
	plain *encoded
	gz    *lazyGzip
	// signedIn are the documents of signed-in users, nil for a page
	// without variants; they are rendered at the page's first signed-in
	// request, not with the visitor's: a page visitors alone read holds
	// only theirs (the variants were 4.4 of the 10.1 MiB that every page
	// and built file held, 2026-12-07).
	signedIn func() signedInDocs
	// scripts and styles are the CSP hashes of the page's inline scripts
	// and stylesheets (a prerendered page carries its CSS and its module
	// loader), csp the policy that allows them.
	scripts, styles []string
	csp             string
	cspHeader       []string // csp as a header value, nil for the server's
}

// PageViewer is the signed-in user a page is served to: their session as
// JSON (GET /api/session), and what a prerendered page shows of them.
type PageViewer struct {
	JSON []byte
	Role string
	UID  string
	// Name is the display name (account.GivenName), Email the e-mail
	// address. A user without a name gets the app shell of a prerendered
	// page (see page.shell): the site names them by their e-mail.
	Name, Email string
}

// SiteMeta is what every page's head says of the broker.
type SiteMeta struct {
	// Company is the broker's name (titles, og:site_name).
	Company string
	// Website is the site's public address, without a trailing slash:
	// canonical URLs, Open Graph, the sitemap.
	Website string
	// StructuredData is the broker in JSON-LD (company.Profile.StructuredData).
	StructuredData []byte
}

// The markers the prerendered pages of signed-in users carry (written by
// scripts/prerender.mjs), replaced per request with the user's own.
var (
	markerName  = []byte("\uE000name\uE000")
	markerEmail = []byte("\uE000email\uE000")
	markerUID   = []byte("\uE000uid\uE000")
)

// SiteHandler serves the built React app: hashed assets cached for a year,
// the app shell for every route of routes.json, the not-found page with a
// 404 for anything else.
type SiteHandler struct {
	files staticFiles
	// pages are built at their first request (see lazyPage).
	pages map[string]func() page
	// sitemap and robots are /sitemap.xml and /robots.txt, made from the routes.
	sitemap, robots *encoded
	// gzips are the gzip writers of signed-in pages, compressed per request.
	gzips sync.Pool
	// params are the routes with a parameter ("/dashboard/requests/:id"),
	// matched segment by segment when no fixed path is.
	params       []paramPage
	notFound     func() page
	scriptHashes []string
	// viewer returns the signed-in user, nil for a visitor; the page then
	// carries their session so the site needs no extra request.
	viewer func(*http.Request) *PageViewer
}

// paramPage is the page of a route whose path has ":name" segments.
type paramPage struct {
	segments []string
	page     func() page
}

// match tells whether path p fills the route's segments, each parameter
// with one non-empty segment.
func (pp paramPage) match(p string) bool {
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	if len(segs) != len(pp.segments) {
		return false
	}
	for i, s := range pp.segments {
		if segs[i] == "" || (!strings.HasPrefix(s, ":") && s != segs[i]) {
			return false
		}
	}
	return true
}

// anonymousSession is the session JSON of every visitor.
var anonymousSession = []byte(`{"user":null}`)

// The elements whose contents the CSP hashes: inline scripts and
// stylesheets without attributes (the JSON data block has one, and is not
// run).
var (
	scriptTag = element{open: []byte("<script>"), close: []byte("</script>")}
	styleTag  = element{open: []byte("<style>"), close: []byte("</style>")}
)

// element is an HTML element found by its exact opening and closing tags.
// The documents are ours and large (a prerendered page carries its CSS):
// scanning them with bytes.Index is about ten times faster than a regular
// expression, which held the server's start back.
type element struct{ open, close []byte }

// contents are the texts between each opening tag and the closing tag after it.
func (e element) contents(doc []byte) [][]byte {
	var out [][]byte
	for {
		i := bytes.Index(doc, e.open)
		if i < 0 {
			return out
		}
		doc = doc[i+len(e.open):]
		j := bytes.Index(doc, e.close)
		if j < 0 {
			return out
		}
		out = append(out, doc[:j])
		doc = doc[j+len(e.close):]
	}
}

// PageTitle formats a document title the way site/src/lib/page-title.ts does.
func PageTitle(title, companyName string, isHome bool) string {
	if isHome {
		return companyName + " – " + title
	}
	return title + " – " + companyName
}

// NewSiteHandler reads index.html and the manifest of the prerendered
// pages from files, and checks that every page the manifest names is
// there; each route's document is rendered once, at its first request,
// so a request costs a map lookup. Rendering all of them at start-up took
// most of the server's start and held 10 MB (2026-12-07).
func NewSiteHandler(files fs.FS, table site.Table, meta SiteMeta, viewer func(*http.Request) *PageViewer) (*SiteHandler, error) {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return nil, fmt.Errorf("index.html du site introuvable: %w", err)
	}
	if viewer == nil {
		viewer = func(*http.Request) *PageViewer { return nil }
	}
	static, err := loadStatic(files)
	if err != nil {
		return nil, err
	}
	pre, err := loadPrerendered(files)
	if err != nil {
		return nil, err
	}
	meta.Website = strings.TrimRight(meta.Website, "/")
	sitemap, robots := sitemapXML(table, meta.Website), robotsTXT(table, meta.Website)
	h := &SiteHandler{files: static, pages: make(map[string]func() page, len(table.Routes)), viewer: viewer,
		sitemap: newEncoded(sitemap, "", etagFor(contentTag(sitemap), "")),
		robots:  newEncoded(robots, "", etagFor(contentTag(robots), "")),
		gzips:   sync.Pool{New: newPageGzipper}}
	h.scriptHashes = cspHashes(scriptTag, index)
	for _, r := range table.Routes {
		pg, err := h.lazyPage(pre, files, r.Path, index, http.StatusOK, PageTitle(r.Title, meta.Company, r.Path == "/"), r.Description, headTags(meta, r))
		if err != nil {
			return nil, err
		}
		if strings.Contains(r.Path, "/:") {
			h.params = append(h.params, paramPage{segments: strings.Split(strings.TrimPrefix(r.Path, "/"), "/"), page: pg})
			continue
		}
		h.pages[r.Path] = pg
	}
	h.notFound, err = h.lazyPage(pre, files, notFoundKey, index, http.StatusNotFound, PageTitle(table.NotFound.Title, meta.Company, false),
		table.NotFound.Description, `<meta name="robots" content="noindex" />`)
	if err != nil {
		return nil, err
	}
	return h, nil
}

// lazyPage checks that the files of the page of route path are there and
// returns the function that renders it once, at its first call;
// concurrent first callers wait for the one rendering. A file checked
// here and unreadable later (a broken file system, never an embedded
// one) leaves the route with index.html's app shell, as a build without
// prerendered pages has.
func (h *SiteHandler) lazyPage(pre *prerendered, files fs.FS, path string, index []byte, status int, title, description, head string) (func() page, error) {
	if err := pre.check(files, path); err != nil {
		return nil, err
	}
	return sync.OnceValue(func() page {
		pg, err := pre.page(files, path, index, status, title, description, head)
		if err != nil {
			pg = newPage(index, status, title, description, head)
		}
		return h.withCSP(pg)
	}), nil
}

// check tells whether every file of the page of route path is in files,
// without reading them, so that a build missing one is refused at start
// as when the pages were rendered then.
func (p *prerendered) check(files fs.FS, path string) error {
	variants := p.Routes[path]
	if path == notFoundKey {
		variants = p.NotFound
	}
	if name, ok := p.Shells[path]; ok {
		if _, err := fs.Stat(files, "prerender/"+name); err != nil {
			return fmt.Errorf("squelette de la page %s: %w", path, err)
		}
	}
	for role, name := range variants {
		if _, err := fs.Stat(files, "prerender/"+name); err != nil {
			if role == "visitor" {
				return fmt.Errorf("page prérendue de %s: %w", path, err)
			}
			return fmt.Errorf("page prérendue de %s (%s): %w", path, role, err)
		}
	}
	return nil
}

// cspHashes are the CSP sources ('sha256-…') of the contents of the
// elements e in doc.
func cspHashes(e element, doc []byte) []string {
	var hashes []string
	for _, c := range e.contents(doc) {
		sum := sha256.Sum256(c)
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return hashes
}

// withCSP gives a prerendered page (it has inline stylesheets) its own
// policy, which allows its inline scripts and stylesheets by hash; the
// others keep the server's, made from index.html.
func (h *SiteHandler) withCSP(pg page) page {
	if len(pg.styles) > 0 {
		pg.csp = contentSecurityPolicy(pg.scripts, pg.styles)
		pg.cspHeader = []string{pg.csp}
	}
	return pg
}

// notFoundKey is the not-found page's key among the prerendered pages.
const notFoundKey = "*"

// prerendered is site/dist/prerender/manifest.json: the file of each
// variant (visitor, client, agent, admin) of each prerendered route, and
// of each route's app shell (index.html preloading the route's chunks).
type prerendered struct {
	Routes   map[string]map[string]string `json:"routes"`
	NotFound map[string]string            `json:"notFound"`
	Shells   map[string]string            `json:"shells"`
}

// loadPrerendered reads the manifest of the prerendered pages; a build
// without them (go test, an older build) has none, and every route gets
// the app shell.
func loadPrerendered(files fs.FS) (*prerendered, error) {
	b, err := fs.ReadFile(files, "prerender/manifest.json")
	if errors.Is(err, fs.ErrNotExist) {
		return &prerendered{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("pages prérendues: %w", err)
	}
	var p prerendered
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("manifeste des pages prérendues illisible: %w", err)
	}
	return &p, nil
}

// page builds the page of route path: its prerendered documents when the
// build made them, else the route's app shell, else index.html's (an
// older build).
func (p *prerendered) page(files fs.FS, path string, index []byte, status int, title, description, head string) (page, error) {
	variants := p.Routes[path]
	if path == notFoundKey {
		variants = p.NotFound
	}
	if name, ok := p.Shells[path]; ok {
		b, err := fs.ReadFile(files, "prerender/"+name)
		if err != nil {
			return page{}, fmt.Errorf("squelette de la page %s: %w", path, err)
		}
		index = b
	}
	doc := index
	if name, ok := variants["visitor"]; ok {
		b, err := fs.ReadFile(files, "prerender/"+name)
		if err != nil {
			return page{}, fmt.Errorf("page prérendue de %s: %w", path, err)
		}
		doc = b
	}
	pg := newPage(doc, status, title, description, head)
	if len(variants) > 1 || (len(variants) == 1 && variants["visitor"] == "") {
		pg.signedIn = sync.OnceValue(func() signedInDocs {
			docs := signedInDocs{roles: map[string][]byte{}, shell: renderHead(index, title, description, head)}
			for role, name := range variants {
				if role == "visitor" {
					continue
				}
				// Checked at start (prerendered.check); a file unreadable
				// since leaves its role the shell.
				if b, err := fs.ReadFile(files, "prerender/"+name); err == nil {
					docs.roles[role] = renderHead(b, title, description, head)
				}
			}
			return docs
		})
	}
	return pg, nil
}

// signedInDocs are a prerendered page's documents for signed-in users.
type signedInDocs struct {
	// roles are the page as a signed-in user of each role sees it, with
	// markers where their name, e-mail and uid go (see PageViewer).
	roles map[string][]byte
	// shell is the app shell of a prerendered page, for a user the
	// variants cannot show (no display name: the site writes the e-mail
	// where the HTML has one marker, and the forms leave the name empty).
	shell []byte
}

// renderHead puts the route's title, description and head tags in doc.
func renderHead(doc []byte, title, description, head string) []byte {
	out := replaceBetween(doc, "<title>", "</title>", "<title>"+html.EscapeString(title)+"</title>")
	out = replaceBetween(out, `<meta name="description" content="`, ">",
		`<meta name="description" content="`+html.EscapeString(description)+`" />`)
	if head != "" {
		out = bytes.Replace(out, []byte("</head>"), []byte(head+"\n  </head>"), 1)
	}
	return out
}

// replaceBetween replaces the first text of doc that starts with start and
// ends with the first end after it by with; doc is returned unchanged
// (not copied) when it has no such text.
func replaceBetween(doc []byte, start, end, with string) []byte {
	i := bytes.Index(doc, []byte(start))
	if i < 0 {
		return doc
	}
	j := bytes.Index(doc[i+len(start):], []byte(end))
	if j < 0 {
		return doc
	}
	j += i + len(start) + len(end)
	out := make([]byte, 0, len(doc)-(j-i)+len(with))
	out = append(out, doc[:i]...)
	out = append(out, with...)
	return append(out, doc[j:]...)
}

func newPage(doc []byte, status int, title, description, head string) page {
	out := renderHead(doc, title, description, head)
	pg := page{status: status, template: out, scripts: cspHashes(scriptTag, out), styles: cspHashes(styleTag, out)}
	body := withSession(out, anonymousSession)
	// Only a 200 has a representation a client may revalidate.
	plainTag, gzTag := "", ""
	if status == http.StatusOK {
		tag := contentTag(body)
		plainTag, gzTag = etagFor(tag, ""), etagFor(tag, "gz")
	}
	pg.plain = newEncoded(body, "", plainTag)
	pg.gz = &lazyGzip{src: body, etag: gzTag}
	return pg
}

// lazyGzip is a document gzipped once, when first needed, with its ETag.
type lazyGzip struct {
	once sync.Once
	src  []byte
	etag string
	enc  *encoded
}

// get returns the gzipped document, compressing it on the first call.
func (l *lazyGzip) get() *encoded {
	l.once.Do(func() {
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression) // the level is valid
		w.Write(l.src)                                         //nolint:errcheck // a bytes.Buffer does not fail
		w.Close()                                              //nolint:errcheck // idem
		l.enc = newEncoded(gz.Bytes(), "gzip", l.etag)
	})
	return l.enc
}

// forViewer is the page's document for a signed-in user: the variant of
// their role with their name, e-mail and uid in place of the markers, or
// the shell, and their session; and its policy when it is not the server's.
func (pg page) forViewer(v *PageViewer) (doc []byte, csp string) {
	if pg.signedIn == nil {
		return withSession(pg.template, v.JSON), pg.csp
	}
	docs := pg.signedIn()
	doc, ok := docs.roles[v.Role]
	if !ok || v.Name == "" {
		return withSession(docs.shell, v.JSON), ""
	}
	doc = bytes.ReplaceAll(doc, markerName, []byte(html.EscapeString(v.Name)))
	doc = bytes.ReplaceAll(doc, markerEmail, []byte(html.EscapeString(v.Email)))
	doc = bytes.ReplaceAll(doc, markerUID, []byte(html.EscapeString(v.UID)))
	return withSession(doc, v.JSON), pg.csp
}

// withSession puts the session JSON in a data block before the app's root.
// JSON from encoding/json escapes '<', so it cannot close the script early.
func withSession(doc, sessionJSON []byte) []byte {
	block := append([]byte(`<script type="application/json" id="courtier-session">`), sessionJSON...)
	block = append(block, []byte("</script>\n    ")...)
	return bytes.Replace(doc, []byte(`<div id="root">`), append(block, []byte(`<div id="root">`)...), 1)
}

// ScriptHashes are the CSP hashes of the inline scripts of index.html (the
// theme script that must run before the first paint).
func (h *SiteHandler) ScriptHashes() []string { return h.scriptHashes }

func (h *SiteHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Méthode non autorisée.", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if !validPath(p) {
		http.Error(w, "Chemin invalide.", http.StatusBadRequest)
		return
	}
	if p != "/" && strings.HasSuffix(p, "/") {
		target := strings.TrimRight(p, "/")
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
		return
	}
	switch p {
	case "/sitemap.xml":
		serveGenerated(w, r, hdrXML, h.sitemap)
		return
	case "/robots.txt":
		serveGenerated(w, r, hdrText, h.robots)
		return
	}
	if strings.Contains(path.Base(p), ".") && p != "/index.html" {
		h.files.serve(w, r, strings.TrimPrefix(p, "/"))
		return
	}
	pg, ok := h.pages[p]
	if p == "/index.html" {
		pg, ok = h.pages["/"]
	}
	for i := 0; !ok && i < len(h.params); i++ {
		pg, ok = h.params[i].page, h.params[i].match(p)
	}
	if !ok {
		pg = h.notFound
	}
	h.servePage(w, r, pg())
}

// validPath refuses traversal and bytes no route or file name uses.
func validPath(p string) bool {
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return false
	}
	for seg := range strings.SplitSeq(p[1:], "/") { // no slice made
		if seg == ".." || seg == "." {
			return false
		}
	}
	return true
}

func (h *SiteHandler) servePage(w http.ResponseWriter, r *http.Request, pg page) {
	hd := w.Header()
	hd["Content-Type"] = hdrHTML
	hd["Vary"] = hdrVaryEncoding
	if v := h.viewer(r); v != nil {
		// A signed-in user's page is personal: built per request, never
		// stored by caches, so it has no ETag to revalidate.
		hd["Cache-Control"] = hdrNoStore
		doc, csp := pg.forViewer(v)
		if csp != "" {
			hd.Set("Content-Security-Policy", csp)
		}
		h.sendPersonal(w, r, pg.status, doc)
		return
	}
	hd["Cache-Control"] = hdrNoCache
	if pg.cspHeader != nil {
		hd["Content-Security-Policy"] = pg.cspHeader
	}
	e := pg.plain
	if acceptsEncoding(r, "gzip") {
		e = pg.gz.get()
	}
	send(w, r, pg.status, e)
}

// pageGzipper compresses a signed-in user's page: a gzip writer and the
// buffer it writes to, kept in a pool since a writer costs hundreds of
// kilobytes to make.
type pageGzipper struct {
	zw  *gzip.Writer
	buf bytes.Buffer
}

// newPageGzipper makes a gzipper at the fastest level: a page of tens of
// kilobytes shrinks about as much, in a fraction of the time.
func newPageGzipper() any {
	g := &pageGzipper{}
	g.zw, _ = gzip.NewWriterLevel(&g.buf, gzip.BestSpeed) // the level is valid
	return g
}

// sendPersonal sends a document made for this request, gzipped when the
// client accepts it, with its length and no ETag.
func (h *SiteHandler) sendPersonal(w http.ResponseWriter, r *http.Request, status int, doc []byte) {
	if !acceptsEncoding(r, "gzip") {
		send(w, r, status, newEncoded(doc, "", ""))
		return
	}
	g := h.gzips.Get().(*pageGzipper)
	defer h.gzips.Put(g)
	g.buf.Reset()
	g.zw.Reset(&g.buf)
	g.zw.Write(doc) //nolint:errcheck // a bytes.Buffer does not fail
	g.zw.Close()    //nolint:errcheck // idem
	send(w, r, status, newEncoded(g.buf.Bytes(), "gzip", ""))
}

// acceptsEncoding reads the request's Accept-Encoding, see acceptsEncodingIn.
func acceptsEncoding(r *http.Request, enc string) bool {
	return acceptsEncodingIn(r.Header.Get("Accept-Encoding"), enc)
}

// acceptsEncodingIn tells whether an Accept-Encoding value accepts enc,
// honouring q=0 refusals. It reads the value in place: no allocation.
func acceptsEncodingIn(header, enc string) bool {
	for header != "" {
		part, rest, _ := strings.Cut(header, ",")
		header = rest
		name, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		return !zeroQuality(params)
	}
	return false
}

// zeroQuality tells whether the parameters of an Accept-Encoding item
// are q=0 (q=0, q=0.0, q=0.00 or q=0.000, spaces allowed).
func zeroQuality(params string) bool {
	params = strings.TrimSpace(params)
	name, value, ok := strings.Cut(params, "=")
	if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
		return false
	}
	value = strings.TrimSpace(value)
	switch value {
	case "0", "0.", "0.0", "0.00", "0.000":
		return true
	}
	return false
}

// fallbackIndex is served by a binary built without the site (go test,
// go run without the embedsite tag), so the server still starts.
const fallbackIndex = `<!doctype html>
<html lang="fr"><head><meta charset="UTF-8"><title>Site non construit</title>
<meta name="description" content="Site non construit" /></head>
<body><h1>Site non construit</h1><p>Ce binaire a été compilé sans le site. Lancez <code>make build</code> pour l’inclure.</p></body></html>`
