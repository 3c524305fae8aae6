package pricing

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

func itoa(n int) string { return strconv.Itoa(n) }

// taxesByID holds the compiled taxes until products take their own.
func (l *loader) taxes() error {
	for id, tx := range l.f.Taxes {
		path := "taxes." + id
		switch {
		case strings.TrimSpace(tx.Label) == "" || strings.TrimSpace(tx.Source) == "":
			return l.loc.errorf(path, "la taxe %s doit avoir un libellé et une source", id)
		case tx.AmountCents == 0 && (tx.Rate <= 0 || tx.Rate >= 1):
			return l.loc.errorf(path+".rate", "le taux de la taxe %s doit être positif et inférieur à 1 (0,33 pour 33 %%)", id)
		case tx.AmountCents < 0:
			return l.loc.errorf(path+".amountCents", "le montant de la taxe %s ne peut pas être négatif", id)
		case tx.AmountCents > 0 && (tx.Rate != 0 || tx.Part != ""):
			return l.loc.errorf(path, "la taxe %s a soit un taux sur une part de la prime, soit un montant par contrat", id)
		case tx.AmountCents == 0 && tx.Part == "":
			return l.loc.errorf(path, "la taxe %s doit nommer la part de la prime qu’elle taxe («\u00a0part\u00a0»)", id)
		}
	}
	return nil
}

// spec is the registered spec of product id.
func (l *loader) spec(id string) (ProductSpec, bool) {
	i := slices.IndexFunc(l.specs, func(s ProductSpec) bool { return s.ID == id })
	if i < 0 {
		return ProductSpec{}, false
	}
	return l.specs[i], true
}

func (l *loader) products() error {
	for id := range l.f.Products {
		if _, ok := l.spec(id); !ok {
			ids := make([]string, len(l.specs))
			for i, s := range l.specs {
				ids[i] = s.ID
			}
			return l.loc.errorf("products."+id, "produit inconnu «\u00a0%s\u00a0» (le moteur tarifie %s)", id, frList(ids))
		}
	}
	if len(l.f.Products) == 0 {
		return l.loc.errorf("products", "aucun produit")
	}
	for i, spec := range l.specs {
		if err := spec.check(); err != nil {
			return err
		}
		if slices.ContainsFunc(l.specs[:i], func(s ProductSpec) bool { return s.ID == spec.ID }) {
			return fmt.Errorf("produit %s enregistré deux fois", spec.ID)
		}
		fp := l.f.Products[spec.ID]
		if fp == nil {
			continue
		}
		p, err := l.product(spec, fp)
		if err != nil {
			return err
		}
		l.t.products[spec.ID] = p
		l.t.order = append(l.t.order, spec.ID)
	}
	return nil
}

