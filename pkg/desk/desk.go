// Package desk is the broker's request queue: what every kind of request
// shares — a reference, a status, an assignee, a deadline, an append-only
// history, internal notes and replies — and the rules of who may see and
// move them. Each kind keeps its own answers in its own package (pkg/quote,
// pkg/instant, pkg/claim, pkg/contact, pkg/complaint), declares itself with
// a KindSpec that the composition root registers (kinds.go), and calls
// this package inside its transactions: pkg/desk alone reads and writes
// the requests table and its history, notes and replies (kindsql.go).
package desk

import (
	"time"
)

// Kind is the kind of a request. Each kind declares itself with a
// KindSpec from its own package (Service.Register); pkg/desk lists none.
type Kind string

// The kinds the house began with, named here for the packages and tests
// that refer to them; a new kind declares its constant in its own package.
const (
	KindQuote     Kind = "quote"
	KindContact   Kind = "contact"
	KindCallback  Kind = "callback"
	KindComplaint Kind = "complaint"
	// KindOnline is a lead: instant prices a visitor or a client kept (pkg/instant).
	KindOnline Kind = "online"
	// KindClaim is a loss a client declared (pkg/claim).
	KindClaim Kind = "claim"
)

// Status is where a request stands; each kind's Machine lists its own.
type Status string

// StatusClosed ends a request of any kind: nothing is expected of anyone.
const StatusClosed Status = "closed"

// StatusInfo names a status for staff and for the client. Several staff
// statuses may show as one client status, never the reverse, so no request
// ever vanishes from the client's view (the zammad#5169 flaw).
type StatusInfo struct {
	Status Status
	// Label is what staff read in the queue.
	Label string
	// Client is what the client reads.
	Client string
	// Waiting marks the statuses in which the broker owes the next step:
	// the deadline runs and the request can be overdue.
	Waiting bool
}

// Machine is the status machine of one kind.
type Machine struct {
	Kind Kind
	// Prefix starts the kind's references: DV-2026-000123. No other
	// kind nor any other series of the broker's may share it
	// (CheckPrefixes), and it never changes for references already
	// given: they are stored whole, so a new prefix only numbers what
	// comes next.
	Prefix  string
	Initial Status
	// Started is the status « Prendre en charge » moves a request to
	// while it is still Initial: taking a request starts the work. ""
	// when taking it changes no status (a step that needs more, such as a
	// complaint's acknowledgement or a claim's transmission, moves it).
	Started  Status
	Statuses []StatusInfo
	// Moves are the changes staff may make by hand from each status; the
	// others happen through the kind's own actions (an offer sent, an
	// acknowledgement written, an offer accepted).
	Moves map[Status][]Status
}

// Info returns what the machine says of st, and whether st is one of its statuses.
func (m *Machine) Info(st Status) (StatusInfo, bool) {
	for _, i := range m.Statuses {
		if i.Status == st {
			return i, true
		}
	}
	return StatusInfo{Status: st, Label: string(st), Client: string(st)}, false
}

// CanMove tells whether staff may move a request from one status to another by hand.
func (m *Machine) CanMove(from, to Status) bool {
	for _, s := range m.Moves[from] {
		if s == to {
			return true
		}
	}
	return false
}

// Request is the part of a request every kind shares.
type Request struct {
	ID      string
	Kind    Kind
	Ref     string
	UID     string
	Name    string
	Email   string
	Phone   string
	Product string
	Summary string
	Status  Status
	// Assignee is the uid of the agent or admin in charge, "" when none.
	Assignee     string
	AssigneeName string
	// Due is when staff must act next; zero when the request waits on nobody at the broker.
	Due       time.Time
	CreatedAt time.Time
	UpdatedAt time.Time
	// Overdue and DueToday are set by the service from its clock, in the
	// company's time zone, for requests whose deadline runs.
	Overdue  bool
	DueToday bool
	// Conversation is the stored ID of the chat conversation the request
	// was filed from, "" when it came from a form or the conversation was
	// deleted since.
	Conversation string
}

// Open tells whether the request is not closed.
func (r *Request) Open() bool { return r.Status != StatusClosed }

// Event is one line of a request's history.
type Event struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	ActorUID  string    `json:"actorUid,omitempty"`
	ActorName string    `json:"actorName"`
	Action    string    `json:"action"`
	Detail    string    `json:"detail"`
}

// Note is an internal note: staff read it, the client never does.
type Note struct {
	ID         int64     `json:"id"`
	At         time.Time `json:"at"`
	AuthorUID  string    `json:"authorUid,omitempty"`
	AuthorName string    `json:"authorName"`
	Body       string    `json:"body"`
}

// Draft is a new request as a kind's package opens it.
type Draft struct {
	ID      string
	Kind    Kind
	UID     string
	Name    string
	Email   string
	Phone   string
	Product string
	Summary string
	Due     time.Time
	// Conversation is the stored ID of the chat conversation it is filed
	// from (pkg/chat checked the sender may see it), "" for a form.
	Conversation string
	// ProductTitle, SlotStart and SlotEnd go to the notice of receipt
	// (event.RequestReceived) only.
	ProductTitle       string
	SlotStart, SlotEnd time.Time
}
