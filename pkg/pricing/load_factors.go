package pricing

import (
	"slices"
	"strconv"
	"strings"
)

// factor checks one factor table of product p and compiles it; path is
// where the table sits ("products.car.factors", or an insurer's).
func (l *loader) factor(p *product, fid factorID, ff *fileFactor, path string) (*factor, error) {
	spec := factorSpecs[fid]
	if ff == nil {
		return nil, l.loc.errorf(path, "facteur «\u00a0%s\u00a0» manquant pour le produit %s", spec.name, p.id)
	}
	path += "." + spec.name
	f := &factor{id: fid, label: ff.Label, source: ff.Source, part: -1, values: ff.Values, bands: ff.Bands}
	switch {
	case strings.TrimSpace(ff.Label) == "" || strings.TrimSpace(ff.Source) == "":
		return nil, l.loc.errorf(path, "le facteur «\u00a0%s\u00a0» doit avoir un libellé et une source", spec.name)
	case ff.On != "total" && !slices.Contains(p.spec.Parts, ff.On):
		return nil, l.loc.errorf(path+".on", "«\u00a0on\u00a0» du facteur %s doit valoir total ou une part du produit (%s)", spec.name, strings.Join(p.spec.Parts, ", "))
	}
	f.part = slices.Index(p.spec.Parts, ff.On)
	var err error
	switch spec.kind {
	case kindZone:
		err = l.keyedValues(ff, path, spec.name, l.zoneKeys())
	case kindGroup:
		err = l.keyedValues(ff, path, spec.name, l.groupKeys(p.vehicleKind))
	case kindClass:
		err = l.keyedValues(ff, path, spec.name, l.classKeys(p.vehicleKind))
	case kindChoice:
		var keys []string
		for _, c := range p.field[spec.field].Choices {
			keys = append(keys, c.ID)
		}
		err = l.keyedValues(ff, path, spec.name, keys)
	case kindBands, kindDays:
		err = l.bands(ff, path, spec.name, bandBound(p, spec))
	case kindYoung:
		f.young, err = l.young(ff, path)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// bandBound is the largest value a factor's bands must reach: the bound
// of the form field it reads.
func bandBound(p *product, spec factorSpec) int64 {
	f := p.field[spec.field]
	switch {
	case spec.field == "vehicleYear":
		return maxVehicleAge // years, whatever the product's own limit: a VTC's does not bind every energy
	case f.Type == "date":
		return int64(f.MaxAge)
	}
	return int64(f.Max)
}

// keyedValues checks that a table has a positive value for each key and no other.
func (l *loader) keyedValues(ff *fileFactor, path, name string, keys []string) error {
	for _, k := range keys {
		v, ok := ff.Values[k]
		switch {
		case !ok:
			return l.loc.errorf(path+".values", "valeur «\u00a0%s\u00a0» manquante pour le facteur %s", k, name)
		case v <= 0:
			return l.loc.errorf(path+".values."+k, "le coefficient «\u00a0%s\u00a0» du facteur %s doit être positif (il vaut %s)", k, name, formatNumber(v))
		}
	}
	for k := range ff.Values {
		if !slices.Contains(keys, k) {
			return l.loc.errorf(path+".values."+k, "valeur inconnue «\u00a0%s\u00a0» pour le facteur %s", k, name)
		}
	}
	if len(ff.Bands) > 0 || len(ff.Standard) > 0 {
		return l.loc.errorf(path, "le facteur %s se donne par «\u00a0values\u00a0» seulement", name)
	}
	return nil
}

// bands checks a banded table: increasing bounds, positive values, up to bound.
func (l *loader) bands(ff *fileFactor, path, name string, bound int64) error {
	if len(ff.Bands) == 0 || len(ff.Values) > 0 {
		return l.loc.errorf(path, "le facteur %s se donne par tranches («\u00a0bands\u00a0»)", name)
	}
	for i, b := range ff.Bands {
		bp := pathIndex(path+".bands", i)
		switch {
		case b.Value <= 0:
			return l.loc.errorf(bp+".value", "le coefficient du facteur %s doit être positif (il vaut %s)", name, formatNumber(b.Value))
		case b.Max < 0 || i > 0 && b.Max <= ff.Bands[i-1].Max:
			return l.loc.errorf(bp+".max", "les bornes («\u00a0max\u00a0») du facteur %s doivent croître", name)
		}
	}
	if last := ff.Bands[len(ff.Bands)-1].Max; last < bound {
		return l.loc.errorf(pathIndex(path+".bands", len(ff.Bands)-1)+".max", "la dernière tranche du facteur %s doit aller jusqu’à %d au moins (la borne du formulaire)", name, bound)
	}
	return nil
}

// young checks the young-driver surcharges against A335-9-1.
func (l *loader) young(ff *fileFactor, path string) ([2][3]float64, error) {
	var out [2][3]float64
	for t, table := range [][]float64{ff.Standard, ff.Supervised} {
		key, legal := "standard", legalYoungMax.standard
		if t == 1 {
			key, legal = "supervised", legalYoungMax.supervised
		}
		if len(table) != 3 {
			return out, l.loc.errorf(path+"."+key, "«\u00a0%s\u00a0» donne les surprimes des 3 premières années de permis", key)
		}
		for year, s := range table {
			if s < 0 || s > legal[year]+1e-9 || year > 0 && s > table[year-1] {
				return out, l.loc.errorf(path+"."+key, "la surprime jeune conducteur de la %s année doit être entre 0 et %s et ne pas croître (Code des assurances, art. A335-9-1)",
					ordinal(year+1), Percent(legal[year]))
			}
			out[t][year] = s
		}
	}
	return out, nil
}

func (l *loader) zoneKeys() []string {
	top := 0
	for _, d := range l.t.depts {
		top = max(top, d.zone)
	}
	var keys []string
	for z := 1; z <= top; z++ {
		keys = append(keys, strconv.Itoa(z))
	}
	return keys
}

func (l *loader) groupKeys(kind string) []string {
	var keys []string
	for _, g := range l.t.groups[kind] {
		keys = append(keys, strconv.Itoa(g.Group))
	}
	return keys
}

func (l *loader) classKeys(kind string) []string {
	var keys []string
	for _, c := range l.t.classes[kind] {
		keys = append(keys, c.Class)
	}
	return keys
}

// formatNumber writes a number of the file the French way: « -0,5 ».
func formatNumber(v float64) string {
	return strings.Replace(strconv.FormatFloat(v, 'f', -1, 64), ".", ",", 1)
}

// ordinal writes « 1re », « 2e », « 3e ».
func ordinal(n int) string {
	if n == 1 {
		return "1re"
	}
	return strconv.Itoa(n) + "e"
}
