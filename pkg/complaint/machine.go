package complaint

import "courtier/pkg/desk"

// The statuses of a complaint, in the order it goes through them.
const (
	// StatusReceived: nobody wrote to the complainant yet; the
	// acknowledgement is due.
	StatusReceived desk.Status = "received"
	// StatusAcknowledged: the acknowledgement was sent; the answer is due.
	StatusAcknowledged desk.Status = "acknowledged"
	// StatusInProgress: staff are looking into it (with the insurer, the
	// client…); the answer is still due. Also where an answered complaint
	// goes back when the client writes again.
	StatusInProgress desk.Status = "in_progress"
	// StatusAnswered: the answer was sent; the broker owes nothing more.
	StatusAnswered desk.Status = "answered"
	StatusClosed   desk.Status = desk.StatusClosed
)

// Machine is the status machine of complaints. The acknowledgement and
// the answer (Service.Acknowledge, Service.Answer) move a complaint to
// acknowledged and answered; staff move the rest by hand. No hand move
// skips the acknowledgement: a received complaint may only be closed (a
// duplicate, a message that is no complaint), and every status the client
// reads says where their complaint stands.
var Machine = &desk.Machine{
	Kind: desk.KindComplaint, Prefix: "RC", Initial: StatusReceived,
	Statuses: []desk.StatusInfo{
		{Status: StatusReceived, Label: "Nouvelle", Client: "Reçue", Waiting: true},
		{Status: StatusAcknowledged, Label: "Accusé de réception envoyé", Client: "En cours de traitement", Waiting: true},
		{Status: StatusInProgress, Label: "En cours d’instruction", Client: "En cours de traitement", Waiting: true},
		{Status: StatusAnswered, Label: "Réponse envoyée", Client: "Réponse envoyée"},
		{Status: StatusClosed, Label: "Clôturée", Client: "Clôturée"},
	},
	Moves: map[desk.Status][]desk.Status{
		StatusReceived:     {StatusClosed},
		StatusAcknowledged: {StatusInProgress, StatusClosed},
		StatusInProgress:   {StatusAcknowledged, StatusClosed},
		StatusAnswered:     {StatusInProgress, StatusClosed},
		StatusClosed:       {StatusInProgress},
	},
}