// frList joins ids as French lists them: « a, b et c ».
func frList(ids []string) string {
	if len(ids) < 2 {
		return strings.Join(ids, "")
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " et " + ids[len(ids)-1]
}

func (l *loader) product(spec ProductSpec, fp *fileProduct) (*product, error) {
	id := spec.ID
	path := "products." + id
	fids, _ := spec.factorIDs() // checked by spec.check
	p := &product{id: id, label: fp.Label, spec: spec, factorIDs: fids, vehicleKind: fp.VehicleKind, temporary: fp.Temporary,
		field: map[string]*FormField{}, options: map[string]*option{}, needs: fp.Needs, ipid: fp.IPID}
	if strings.TrimSpace(fp.Label) == "" {
		return nil, l.loc.errorf(path, "le produit %s n’a pas de libellé («\u00a0label\u00a0»)", id)
	}
	if fp.Temporary && spec.Hamon {
		return nil, l.loc.errorf(path+".temporary", "le produit %s est temporaire\u00a0: la loi Hamon ne s’applique qu’aux contrats annuels (L113-15-2)", id)
	}
	if spec.Vehicle() != (fp.VehicleKind == VehicleCar || fp.VehicleKind == VehicleMoto) || !spec.Vehicle() && fp.VehicleKind != "" {
		return nil, l.loc.errorf(path+".vehicleKind", "«\u00a0vehicleKind\u00a0» du produit %s doit valoir car ou moto pour un véhicule, rien sinon", id)
	}
	if len(fp.Parts) != len(spec.Parts) {
		return nil, l.loc.errorf(path+".parts", "le produit %s a les parts %s", id, strings.Join(spec.Parts, " et "))
	}
	for _, part := range spec.Parts {
		if strings.TrimSpace(fp.Parts[part]) == "" {
			return nil, l.loc.errorf(path+".parts", "part «\u00a0%s\u00a0» manquante pour le produit %s", part, id)
		}
		p.partLabels = append(p.partLabels, fp.Parts[part])
	}
	steps := []func() error{
		func() error { return l.productTaxes(p, fp, path) },
		func() error { return l.form(p, fp, path) },
		func() error { return l.options(p, fp, path) },
		func() error { return l.needs(p, fp, path) },
		func() error { return l.formulas(p, fp, path) },
		func() error { return l.ipid(fp, path) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	// The product's own factor tables are checked here; insurers use them
	// unless they give their own.
	for _, fid := range p.factorIDs {
		f, err := l.factor(p, fid, fp.Factors[factorSpecs[fid].name], path+".factors")
		if err != nil {
			return nil, err
		}
		p.factors = append(p.factors, f)
	}
	for name := range fp.Factors {
		if !slices.ContainsFunc(p.factorIDs, func(f factorID) bool { return factorSpecs[f].name == name }) {
			return nil, l.loc.errorf(path+".factors."+name, "facteur inconnu «\u00a0%s\u00a0» pour le produit %s", name, id)
		}
	}
	return p, nil
}

func (l *loader) productTaxes(p *product, fp *fileProduct, path string) error {
	for i, id := range fp.Taxes {
		tx, ok := l.f.Taxes[id]
		if !ok {
			return l.loc.errorf(pathIndex(path+".taxes", i), "taxe inconnue «\u00a0%s\u00a0»", id)
		}
		part := slices.Index(p.spec.Parts, tx.Part)
		if tx.AmountCents == 0 && part < 0 {
			return l.loc.errorf("taxes."+id+".part", "la taxe %s porte sur la part «\u00a0%s\u00a0», que le produit %s n’a pas", id, tx.Part, p.id)
		}
		p.taxes = append(p.taxes, &tax{id: id, label: tx.Label, rate: tx.Rate, part: part, amountCents: tx.AmountCents, source: tx.Source,
			prefix: tx.Label + nbsp + ": " + Percent(tx.Rate) + " de ", amountLine: p.fix(string(appendAmount(nil, tx.Label, tx.AmountCents)))})
	}
	return nil
}

func (l *loader) options(p *product, fp *fileProduct, path string) error {
	for i := range fp.Options {
		o := &fp.Options[i]
		op := pathIndex(path+".options", i)
		switch {
		case o.ID == "" || strings.TrimSpace(o.Label) == "" || p.options[o.ID] != nil:
			return l.loc.errorf(op, "une option doit avoir un identifiant unique et un libellé")
		case o.Cents <= 0:
			return l.loc.errorf(op+".cents", "le prix de l’option %s doit être positif", o.ID)
		case !slices.Contains(p.spec.Parts, o.Part):
			return l.loc.errorf(op+".part", "l’option %s doit nommer une part du produit (%s)", o.ID, strings.Join(p.spec.Parts, " ou "))
		}
		p.options[o.ID] = &option{fileOption: *o, part: slices.Index(p.spec.Parts, o.Part),
			addedLine:    p.fix(string(appendAmount(nil, "+ option "+o.Label, o.Cents))),
			includedLine: p.fix("Option " + o.Label + nbsp + ": comprise dans la formule")}
	}
	if len(fp.Options) > 0 && p.field["options"] == nil {
		return l.loc.errorf(path+".form", "le produit %s a des options : son formulaire doit avoir le champ «\u00a0options\u00a0»", p.id)
	}
	return nil
}

func (l *loader) needs(p *product, fp *fileProduct, path string) error {
	n := fp.Needs
	np := path + ".needs"
	seen := map[string]bool{}
	for i, c := range n.Covers {
		if c.ID == "" || strings.TrimSpace(c.Label) == "" || strings.TrimSpace(c.Short) == "" || seen[c.ID] {
			return l.loc.errorf(pathIndex(np+".covers", i), "un besoin doit avoir un identifiant unique, un libellé et un libellé court («\u00a0short\u00a0») pour le conseil")
		}
		seen[c.ID] = true
	}
	if n.Budget != "monthly" && n.Budget != "total" {
		return l.loc.errorf(np+".budget", "«\u00a0budget\u00a0» doit valoir monthly (par mois) ou total (pour la période)")
	}
	want := []string{"low", "medium", "high"}
	if len(n.Deductibles) != len(want) {
		return l.loc.errorf(np+".deductibles", "les tolérances de franchise sont low, medium et high, dans cet ordre")
	}
	for i, d := range n.Deductibles {
		dp := pathIndex(np+".deductibles", i)
		last := i == len(want)-1
		switch {
		case d.ID != want[i] || strings.TrimSpace(d.Label) == "":
			return l.loc.errorf(dp, "les tolérances de franchise sont low, medium et high, dans cet ordre, avec un libellé")
		case !last && (d.MaxCents <= 0 || i > 0 && d.MaxCents <= n.Deductibles[i-1].MaxCents):
			return l.loc.errorf(dp+".maxCents", "la franchise acceptée («\u00a0maxCents\u00a0») doit être positive et croître de low à medium")
		case last && d.MaxCents != 0:
			return l.loc.errorf(dp+".maxCents", "la tolérance high accepte toute franchise : pas de «\u00a0maxCents\u00a0»")
		}
	}
	return nil
}

func (l *loader) formulas(p *product, fp *fileProduct, path string) error {
	if len(fp.Formulas) == 0 {
		return l.loc.errorf(path, "le produit %s n’a aucune formule", p.id)
	}
	for i, ff := range fp.Formulas {
		f, err := l.formula(p, ff, pathIndex(path+".formulas", i))
		if err != nil {
			return err
		}
		for _, other := range p.formulas {
			if other.id == f.id || other.rank == f.rank {
				return l.loc.errorf(pathIndex(path+".formulas", i), "deux formules du produit %s ont le même identifiant ou le même rang", p.id)
			}
		}
		p.formulas = append(p.formulas, f)
	}
	sort.Slice(p.formulas, func(i, j int) bool { return p.formulas[i].rank < p.formulas[j].rank })
	return nil
}

func (l *loader) formula(p *product, ff *fileFormula, path string) (*formula, error) {
	switch {
	case ff.ID == "" || strings.TrimSpace(ff.Label) == "":
		return nil, l.loc.errorf(path, "une formule doit avoir un identifiant et un libellé")
	case ff.Rank < 1:
		return nil, l.loc.errorf(path+".rank", "le rang de la formule %s doit être 1, 2, 3… (de la moins à la plus riche)", ff.ID)
	case len(ff.Guarantees) == 0:
		return nil, l.loc.errorf(path+".guarantees", "la formule %s n’a aucune garantie", ff.ID)
	case len(ff.NotCovered) == 0:
		return nil, l.loc.errorf(path+".notCovered", "la formule %s doit dire ce qui n’est pas assuré (IPID)", ff.ID)
	}
	for i, c := range ff.Covers {
		known := slices.ContainsFunc(p.needs.Covers, func(n Choice) bool { return n.ID == c })
		if !known {
			return nil, l.loc.errorf(pathIndex(path+".covers", i), "besoin inconnu «\u00a0%s\u00a0» : il doit figurer dans needs.covers", c)
		}
	}
	for i, o := range ff.IncludedOptions {
		if p.options[o] == nil {
			return nil, l.loc.errorf(pathIndex(path+".includedOptions", i), "option inconnue «\u00a0%s\u00a0»", o)
		}
	}
	f := &formula{id: ff.ID, label: ff.Label, rank: ff.Rank, propertyCover: ff.PropertyCover, covers: ff.Covers,
		includedOptions: ff.IncludedOptions, guarantees: ff.Guarantees, notCovered: ff.NotCovered}
	mains := 0
	for i, d := range ff.Deductibles {
		if d.ID == "" || strings.TrimSpace(d.Label) == "" || d.Cents < 0 {
			return nil, l.loc.errorf(pathIndex(path+".deductibles", i), "une franchise doit avoir un identifiant, un libellé et un montant positif ou nul")
		}
		if d.Main {
			mains++
		}
		f.deductibles = append(f.deductibles, Deductible(d))
	}
	if mains > 1 || mains == 0 && len(ff.Deductibles) > 0 {
		return nil, l.loc.errorf(path+".deductibles", "la formule %s doit avoir une seule franchise principale («\u00a0main\u00a0»)", ff.ID)
	}
	return f, nil
}

func (l *loader) ipid(fp *fileProduct, path string) error {
	ip := fp.IPID
	sections := []struct {
		key string
		ok  bool
	}{
		{"type", ip.Type != ""}, {"exclusions", len(ip.Exclusions) > 0}, {"where", ip.Where != ""},
		{"obligations", len(ip.Obligations) > 0}, {"payment", ip.Payment != ""}, {"period", ip.Period != ""}, {"cancel", ip.Cancel != ""},
	}
	for _, s := range sections {
		if !s.ok {
			return l.loc.errorf(path+".ipid."+s.key, "section d’IPID «\u00a0%s\u00a0» manquante", s.key)
		}
	}
	return nil
}
