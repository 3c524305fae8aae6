package event

import "time"

// The amendments of a contract in force (issue 43): the code that signs
// one sent, and one signed (AmendmentPayload).
const (
	ContractAmendmentCodeSent Kind = "contract.amendment_code_sent"
	ContractAmended           Kind = "contract.amended"
)

// AmendmentPayload is an amendment as its client is told of it: the
// contract's facts (Code: the signature code, blanked once sent;
// Attachments: the avenant, the new conditions and the new attestation
// or Mémo), what changes and its price.
type AmendmentPayload struct {
	ContractPayload
	// N is the avenant's number in the contract, Object its kind as the
	// avenant says it (« Changement de véhicule »).
	N      int    `json:"n"`
	Object string `json:"object"`
	// Effective is the first day under the new terms.
	Effective           time.Time `json:"effective"`
	PreviousYearlyCents int64     `json:"previousYearlyCents"`
	YearlyCents         int64     `json:"yearlyCents"`
	MonthlyCents        int64     `json:"monthlyCents"`
	// AdjustmentCents is the difference for the rest of the year,
	// positive when due, negative when refunded.
	AdjustmentCents int64 `json:"adjustmentCents"`
	// Changes are what changes: label, before, after.
	Changes [][3]string `json:"changes,omitempty"`
	// ProofsNeeded names the supporting documents the change asks (a new
	// carte grise), to send before ProvisionalUntil.
	ProofsNeeded     []string  `json:"proofsNeeded,omitempty"`
	ProvisionalUntil time.Time `json:"provisionalUntil,omitzero"`
}
