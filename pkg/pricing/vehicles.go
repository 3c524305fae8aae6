package pricing

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// catalogueName names the vehicle catalogue in error messages.
const catalogueName = "catalogue.json"

// The kinds of vehicle of the catalogue (Vehicle.Kind, a product's
// "vehicleKind" in the rating file). They share their names with two
// products, the car's and the motorbike's, but are not products: a VTC
// or a temporary cover insures a car too.
const (
	VehicleCar  = "car"
	VehicleMoto = "moto"
)

// Vehicle is a version of a car or motorbike of the catalogue, with what
// the engine derives its liability group and damage class from. FromYear
// and ToYear are the first and last model years it was sold new (ToYear
// 0 while it still is); Generation names its model's generation as
// people say it (« III » for the Clio III), "" for a model of one. The
// API sends generation and toYear even when empty or 0, so that every
// vehicle has the same keys.
type Vehicle struct {
	ID            string `json:"id"`
	Kind          string `json:"kind"`
	Make          string `json:"make"`
	Model         string `json:"model"`
	Generation    string `json:"generation"`
	Version       string `json:"version"`
	Energy        string `json:"energy"`
	FiscalPower   int    `json:"fiscalPower"`
	PowerKw       int    `json:"powerKw"`
	ValueNewCents int64  `json:"valueNewCents"`
	FromYear      int    `json:"fromYear"`
	ToYear        int    `json:"toYear"`
	Body          string `json:"body"`
	Cc            int    `json:"cc,omitempty"`
	Licence       string `json:"licence,omitempty"`
}

// Name writes the vehicle as people say it: « Renault Clio III 1.2 16V 75 ».
func (v *Vehicle) Name() string {
	if v.Generation != "" {
		return v.Make + " " + v.Model + " " + v.Generation + " " + v.Version
	}
	return v.Make + " " + v.Model + " " + v.Version
}

// LastYear is the last year of first registration the vehicle is priced
// for: the year after its last model year (a car registered the year
// after its model ended), or this year while it is still sold.
func (v *Vehicle) LastYear(thisYear int) int {
	if v.ToYear == 0 {
		return thisYear
	}
	return min(v.ToYear+1, thisYear)
}

// Catalogue is the loaded vehicle catalogue, searchable as one types.
type Catalogue struct {
	vehicles []*Vehicle
	byID     map[string]*Vehicle
	// search holds, per kind, the versions' folded words in the order of
	// the search's ties (see indexSearch); entries is it while loading.
	search  map[string][]searchEntry
	keys    []string // every key of the search, sorted
	entries []searchEntry
}

// The catalogue is one file per make: its models, each model's
// generations with their years, each generation's versions.
type fileMake struct {
	Comment string       `json:"_comment"`
	Make    string       `json:"make"`
	Models  []*fileModel `json:"models"`
}

type fileModel struct {
	Kind        string            `json:"kind"`
	Model       string            `json:"model"`
	Generations []*fileGeneration `json:"generations"`
}

type fileGeneration struct {
	Name     string     `json:"name"`
	FromYear int        `json:"fromYear"`
	ToYear   int        `json:"toYear"`
	Versions []*Vehicle `json:"versions"`
}

// CatalogueFile is one file of the catalogue: a make.
type CatalogueFile struct {
	Name string
	Data []byte
}

// The allowed values of the catalogue's schema.
var (
	energies   = []string{"essence", "diesel", "hybride", "hybride-rechargeable", "electrique", "gpl-e85"}
	carBodies  = []string{"citadine", "compacte", "berline", "break", "suv", "monospace", "utilitaire", "coupe-cabriolet"}
	motoBodies = []string{"roadster", "sportive", "trail", "routiere", "custom", "scooter", "125"}
	licences   = []string{"AM", "A1", "A2", "A"}
)

// LoadCatalogue checks one file of the catalogue (one make) and indexes
// it. An entry with a missing or impossible value is refused with its line.
func LoadCatalogue(data []byte) (*Catalogue, error) {
	return LoadCatalogueFiles([]CatalogueFile{{Name: catalogueName, Data: data}})
}

// LoadCatalogueFiles checks the files of a catalogue, one per make, and
// indexes them together: an id is unique across every file.
func LoadCatalogueFiles(files []CatalogueFile) (*Catalogue, error) {
	c := &Catalogue{byID: map[string]*Vehicle{}}
	for _, f := range files {
		if err := c.load(f.Name, f.Data); err != nil {
			return nil, err
		}
	}
	if err := c.indexSearch(c.entries); err != nil {
		return nil, err
	}
	c.entries = nil
	return c, nil
}

