// Package contract makes and keeps the client's contracts: made from an
// instant price (pkg/instant) or an accepted offer (pkg/quote), signed
// online with a code sent by e-mail, paid by SEPA direct debit (pkg/sepa),
// its documents issued as PDF (pkg/document) and stored by their SHA-256,
// its supporting documents checked by staff, cancelled or withdrawn as
// the law says. Every change is recorded in its history and published as
// an event in the same transaction.
package contract

import (
	"time"

	"courtier/pkg/account"
	"courtier/pkg/pricing"
)

// Holder is the policyholder as they were at subscription. Name is the
// legal name (account.Policyholder.FullName), never the account's
// display name; a contract made before the legal name was asked holds
// the display name until the client gives theirs.
type Holder struct {
	Name      string `json:"name"`
	Email     string `json:"email"`
	FirstName string `json:"firstName,omitempty"`
	LastName  string `json:"lastName,omitempty"`
	// BirthDate is the policyholder's, who need not be the driver
	// priced (Risk.Answers holds the driver's).
	BirthDate  string `json:"birthDate,omitempty"`
	Phone      string `json:"phone,omitempty"`
	Address    string `json:"address"`
	PostalCode string `json:"postalCode"`
	City       string `json:"city"`
}

// Vehicle is the insured vehicle.
type Vehicle struct {
	ID           string `json:"id"`
	Make         string `json:"make"`
	Model        string `json:"model"`
	Version      string `json:"version"`
	Energy       string `json:"energy"`
	Registration string `json:"registration"`
}

// Name is « Peugeot 208 1.2 PureTech 100 ».
func (v *Vehicle) Name() string { return v.Make + " " + v.Model + " " + v.Version }

// Risk is what the contract insures: a vehicle, a dwelling, and every
// answer it was priced on as label and value, for the documents.
type Risk struct {
	Vehicle *Vehicle `json:"vehicle,omitempty"`
	// VehicleDescribed: the vehicle is not in the catalogue, the client
	// described it (staff see it flagged « véhicule hors catalogue »).
	VehicleDescribed bool        `json:"vehicleDescribed,omitempty"`
	Dwelling         *Dwelling   `json:"dwelling,omitempty"`
	Lines            [][2]string `json:"lines"`
	// FormulaID names the formula in the rating file (its IPID); "" for
	// a contract from an offer.
	FormulaID string `json:"formulaId,omitempty"`
	// Advice is the duty to advise as it was met before the choice.
	Advice *Advice `json:"advice,omitempty"`
	// Answers and Needs are what the premium is priced on (a contract
	// from a price; nil for one from an offer, priced by the insurer);
	// InsurerID names the insurer of FormulaID in the rating file.
	Answers   *pricing.Answers `json:"answers,omitempty"`
	Needs     *pricing.Needs   `json:"needs,omitempty"`
	InsurerID string           `json:"insurerId,omitempty"`
	// Quoted is the price the client chose, as shown to them.
	Quoted *Quoted `json:"quoted,omitempty"`
	// Repricing is how the premium moved from Quoted, nil when it did not.
	Repricing *Repricing `json:"repricing,omitempty"`
	// Days is a temporary contract's length; 0 for a yearly one.
	Days int `json:"days,omitempty"`
	// StartHour is the hour a temporary contract starts on its start
	// date, fixed at its signature: the next full hour when it is signed
	// that day, 0 (midnight) otherwise.
	StartHour int `json:"startHour,omitempty"`
	// Deductibles are the price's deductibles, one per kind of damage, as
	// the offer showed them; none for a contract from an offer, whose
	// one deductible is DeductibleCents.
	Deductibles []Deductible `json:"deductibles,omitempty"`
	// Trace is « Pourquoi ce prix ? » of the running year's premium, set
	// at each renewal (the first year's is Quoted's, as Repricing moved
	// it).
	Trace []string `json:"trace,omitempty"`
}

// Deductible is one deductible of the price: what it applies to
// (« Bris de glace ») and its amount.
type Deductible struct {
	Label string `json:"label"`
	Cents int64  `json:"cents"`
}

// Dwelling is the insured home.
type Dwelling struct {
	Kind    string `json:"kind"`
	Status  string `json:"status"`
	Surface int    `json:"surface"`
	Rooms   int    `json:"rooms"`
}

