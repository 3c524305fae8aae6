package quote

import "courtier/pkg/desk"

// The statuses of a quote request, in the order it goes through them.
const (
	StatusReceived desk.Status = "received"
	StatusInReview desk.Status = "in_review"
	// StatusOffered: offers were sent; the client decides.
	StatusOffered  desk.Status = "offered"
	StatusAccepted desk.Status = "accepted"
	StatusDeclined desk.Status = "declined"
	StatusClosed   desk.Status = desk.StatusClosed
)

// Machine is the status machine of quote requests. Offers move a request
// to offered, the client's answer to accepted or declined; staff move the
// rest by hand.
var Machine = &desk.Machine{
	Kind: desk.KindQuote, Prefix: "DV", Initial: StatusReceived, Started: StatusInReview,
	Statuses: []desk.StatusInfo{
		{Status: StatusReceived, Label: "Nouvelle", Client: "Reçue", Waiting: true},
		{Status: StatusInReview, Label: "En cours d’étude", Client: "En cours d’étude", Waiting: true},
		{Status: StatusOffered, Label: "Offres envoyées", Client: "Offres à consulter"},
		{Status: StatusAccepted, Label: "Offre acceptée", Client: "Offre acceptée", Waiting: true},
		{Status: StatusDeclined, Label: "Offres refusées", Client: "Offres refusées"},
		{Status: StatusClosed, Label: "Clôturée", Client: "Clôturée"},
	},
	Moves: map[desk.Status][]desk.Status{
		StatusReceived: {StatusInReview, StatusClosed},
		StatusInReview: {StatusReceived, StatusClosed},
		StatusOffered:  {StatusInReview, StatusClosed},
		StatusAccepted: {StatusClosed},
		StatusDeclined: {StatusInReview, StatusClosed},
		StatusClosed:   {StatusInReview},
	},
}

// StatusLabel is the French name of a status, as the client reads it.
func StatusLabel(s desk.Status) string {
	info, _ := Machine.Info(s)
	return info.Client
}
