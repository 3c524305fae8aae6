package pricing

// The types of this file mirror rates.json, the rating file that Go and
// the React build both read. They are decoded as they are, then checked
// and compiled into a Tariff by Load: nothing here is used to price.

// fileRates is the whole rating file.
type fileRates struct {
	Comment        string                    `json:"_comment"`
	Version        string                    `json:"version"`
	ValidDays      int                       `json:"validDays"`
	Disclaimer     string                    `json:"disclaimer"`
	Insurers       []fileInsurer             `json:"insurers"`
	Taxes          map[string]fileTax        `json:"taxes"`
	Monthly        fileSourced               `json:"monthly"`
	Departments    map[string]fileDepartment `json:"departments"`
	VehicleClasses fileVehicleClasses        `json:"vehicleClasses"`
	Depreciation   fileDepreciation          `json:"depreciation"`
	Described      fileDescribed             `json:"describedVehicle"`
	IPIDSections   map[string]string         `json:"ipidSections"`
	Products       map[string]*fileProduct   `json:"products"`
	OnStudy        map[string]fileStudy      `json:"onStudy"`
}

// fileInsurer is one partner insurer and its own prices.
type fileInsurer struct {
	ID               string                        `json:"id"`
	Name             string                        `json:"name"`
	LegalName        string                        `json:"legalName"`
	AssistancePhone  string                        `json:"assistancePhone"`
	MonthlySurcharge float64                       `json:"monthlySurcharge"`
	Products         map[string]fileInsurerProduct `json:"products"`
}

// fileInsurerProduct is an insurer's base premiums for one product, in
// cents per part of the product; its deductibles and factor tables that
// differ from the product's own.
type fileInsurerProduct struct {
	Formulas    map[string]map[string]int64 `json:"formulas"`
	Deductibles map[string]map[string]int64 `json:"deductibles"`
	Factors     map[string]*fileFactor      `json:"factors"`
}

// fileTax is a tax or contribution: a rate on a part of the premium, or
// an amount per contract (for contracts that insure property).
type fileTax struct {
	Label       string  `json:"label"`
	Rate        float64 `json:"rate"`
	Part        string  `json:"part"`
	AmountCents int64   `json:"amountCents"`
	Source      string  `json:"source"`
}

// fileSourced is a named rule with its source.
type fileSourced struct {
	Label  string `json:"label"`
	Source string `json:"source"`
}

// fileDepartment is a French department: its name and its zone.
type fileDepartment struct {
	Name string `json:"name"`
	Zone int    `json:"zone"`
}

// fileVehicleClasses are the bounds from which the engine derives a
// vehicle's liability group and damage class.
type fileVehicleClasses struct {
	Comment     string         `json:"_comment"`
	CarGroups   []fileGroup    `json:"carGroups"`
	MotoGroups  []fileGroup    `json:"motoGroups"`
	CarClasses  []fileClass    `json:"carClasses"`
	MotoClasses []fileClass    `json:"motoClasses"`
	SportKw     map[string]int `json:"sportKw"`
}

// fileGroup is a liability group: a vehicle within all its bounds belongs to it.
type fileGroup struct {
	Group          int `json:"group"`
	MaxFiscalPower int `json:"maxFiscalPower"`
	MaxCc          int `json:"maxCc"`
	MaxKw          int `json:"maxKw"`
}

// fileClass is a damage class, bounded by the value new.
type fileClass struct {
	Class         string `json:"class"`
	MaxValueCents int64  `json:"maxValueCents"`
}

// fileDepreciation is the barème de vétusté: how much of its value new a
// vehicle keeps as the years pass, by kind. The engine estimates the
// vehicle's value today from it; the damage class is that value's.
type fileDepreciation struct {
	Comment string        `json:"_comment"`
	Label   string        `json:"label"`
	Source  string        `json:"source"`
	Car     *fileSchedule `json:"car"`
	Moto    *fileSchedule `json:"moto"`
}

// fileSchedule is the depreciation of one kind of vehicle: each year of
// age loses its band's rate of the value it had, down to Floor, the
// share of the value new it keeps at the least.
type fileSchedule struct {
	Bands []fileLoss `json:"bands"`
	Floor float64    `json:"floor"`
}

// fileLoss is a band of a depreciation schedule: the years of age up to
// Max (included) each lose Rate of the vehicle's value (0.15 for 15 %).
type fileLoss struct {
	Max  int     `json:"max"`
	Rate float64 `json:"rate"`
}

