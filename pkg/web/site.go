package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strings"

	"courtier/site"
)

// page is one HTML document rendered at start-up: the app shell with the
// route's title and description, plain and gzipped.
type page struct {
	status   int
	template []byte // without the session block
	body     []byte // with the visitor's session
	gz       []byte
}

// SiteHandler serves the built React app: hashed assets cached for a year,
// the app shell for every route of routes.json, the not-found page with a
// 404 for anything else.
type SiteHandler struct {
	files staticFiles
	pages map[string]page
	// params are the routes with a parameter ("/dashboard/requests/:id"),
	// matched segment by segment when no fixed path is.
	params       []paramPage
	notFound     page
	scriptHashes []string
	// sessionJSON returns the signed-in user's session as JSON, nil for a
	// visitor; the page then carries it so the site needs no extra request.
	sessionJSON func(*http.Request) []byte
}

// paramPage is the page of a route whose path has ":name" segments.
type paramPage struct {
	segments []string
	page     page
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

var (
	titleRe  = regexp.MustCompile(`<title>[^<]*</title>`)
	descRe   = regexp.MustCompile(`<meta name="description" content="[^"]*"\s*/?>`)
	inlineRe = regexp.MustCompile(`(?s)<script>(.*?)</script>`)
)

// PageTitle formats a document title the way site/src/lib/page-title.ts does.
func PageTitle(title, companyName string, isHome bool) string {
	if isHome {
		return companyName + " – " + title
	}
	return title + " – " + companyName
}

// NewSiteHandler reads index.html from files and renders the shell of every
// route once, so a request costs a map lookup.
func NewSiteHandler(files fs.FS, table site.Table, companyName string, sessionJSON func(*http.Request) []byte) (*SiteHandler, error) {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return nil, fmt.Errorf("index.html du site introuvable: %w", err)
	}
	if sessionJSON == nil {
		sessionJSON = func(*http.Request) []byte { return nil }
	}
	static, err := loadStatic(files)
	if err != nil {
		return nil, err
	}
	h := &SiteHandler{files: static, pages: make(map[string]page, len(table.Routes)), sessionJSON: sessionJSON}
	for _, m := range inlineRe.FindAllSubmatch(index, -1) {
		sum := sha256.Sum256(m[1])
		h.scriptHashes = append(h.scriptHashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	for _, r := range table.Routes {
		title := PageTitle(r.Title, companyName, r.Path == "/")
		pg := newPage(index, http.StatusOK, title, r.Description)
		if strings.Contains(r.Path, "/:") {
			h.params = append(h.params, paramPage{segments: strings.Split(strings.TrimPrefix(r.Path, "/"), "/"), page: pg})
			continue
		}
		h.pages[r.Path] = pg
	}
	h.notFound = newPage(index, http.StatusNotFound, PageTitle(table.NotFound.Title, companyName, false), table.NotFound.Description)
	return h, nil
}

func newPage(index []byte, status int, title, description string) page {
	out := titleRe.ReplaceAllLiteral(index, []byte("<title>"+html.EscapeString(title)+"</title>"))
	out = descRe.ReplaceAllLiteral(out, []byte(`<meta name="description" content="`+html.EscapeString(description)+`" />`))
	pg := page{status: status, template: out}
	pg.body = withSession(out, anonymousSession)
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(pg.body)
	w.Close()
	pg.gz = gz.Bytes()
	return pg
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
	h.servePage(w, r, pg)
}

// validPath refuses traversal and bytes no route or file name uses.
func validPath(p string) bool {
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return false
	}
	for _, seg := range strings.Split(p[1:], "/") {
		if seg == ".." || seg == "." {
			return false
		}
	}
	return true
}

func (h *SiteHandler) servePage(w http.ResponseWriter, r *http.Request, pg page) {
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", "no-cache")
	hd.Add("Vary", "Accept-Encoding")
	body := pg.body
	if session := h.sessionJSON(r); session != nil {
		// A signed-in user's page is personal: built per request, never stored by caches.
		hd.Set("Cache-Control", "no-store")
		body = withSession(pg.template, session)
	} else if acceptsEncoding(r, "gzip") {
		hd.Set("Content-Encoding", "gzip")
		body = pg.gz
	}
	writeBody(w, r, pg.status, body)
}

// acceptsEncoding reads Accept-Encoding, honouring q=0 refusals.
func acceptsEncoding(r *http.Request, enc string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// fallbackIndex is served by a binary built without the site (go test,
// go run without the embedsite tag), so the server still starts.
const fallbackIndex = `<!doctype html>
<html lang="fr"><head><meta charset="UTF-8"><title>Site non construit</title>
<meta name="description" content="Site non construit" /></head>
<body><h1>Site non construit</h1><p>Ce binaire a été compilé sans le site. Lancez <code>make build</code> pour l'inclure.</p></body></html>`
