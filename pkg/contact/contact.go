// Package contact owns two kinds of the broker's queue: contact messages
// (from the form on /contact, by visitors and clients) and callback
// requests (a phone number and a one-hour slot within the opening hours,
// from /contact and the product pages). It validates what people send,
// opens the shared request through pkg/desk, keeps each kind's own part
// (message, slot, calls made) and lets staff answer: a reply to a message,
// a call logged for a callback, both read by a signed-in client on their
// dashboard.
package contact

import (
	"time"

	"courtier/pkg/desk"
)

// MessageDraft is a contact message as it is sent, before validation. A
// visitor gives a name and an e-mail address; a client's come from the
// account (a name typed is kept only when the account has none).
type MessageDraft struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Subject string `json:"subject"`
	Message string `json:"message"`
	// Consent is the box ticked under the form's text on the use of the data.
	Consent bool `json:"consent"`
	// Conversation is the stored ID of the chat conversation the message
	// is sent from, which staff read with it; set by the server after
	// pkg/chat checked the sender may see it, never read from a body.
	Conversation string `json:"-"`
}

// SlotDraft is a callback slot as the site sends it back: the instants of
// one of the slots GET /api/callbacks/slots offered, in RFC 3339. Empty:
// as soon as possible.
type SlotDraft struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// CallbackDraft is a callback request as it is sent, before validation.
type CallbackDraft struct {
	Name  string    `json:"name"`
	Phone string    `json:"phone"`
	Slot  SlotDraft `json:"slot"`
	// Product is one of the company profile's services, or "".
	Product string `json:"product"`
	// Note says what the call is about; optional.
	Note    string `json:"note"`
	Consent bool   `json:"consent"`
	// Conversation is as MessageDraft's: the chat conversation it is
	// asked from, set by the server, never read from a body.
	Conversation string `json:"-"`
}

// Receipt is what the sender is told: the reference to quote and when the
// broker owes the answer or the call.
type Receipt struct {
	ID   string    `json:"id"`
	Kind desk.Kind `json:"kind"`
	Ref  string    `json:"ref"`
	// DueAt is when the broker must have answered or called, RFC 3339 UTC.
	DueAt string `json:"dueAt"`
	// SlotStart and SlotEnd are the callback's chosen slot, "" when none
	// was chosen (as soon as possible) or for a message.
	SlotStart string `json:"slotStart,omitempty"`
	SlotEnd   string `json:"slotEnd,omitempty"`
	// to is where the answer goes, as stored: the e-mail address of a
	// message, the phone number of a callback (ChatNotice).
	to string
}

// Outcome is how a call went.
type Outcome string

// The outcomes of a call.
const (
	OutcomeReached  Outcome = "reached"
	OutcomeNoAnswer Outcome = "no_answer"
)

// MessageDetail is a message's own part, as staff read it next to the
// shared request (desk.Detail).
type MessageDetail struct {
	Subject      string `json:"subject"`
	SubjectLabel string `json:"subjectLabel"`
	Message      string `json:"message"`
	ConsentAt    string `json:"consentAt"`
}

// CallbackDetail is a callback's own part, as staff read it.
type CallbackDetail struct {
	// SlotStart and SlotEnd are "" when the client asked to be called as
	// soon as possible.
	SlotStart    string `json:"slotStart"`
	SlotEnd      string `json:"slotEnd"`
	SlotLabel    string `json:"slotLabel"`
	ProductLabel string `json:"productLabel"`
	Note         string `json:"note"`
	Attempts     int    `json:"attempts"`
	LastOutcome  string `json:"lastOutcome"`
	LastCallAt   string `json:"lastCallAt"`
	ConsentAt    string `json:"consentAt"`
}

// RetryHours is the deadline of the next try after a call nobody
// answered, in working hours: the request comes back up the queue the
// same day, at another time of day.
const RetryHours = 2

// Day is one day of callback slots, in the company's time zone.
type Day struct {
	// Date is the Paris date, "2026-11-23".
	Date  string `json:"date"`
	Slots []Slot `json:"slots"`
}

// Slot is one offered callback slot.
type Slot struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}