// fileProduct is a product priced at once.
type fileProduct struct {
	Label       string                 `json:"label"`
	VehicleKind string                 `json:"vehicleKind"`
	Temporary   bool                   `json:"temporary"`
	Parts       map[string]string      `json:"parts"`
	Taxes       []string               `json:"taxes"`
	Form        []*FormField           `json:"form"`
	Factors     map[string]*fileFactor `json:"factors"`
	Options     []fileOption           `json:"options"`
	Formulas    []*fileFormula         `json:"formulas"`
	Needs       fileNeeds              `json:"needs"`
	IPID        fileIPID               `json:"ipid"`
}

// FormField is one question of a product's form, with its bounds: the
// site builds the form from it and the engine validates the answers
// against it, so both refuse the same values with the same message.
// MaxAge bounds the driver's age (date), or the vehicle's in years since
// its year of first registration (vehicleYear: 30 at most and when not
// given); ExemptEnergies are the energies a vehicleYear's MaxAge does
// not bind (a VTC that is hybrid or electric), and AgeRule says that
// limit as the refusal quotes it, in the middle of a sentence.
type FormField struct {
	Key                string   `json:"key"`
	Label              string   `json:"label"`
	Type               string   `json:"type"`
	Optional           bool     `json:"optional,omitempty"`
	Min                float64  `json:"min,omitempty"`
	Max                float64  `json:"max,omitempty"`
	MinAge             int      `json:"minAge,omitempty"`
	MaxAge             int      `json:"maxAge,omitempty"`
	MinAgeAtLicence    int      `json:"minAgeAtLicence,omitempty"`
	MinYears           int      `json:"minYears,omitempty"`
	MinYearsSupervised int      `json:"minYearsSupervised,omitempty"`
	Unit               string   `json:"unit,omitempty"`
	Source             string   `json:"source,omitempty"`
	Message            string   `json:"message"`
	Choices            []Choice `json:"choices,omitempty"`
	ExemptEnergies     []string `json:"exemptEnergies,omitempty"`
	AgeRule            string   `json:"ageRule,omitempty"`
}

// Choice is an allowed value of a choice field, with its French label.
type Choice struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	// Short is how the advice names a need inside a sentence (needs only).
	Short string `json:"short,omitempty"`
}

// fileFactor is one rating factor. Which of values, bands or the
// young-driver surcharges it carries depends on the factor (factorKinds).
type fileFactor struct {
	Label      string             `json:"label"`
	Source     string             `json:"source"`
	On         string             `json:"on"`
	Values     map[string]float64 `json:"values"`
	Bands      []fileBand         `json:"bands"`
	Standard   []float64          `json:"standard"`
	Supervised []float64          `json:"supervised"`
}

// fileBand is a band of a numeric factor: values up to Max (included).
type fileBand struct {
	Max   int64   `json:"max"`
	Value float64 `json:"value"`
}

// fileOption is an option bought on top of a formula, for a yearly amount.
type fileOption struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Part  string `json:"part"`
	Cents int64  `json:"cents"`
}

// fileFormula is a formula of a product.
type fileFormula struct {
	ID              string           `json:"id"`
	Label           string           `json:"label"`
	Rank            int              `json:"rank"`
	PropertyCover   bool             `json:"propertyCover"`
	Covers          []string         `json:"covers"`
	IncludedOptions []string         `json:"includedOptions"`
	Guarantees      []string         `json:"guarantees"`
	Deductibles     []fileDeductible `json:"deductibles"`
	NotCovered      []string         `json:"notCovered"`
}

// fileDeductible is a deductible of a formula; the main one is shown on
// the price card and weighed against the client's tolerance.
type fileDeductible struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Cents int64  `json:"cents"`
	Main  bool   `json:"main"`
}

// fileNeeds are the needs the duty to advise asks about for a product.
type fileNeeds struct {
	Covers      []Choice        `json:"covers"`
	Budget      string          `json:"budget"`
	Deductibles []fileTolerance `json:"deductibles"`
}

// fileTolerance is a deductible tolerance: the highest main deductible
// it accepts, none for the highest tolerance.
type fileTolerance struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	MaxCents int64  `json:"maxCents"`
}

// fileIPID holds the IPID sections common to a product's formulas; what
// is covered and not covered comes from each formula.
type fileIPID struct {
	Type        string   `json:"type"`
	Exclusions  []string `json:"exclusions"`
	Where       string   `json:"where"`
	Obligations []string `json:"obligations"`
	Payment     string   `json:"payment"`
	Period      string   `json:"period"`
	Cancel      string   `json:"cancel"`
}

// fileStudy is a product that needs a person: not priced at once.
type fileStudy struct {
	Label  string `json:"label"`
	Reason string `json:"reason"`
}
