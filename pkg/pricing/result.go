package pricing

// Result is the answer to a profile: a price per insurer and formula,
// the recommended one, and the tariff it was made with. Its JSON is the
// API's answer (POST /api/prices) and `courtier prices --json`'s line.
type Result struct {
	Product       string          `json:"product"`
	Prices        []Price         `json:"prices"`
	Recommended   *Recommendation `json:"recommended"`
	TariffVersion string          `json:"tariffVersion"`
	ValidDays     int             `json:"validDays"`
	// ValidUntil is the last day the prices hold (YYYY-MM-DD).
	ValidUntil string `json:"validUntil"`
	Disclaimer string `json:"disclaimer"`
	// Notes are advice beside the recommendation (a switch of insurer).
	Notes []string `json:"notes,omitempty"`
}

// Price is one insurer's price for one formula. Amounts are in cents:
// PremiumCents before taxes, TaxesCents the taxes and contributions,
// YearlyCents what the client pays in a year (for a temporary contract:
// for the whole period, PeriodDays), MonthlyCents each month (0 when
// there is no monthly payment).
type Price struct {
	// ID is deterministic within a result (insurer:formula); the web
	// gives a saved price its own id.
	ID              string       `json:"id"`
	Insurer         string       `json:"insurer"`
	InsurerID       string       `json:"insurerId"`
	Formula         string       `json:"formula"`
	FormulaID       string       `json:"formulaId"`
	Rank            int          `json:"rank"`
	PremiumCents    int64        `json:"premiumCents"`
	TaxesCents      int64        `json:"taxesCents"`
	YearlyCents     int64        `json:"yearlyCents"`
	MonthlyCents    int64        `json:"monthlyCents"`
	PeriodDays      int          `json:"periodDays"`
	DeductibleCents int64        `json:"deductibleCents"`
	Deductibles     []Deductible `json:"deductibles"`
	Guarantees      []string     `json:"guarantees"`
	Options         []string     `json:"options,omitempty"`
	// Trace is every step of the price in plain French (« Pourquoi ce prix ? »).
	Trace []string `json:"trace"`
}

// Recommendation is the formula the broker advises, and why, in one
// French sentence.
type Recommendation struct {
	ID      string `json:"id"`
	Insurer string `json:"insurer"`
	Formula string `json:"formula"`
	Reason  string `json:"reason"`
}
