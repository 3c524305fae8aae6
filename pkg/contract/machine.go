package contract

import "courtier/pkg/apperr"

// Status is where a contract stands.
type Status string

// The statuses of a contract.
const (
	// StatusPending: made, its documents issued, waiting for the client's
	// signature.
	StatusPending Status = "pending_signature"
	// StatusAwaiting: signed, covered provisionally (ProvisionalDays)
	// while staff check the supporting documents.
	StatusAwaiting Status = "awaiting_documents"
	// StatusActive: signed and every supporting document accepted.
	StatusActive Status = "active"
	// StatusCancelRequested: the client asked to cancel; the cover runs
	// until the effective date.
	StatusCancelRequested Status = "cancel_requested"
	// StatusCancelled: the cover ended by a cancellation.
	StatusCancelled Status = "cancelled"
	// StatusWithdrawn: the client used the 14-day withdrawal right.
	StatusWithdrawn Status = "withdrawn"
	// StatusSuspended: the cover is suspended for non-payment (L113-3,
	// 30 days after the mise en demeure): no attestation, no Mémo, until
	// the payment brings it back, or the termination ends it.
	StatusSuspended Status = "suspended"
)

// Label is the status in French, as the client and staff read it.
func (s Status) Label() string {
	switch s {
	case StatusPending:
		return "En attente de signature"
	case StatusAwaiting:
		return "En attente de justificatifs"
	case StatusActive:
		return "Actif"
	case StatusCancelRequested:
		return "Résiliation demandée"
	case StatusCancelled:
		return "Résilié"
	case StatusWithdrawn:
		return "Rétracté"
	case StatusSuspended:
		return "Suspendu"
	}
	return string(s)
}

// InForce tells whether a contract in s covers its client now: signed,
// and not ended (a cancellation asked for runs to its date).
func (s Status) InForce() bool {
	return s == StatusAwaiting || s == StatusActive || s == StatusCancelRequested
}

// Statuses lists every status, in the order of a contract's life.
func Statuses() []Status {
	return []Status{StatusPending, StatusAwaiting, StatusActive, StatusCancelRequested, StatusSuspended, StatusCancelled, StatusWithdrawn}
}

// moves are the transitions a contract may make; anything else is refused.
var moves = map[Status][]Status{
	StatusPending:         {StatusAwaiting, StatusActive},
	StatusAwaiting:        {StatusActive, StatusCancelRequested, StatusCancelled, StatusWithdrawn, StatusSuspended},
	StatusActive:          {StatusCancelRequested, StatusCancelled, StatusWithdrawn, StatusSuspended},
	StatusCancelRequested: {StatusCancelled, StatusWithdrawn, StatusSuspended},
	// A payment brings the cover back (to the status it had), the
	// termination for non-payment ends it.
	StatusSuspended: {StatusActive, StatusAwaiting, StatusCancelRequested, StatusCancelled},
}

// CanMove tells whether a contract in from may go to to.
func CanMove(from, to Status) bool {
	for _, s := range moves[from] {
		if s == to {
			return true
		}
	}
	return false
}

// move checks a transition and says in French why it is refused.
func move(from, to Status) error {
	if CanMove(from, to) {
		return nil
	}
	return apperr.Errorf(apperr.ECONFLICT, "Ce contrat est « %s »\u00a0: il ne peut pas passer à « %s ».", from.Label(), to.Label())
}
