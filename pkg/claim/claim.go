// Package claim is the declaration and follow-up of a loss: a client
// declares it on one of their contracts, or on a contract held elsewhere
// (the broker still helps), answers the questions its product and its
// nature call for, sends photos and documents, and follows it to the end
// while staff forward it to the insurer. A claim is a request of the
// broker's queue (pkg/desk, kind "claim", references SN-2026-000123); this
// package keeps what was declared, the files, the steps the client reads
// and the legal delay to declare (code des assurances L113-2, L125-2).
package claim

import (
	"time"

	"courtier/pkg/desk"
)

// Draft is a declaration as the client sends it: on one of their
// contracts (ContractID) or on one held elsewhere (Insurer and
// PolicyNumber). OccurredAt is the day of the loss (YYYY-MM-DD).
type Draft struct {
	ContractID   string            `json:"contractId"`
	Insurer      string            `json:"insurer"`
	PolicyNumber string            `json:"policyNumber"`
	Product      string            `json:"product"`
	Kind         string            `json:"kind"`
	OccurredAt   string            `json:"occurredAt"`
	Description  string            `json:"description"`
	Answers      map[string]string `json:"answers"`
}

// Answer is one question of the declaration with what the client said.
type Answer struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	// Value is what was sent (an option's id, "yes", a date); Text is
	// how it reads.
	Value string `json:"value"`
	Text  string `json:"text"`
}

// File is a photo or a document attached to a claim; URL answers its
// bytes to the claim's owner and to staff.
type File struct {
	ID   string    `json:"id"`
	Name string    `json:"name"`
	MIME string    `json:"mime"`
	Size int64     `json:"size"`
	At   time.Time `json:"at"`
	// FromStaff marks a file staff attached (the insurer's letter…).
	FromStaff bool   `json:"fromStaff"`
	URL       string `json:"url"`

	sha256 string
}

// Step is one line of the history the client reads.
type Step struct {
	At     time.Time `json:"at"`
	Status string    `json:"status"`
	Label  string    `json:"label"`
	Text   string    `json:"text"`
}

// Message is one message of the thread between the client and the broker.
type Message struct {
	ID         int64     `json:"id"`
	At         time.Time `json:"at"`
	AuthorName string    `json:"authorName"`
	FromClient bool      `json:"fromClient"`
	Body       string    `json:"body"`
}

// Assistance is the 24/7 line of the insurer of the claim's contract.
type Assistance struct {
	Insurer string `json:"insurer"`
	Phone   string `json:"phone"`
}

// Claim is a claim as its owner reads it; its JSON is the API's.
type Claim struct {
	ID           string `json:"id"`
	Ref          string `json:"ref"`
	Status       string `json:"status"`
	StatusLabel  string `json:"statusLabel"`
	ContractID   string `json:"contractId,omitempty"`
	Contract     string `json:"contractNumber,omitempty"`
	Insurer      string `json:"insurer"`
	PolicyNumber string `json:"policyNumber"`
	Product      string `json:"product"`
	ProductLabel string `json:"productLabel"`
	Kind         string `json:"kind"`
	KindLabel    string `json:"kindLabel"`
	OccurredAt   string `json:"occurredAt"`
	// DeclareBy is the last day the law gives to declare the loss
	// (YYYY-MM-DD), "" for a natural disaster whose decree is not out;
	// DeclareRule says which rule gives it.
	DeclareBy   string    `json:"declareBy"`
	DeclareRule string    `json:"declareRule"`
	DeclaredAt  time.Time `json:"declaredAt"`
	// Late marks a declaration made after DeclareBy: the insurer may
	// only refuse it if the delay harmed it (L113-2).
	Late        bool     `json:"late"`
	Description string   `json:"description"`
	Answers     []Answer `json:"answers"`
	// InsurerRef is the insurer's claim number, once transmitted.
	InsurerRef string `json:"insurerRef,omitempty"`
	// Asked is what the broker waits for from the client (« En attente
	// de pièces »).
	Asked       string `json:"asked,omitempty"`
	AmountCents int64  `json:"amountCents,omitempty"`
	// Reason is why the insurer refused, Mediator the paragraph on the
	// mediator every refusal carries.
	Reason     string      `json:"reason,omitempty"`
	Mediator   string      `json:"mediator,omitempty"`
	Files      []File      `json:"files"`
	History    []Step      `json:"history"`
	Messages   []Message   `json:"messages"`
	Assistance *Assistance `json:"assistance,omitempty"`
	// Elsewhere is, for a contract held at another insurer, how the
	// client declares the loss there with the broker's help.
	Elsewhere *Elsewhere `json:"elsewhere,omitempty"`
	// Actions are what the reader may do now: "file", "message".
	Actions   []string  `json:"actions"`
	UpdatedAt time.Time `json:"updatedAt"`

	uid          string
	assistance   string
	askedFrom    desk.Status
	details      string
	firstAnswer  *time.Time
	endedAt      *time.Time
	requestEmail string
	requestName  string
	// responsibility is the one the insurer retained ('' not known yet,
	// "none", "shared", "full"), for a vehicle's claim.
	responsibility string
	// start and end bound the cover of the contract here (YYYY-MM-DD),
	// read while the declaration is checked.
	start, end string
}

// Move is a status staff may give the claim now, with what it needs.
type Move struct {
	Status string `json:"status"`
	Label  string `json:"label"`
	// Needs names the field the move asks for: "insurerRef", "asked",
	// "amountCents", "reason", or "" for none.
	Needs string `json:"needs"`
}

// StaffClaim is a claim as staff read it on the request's page.
type StaffClaim struct {
	Claim
	// Name and Email are the client's, as the request keeps them.
	Name  string `json:"name"`
	Email string `json:"email"`
	Moves []Move `json:"moves"`
	// CanWork tells whether the reader may move the claim and write
	// (desk.Work: the agent who took it, or an admin).
	CanWork bool `json:"canWork"`
	// Responsibility is the responsibility the insurer retained: ""
	// (not known yet), "none", "shared" or "full"; BonusMalus tells a
	// vehicle's claim on one of the house's contracts, the only ones
	// whose responsibility staff set (it moves the bonus-malus at the
	// contract's renewal).
	Responsibility string `json:"responsibility"`
	BonusMalus     bool   `json:"bonusMalus"`
}

// Retention is how long a claim is kept once it ended (indemnified,
// refused or closed): 5 years, the limitation period of an action
// against the broker over its handling (article 2224 of the Code civil),
// longer than the 2 years of the insurance contract (L114-1).
const Retention = 5 * 365 * 24 * time.Hour