// Advice is what the « Fiche d'information et de conseil » records: the
// needs given, the advice, the formulas compared, the one recommended
// and the one chosen.
type Advice struct {
	Needs       [][2]string   `json:"needs"`
	Reason      string        `json:"reason"`
	Offers      []AdviceOffer `json:"offers"`
	Recommended int           `json:"recommended"`
	Chosen      int           `json:"chosen"`
}

// AdviceOffer is one formula compared.
type AdviceOffer struct {
	Insurer         string   `json:"insurer"`
	Formula         string   `json:"formula"`
	YearlyCents     int64    `json:"yearlyCents"`
	MonthlyCents    int64    `json:"monthlyCents"`
	DeductibleCents int64    `json:"deductibleCents"`
	Guarantees      []string `json:"guarantees"`
}

// Switch is the contract a client leaves under the loi Hamon: the
// broker asks its insurer to end it, the new one starts when it ends.
type Switch struct {
	Insurer      string `json:"insurer"`
	PolicyNumber string `json:"policyNumber"`
}

// Ending is a cancellation or a withdrawal: why, when it was asked, and
// the day the cover ends.
type Ending struct {
	Reason  string    `json:"reason"`
	Text    string    `json:"text,omitempty"`
	AskedAt time.Time `json:"askedAt"`
	// Date is the day the cover ends (YYYY-MM-DD).
	Date string `json:"date"`
	// RefundCents is what a withdrawal gives back: the debits already
	// taken beyond the premium due for the days covered.
	RefundCents int64 `json:"refundCents"`
	// DueCents is the premium due for the days covered (withdrawal).
	DueCents int64 `json:"dueCents"`
}

// Contract is a client's contract. Its JSON is the API's.
type Contract struct {
	ID              string   `json:"id"`
	Number          string   `json:"number"`
	Status          Status   `json:"status"`
	StatusLabel     string   `json:"statusLabel"`
	Source          string   `json:"source"`
	SourceID        string   `json:"sourceId"`
	Product         string   `json:"product"`
	ProductLabel    string   `json:"productLabel"`
	Insurer         string   `json:"insurer"`
	Formula         string   `json:"formula"`
	Holder          Holder   `json:"holder"`
	Risk            Risk     `json:"risk"`
	Guarantees      []string `json:"guarantees"`
	StartDate       string   `json:"startDate"`
	YearlyCents     int64    `json:"yearlyCents"`
	MonthlyCents    int64    `json:"monthlyCents"`
	TaxesCents      int64    `json:"taxesCents"`
	DeductibleCents int64    `json:"deductibleCents"`
	// Policyholder is who signs, as the Holder holds them (the API's key).
	Policyholder account.Policyholder `json:"policyholder"`
	// Repriced tells that the premium is not the price chosen: an answer
	// that rates the risk, or the start date, changed it (Risk.Repricing).
	Repriced bool `json:"repriced"`
	// Rhythm is how the client pays: monthly or yearly.
	Rhythm    string     `json:"rhythm"`
	Switch    *Switch    `json:"switch,omitempty"`
	CreatedAt time.Time  `json:"createdAt"`
	UpdatedAt time.Time  `json:"updatedAt"`
	SignedAt  *time.Time `json:"signedAt,omitempty"`
	// ProvisionalUntil is the last day of the provisional cover while the
	// supporting documents are checked (YYYY-MM-DD), "" when none.
	ProvisionalUntil string `json:"provisionalUntil,omitempty"`
	// WithdrawUntil is the last day the client may withdraw, "" before
	// the signature.
	WithdrawUntil string  `json:"withdrawUntil,omitempty"`
	Ending        *Ending `json:"ending,omitempty"`
	// Missing names what must be given before the signature (the
	// address, the registration), as field errors; empty when complete.
	Missing   []string   `json:"missing"`
	Documents []Document `json:"documents"`
	Proofs    []Proof    `json:"proofs"`
	Schedule  []Debit    `json:"schedule"`
	Payments  []Payment  `json:"payments"`
	// Period is the running year (a temporary contract's days), nil
	// before the signature; RenewalDeadline the last day to refuse its
	// renewal (YYYY-MM-DD), "" for a contract that does not renew;
	// Renewal what the avis d'échéance announced, nil before it.
	Period          *Period  `json:"period,omitempty"`
	RenewalDeadline string   `json:"renewalDeadline,omitempty"`
	Renewal         *Renewal `json:"renewal,omitempty"`
	// Incident is the payment incident running (or just ended, or that
	// terminated the contract), nil when none (L113-3).
	Incident *Incident `json:"incident,omitempty"`
	Mandate  *Mandate  `json:"mandate,omitempty"`
	// Amendments are the contract's avenants, the newest first.
	Amendments []Amendment `json:"amendments"`
	History    []Event     `json:"history"`
	// Actions are what the reader may do now (sign, cancel, withdraw,
	// upload…), so the site shows only those.
	Actions []string `json:"actions"`
	// CodeSent is the signature code sent and still valid, for its owner
	// before the signature: a reloaded page finds it again.
	CodeSent *CodeSent `json:"codeSent,omitempty"`

	uid string
	// proofKinds are the supporting documents to ask at creation when
	// they are not the product's (a first-time driver's); nil otherwise.
	proofKinds []string
}

