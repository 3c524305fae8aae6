package pricing

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// catalogueName names the vehicle catalogue in error messages.
const catalogueName = "vehicles.json"

// Vehicle is a version of a car or motorbike of the catalogue, with what
// the engine derives its liability group and damage class from.
type Vehicle struct {
	ID            string `json:"id"`
	Kind          string `json:"kind"`
	Make          string `json:"make"`
	Model         string `json:"model"`
	Version       string `json:"version"`
	Energy        string `json:"energy"`
	FiscalPower   int    `json:"fiscalPower"`
	PowerKw       int    `json:"powerKw"`
	ValueNewCents int64  `json:"valueNewCents"`
	FromYear      int    `json:"fromYear"`
	Body          string `json:"body"`
	Cc            int    `json:"cc,omitempty"`
	Licence       string `json:"licence,omitempty"`
}

// Name writes the vehicle as people say it: « Peugeot 208 1.2 PureTech 100 ».
func (v *Vehicle) Name() string {
	return v.Make + " " + v.Model + " " + v.Version
}

// Catalogue is the loaded vehicle catalogue, searchable as one types.
type Catalogue struct {
	vehicles []*Vehicle
	byID     map[string]*Vehicle
	// words holds, per vehicle, the folded words of make and model, then
	// of the version.
	words []vehicleWords
}

type vehicleWords struct {
	makeModel []string
	version   []string
}

type fileCatalogue struct {
	Comment  string     `json:"_comment"`
	Version  string     `json:"version"`
	Vehicles []*Vehicle `json:"vehicles"`
}

// The allowed values of the catalogue's schema.
var (
	energies   = []string{"essence", "diesel", "hybride", "hybride-rechargeable", "electrique", "gpl-e85"}
	carBodies  = []string{"citadine", "compacte", "berline", "break", "suv", "monospace", "utilitaire", "coupe-cabriolet"}
	motoBodies = []string{"roadster", "sportive", "trail", "routiere", "custom", "scooter", "125"}
	licences   = []string{"AM", "A1", "A2", "A"}
)

// LoadCatalogue checks a vehicle catalogue and indexes it. An entry with
// a missing or impossible value is refused with its line.
func LoadCatalogue(data []byte) (*Catalogue, error) {
	var f fileCatalogue
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, decodeError(catalogueName, data, err)
	}
	loc, err := newLocator(catalogueName, data)
	if err != nil {
		return nil, syntaxError(catalogueName, data, err)
	}
	c := &Catalogue{byID: map[string]*Vehicle{}}
	for i, v := range f.Vehicles {
		path := pathIndex("vehicles", i)
		if v == nil {
			return nil, loc.errorf(path, "entrée vide")
		}
		if msg := checkVehicle(v); msg != "" {
			return nil, loc.errorf(path, "%s : %s", v.ID, msg)
		}
		if c.byID[v.ID] != nil {
			return nil, loc.errorf(path+".id", "identifiant «\u00a0%s\u00a0» en double", v.ID)
		}
		c.byID[v.ID] = v
		c.vehicles = append(c.vehicles, v)
		c.words = append(c.words, vehicleWords{
			makeModel: words(v.Make + " " + v.Model),
			version:   words(v.Version),
		})
	}
	return c, nil
}

// checkVehicle returns what is wrong with an entry, "" if nothing.
func checkVehicle(v *Vehicle) string {
	switch {
	case v.ID == "" || strings.TrimSpace(v.Make) == "" || strings.TrimSpace(v.Model) == "" || strings.TrimSpace(v.Version) == "":
		return "id, make, model et version sont obligatoires"
	case !slices.Contains(energies, v.Energy):
		return "énergie inconnue «\u00a0" + v.Energy + "\u00a0»"
	case v.FiscalPower < 1 || v.FiscalPower > 200:
		return "puissance fiscale hors bornes (1 à 200 CV)"
	case v.PowerKw < 1 || v.PowerKw > 1500:
		return "puissance hors bornes (1 à 1 500 kW)"
	case v.ValueNewCents < 50000 || v.ValueNewCents > 100000000:
		return "valeur à neuf hors bornes (500 à 1 000 000 €)"
	case v.FromYear < 1980 || v.FromYear > 2100:
		return "année de sortie hors bornes"
	}
	switch v.Kind {
	case "car":
		if !slices.Contains(carBodies, v.Body) {
			return "carrosserie de voiture inconnue «\u00a0" + v.Body + "\u00a0»"
		}
		if v.Cc != 0 || v.Licence != "" {
			return "cc et licence sont réservés aux motos"
		}
	case "moto":
		if !slices.Contains(motoBodies, v.Body) {
			return "carrosserie de moto inconnue «\u00a0" + v.Body + "\u00a0»"
		}
		return checkMotoClass(v)
	default:
		return "kind doit valoir car ou moto"
	}
	return ""
}

// checkMotoClass checks the licence a motorbike needs against its
// displacement and power (permis AM ≤ 50 cm³, A1 ≤ 125 cm³ and 11 kW,
// A2 for a motorbike of at most 70 kW before restriction to 35 kW); an
// electric motorbike has no displacement (0).
func checkMotoClass(v *Vehicle) string {
	switch {
	case v.Energy == "electrique" && v.Cc != 0, v.Energy != "electrique" && (v.Cc < 1 || v.Cc > 3000):
		return "cylindrée hors bornes (0 pour une moto électrique, sinon 1 à 3 000 cm³)"
	case !slices.Contains(licences, v.Licence):
		return "permis inconnu «\u00a0" + v.Licence + "\u00a0» (AM, A1, A2 ou A)"
	case v.Licence == "AM" && v.Cc > 50, v.Licence == "A1" && (v.Cc > 125 || v.PowerKw > 11), v.Licence == "A2" && v.PowerKw > 70:
		return "le permis " + v.Licence + " ne permet pas cette cylindrée ou cette puissance"
	}
	return ""
}

// Vehicle returns the vehicle of an id.
func (c *Catalogue) Vehicle(id string) (*Vehicle, bool) {
	v, ok := c.byID[id]
	return v, ok
}

// Len is the number of vehicles of a kind ("car", "moto"), all for "".
func (c *Catalogue) Len(kind string) int {
	n := 0
	for _, v := range c.vehicles {
		if kind == "" || v.Kind == kind {
			n++
		}
	}
	return n
}
