package web

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// Header values every static answer shares. They are assigned into the
// header map as they are, so a request allocates no slice for them; no
// code appends to a header slice in place (Header.Add copies a full one),
// so sharing them is safe.
var (
	hdrNoCache      = []string{"no-cache"}
	hdrNoStore      = []string{"no-store"}
	hdrImmutable    = []string{"public, max-age=31536000, immutable"}
	hdrOneHour      = []string{"public, max-age=3600"}
	hdrVaryEncoding = []string{"Accept-Encoding"}
	hdrGzip         = []string{"gzip"}
	hdrBrotli       = []string{"br"}
	hdrHTML         = []string{"text/html; charset=utf-8"}
	hdrText         = []string{"text/plain; charset=utf-8"}
	hdrXML          = []string{"application/xml; charset=utf-8"}
	hdrNosniff      = []string{"nosniff"}
)

// encoded is one encoding of a document held in memory with the header
// values it is sent with, made once at start-up: serving it assigns them
// into the header map and allocates nothing.
type encoded struct {
	data     []byte
	length   []string // Content-Length
	encoding []string // Content-Encoding; nil for the identity
	etag     []string // ETag; nil for a document without one
}

// newEncoded holds data sent with Content-Encoding encoding ("" for the
// identity) and the strong ETag etag ("" for none).
func newEncoded(data []byte, encoding, etag string) *encoded {
	e := &encoded{data: data, length: []string{strconv.Itoa(len(data))}}
	if encoding != "" {
		e.encoding = []string{encoding}
	}
	if etag != "" {
		e.etag = []string{etag}
	}
	return e
}

// contentTag is the opaque part of a document's ETags, from the hash of
// its bytes: the same document keeps it across restarts and builds. Each
// encoding gets its own ETag (tag, tag-gz, tag-br), strong ones, since
// their bytes differ (RFC 9110 §8.8.3.3).
func contentTag(data []byte) string {
	sum := sha256.Sum256(data)
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// etagFor is the quoted ETag of the encoding enc ("" for the identity) of
// a document whose contentTag is tag.
func etagFor(tag, enc string) string {
	if enc == "" {
		return `"` + tag + `"`
	}
	return `"` + tag + "-" + enc + `"`
}

// staticFile is a built file held in memory with its precompressed copies.
type staticFile struct {
	plain, br, gz *encoded // br and gz nil when the build made none
	ctype, cache  []string
}

// staticFiles are the files of the built site by name (without the leading
// slash), each read at its first request and then held: every later
// request is a map lookup. Reading and hashing every file at start-up
// held the server's start back and kept files no request had asked for
// (2.9 MB of copies, 2026-12-07).
type staticFiles map[string]func() staticFile

// loadStatic lists the files of fsys; .br and .gz files become the
// compressed copies of the file they are named after. No file is read.
func loadStatic(fsys fs.FS) (staticFiles, error) {
	names := map[string]bool{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && name == "prerender" {
			// The prerendered documents are served at their routes, by the site handler.
			return fs.SkipDir
		}
		if !d.IsDir() {
			names[name] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("lecture des fichiers du site: %w", err)
	}
	files := staticFiles{}
	for name := range names {
		if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			continue
		}
		files[name] = sync.OnceValue(func() staticFile {
			return readStatic(fsys, name, names[name+".br"], names[name+".gz"])
		})
	}
	return files, nil
}

// readStatic reads a built file and the compressed copies the build made
// of it. A file that cannot be read is answered as missing (plain nil):
// the walk listed it, so only a broken file system gets there.
func readStatic(fsys fs.FS, name string, br, gz bool) staticFile {
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	f := staticFile{ctype: []string{ctype}, cache: hdrNoCache}
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash in every name under assets/.
		f.cache = hdrImmutable
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return staticFile{}
	}
	// Hashed assets get an ETag too: it costs nothing per request and
	// answers a reload that revalidates despite immutable.
	tag := contentTag(data)
	f.plain = newEncoded(data, "", etagFor(tag, ""))
	if br { // absent for small files
		if b, err := fs.ReadFile(fsys, name+".br"); err == nil {
			f.br = newEncoded(b, "br", etagFor(tag, "br"))
		}
	}
	if gz {
		if b, err := fs.ReadFile(fsys, name+".gz"); err == nil {
			f.gz = newEncoded(b, "gzip", etagFor(tag, "gz"))
		}
	}
	return f
}

// serve sends a built file, choosing a precompressed copy (brotli, then
// gzip) when the browser accepts it.
func (files staticFiles) serve(w http.ResponseWriter, r *http.Request, name string) {
	get, ok := files[name]
	if !ok {
		fileNotFound(w, r)
		return
	}
	f := get()
	if f.plain == nil {
		fileNotFound(w, r)
		return
	}
	hd := w.Header()
	hd["Content-Type"] = f.ctype
	hd["Cache-Control"] = f.cache
	hd["Vary"] = hdrVaryEncoding
	e := f.plain
	if f.br != nil || f.gz != nil {
		accept := r.Header.Get("Accept-Encoding")
		switch {
		case f.br != nil && acceptsEncodingIn(accept, "br"):
			e = f.br
		case f.gz != nil && acceptsEncodingIn(accept, "gzip"):
			e = f.gz
		}
	}
	send(w, r, http.StatusOK, e)
}

// notFoundBody is the answer to a missing file: plain text, as http.Error
// writes it, without its allocations.
var notFoundBody = newEncoded([]byte("Fichier introuvable.\n"), "", "")

// fileNotFound answers a missing file with a short 404.
func fileNotFound(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd["Content-Type"] = hdrText
	hd["X-Content-Type-Options"] = hdrNosniff
	send(w, r, http.StatusNotFound, notFoundBody)
}

// send writes e with status and its length; HEAD gets the headers only. A
// 200 whose ETag the request's If-None-Match names is a 304 without a body
// (RFC 9110 §13.1.2: the validators and caching headers, not the
// representation's own).
func send(w http.ResponseWriter, r *http.Request, status int, e *encoded) {
	hd := w.Header()
	if e.etag != nil {
		hd["Etag"] = e.etag
		if status == http.StatusOK && noneMatchFails(r.Header["If-None-Match"], e.etag[0]) {
			delete(hd, "Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	if e.encoding != nil {
		hd["Content-Encoding"] = e.encoding
	}
	hd["Content-Length"] = e.length
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		writeBatched(w, r, e.data)
	}
}

// noneMatchFails tells whether the If-None-Match values name etag (or
// are "*"), so the client's copy is current. The comparison is weak, as
// RFC 9110 §13.1.2 asks: W/"x" names "x". An unreadable value names
// nothing from where it stops.
func noneMatchFails(values []string, etag string) bool {
	for _, v := range values {
		for {
			v = strings.TrimLeft(v, " \t,")
			if v == "" {
				break
			}
			if v[0] == '*' {
				return true
			}
			v = strings.TrimPrefix(v, "W/")
			if len(v) < 2 || v[0] != '"' {
				break
			}
			end := strings.IndexByte(v[1:], '"')
			if end < 0 {
				break
			}
			if v[:end+2] == etag {
				return true
			}
			v = v[end+2:]
		}
	}
	return false
}
