package pricing

import (
	"slices"
	"strings"
)

// insurers checks each partner insurer's prices and compiles, product by
// product, what it asks.
func (l *loader) insurers() error {
	if len(l.f.Insurers) == 0 {
		return l.loc.errorf("insurers", "aucun assureur partenaire")
	}
	seen := map[string]bool{}
	for i := range l.f.Insurers {
		in := &l.f.Insurers[i]
		path := pathIndex("insurers", i)
		switch {
		case in.ID == "" || seen[in.ID]:
			return l.loc.errorf(path+".id", "chaque assureur doit avoir un identifiant unique")
		case strings.TrimSpace(in.Name) == "":
			return l.loc.errorf(path+".name", "l’assureur %s n’a pas de nom", in.ID)
		case strings.TrimSpace(in.LegalName) == "":
			return l.loc.errorf(path+".legalName", "l’assureur %s n’a pas de raison sociale (elle figure sur les contrats)", in.Name)
		case strings.TrimSpace(in.AssistancePhone) == "":
			return l.loc.errorf(path+".assistancePhone", "l’assureur %s n’a pas de numéro d’assistance (il figure sur le Mémo Véhicule Assuré)", in.Name)
		case in.MonthlySurcharge < 0 || in.MonthlySurcharge > 0.15:
			return l.loc.errorf(path+".monthlySurcharge", "les frais de fractionnement de %s doivent être entre 0 et 0,15 (15 %%)", in.Name)
		}
		seen[in.ID] = true
		l.t.insurers[in.Name] = Insurer{ID: in.ID, Name: in.Name, LegalName: in.LegalName, AssistancePhone: in.AssistancePhone}
		for id := range in.Products {
			if l.t.products[id] == nil {
				return l.loc.errorf(path+".products."+id, "produit inconnu «\u00a0%s\u00a0» chez %s", id, in.Name)
			}
		}
		for _, id := range l.t.order {
			ip, ok := in.Products[id]
			if !ok {
				continue
			}
			o, err := l.offer(in, l.t.products[id], &ip, path+".products."+id)
			if err != nil {
				return err
			}
			l.t.products[id].offers = append(l.t.products[id].offers, o)
		}
	}
	for _, id := range l.t.order {
		if p := l.t.products[id]; p != nil && len(p.offers) == 0 {
			return l.loc.errorf("products."+id, "aucun assureur ne tarifie le produit %s", id)
		}
	}
	return nil
}

// offer compiles one insurer's table for one product.
func (l *loader) offer(in *fileInsurer, p *product, ip *fileInsurerProduct, path string) (*offerTable, error) {
	o := &offerTable{insurerID: in.ID, insurerName: in.Name, monthly: in.MonthlySurcharge, monthlyText: monthlyText(in.MonthlySurcharge)}
	for id := range ip.Formulas {
		if !slices.ContainsFunc(p.formulas, func(f *formula) bool { return f.id == id }) {
			return nil, l.loc.errorf(path+".formulas."+id, "formule inconnue «\u00a0%s\u00a0» pour le produit %s", id, p.id)
		}
	}
	for fi, f := range p.formulas {
		base, err := l.base(p, ip.Formulas[f.id], path+".formulas", f, in.Name)
		if err != nil {
			return nil, err
		}
		if fi > 0 {
			for pi, cents := range base {
				if cents < o.base[fi-1][pi] {
					return nil, l.loc.errorf(path+".formulas."+f.id, "chez %s, la formule %s coûte moins que %s, moins riche, sur la part %s",
						in.Name, f.label, p.formulas[fi-1].label, p.spec.Parts[pi])
				}
			}
		}
		o.base = append(o.base, base)
		deds, err := l.deductibles(f, ip.Deductibles[f.id], path+".deductibles."+f.id)
		if err != nil {
			return nil, err
		}
		o.deductibles = append(o.deductibles, deds)
		var main int64
		for _, d := range deds {
			if d.Main {
				main = d.Cents
			}
		}
		o.mainDeductible = append(o.mainDeductible, main)
		o.baseLines = append(o.baseLines, p.fix(baseLine(p, f, base)))
		o.ids = append(o.ids, in.ID+":"+f.id)
	}
	for id := range ip.Deductibles {
		if !slices.ContainsFunc(p.formulas, func(f *formula) bool { return f.id == id }) {
			return nil, l.loc.errorf(path+".deductibles."+id, "formule inconnue «\u00a0%s\u00a0» pour le produit %s", id, p.id)
		}
	}
	return o, l.offerFactors(o, p, ip, path)
}

// base checks an insurer's base premium of a formula, part by part.
func (l *loader) base(p *product, parts map[string]int64, path string, f *formula, insurer string) ([]int64, error) {
	if parts == nil {
		return nil, l.loc.errorf(path, "formule «\u00a0%s\u00a0» manquante chez %s pour le produit %s", f.id, insurer, p.id)
	}
	path += "." + f.id
	var base []int64
	var total int64
	for _, part := range p.spec.Parts {
		cents, ok := parts[part]
		switch {
		case !ok:
			return nil, l.loc.errorf(path, "part «\u00a0%s\u00a0» manquante dans la prime de base", part)
		case cents < 0:
			return nil, l.loc.errorf(path+"."+part, "la prime de base ne peut pas être négative (%s)", Euros(cents))
		}
		base = append(base, cents)
		total += cents
	}
	if len(parts) != len(p.spec.Parts) {
		return nil, l.loc.errorf(path, "la prime de base n’a que les parts %s", strings.Join(p.spec.Parts, " et "))
	}
	if total <= 0 {
		return nil, l.loc.errorf(path, "la prime de base de la formule %s doit être positive", f.id)
	}
	return base, nil
}

// deductibles applies an insurer's own amounts to a formula's deductibles.
func (l *loader) deductibles(f *formula, own map[string]int64, path string) ([]Deductible, error) {
	deds := append([]Deductible{}, f.deductibles...)
	for id, cents := range own {
		i := slices.IndexFunc(deds, func(d Deductible) bool { return d.ID == id })
		switch {
		case i < 0:
			return nil, l.loc.errorf(path+"."+id, "franchise inconnue «\u00a0%s\u00a0» pour la formule %s", id, f.id)
		case cents < 0:
			return nil, l.loc.errorf(path+"."+id, "une franchise ne peut pas être négative")
		}
		deds[i].Cents = cents
	}
	return deds, nil
}

// offerFactors takes the insurer's own factor tables where it has them,
// the product's elsewhere.
func (l *loader) offerFactors(o *offerTable, p *product, ip *fileInsurerProduct, path string) error {
	for name := range ip.Factors {
		if !slices.ContainsFunc(p.factorIDs, func(f factorID) bool { return factorSpecs[f].name == name }) {
			return l.loc.errorf(path+".factors."+name, "facteur inconnu «\u00a0%s\u00a0» pour le produit %s", name, p.id)
		}
	}
	for i, fid := range p.factorIDs {
		own := ip.Factors[factorSpecs[fid].name]
		if own == nil {
			o.factors = append(o.factors, p.factors[i])
			continue
		}
		f, err := l.factor(p, fid, own, path+".factors")
		if err != nil {
			return err
		}
		o.factors = append(o.factors, f)
	}
	return nil
}
