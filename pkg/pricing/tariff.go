// Package pricing is the rating engine of the instant prices: pure
// functions over the rating file (rates.json) and the vehicle catalogue
// (catalogue/*.json). It reads no clock, no network and no database: the
// caller passes "today" and gets, for each partner insurer and formula,
// a yearly and a monthly premium with its taxes and the trace of every
// step, and the formula the broker recommends for the client's needs.
// It imports nothing of ours.
package pricing

import (
	_ "embed"
	"fmt"
	"sync"
)

//go:embed rates.json
var ratesJSON []byte

// Tariff is a loaded, checked rating file, ready to price. It is
// immutable: one Tariff serves any number of goroutines.
type Tariff struct {
	version    string
	validDays  int
	disclaimer string
	products   map[string]*product
	order      []string // the products' ids, in the site's order
	onStudy    map[string]Study
	depts      map[string]*department
	groups     map[string][]fileGroup // by vehicle kind
	classes    map[string][]fileClass // by vehicle kind
	sportKw    map[string]int
	described  *fileDescribed // the rules for a vehicle not in the catalogue
	ipidTitles map[string]string
	catalogue  *Catalogue
	insurers   map[string]Insurer
	// depreciation is the barème de vétusté of each vehicle kind.
	depreciation      map[string]*schedule
	depreciationLabel string
	// scratch recycles the buffers of quotes (*scratch).
	scratch *sync.Pool
}

// Study is a product that is not priced at once: a person studies the
// request (health, life, pro, fleet).
type Study struct {
	Label  string `json:"label"`
	Reason string `json:"reason"`
}

// department is a French department and its zone.
type department struct {
	code string
	name string
	zone int
}

// product is a product priced at once, compiled from the file.
type product struct {
	id          string
	label       string
	spec        ProductSpec
	factorIDs   []factorID // spec.Factors
	vehicleKind string
	temporary   bool
	partLabels  []string
	taxes       []*tax
	fields      []*FormField
	field       map[string]*FormField
	options     map[string]*option
	formulas    []*formula // by rank
	factors     []*factor  // the product's own tables, aligned with factorIDs
	needs       fileNeeds
	ipid        fileIPID
	offers      []*offerTable // one per insurer that prices the product
	// fixed are the trace lines that are the same for every profile,
	// written at load; a quote's lines refer to them (see fix).
	fixed []string
}

// fix keeps a trace line written at load and returns the span that
// refers to it: a negative start, its index in fixed complemented.
func (p *product) fix(line string) span {
	p.fixed = append(p.fixed, line)
	return span{start: ^int32(len(p.fixed) - 1)}
}

// option is an option of a product with its part's index and its two
// trace lines, which are the same for every profile.
type option struct {
	fileOption
	part         int
	addedLine    span // « + option Bris de glace : 24,00 € »
	includedLine span // « Option Bris de glace : comprise dans la formule »
}

// formula is a formula of a product, by rank.
type formula struct {
	id              string
	label           string
	rank            int
	propertyCover   bool
	covers          []string
	includedOptions []string
	guarantees      []string
	deductibles     []Deductible
	notCovered      []string
}

// Deductible is what the client keeps at their charge for a kind of
// claim, in cents.
type Deductible struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Cents int64  `json:"cents"`
	Main  bool   `json:"main,omitempty"`
}

// tax is a tax or contribution on a part of the premium (rate) or per
// contract (amount).
type tax struct {
	id          string
	label       string
	rate        float64
	part        int // index of the product's part; -1 for an amount per contract
	amountCents int64
	source      string
	prefix      string // « label : 33 % de »
	amountLine  span   // « label : 6,50 € », for an amount per contract
}

// offerTable is what one insurer asks for one product.
type offerTable struct {
	insurerID   string
	insurerName string
	monthly     float64
	base        [][]int64      // by formula (rank order), by part
	deductibles [][]Deductible // by formula
	// mainDeductible and baseLines are written once for every quote.
	mainDeductible []int64
	baseLines      []span
	ids            []string  // insurer:formula
	monthlyText    string    // the middle of the monthly line
	factors        []*factor // aligned with the product's factorIDs
}

