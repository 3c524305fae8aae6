package pricing

import (
	"embed"
	"io/fs"
	"path"
)

// catalogueFS holds the vehicle catalogue, one file per make.
//
//go:embed catalogue/*.json
var catalogueFS embed.FS

// DefaultCatalogue loads the embedded vehicle catalogue.
func DefaultCatalogue() (*Catalogue, error) {
	return LoadCatalogueFS(catalogueFS, "catalogue")
}

// LoadCatalogueFS loads every .json file of dir in fsys as the catalogue,
// in the order of their names; an error names the file.
func LoadCatalogueFS(fsys fs.FS, dir string) (*Catalogue, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	files := make([]CatalogueFile, 0, len(names))
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		files = append(files, CatalogueFile{Name: n, Data: data})
	}
	return LoadCatalogueFiles(files)
}
