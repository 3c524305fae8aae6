package quote

import (
	"encoding/json"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// OfferStatus is where an offer stands.
type OfferStatus string

// The statuses of an offer.
const (
	// OfferProposed: the client may still choose it (unless it expired).
	OfferProposed OfferStatus = "proposed"
	// OfferAccepted: the client chose it.
	OfferAccepted OfferStatus = "accepted"
	// OfferDeclined: not chosen, because the client chose another one or
	// declined them all.
	OfferDeclined OfferStatus = "declined"
	// OfferWithdrawn: replaced by offers sent later.
	OfferWithdrawn OfferStatus = "withdrawn"
)

// label is the status in French, as both the client and staff read it.
func (o *Offer) label() string {
	switch {
	case o.Status == OfferProposed && o.Expired:
		return "Expirée"
	case o.Status == OfferProposed:
		return "Proposée"
	case o.Status == OfferAccepted:
		return "Choisie"
	case o.Status == OfferDeclined:
		return "Non retenue"
	case o.Status == OfferWithdrawn:
		return "Retirée"
	}
	return string(o.Status)
}

// OfferDraft is an offer as staff send it, before validation. Amounts are
// in euro cents, so that no rounding ever happens between the form and
// the database; ValidUntil is a calendar date, "2026-11-22".
type OfferDraft struct {
	Insurer         string   `json:"insurer"`
	ProductName     string   `json:"productName"`
	MonthlyCents    int64    `json:"monthlyCents"`
	YearlyCents     int64    `json:"yearlyCents"`
	Guarantees      []string `json:"guarantees"`
	DeductibleCents int64    `json:"deductibleCents"`
	ValidUntil      string   `json:"validUntil"`
	Note            string   `json:"note"`
}

// Offer is a priced offer answering a quote request.
type Offer struct {
	ID              string
	RequestID       string
	Position        int
	Insurer         string
	ProductName     string
	MonthlyCents    int64
	YearlyCents     int64
	Guarantees      []string
	DeductibleCents int64
	// ValidUntil is the last day the client may accept it, in the
	// company's time zone: "2026-11-22".
	ValidUntil    string
	Note          string
	Status        OfferStatus
	CreatedBy     string
	CreatedByName string
	CreatedAt     time.Time
	// DecidedAt is when it was accepted, declined or withdrawn; zero before.
	DecidedAt time.Time
	// Expired and Acceptable are set when the offer is read, from the
	// clock and the request's status.
	Expired    bool
	Acceptable bool
}

// offerJSON is the JSON of an offer; the uid of the agent who made it
// stays inside (the name is enough for the client).
type offerJSON struct {
	ID              string      `json:"id"`
	Insurer         string      `json:"insurer"`
	ProductName     string      `json:"productName"`
	MonthlyCents    int64       `json:"monthlyCents"`
	YearlyCents     int64       `json:"yearlyCents"`
	Guarantees      []string    `json:"guarantees"`
	DeductibleCents int64       `json:"deductibleCents"`
	ValidUntil      string      `json:"validUntil"`
	Note            string      `json:"note"`
	Status          OfferStatus `json:"status"`
	StatusLabel     string      `json:"statusLabel"`
	Expired         bool        `json:"expired"`
	Acceptable      bool        `json:"acceptable"`
	CreatedByName   string      `json:"createdByName"`
	CreatedAt       string      `json:"createdAt"`
	DecidedAt       string      `json:"decidedAt"`
}

// MarshalJSON writes the offer, times as ISO 8601 UTC ("" when not decided).
func (o Offer) MarshalJSON() ([]byte, error) {
	g := o.Guarantees
	if g == nil {
		g = []string{}
	}
	decided := ""
	if !o.DecidedAt.IsZero() {
		decided = store.FormatTime(o.DecidedAt)
	}
	return json.Marshal(offerJSON{
		ID: o.ID, Insurer: o.Insurer, ProductName: o.ProductName, MonthlyCents: o.MonthlyCents, YearlyCents: o.YearlyCents,
		Guarantees: g, DeductibleCents: o.DeductibleCents, ValidUntil: o.ValidUntil, Note: o.Note,
		Status: o.Status, StatusLabel: o.label(), Expired: o.Expired, Acceptable: o.Acceptable,
		CreatedByName: o.CreatedByName, CreatedAt: store.FormatTime(o.CreatedAt), DecidedAt: decided,
	})
}

// euros writes an amount in cents the French way: "1 234,56 €", with a
// narrow no-break space between thousands (as Intl.NumberFormat fr-FR
// writes them on the site) and a no-break space before the sign.
func euros(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%s,%02d\u00a0€", sign, frInt(int(cents/100)), cents%100)
}

var frMonths = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
	"septembre", "octobre", "novembre", "décembre"}

// frDate writes a calendar date the French way: "22 novembre 2026",
// "1er mai 2026", the day kept with its month.
func frDate(d time.Time) string {
	day := fmt.Sprint(d.Day())
	if d.Day() == 1 {
		day = "1er"
	}
	return fmt.Sprintf("%s\u00a0%s %d", day, frMonths[d.Month()-1], d.Year())
}

// Summary is the offer on one French line, for the staff's views outside
// the browser: « Assurances du Bocage, Tous risques : 48,90 € par mois,
// 562,35 € par an, valable jusqu'au 23 décembre 2026 (Proposée) ».
func (o Offer) Summary() string {
	valid := o.ValidUntil
	if d, err := time.Parse(time.DateOnly, o.ValidUntil); err == nil {
		valid = frDate(d)
	}
	return fmt.Sprintf("%s, %s\u00a0: %s par mois, %s par an, franchise %s, valable jusqu’au %s (%s)",
		o.Insurer, o.ProductName, euros(o.MonthlyCents), euros(o.YearlyCents), euros(o.DeductibleCents), valid, o.label())
}
