package pricing

// IPIDSection is a section of the insurance product information
// document (EU regulation 2017/1469): its standard title and its lines.
type IPIDSection struct {
	Key   string   `json:"key"`
	Title string   `json:"title"`
	Lines []string `json:"lines"`
}

// IPID returns the information document of a product's formula, its
// nine sections in the regulation's order; ok is false for an unknown
// product or formula.
func (t *Tariff) IPID(product, formulaID string) (sections []IPIDSection, ok bool) {
	p := t.products[product]
	if p == nil {
		return nil, false
	}
	var f *formula
	for _, candidate := range p.formulas {
		if candidate.id == formulaID {
			f = candidate
		}
	}
	if f == nil {
		return nil, false
	}
	ip := p.ipid
	add := func(key string, lines ...string) {
		sections = append(sections, IPIDSection{Key: key, Title: t.ipidTitles[key], Lines: lines})
	}
	add("type", ip.Type)
	add("covered", f.guarantees...)
	add("notCovered", f.notCovered...)
	add("exclusions", ip.Exclusions...)
	add("where", ip.Where)
	add("obligations", ip.Obligations...)
	add("payment", ip.Payment)
	add("period", ip.Period)
	add("cancel", ip.Cancel)
	return sections, true
}
