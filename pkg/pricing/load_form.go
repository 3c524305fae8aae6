package pricing

import (
	"slices"
	"strings"
)

// form checks a product's questions: known keys of the right type, sane
// bounds, and every field a factor reads.
func (l *loader) form(p *product, fp *fileProduct, path string) error {
	for i, f := range fp.Form {
		fpath := pathIndex(path+".form", i)
		if err := l.field(f, fpath); err != nil {
			return err
		}
		if p.field[f.Key] != nil {
			return l.loc.errorf(fpath, "le champ «\u00a0%s\u00a0» est en double", f.Key)
		}
		p.field[f.Key] = f
		p.fields = append(p.fields, f)
	}
	for _, fid := range p.spec.factors {
		key := factorSpecs[fid].field
		f := p.field[key]
		optionalOK := key == "namedDrivers" || key == "floor"
		switch {
		case f == nil:
			return l.loc.errorf(path+".form", "champ «\u00a0%s\u00a0» manquant pour le produit %s : le facteur «\u00a0%s\u00a0» en a besoin", key, p.id, factorSpecs[fid].name)
		case f.Optional && !optionalOK:
			return l.loc.errorf(pathIndex(path+".form", slices.Index(p.fields, f)), "le champ «\u00a0%s\u00a0» ne peut pas être facultatif : le facteur «\u00a0%s\u00a0» en a besoin", key, factorSpecs[fid].name)
		}
	}
	return l.describedForm(p, path)
}

// field checks one question.
func (l *loader) field(f *FormField, path string) error {
	want, known := fieldTypes[f.Key]
	switch {
	case !known:
		return l.loc.errorf(path+".key", "champ inconnu «\u00a0%s\u00a0»", f.Key)
	case f.Type != want:
		return l.loc.errorf(path+".type", "le champ %s est de type «\u00a0%s\u00a0»", f.Key, want)
	case strings.TrimSpace(f.Label) == "" || strings.TrimSpace(f.Message) == "":
		return l.loc.errorf(path, "le champ %s doit avoir un libellé et un message d’erreur", f.Key)
	}
	bad := ""
	switch f.Type {
	case "date":
		if f.MinAge < 14 || f.MaxAge <= f.MinAge || f.MaxAge > 120 {
			bad = "minAge et maxAge doivent borner un âge entre 14 et 120 ans"
		}
	case "licence":
		if f.MinAgeAtLicence < 14 || f.MinAgeAtLicence > 30 || f.MinYears < 0 || f.MinYearsSupervised < 0 || f.MinYearsSupervised > f.MinYears {
			bad = "minAgeAtLicence doit être entre 14 et 30 ans, minYearsSupervised au plus minYears"
		}
	case "vehicleText":
		if f.Max < 1 || f.Max > 200 || f.Max != float64(int64(f.Max)) {
			bad = "max doit être une longueur entière de 1 à 200 caractères"
		}
	case "int", "cents", "vehicleInt", "vehicleCents":
		if f.Min < 0 || f.Max <= f.Min || f.Min != float64(int64(f.Min)) || f.Max != float64(int64(f.Max)) {
			bad = "min et max doivent être des entiers positifs, min plus petit que max"
		}
	case "crm":
		if f.Min < CRMMin.Float() || f.Max > CRMMax.Float() || f.Max <= f.Min {
			bad = "le bonus-malus est borné par 0,50 et 3,50 (Code des assurances, art. A121-1)"
		}
	case "choice", "vehicleChoice":
		if len(f.Choices) == 0 {
			bad = "un choix doit avoir des valeurs («\u00a0choices\u00a0»)"
		}
		for i, c := range f.Choices {
			if c.ID == "" || strings.TrimSpace(c.Label) == "" || slices.IndexFunc(f.Choices, func(o Choice) bool { return o.ID == c.ID }) != i {
				bad = "chaque valeur doit avoir un identifiant unique et un libellé"
			}
		}
	}
	if bad != "" {
		return l.loc.errorf(path, "borne invalide pour le champ %s : %s", f.Key, bad)
	}
	return nil
}
