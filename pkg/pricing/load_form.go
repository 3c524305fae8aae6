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
	// The year is checked against the vehicle, which must come first.
	if y, v := p.field["vehicleYear"], p.field["vehicleId"]; y != nil && (v == nil || slices.Index(p.fields, y) < slices.Index(p.fields, v)) {
		return l.loc.errorf(pathIndex(path+".form", slices.Index(p.fields, y)), "le champ « vehicleYear » suit le champ « vehicleId », dont il dépend")
	}
	for _, fid := range p.factorIDs {
		key := factorSpecs[fid].field
		f := p.field[key]
		// An optional vehicleYear defaults to the oldest year the product takes.
		optionalOK := key == "namedDrivers" || key == "floor" || key == "vehicleYear"
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
	case "vehicleYear":
		bad = vehicleYearBounds(f)
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

// vehicleYearBounds returns what is wrong with the age limit of a
// vehicleYear field, "" if nothing: an age up to 30 years, and below that
// a rule the refusal can quote, with its source, and known energies.
func vehicleYearBounds(f *FormField) string {
	switch {
	case f.MaxAge < 0 || f.MaxAge > maxVehicleAge:
		return "maxAge est l’âge le plus élevé du véhicule, de 1 à 30 ans (rien : 30 ans)"
	case f.MaxAge > 0 && f.MaxAge < maxVehicleAge && (strings.TrimSpace(f.AgeRule) == "" || strings.TrimSpace(f.Source) == ""):
		return "un âge plus bas que 30 ans vient d’une règle : « ageRule » la dit, « source » la justifie"
	}
	for _, e := range f.ExemptEnergies {
		if !slices.Contains(energies, e) {
			return "énergie inconnue « " + e + " » dans « exemptEnergies »"
		}
	}
	return ""
}
