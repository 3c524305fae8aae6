// Package tui is `courtier tui`: the broker's dashboard in the terminal
// (bubbletea v1, lipgloss, bubbles), over the same services as the website.
// All I/O goes through Source inside tea.Cmd functions; Update stays pure.
package tui

import (
	"context"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/chat"
	"courtier/pkg/claim"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/mail"
)

// Source is what the dashboard reads and does. The App's services stand
// behind it (appSource), with the Actor given by --as; tests use a fake.
// Every method refuses what the Actor may not do, with the French message
// of the service: the dashboard shows it in its status bar.
type Source interface {
	// Actor is who the dashboard acts as; account.Visitor when read-only.
	Actor() account.Actor
	// DBPath is the database file, shown in the status bar.
	DBPath() string

	Overview(ctx context.Context) (*Overview, error)

	Queue(ctx context.Context, f desk.Filter) ([]desk.StaffView, error)
	// ProductTitle is the French name of product id in the company
	// profile (« Assurance auto et moto »), id itself when unknown.
	ProductTitle(id string) string
	Request(ctx context.Context, id string) (*RequestDetail, error)
	Take(ctx context.Context, id string) error
	Release(ctx context.Context, id string) error
	Assign(ctx context.Context, id, uid string) error
	SetStatus(ctx context.Context, id string, to desk.Status) error
	AddNote(ctx context.Context, id, body string) error
	Staff(ctx context.Context) ([]desk.Person, error)

	Users(ctx context.Context) ([]account.Listed, error)
	SetRole(ctx context.Context, uid string, role account.Role) error
	SetUserStatus(ctx context.Context, uid string, st account.Status) error
	// SignOut ends every session of the account; it answers how many.
	SignOut(ctx context.Context, uid string) (int, error)

	Conversations(ctx context.Context, since time.Time) ([]ConversationSummary, error)
	Transcript(ctx context.Context, id string) ([]TranscriptLine, error)

	// Mails reads the outbox, newest first and without the bodies, in
	// one status ("" for all), with the counts of every status: admins
	// and the read-only operator; an agent is refused (mail.Mailer.List).
	Mails(ctx context.Context, status mail.Status) (*Outbox, error)
	// Mail reads one mail with its parts.
	Mail(ctx context.Context, id int64) (*mail.Mail, error)
	// RetryMail puts a failed mail back in the queue: admins only.
	RetryMail(ctx context.Context, id int64) error

	// Contracts lists the contracts for staff and the read-only operator,
	// newest first; proofs keeps those with a supporting document to check.
	Contracts(ctx context.Context, proofs bool) ([]*contract.Contract, error)
	// ContractsFollowed lists the contracts of a follow-up, newest first:
	// contract.FollowUnpaid (« impayés ») or contract.FollowRenewal (« à
	// renouveler »).
	ContractsFollowed(ctx context.Context, follow string) ([]*contract.Contract, error)
	// Contract reads one whole: schedule, mandate, documents, history.
	Contract(ctx context.Context, id string) (*contract.Contract, error)
	// ReviewProof accepts a supporting document sent, or refuses it with
	// the reason the client reads: staff only.
	ReviewProof(ctx context.Context, id, kind string, accept bool, reason string) error
	// RecordPayment records a payment received for the contract's
	// payment incident: staff only.
	RecordPayment(ctx context.Context, id string, p contract.PaymentReceived) error
	// SaveContractFile writes a document (kind "documents", name its ID)
	// or a supporting document (kind "proofs", name its kind) of contract
	// id to a new file at path, and answers the bytes written.
	SaveContractFile(ctx context.Context, id, kind, name, path string) (int, error)
	// SaveClaimFile writes file fileID of claim id to a new file in dir
	// ("" for the working directory) under its own name made safe, « (2) »
	// added when the name is taken; it answers where and how many bytes.
	SaveClaimFile(ctx context.Context, id, fileID, dir string) (SavedFile, error)
	// MoveClaim gives claim id its next status with what the move asks
	// for, and tells the client: claim.Service.Move, the rules of the web
	// desk's POST /api/desk/requests/{id}/claim/status (the agent who
	// took the claim, or an admin; the moves of claim.StaffClaim.Moves).
	MoveClaim(ctx context.Context, id string, in claim.MoveInput) error
	// SetClaimResponsibility records the responsibility the insurer
	// retained for vehicle claim id ("", "none", "shared" or "full"),
	// which moves the contract's bonus-malus at renewal:
	// claim.Service.SetResponsibility, the rules of the web desk's POST
	// /api/desk/requests/{id}/claim/responsibility.
	SetClaimResponsibility(ctx context.Context, id, responsibility string) error

	LiveChat
}

