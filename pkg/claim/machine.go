package claim

import (
	"slices"

	"courtier/pkg/desk"
)

// The statuses of a claim.
const (
	// StatusDeclared: the client declared it; the broker owes its
	// transmission to the insurer.
	StatusDeclared desk.Status = "declared"
	// StatusTransmitted: the insurer has it, under its claim number.
	StatusTransmitted desk.Status = "transmitted"
	// StatusExpertise: an expert was sent.
	StatusExpertise desk.Status = "expertise"
	// StatusPieces: the client is asked for a document (Claim.Asked);
	// the client's next file or message puts it back where it was.
	StatusPieces desk.Status = "pieces"
	// StatusIndemnified: the insurer paid (Claim.AmountCents).
	StatusIndemnified desk.Status = "indemnified"
	// StatusRefused: the insurer refused (Claim.Reason), the mediator named.
	StatusRefused desk.Status = "refused"
	StatusClosed  desk.Status = desk.StatusClosed
)

// Machine is the status machine of claims. Its Moves are empty: every
// move asks for something (the insurer's number, the missing piece, the
// amount, the reason) and tells the client, so it goes through
// Service.Move, never through the queue's bare status change.
var Machine = &desk.Machine{
	Kind: desk.KindClaim, Prefix: "SN", Initial: StatusDeclared,
	Statuses: []desk.StatusInfo{
		{Status: StatusDeclared, Label: "Déclaré", Client: "Déclaré", Waiting: true},
		{Status: StatusTransmitted, Label: "Transmis à l’assureur", Client: "Transmis à l’assureur"},
		{Status: StatusExpertise, Label: "Expertise", Client: "Expertise"},
		{Status: StatusPieces, Label: "En attente de pièces", Client: "En attente de pièces"},
		{Status: StatusIndemnified, Label: "Indemnisé", Client: "Indemnisé"},
		{Status: StatusRefused, Label: "Refusé", Client: "Refusé"},
		{Status: StatusClosed, Label: "Clos", Client: "Clos"},
	},
	Moves: map[desk.Status][]desk.Status{},
}

// moves are the moves staff may make from each status. A claim goes to
// the insurer before anything the insurer decides; once decided it may
// be closed, or reopened (transmitted again) when the insurer reviews.
var moves = map[desk.Status][]desk.Status{
	StatusDeclared:    {StatusTransmitted, StatusPieces, StatusClosed},
	StatusTransmitted: {StatusExpertise, StatusPieces, StatusIndemnified, StatusRefused, StatusClosed},
	StatusExpertise:   {StatusTransmitted, StatusPieces, StatusIndemnified, StatusRefused, StatusClosed},
	StatusPieces:      {StatusDeclared, StatusTransmitted, StatusExpertise, StatusIndemnified, StatusRefused, StatusClosed},
	StatusIndemnified: {StatusTransmitted, StatusClosed},
	StatusRefused:     {StatusTransmitted, StatusClosed},
	StatusClosed:      {StatusTransmitted},
}

// needs is the field each status asks for when a claim moves to it.
var needs = map[desk.Status]string{
	StatusTransmitted: "insurerRef",
	StatusPieces:      "asked",
	StatusIndemnified: "amountCents",
	StatusRefused:     "reason",
}

// CanMove tells whether staff may move a claim from one status to another.
func CanMove(from, to desk.Status) bool { return slices.Contains(moves[from], to) }

// ended tells whether a claim in st is over: its retention runs.
func ended(st desk.Status) bool {
	return st == StatusIndemnified || st == StatusRefused || st == StatusClosed
}

// movesFrom lists the moves from st with their labels and needs.
func movesFrom(st desk.Status) []Move {
	out := []Move{}
	for _, to := range moves[st] {
		info, _ := Machine.Info(to)
		out = append(out, Move{Status: string(to), Label: info.Label, Needs: needs[to]})
	}
	return out
}
