package pricing

import _ "embed"

//go:embed vehicles.json
var vehiclesJSON []byte

// DefaultCatalogue loads the embedded vehicle catalogue.
func DefaultCatalogue() (*Catalogue, error) {
	return LoadCatalogue(vehiclesJSON)
}