// LiveChat is the live chat as an agent or admin works it
// (docs/live-chat.md): the inbox, one conversation, and what the actor
// does in it. The IDs are the staff IDs of the inbox. Without --as every
// method answers that the dashboard is read-only (the read-only
// Conversations screen lists with Conversations and Transcript instead).
type LiveChat interface {
	// ChatInbox lists the conversations waiting for an agent, the actor's,
	// and those other agents hold.
	ChatInbox(ctx context.Context) (*chat.Inbox, error)
	// ChatConversation opens one: who, product, state, agent, read marks
	// and the transcript.
	ChatConversation(ctx context.Context, id string) (*chat.StaffConversation, error)
	// ChatTake gives the actor a waiting conversation; ECONFLICT when
	// another agent took it first.
	ChatTake(ctx context.Context, id string) error
	ChatReply(ctx context.Context, id, text string) (*chat.Message, error)
	// ChatTransfer hands the conversation to the agent or admin toUID (one of Staff).
	ChatTransfer(ctx context.Context, id, toUID string) error
	// ChatHandBack gives it back to the assistant; ChatClose ends it with
	// the actor's name. Both take it out of the inbox.
	ChatHandBack(ctx context.Context, id string) error
	ChatClose(ctx context.Context, id string) error
	// ChatMarkRead records that the agents read it up to message upTo.
	ChatMarkRead(ctx context.Context, id string, upTo int64) error
	// ChatPresent is the presence heartbeat: the actor counts as at their
	// post for chat.PresenceTTL; ChatLeave ends it at once.
	ChatPresent(ctx context.Context) error
	ChatLeave(ctx context.Context) error
	// ChatSetAway sets the actor's « Absent » switch.
	ChatSetAway(ctx context.Context, away bool) error
	// ChatCanned lists the canned answers for the composer.
	ChatCanned(ctx context.Context) ([]chat.Canned, error)
}

// Overview is the business at a glance.
type Overview struct {
	Counts desk.Counts
	// OffersWaiting are the quote requests whose offers wait for the client.
	OffersWaiting int
	// Users counts the accounts by role.
	Users map[account.Role]int
	// Conversations is the number of chat conversations of the last 24 hours.
	Conversations int
	// Urgent are the 10 most urgent open requests.
	Urgent []desk.StaffView
	// Contracts are the contracts' figures.
	Contracts *contract.Counts
	// Claims are the claims' figures: open, by status, first answers.
	Claims *claim.Counts
}

// RequestDetail is a request as the dashboard opens it: the shared part
// (history, notes, replies, the hand moves allowed and what the actor may
// do) and the kind's own data as labelled lines (the client's answers, the
// offers, the message…).
type RequestDetail struct {
	desk.Detail
	// Lines are the kind's own data, label and value, in reading order.
	Lines [][2]string
	// Mails are the notices written to the client about the request,
	// newest first, without their bodies: whether they left.
	Mails []mail.Mail
	// Conversation is the chat conversation the request was filed from,
	// oldest first; nil when it came from a form (or the conversation is
	// gone).
	Conversation []TranscriptLine
	// Claim is the claim whole for a request of kind claim (its history
	// as the client reads it, its messages and its files), nil otherwise.
	Claim *claim.StaffClaim
}

// SavedFile is a file written to disk: its path as shown and its size.
type SavedFile struct {
	Path string
	Size int
}

// Outbox is the list of the Courriels tab: the mails of one status and
// how many stand in each.
type Outbox struct {
	Mails  []mail.Mail
	Counts mail.Counts
}

// ConversationSummary is one chat conversation in the list.
type ConversationSummary struct {
	ID string
	// Who is the account's name and e-mail, or « Visiteur ».
	Who          string
	Mode         string
	LastMessage  string
	LastAt       time.Time
	MessageCount int
}

// TranscriptLine is one message of a conversation.
type TranscriptLine struct {
	At     time.Time
	Sender string
	Text   string
}
