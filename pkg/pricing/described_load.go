package pricing

import (
	"slices"
	"strings"
)

// describedRules checks the rules of a described vehicle
// (describedVehicle): each estimate labelled and sourced, its numbers
// within what the engine can use.
func (l *loader) describedRules() error {
	d := &l.f.Described
	const path = "describedVehicle"
	switch {
	case d.MaxAge < 1 || d.MaxAge > 50:
		return l.loc.errorf(path+".maxAge", "«\u00a0maxAge\u00a0» doit être un nombre d’années de 1 à 50 (les facteurs d’âge vont jusqu’à 50 ans)")
	case !sourced(d.CarKw.Label, d.CarKw.Source) || !sourced(d.MotoKw.Label, d.MotoKw.Source):
		return l.loc.errorf(path, "«\u00a0carKw\u00a0» et «\u00a0motoKw\u00a0» ont chacun un libellé et une source")
	}
	if err := l.carKw(&d.CarKw, path+".carKw"); err != nil {
		return err
	}
	m := d.MotoKw
	mp := path + ".motoKw"
	prev := 0
	for _, lic := range []string{"AM", "A1", "A2"} {
		kw := m.ByLicence[lic]
		if kw <= prev {
			return l.loc.errorf(mp+".byLicence", "«\u00a0byLicence\u00a0» donne une puissance positive et croissante aux permis AM, A1 et A2")
		}
		prev = kw
	}
	switch {
	case len(m.ByLicence) != 3:
		return l.loc.errorf(mp+".byLicence", "«\u00a0byLicence\u00a0» donne les permis AM, A1 et A2, eux seuls (le permis A se déduit de la cylindrée)")
	case m.KwPerCcA <= 0 || m.KwPerCcA > 1:
		return l.loc.errorf(mp+".kwPerCcA", "«\u00a0kwPerCcA\u00a0» est une puissance par cm³, de 0 à 1 kW")
	case m.MinKwA <= prev:
		return l.loc.errorf(mp+".minKwA", "«\u00a0minKwA\u00a0» dépasse la puissance du permis A2")
	}
	l.t.described = d
	return nil
}

// carKw checks the estimate of a car's power: one entry per energy of
// the catalogue, each with its median CO2, its ratio and its bounds.
func (l *loader) carKw(c *fileCarKw, path string) error {
	if c.MinKw <= 0 {
		return l.loc.errorf(path+".minKw", "«\u00a0minKw\u00a0» doit être positif")
	}
	for e := range c.Energies {
		if !slices.Contains(energies, e) {
			return l.loc.errorf(path+".energies."+e, "énergie inconnue «\u00a0%s\u00a0» (%s)", e, strings.Join(energies, ", "))
		}
	}
	for _, e := range energies {
		x, ok := c.Energies[e]
		ep := path + ".energies." + e
		switch {
		case !ok:
			return l.loc.errorf(path+".energies", "énergie «\u00a0%s\u00a0» manquante", e)
		case x.CO2 < 0 || x.CO2 > 400:
			return l.loc.errorf(ep+".co2", "le CO2 médian est entre 0 et 400 g/km")
		case x.PeakRatio < 1 || x.PeakRatio > 3:
			return l.loc.errorf(ep+".peakRatio", "«\u00a0peakRatio\u00a0» est entre 1 et 3")
		case x.MinFiscalPower < 1 || x.MaxFiscalPower < x.MinFiscalPower || x.MaxFiscalPower > 200:
			return l.loc.errorf(ep, "les puissances fiscales vont de 1 à 200 CV, la plus petite d’abord")
		}
	}
	return nil
}

func sourced(label, source string) bool {
	return strings.TrimSpace(label) != "" && strings.TrimSpace(source) != ""
}

// describedForm checks a vehicle product's questions for a described
// vehicle: all of its kind's or none, and choices the rules know.
func (l *loader) describedForm(p *product, path string) error {
	if p.vehicleKind == "" {
		for key := range p.field {
			if strings.HasPrefix(fieldTypes[key], "vehicle") {
				return l.loc.errorf(path+".form", "le champ «\u00a0%s\u00a0» est réservé aux produits qui assurent un véhicule", key)
			}
		}
		return nil
	}
	keys := describedKeys[p.vehicleKind]
	have := 0
	for _, k := range keys {
		if p.field[k] != nil {
			have++
		}
	}
	for _, k := range slices.Concat(describedKeys["car"], describedKeys["moto"]) {
		if p.field[k] != nil && !slices.Contains(keys, k) {
			return l.loc.errorf(path+".form", "le champ «\u00a0%s\u00a0» ne décrit pas un véhicule «\u00a0%s\u00a0»", k, p.vehicleKind)
		}
	}
	switch {
	case have == 0:
		return nil
	case have < len(keys):
		return l.loc.errorf(path+".form", "un véhicule décrit par le client demande les champs %s, tous", strings.Join(keys, ", "))
	}
	return l.describedChoices(p, path)
}

// describedChoices checks the choices of the described questions: the
// catalogue's energies and licences, and the two kinds of value.
func (l *loader) describedChoices(p *product, path string) error {
	ids := func(key string) []string {
		var out []string
		for _, c := range p.field[key].Choices {
			out = append(out, c.ID)
		}
		return out
	}
	for _, e := range ids("vehicleEnergy") {
		if !slices.Contains(energies, e) {
			return l.loc.errorf(path+".form", "énergie inconnue «\u00a0%s\u00a0» pour un véhicule décrit (%s)", e, strings.Join(energies, ", "))
		}
	}
	if p.vehicleKind == VehicleMoto {
		for _, lic := range ids("vehicleLicence") {
			if !slices.Contains(licences, lic) {
				return l.loc.errorf(path+".form", "permis inconnu «\u00a0%s\u00a0» pour un deux-roues décrit (%s)", lic, strings.Join(licences, ", "))
			}
		}
	}
	if kinds := ids("vehicleValueKind"); !slices.Equal(kinds, []string{"new", "paid"}) {
		return l.loc.errorf(path+".form", "«\u00a0vehicleValueKind\u00a0» a les choix new (valeur à neuf) et paid (prix payé), dans cet ordre")
	}
	return nil
}
