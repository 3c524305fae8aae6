package pricing

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"sync"
)

// ratesName names the rating file in error messages.
const ratesName = "rates.json"

// loader checks a decoded rating file and compiles it into a Tariff. Its
// checks stop at the first fault, named with its line.
type loader struct {
	loc   *locator
	f     *fileRates
	t     *Tariff
	specs []ProductSpec
}

// Load checks a rating file and compiles it. A file with a missing
// factor, a negative or zero rate, an unknown product or formula, or a
// bad bound is refused with a French message that names the line and
// the key: « rates.json ligne 142 : facteur « zone » manquant pour le
// produit car ».
func Load(rates []byte) (*Tariff, error) {
	return LoadNamed(ratesName, rates)
}

// LoadNamed is Load for a rating file that errors name otherwise than
// rates.json: a new file a broker checks before deploying it.
func LoadNamed(name string, rates []byte) (*Tariff, error) {
	return LoadProducts(name, rates, HouseProducts())
}

// LoadProducts is LoadNamed for the products of specs, the registry of
// what Go knows of each product (HouseProducts and, in a test, one
// more): the file's products must each have a spec.
func LoadProducts(name string, rates []byte, specs []ProductSpec) (*Tariff, error) {
	var f fileRates
	dec := json.NewDecoder(bytes.NewReader(rates))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, decodeError(name, rates, err)
	}
	if dec.More() {
		return nil, &FileError{File: name, Line: 1 + bytes.Count(rates[:dec.InputOffset()], []byte("\n")), Message: "du texte suit l’objet JSON"}
	}
	loc, err := newLocator(name, rates)
	if err != nil {
		return nil, syntaxError(name, rates, err)
	}
	l := &loader{loc: loc, f: &f, specs: specs, t: &Tariff{
		version: f.Version, validDays: f.ValidDays, disclaimer: f.Disclaimer,
		products: map[string]*product{}, onStudy: map[string]Study{}, depts: map[string]*department{}, insurers: map[string]Insurer{},
		ipidTitles: f.IPIDSections, scratch: &sync.Pool{New: func() any { return new(scratch) }},
	}}
	for _, step := range []func() error{l.header, l.departments, l.vehicleClasses, l.depreciation, l.describedRules, l.taxes, l.products, l.insurers, l.studies} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return l.t, nil
}

// decodeError locates a decoding error: a syntax or type error by its
// offset, an unknown key by its first occurrence.
func decodeError(name string, data []byte, err error) error {
	_, quoted, unknown := strings.Cut(err.Error(), "json: unknown field ")
	key := strings.Trim(quoted, `"`)
	if !unknown || key == "" {
		return syntaxError(name, data, err)
	}
	line := 1
	if i := bytes.Index(data, []byte(`"`+key+`"`)); i >= 0 {
		line = bytes.Count(data[:i], []byte("\n")) + 1
	}
	return &FileError{File: name, Line: line, Path: key, Message: "clé inconnue «\u00a0" + key + "\u00a0» (faute de frappe\u00a0?)"}
}

func (l *loader) header() error {
	f := l.f
	switch {
	case strings.TrimSpace(f.Version) == "":
		return l.loc.errorf("version", "la clé «\u00a0version\u00a0» manque")
	case f.ValidDays < 1 || f.ValidDays > 365:
		return l.loc.errorf("validDays", "«\u00a0validDays\u00a0» doit être un nombre de jours entre 1 et 365")
	case strings.TrimSpace(f.Disclaimer) == "":
		return l.loc.errorf("disclaimer", "la clé «\u00a0disclaimer\u00a0» manque")
	case f.Monthly.Label == "" || f.Monthly.Source == "":
		return l.loc.errorf("monthly", "«\u00a0monthly\u00a0» doit avoir un libellé et une source")
	}
	want := []string{"type", "covered", "notCovered", "exclusions", "where", "obligations", "payment", "period", "cancel"}
	for _, k := range want {
		if strings.TrimSpace(f.IPIDSections[k]) == "" {
			return l.loc.errorf("ipidSections", "section d’IPID «\u00a0%s\u00a0» manquante", k)
		}
	}
	if len(f.IPIDSections) != len(want) {
		return l.loc.errorf("ipidSections", "«\u00a0ipidSections\u00a0» doit avoir les %d sections du règlement (UE) 2017/1469 et elles seules", len(want))
	}
	return nil
}

