package web

import (
	"bytes"
	"html"
	"net/http"
	"strings"

	"courtier/site"
)

// headTags are what a route adds to its page's head for search engines
// and link previews: for a public page its canonical address, Open Graph
// and Twitter tags and the broker in JSON-LD; a protected page is not to
// be indexed.
func headTags(meta SiteMeta, r site.Route) string {
	if r.Protected || strings.Contains(r.Path, "/:") {
		return `<meta name="robots" content="noindex" />`
	}
	url := html.EscapeString(meta.Website + r.Path)
	if r.Path == "/" {
		url = html.EscapeString(meta.Website + "/")
	}
	title := html.EscapeString(PageTitle(r.Title, meta.Company, r.Path == "/"))
	desc := html.EscapeString(r.Description)
	var b strings.Builder
	b.WriteString(`<link rel="canonical" href="` + url + `" />`)
	b.WriteString("\n    " + `<meta property="og:type" content="website" />`)
	b.WriteString("\n    " + `<meta property="og:locale" content="fr_FR" />`)
	b.WriteString("\n    " + `<meta property="og:site_name" content="` + html.EscapeString(meta.Company) + `" />`)
	b.WriteString("\n    " + `<meta property="og:title" content="` + title + `" />`)
	b.WriteString("\n    " + `<meta property="og:description" content="` + desc + `" />`)
	b.WriteString("\n    " + `<meta property="og:url" content="` + url + `" />`)
	b.WriteString("\n    " + `<meta name="twitter:card" content="summary" />`)
	b.WriteString("\n    " + `<meta name="twitter:title" content="` + title + `" />`)
	b.WriteString("\n    " + `<meta name="twitter:description" content="` + desc + `" />`)
	if len(meta.StructuredData) > 0 {
		// encoding/json escapes <, > and &: the data cannot close the script.
		b.WriteString("\n    " + `<script type="application/ld+json">` + string(meta.StructuredData) + `</script>`)
	}
	return b.String()
}

// publicPaths are the routes a search engine may index: not protected,
// without parameters.
func publicPaths(table site.Table) []string {
	var out []string
	for _, r := range table.Routes {
		if !r.Protected && !strings.Contains(r.Path, "/:") {
			out = append(out, r.Path)
		}
	}
	return out
}

// sitemapXML lists the public pages at the site's public address.
func sitemapXML(table site.Table, website string) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range publicPaths(table) {
		b.WriteString("  <url><loc>" + html.EscapeString(website+p) + "</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

// robotsTXT lets robots read the public pages, not the protected ones nor
// the API, and names the sitemap.
func robotsTXT(table site.Table, website string) []byte {
	var b bytes.Buffer
	b.WriteString("User-agent: *\nAllow: /\nDisallow: /api/\n")
	seen := map[string]bool{}
	for _, r := range table.Routes {
		if !r.Protected {
			continue
		}
		p := r.Path
		if i := strings.Index(p, "/:"); i >= 0 {
			p = p[:i+1]
		}
		if !seen[p] {
			seen[p] = true
			b.WriteString("Disallow: " + p + "\n")
		}
	}
	b.WriteString("Sitemap: " + website + "/sitemap.xml\n")
	return b.Bytes()
}

// serveGenerated answers a document made at start-up, cached for an hour.
func serveGenerated(w http.ResponseWriter, r *http.Request, contentType []string, doc *encoded) {
	hd := w.Header()
	hd["Content-Type"] = contentType
	hd["Cache-Control"] = hdrOneHour
	send(w, r, http.StatusOK, doc)
}
