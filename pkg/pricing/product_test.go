package pricing

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// productsFile is what the site reads of the products priced at once.
const productsFile = "products.json"

// The site reads the products from the specs and the rating file: the
// file must be what they say today (go test ./pkg/pricing -run
// ProductsFile -update rewrites it).
func TestProductsFile(t *testing.T) {
	want, err := json.MarshalIndent(testTariff(t).SiteProducts(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		if err := os.WriteFile(productsFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(productsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Errorf("%s is not what the specs say (run with -update):\nhave %s\nwant %s", productsFile, have, want)
	}
}

// A spec the engine cannot use is refused at the load, with the product
// named; so is a file's product without a spec.
func TestProductSpecRefused(t *testing.T) {
	cases := map[string]func(*ProductSpec){
		"facteur inconnu « colour »": func(s *ProductSpec) { s.Factors = append(s.Factors, "colour") },
		"le risque doit être":        func(s *ProductSpec) { s.Risk = "boat" },
		"« Noun »":                   func(s *ProductSpec) { s.Noun = "" },
		"un véhicule a un libellé":   func(s *ProductSpec) { s.VehicleLabel = "" },
		"formulaire de sinistre":     func(s *ProductSpec) { s.Claims.Kinds = nil },
		"enregistré deux fois":       nil,
	}
	for want, change := range cases {
		specs := HouseProducts()
		if change == nil {
			specs = append(specs, specs[0])
		} else {
			change(&specs[0])
		}
		if _, err := LoadProducts(ratesName, ratesJSON, specs); err == nil || !bytes.Contains([]byte(err.Error()), []byte(want)) {
			t.Errorf("%s: %v", want, err)
		}
	}
	_, err := LoadProducts(ratesName, ratesJSON, HouseProducts()[:4])
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("temp\u00a0» (le moteur tarifie car, moto, home et vtc)")) {
		t.Errorf("a product without its spec: %v", err)
	}
}