// departmentCodes are the 101 French departments: 01 to 95 with 2A and
// 2B instead of 20, and the five overseas departments.
func departmentCodes() []string {
	var codes []string
	for n := 1; n <= 95; n++ {
		switch {
		case n == 20:
			codes = append(codes, "2A", "2B")
		case n < 10:
			codes = append(codes, "0"+string(rune('0'+n)))
		default:
			codes = append(codes, string(rune('0'+n/10))+string(rune('0'+n%10)))
		}
	}
	return append(codes, "971", "972", "973", "974", "976")
}

func (l *loader) departments() error {
	codes := departmentCodes()
	for code := range l.f.Departments {
		if !slices.Contains(codes, code) {
			return l.loc.errorf("departments."+code, "département inconnu «\u00a0%s\u00a0»", code)
		}
	}
	for _, code := range codes {
		d, ok := l.f.Departments[code]
		path := "departments." + code
		switch {
		case !ok:
			return l.loc.errorf("departments", "département «\u00a0%s\u00a0» manquant", code)
		case strings.TrimSpace(d.Name) == "":
			return l.loc.errorf(path, "le département %s n’a pas de nom", code)
		case d.Zone < 1 || d.Zone > 9:
			return l.loc.errorf(path+".zone", "la zone du département %s doit être entre 1 et 9", code)
		}
		l.t.depts[code] = &department{code: code, name: d.Name, zone: d.Zone}
	}
	return nil
}

func (l *loader) vehicleClasses() error {
	vc := l.f.VehicleClasses
	l.t.groups = map[string][]fileGroup{VehicleCar: vc.CarGroups, VehicleMoto: vc.MotoGroups}
	l.t.classes = map[string][]fileClass{VehicleCar: vc.CarClasses, VehicleMoto: vc.MotoClasses}
	l.t.sportKw = vc.SportKw
	for kind, groups := range l.t.groups {
		path := "vehicleClasses." + kind + "Groups"
		if len(groups) == 0 {
			return l.loc.errorf("vehicleClasses", "groupes de responsabilité civile «\u00a0%sGroups\u00a0» manquants", kind)
		}
		for i, g := range groups {
			first := kind == VehicleCar && g.MaxFiscalPower <= 0 || kind == VehicleMoto && g.MaxCc <= 0
			if g.Group != i+1 || first || g.MaxKw <= 0 || i > 0 && (g.MaxKw <= groups[i-1].MaxKw ||
				g.MaxFiscalPower < groups[i-1].MaxFiscalPower || g.MaxCc < groups[i-1].MaxCc) {
				return l.loc.errorf(pathIndex(path, i), "les groupes doivent être numérotés 1, 2, 3… avec des bornes positives et croissantes")
			}
		}
	}
	for kind, classes := range l.t.classes {
		path := "vehicleClasses." + kind + "Classes"
		if len(classes) == 0 {
			return l.loc.errorf("vehicleClasses", "classes de dommages «\u00a0%sClasses\u00a0» manquantes", kind)
		}
		for i, c := range classes {
			if c.Class == "" || c.MaxValueCents <= 0 || i > 0 && c.MaxValueCents <= classes[i-1].MaxValueCents {
				return l.loc.errorf(pathIndex(path, i), "les classes doivent avoir un nom et des valeurs à neuf positives et croissantes")
			}
		}
		if vc.SportKw[kind] <= 0 {
			return l.loc.errorf("vehicleClasses.sportKw", "«\u00a0sportKw\u00a0» doit donner une puissance positive pour «\u00a0%s\u00a0»", kind)
		}
	}
	return nil
}

func pathIndex(path string, i int) string {
	return path + "[" + itoa(i) + "]"
}

func (l *loader) studies() error {
	for id, s := range l.f.OnStudy {
		path := "onStudy." + id
		if l.t.products[id] != nil {
			return l.loc.errorf(path, "le produit %s ne peut pas être à la fois tarifé et sur étude", id)
		}
		if strings.TrimSpace(s.Label) == "" || strings.TrimSpace(s.Reason) == "" {
			return l.loc.errorf(path, "un produit sur étude doit avoir un libellé et une raison")
		}
		l.t.onStudy[id] = Study(s)
	}
	return nil
}