// Document is a PDF issued for a contract; URL answers application/pdf
// to the contract's owner and to staff.
type Document struct {
	ID       string    `json:"id"`
	Kind     string    `json:"kind"`
	Title    string    `json:"title"`
	URL      string    `json:"url"`
	SHA256   string    `json:"sha256"`
	IssuedAt time.Time `json:"issuedAt"`
	// Signed marks the versions issued at the signature, carrying its
	// summary page and the broker's seal.
	Signed bool `json:"signed"`
	// Replaced marks a version a signed amendment replaced by a newer one
	// of the same kind: it stays in the contract's history.
	Replaced bool `json:"replaced"`
}

// Proof is a supporting document the contract needs.
type Proof struct {
	Kind        string     `json:"kind"`
	Label       string     `json:"label"`
	Status      string     `json:"status"`
	StatusLabel string     `json:"statusLabel"`
	Name        string     `json:"name,omitempty"`
	SentAt      *time.Time `json:"sentAt,omitempty"`
	CheckedAt   *time.Time `json:"checkedAt,omitempty"`
	Reason      string     `json:"reason,omitempty"`
	// URL serves the file sent, to its owner and staff.
	URL string `json:"url,omitempty"`

	sha256 string
}

// Debit is one debit of the payment schedule.
type Debit struct {
	Seq         int    `json:"seq"`
	Date        string `json:"date"`
	AmountCents int64  `json:"amountCents"`
	Sequence    string `json:"sequence"`
	Exported    bool   `json:"exported"`
	Cancelled   bool   `json:"cancelled"`
	// Status is where the debit is (DebitScheduled, DebitSent, DebitPaid,
	// DebitRejected, DebitSettled), StatusLabel its French label.
	Status      string `json:"status"`
	StatusLabel string `json:"statusLabel"`
	// ReasonCode and ReasonLabel are why the bank returned it (AM04,
	// « provision insuffisante »), when it did.
	ReasonCode  string `json:"reasonCode,omitempty"`
	ReasonLabel string `json:"reasonLabel,omitempty"`

	// endToEnd is its reference in the pain.008 file, once sent;
	// represents the seq of the rejected debit it presents again, 0 when
	// it presents none.
	endToEnd   string
	represents int
}

// Mandate is the SEPA mandate, its IBAN masked.
type Mandate struct {
	RUM      string    `json:"rum"`
	Holder   string    `json:"holder"`
	IBAN     string    `json:"iban"`
	SignedAt time.Time `json:"signedAt"`

	iban, bic string
}

// Event is one line of a contract's history.
type Event struct {
	At        time.Time `json:"at"`
	ActorName string    `json:"actorName"`
	Status    Status    `json:"status"`
	Action    string    `json:"action"`
	Detail    string    `json:"detail"`

	uid string
}

// ByOwner tells whether the contract's owner made e (not staff nor the
// site): the owner's display name and legal name may differ, so the
// names do not tell.
func (c *Contract) ByOwner(e Event) bool { return c.uid != "" && e.uid == c.uid }
