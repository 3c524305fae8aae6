package contact

import "courtier/pkg/desk"

// The statuses of contact messages and callback requests.
const (
	StatusReceived   desk.Status = "received"
	StatusInProgress desk.Status = "in_progress"
	// StatusAnswered: a message was answered (Reply); nothing is owed.
	StatusAnswered desk.Status = "answered"
	// StatusCalled: the client was reached on the phone (LogCall).
	StatusCalled desk.Status = "called"
	StatusClosed desk.Status = desk.StatusClosed
)

// MessageMachine is the status machine of contact messages: received →
// in_progress → answered → closed. A reply moves a message to answered;
// staff move the rest by hand, and may reopen an answered or closed one.
//
// Messages are numbered MS- (« message », as in SMS), two letters like
// every kind's prefix so a reference keeps its 14 characters. Until
// December 2026 they were numbered CT-, the prefix of the contracts, so
// that « CT-2026-000001 » named a message and a contract; the messages of
// that time keep their CT- references, stored as they were mailed, and
// are still found by them.
var MessageMachine = &desk.Machine{
	Kind: desk.KindContact, Prefix: "MS", Initial: StatusReceived, Started: StatusInProgress,
	Statuses: []desk.StatusInfo{
		{Status: StatusReceived, Label: "Nouveau", Client: "Reçu", Waiting: true},
		{Status: StatusInProgress, Label: "En cours", Client: "En cours de traitement", Waiting: true},
		{Status: StatusAnswered, Label: "Répondu", Client: "Répondu"},
		{Status: StatusClosed, Label: "Clôturé", Client: "Clôturé"},
	},
	Moves: map[desk.Status][]desk.Status{
		StatusReceived:   {StatusInProgress, StatusClosed},
		StatusInProgress: {StatusReceived, StatusClosed},
		StatusAnswered:   {StatusInProgress, StatusClosed},
		StatusClosed:     {StatusInProgress},
	},
}

// CallbackMachine is the status machine of callback requests: received →
// in_progress → called → closed. A call logged as reached moves a request
// to called; a call without answer leaves it (or puts it) in_progress,
// counted, with a new deadline for the next try.
var CallbackMachine = &desk.Machine{
	Kind: desk.KindCallback, Prefix: "RA", Initial: StatusReceived, Started: StatusInProgress,
	Statuses: []desk.StatusInfo{
		{Status: StatusReceived, Label: "Nouveau", Client: "Reçu", Waiting: true},
		{Status: StatusInProgress, Label: "En cours", Client: "En cours", Waiting: true},
		{Status: StatusCalled, Label: "Rappel effectué", Client: "Appel effectué"},
		{Status: StatusClosed, Label: "Clôturé", Client: "Clôturé"},
	},
	Moves: map[desk.Status][]desk.Status{
		StatusReceived:   {StatusInProgress, StatusClosed},
		StatusInProgress: {StatusReceived, StatusClosed},
		StatusCalled:     {StatusInProgress, StatusClosed},
		StatusClosed:     {StatusInProgress},
	},
}

// canReply tells whether a message in status st may be answered: not once
// closed (reopen it first), and again after a first answer.
func canReply(st desk.Status) bool {
	return st == StatusReceived || st == StatusInProgress || st == StatusAnswered
}

// canCall tells whether a call may be logged on a callback in status st:
// while it waits for one. A request already called is moved back to
// in_progress by hand before another call is logged.
func canCall(st desk.Status) bool { return st == StatusReceived || st == StatusInProgress }
