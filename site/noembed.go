//go:build !embedsite

package site

import "io/fs"

// Files returns false: this binary was built without the `embedsite` tag,
// as `go test ./...` does before the site is built. The server then serves
// a short page explaining how to build the site.
func Files() (fs.FS, bool) {
	return nil, false
}