func (c *Catalogue) load(name string, data []byte) error {
	var f fileMake
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return decodeError(name, data, err)
	}
	loc, err := newLocator(name, data)
	if err != nil {
		return syntaxError(name, data, err)
	}
	if strings.TrimSpace(f.Make) == "" || len(f.Models) == 0 {
		return loc.errorf("make", "« make » et au moins un modèle sont obligatoires")
	}
	models := map[string]bool{}
	for i, m := range f.Models {
		path := pathIndex("models", i)
		if m == nil || strings.TrimSpace(m.Model) == "" || len(m.Generations) == 0 {
			return loc.errorf(path, "un modèle a un nom et au moins une génération")
		}
		if m.Kind != VehicleCar && m.Kind != VehicleMoto {
			return loc.errorf(path+".kind", "%s : kind doit valoir car ou moto", m.Model)
		}
		if models[m.Kind+" "+m.Model] {
			return loc.errorf(path+".model", "modèle « %s » en double", m.Model)
		}
		models[m.Kind+" "+m.Model] = true
		if err := c.loadModel(loc, path, f.Make, m); err != nil {
			return err
		}
	}
	return nil
}

func (c *Catalogue) loadModel(loc *locator, path, make string, m *fileModel) error {
	names := map[string]bool{}
	for i, g := range m.Generations {
		gpath := pathIndex(path+".generations", i)
		if g == nil || len(g.Versions) == 0 {
			return loc.errorf(gpath, "%s : une génération a au moins une version", m.Model)
		}
		if msg := checkGeneration(m, g); msg != "" {
			return loc.errorf(gpath, "%s %s : %s", m.Model, g.Name, msg)
		}
		if names[g.Name] {
			return loc.errorf(gpath+".name", "%s : génération « %s » en double", m.Model, g.Name)
		}
		names[g.Name] = true
		name := newNameIndex(make, m.Model, g)
		for _, o := range m.Generations[:i] {
			if o != nil && g.FromYear <= yearOr(o.ToYear, 9999) && o.FromYear <= yearOr(g.ToYear, 9999) {
				return loc.errorf(gpath+".fromYear", "%s : les années de la génération « %s » chevauchent celles de « %s »", m.Model, g.Name, o.Name)
			}
		}
		for j, v := range g.Versions {
			vpath := pathIndex(gpath+".versions", j)
			if v == nil {
				return loc.errorf(vpath, "entrée vide")
			}
			if v.Kind != "" || v.Make != "" || v.Model != "" || v.Generation != "" {
				return loc.errorf(vpath, "%s : kind, make, model et generation viennent du modèle et de la génération", v.ID)
			}
			v.Kind, v.Make, v.Model, v.Generation = m.Kind, make, m.Model, g.Name
			if v.FromYear == 0 {
				v.FromYear = g.FromYear
			}
			if v.ToYear == 0 {
				v.ToYear = g.ToYear
			}
			if v.FromYear < g.FromYear || g.ToYear != 0 && v.ToYear > g.ToYear || v.ToYear != 0 && v.ToYear < v.FromYear {
				return loc.errorf(vpath, "%s : les années de la version sortent de celles de sa génération", v.ID)
			}
			if msg := checkVehicle(v); msg != "" {
				return loc.errorf(vpath, "%s : %s", v.ID, msg)
			}
			if c.byID[v.ID] != nil {
				return loc.errorf(vpath+".id", "identifiant « %s » en double", v.ID)
			}
			c.byID[v.ID] = v
			c.vehicles = append(c.vehicles, v)
			c.entries = append(c.entries, searchEntry{v: v, name: name, words: versionKeys(v.Version)})
		}
	}
	return nil
}

// checkGeneration returns what is wrong with a generation's name and
// years, "" if nothing. Only a model of one generation may leave it
// unnamed.
func checkGeneration(m *fileModel, g *fileGeneration) string {
	switch {
	case g.Name == "" && len(m.Generations) > 1:
		return "chaque génération d’un modèle qui en a plusieurs a un nom"
	case g.FromYear < 1980 || g.FromYear > 2100:
		return "première année hors bornes"
	case g.ToYear != 0 && (g.ToYear < g.FromYear || g.ToYear > 2100):
		return "dernière année avant la première (0 si le modèle est encore vendu)"
	}
	return ""
}

func yearOr(y, or int) int {
	if y == 0 {
		return or
	}
	return y
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
	}
	switch v.Kind {
	case VehicleCar:
		if !slices.Contains(carBodies, v.Body) {
			return "carrosserie de voiture inconnue «\u00a0" + v.Body + "\u00a0»"
		}
		if v.Cc != 0 || v.Licence != "" {
			return "cc et licence sont réservés aux motos"
		}
	case VehicleMoto:
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