// factor is a compiled rating factor.
type factor struct {
	id     factorID
	label  string
	source string
	part   int // index of the part it multiplies; -1 for the whole premium
	values map[string]float64
	bands  []fileBand
	young  [2][3]float64 // standard, supervised
}

// Default loads the embedded rating file with the house's products and
// the vehicle catalogue.
func Default() (*Tariff, error) {
	return DefaultWith(nil, HouseProducts())
}

// DefaultWith is Default with the rating file rates (the embedded one
// when nil) and the products of specs, priced with the vehicle
// catalogue. A test adds a product through it: its section of the file
// and its spec.
func DefaultWith(rates []byte, specs []ProductSpec) (*Tariff, error) {
	if rates == nil {
		rates = ratesJSON
	}
	t, err := LoadProducts(ratesName, rates, specs)
	if err != nil {
		return nil, err
	}
	c, err := DefaultCatalogue()
	if err != nil {
		return nil, err
	}
	return t.WithCatalogue(c), nil
}

// MustDefault is Default for tests and benchmarks: it panics on an
// embedded file that does not load, which the package's tests refuse.
func MustDefault() *Tariff {
	t, err := Default()
	if err != nil {
		panic(fmt.Sprintf("pricing: embedded files: %v", err))
	}
	return t
}

// WithCatalogue returns a copy of t that prices the vehicles of c.
func (t *Tariff) WithCatalogue(c *Catalogue) *Tariff {
	cp := *t
	cp.catalogue = c
	return &cp
}

// Catalogue returns the vehicle catalogue the tariff prices with.
func (t *Tariff) Catalogue() *Catalogue { return t.catalogue }

// Version is the version of the rating file a price was made with.
func (t *Tariff) Version() string { return t.version }

// ValidDays is how many days a saved price keeps its amount.
func (t *Tariff) ValidDays() int { return t.validDays }

// Disclaimer is the sentence every price shows: indicative until the
// documents are checked.
func (t *Tariff) Disclaimer() string { return t.disclaimer }

// Products lists the products priced at once, in the site's order.
func (t *Tariff) Products() []string {
	return append([]string(nil), t.order...)
}

// OnStudy reports whether a product is handled on study, and why.
func (t *Tariff) OnStudy(product string) (Study, bool) {
	s, ok := t.onStudy[product]
	return s, ok
}

// Form returns the questions of a product's form, with their bounds.
func (t *Tariff) Form(product string) ([]*FormField, bool) {
	p := t.products[product]
	if p == nil {
		return nil, false
	}
	return p.fields, true
}

// Summary counts what a rating file holds, for `courtier prices check`.
type Summary struct {
	Version  string
	Products int
	Formulas int
	Insurers int
}

// Summary counts the products, formulas and insurers of t.
func (t *Tariff) Summary() Summary {
	s := Summary{Version: t.version, Products: len(t.products)}
	insurers := map[string]bool{}
	for _, p := range t.products {
		s.Formulas += len(p.formulas)
		for _, o := range p.offers {
			insurers[o.insurerID] = true
		}
	}
	s.Insurers = len(insurers)
	return s
}

// ProductLabel is the French title of a product priced at once
// (« Assurance auto »), or its id for another.
func (t *Tariff) ProductLabel(product string) string {
	if p := t.products[product]; p != nil {
		return p.label
	}
	return product
}

// Temporary tells a product whose contracts last days, not a year (its
// "temporary" in the rating file): no withdrawal right for a contract
// under one month (code des assurances L112-2-1), no loi Hamon.
func (t *Tariff) Temporary(product string) bool {
	p := t.products[product]
	return p != nil && p.temporary
}

// Insurer is a partner insurer as a contract names it.
type Insurer struct {
	ID   string
	Name string
	// LegalName is the company's full name and status, on the contracts.
	LegalName string
	// AssistancePhone is the 24/7 line on the Mémo Véhicule Assuré.
	AssistancePhone string
}

// Insurer is the partner insurer named name (as prices name it).
func (t *Tariff) Insurer(name string) (Insurer, bool) {
	in, ok := t.insurers[name]
	return in, ok
}
