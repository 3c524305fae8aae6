package event

import "time"

// The contract's year (issue 42, renewal): the avis d'échéance sent, and
// the contract renewed at its anniversary (RenewalPayload).
const (
	ContractNoticeSent Kind = "contract.notice_sent"
	ContractRenewed    Kind = "contract.renewed"
)

// RenewalPayload is an avis d'échéance or a renewal as the client is told
// of it: the contract's facts (Attachments: the avis, or the new
// attestation or Mémo), the new year and its premium.
type RenewalPayload struct {
	ContractPayload
	// Start and End are the new year's first and last days; Deadline is
	// the last day to refuse the renewal (zero in a renewal's notice).
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	Deadline time.Time `json:"deadline,omitzero"`
	// PreviousYearlyCents is the premium of the year that ends.
	PreviousYearlyCents int64 `json:"previousYearlyCents"`
	YearlyCents         int64 `json:"yearlyCents"`
	MonthlyCents        int64 `json:"monthlyCents"`
	// Changes are the trace lines that changed: label, before, after.
	Changes [][3]string `json:"changes,omitempty"`
	// BonusMalus says why the bonus-malus is kept as it is: a claim
	// whose responsibility is not known yet; "" otherwise.
	BonusMalus string `json:"bonusMalus,omitempty"`
	// Schedule is the new year's debits.
	Schedule []Installment `json:"schedule,omitempty"`
	// Late: the avis is sent less than 15 days before the deadline;
	// LateRule says what the client may do then (L113-15-1).
	Late     bool   `json:"late,omitempty"`
	LateRule string `json:"lateRule,omitempty"`
	// Rights are the ways to end the contract the law gives its client.
	Rights []string `json:"rights,omitempty"`
	// CompareURL is the site's address (a path) of the comparison of
	// every insurer's formulas for the same risk, kept in the client's
	// « Mes prix »; "" when there is none (a contract from an offer, a
	// pricing that failed).
	CompareURL string `json:"compareUrl,omitempty"`
}

// Installment is one debit of a schedule.
type Installment struct {
	Date        time.Time `json:"date"`
	AmountCents int64     `json:"amountCents"`
}
