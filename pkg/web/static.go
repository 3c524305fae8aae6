package web

import (
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

// staticFile is a built file held in memory with its precompressed copies.
type staticFile struct {
	data, br, gz []byte
	ctype        string
	cache        string
}

// staticFiles are the files of the built site by name (without the leading
// slash). The whole site weighs about a megabyte, so it is read once at
// start-up and every request is a map lookup.
type staticFiles map[string]staticFile

// loadStatic reads every file of fsys; .br and .gz files become the
// compressed copies of the file they are named after.
func loadStatic(fsys fs.FS) (staticFiles, error) {
	files := staticFiles{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && name == "prerender" {
			// The prerendered documents are served at their routes, by the site handler.
			return fs.SkipDir
		}
		if d.IsDir() || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			return nil
		}
		f := staticFile{ctype: mime.TypeByExtension(path.Ext(name)), cache: "no-cache"}
		if f.ctype == "" {
			f.ctype = "application/octet-stream"
		}
		if strings.HasPrefix(name, "assets/") {
			// Vite puts a content hash in every name under assets/.
			f.cache = "public, max-age=31536000, immutable"
		}
		if f.data, err = fs.ReadFile(fsys, name); err != nil {
			return err
		}
		f.br, _ = fs.ReadFile(fsys, name+".br") // absent for small files
		f.gz, _ = fs.ReadFile(fsys, name+".gz")
		files[name] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("lecture des fichiers du site: %w", err)
	}
	return files, nil
}

// serve sends a built file, choosing a precompressed copy (brotli, then
// gzip) when the browser accepts it.
func (files staticFiles) serve(w http.ResponseWriter, r *http.Request, name string) {
	f, ok := files[name]
	if !ok {
		http.Error(w, "Fichier introuvable.", http.StatusNotFound)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", f.ctype)
	hd.Set("Cache-Control", f.cache)
	hd.Add("Vary", "Accept-Encoding")
	body := f.data
	switch {
	case f.br != nil && acceptsEncoding(r, "br"):
		hd.Set("Content-Encoding", "br")
		body = f.br
	case f.gz != nil && acceptsEncoding(r, "gzip"):
		hd.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	writeBody(w, r, http.StatusOK, body)
}

// writeBody sends a complete body with its length; HEAD gets the headers only.
func writeBody(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body) //nolint:errcheck // the client may be gone
	}
}
