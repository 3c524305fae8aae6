package event

import "time"

// The kinds of events and their payloads. A payload carries what its
// consumers need as it was when the change committed (the address the
// client had then, the reference, the promised delay), so that a consumer
// reads no table of another package and a later change does not rewrite
// what was said.
const (
	// RequestReceived: a request of any kind of the desk was filed
	// (RequestPayload); pkg/mail writes the receipt of the kinds that have one.
	RequestReceived Kind = "request.received"
	// RequestReplied: the broker answered a request in writing (ReplyPayload).
	RequestReplied Kind = "request.replied"
	// OffersSent: offers were sent for a quote request (OffersPayload).
	OffersSent Kind = "quote.offers_sent"
	// OfferAccepted and OffersDeclined: the client chose (ChoicePayload).
	OfferAccepted  Kind = "quote.offer_accepted"
	OffersDeclined Kind = "quote.offers_declined"
	// ComplaintAcknowledged and ComplaintAnswered: the broker's two
	// written steps of the complaint procedure (ReplyPayload).
	ComplaintAcknowledged Kind = "complaint.acknowledged"
	ComplaintAnswered     Kind = "complaint.answered"
	// ChatMessageLeft: an agent wrote in a conversation whose visitor had
	// left (ChatPayload).
	ChatMessageLeft Kind = "chat.message_left"
	// PricesKept: instant prices were kept, with an account or by a
	// visitor's e-mail (PricesPayload).
	PricesKept Kind = "prices.kept"
	// The contract's events (ContractPayload): a signature code sent, the
	// signature, a supporting document refused, the contract active, a
	// cancellation asked and done, a withdrawal.
	ContractCodeSent        Kind = "contract.code_sent"
	ContractSigned          Kind = "contract.signed"
	ContractProofRefused    Kind = "contract.proof_refused"
	ContractActivated       Kind = "contract.activated"
	ContractCancelRequested Kind = "contract.cancel_requested"
	ContractCancelled       Kind = "contract.cancelled"
	ContractWithdrawn       Kind = "contract.withdrawn"
	// ContractCancelLinkSent: a cancellation asked without an account
	// waits for the link mailed to the holder (Token; Date the end it
	// would take, Detail its rule).
	ContractCancelLinkSent Kind = "contract.cancel_link_sent"
	// ContractDocumentSent: staff sent a document again (Detail: its title).
	ContractDocumentSent Kind = "contract.document_sent"
	// The payment incident's events (IncidentPayload, article L113-3 of
	// the code des assurances): a debit rejected (or its new presentation),
	// the mise en demeure, the cover suspended, the contract terminated
	// for non-payment, the payment that ends the incident.
	ContractPaymentRejected Kind = "contract.payment_rejected"
	ContractFormalNotice    Kind = "contract.formal_notice"
	ContractSuspended       Kind = "contract.suspended"
	ContractTerminated      Kind = "contract.terminated"
	ContractPaymentReceived Kind = "contract.payment_received"
	// The claim's events (ClaimPayload): declared, moved by staff to a new
	// status, a message of the broker in its thread.
	ClaimDeclared Kind = "claim.declared"
	ClaimMoved    Kind = "claim.moved"
	ClaimMessage  Kind = "claim.message"
	// The account's events (AccountPayload).
	PasswordResetAsked Kind = "account.password_reset_asked"
	PasswordChanged    Kind = "account.password_changed"
	EmailConfirmAsked  Kind = "account.email_confirm_asked"
	EmailChanged       Kind = "account.email_changed"
	UnlockAsked        Kind = "account.unlock_asked"
	AccountDeleted     Kind = "account.deleted"
	// AccountInvited: an admin made the account on the website; its owner
	// chooses a password with the link (Token, Expires; Role).
	AccountInvited Kind = "account.invited"
	// The second factor: turned on, taken off (by its owner or by an
	// admin, ByStaff), and a recovery code used to sign in (CodesLeft).
	TwoFactorEnabled  Kind = "account.two_factor_enabled"
	TwoFactorDisabled Kind = "account.two_factor_disabled"
	RecoveryCodeUsed  Kind = "account.recovery_code_used"
)

// RequestAggregate is the aggregate of the events of desk request id.
func RequestAggregate(id string) string { return "request:" + id }

// AccountAggregate is the aggregate of the events of account uid.
func AccountAggregate(uid string) string { return "account:" + uid }

// ConversationAggregate is the aggregate of the events of a chat conversation.
func ConversationAggregate(id string) string { return "conversation:" + id }

// Recipient is the person a notice goes to.
type Recipient struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

// RequestPayload is a request of the desk as it was filed.
type RequestPayload struct {
	Recipient
	ID  string `json:"id"`
	Ref string `json:"ref"`
	// Kind is the desk's kind of request, as its registry names it
	// (desk.KindSpec): quote, contact, callback, complaint…
	Kind string `json:"kind"`
	// Product is the product's title, "" when none.
	Product string `json:"product,omitempty"`
	// Due is when the broker promised the next step.
	Due time.Time `json:"due,omitzero"`
	// SlotStart and SlotEnd are the callback's slot.
	SlotStart time.Time `json:"slotStart,omitzero"`
	SlotEnd   time.Time `json:"slotEnd,omitzero"`
}

// ReplyPayload is what the broker wrote to the client of a request.
type ReplyPayload struct {
	Recipient
	ID   string `json:"id"`
	Ref  string `json:"ref"`
	Kind string `json:"kind"`
	// Author is the staff member who wrote it.
	Author string `json:"author"`
	Body   string `json:"body"`
	// Due is the next deadline the broker set itself (a complaint's answer).
	Due time.Time `json:"due,omitzero"`
}

// OffersPayload is a sending of offers.
type OffersPayload struct {
	Recipient
	ID    string `json:"id"`
	Ref   string `json:"ref"`
	Count int    `json:"count"`
	// ValidUntil is the last day of the earliest offer.
	ValidUntil time.Time `json:"validUntil,omitzero"`
}

// ChoicePayload is a client's choice among the offers of a request.
type ChoicePayload struct {
	Recipient
	ID      string `json:"id"`
	Ref     string `json:"ref"`
	Insurer string `json:"insurer,omitempty"`
	Formula string `json:"formula,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// ChatPayload is an agent's message to a visitor who left.
type ChatPayload struct {
	Recipient
	Conversation string `json:"conversation"`
	Agent        string `json:"agent"`
	Text         string `json:"text"`
}

// PricesPayload is instant prices kept: what the notice recalls, and for
// a visitor the single-use secret of the link back to them.
type PricesPayload struct {
	Recipient
	Quote string `json:"quote"`
	Ref   string `json:"ref"`
	// Product is the product's title (« Assurance auto »).
	Product string `json:"product"`
	// Chosen is the formula and insurer picked or recommended, with its price.
	Chosen string `json:"chosen,omitempty"`
	// ValidUntil is the last day the prices hold.
	ValidUntil time.Time `json:"validUntil"`
	// Token opens the prices without an account (a visitor's link).
	Token string `json:"token,omitempty"`
}

// ContractAggregate is the aggregate of the events of contract id.
func ContractAggregate(id string) string { return "contract:" + id }

// ContractPayload is a contract's change as the client is told of it.
type ContractPayload struct {
	Recipient
	ID     string `json:"id"`
	Number string `json:"number"`
	// Product is the product's title; Offer the formula and its insurer.
	Product string `json:"product"`
	Offer   string `json:"offer"`
	Status  string `json:"status"`
	// Detail is what the change says: the reason of a refusal, what is
	// still awaited.
	Detail string `json:"detail,omitempty"`
	// Date is the day that matters to the change (the cover's end, the
	// provisional cover's end), zero when none.
	Date time.Time `json:"date,omitzero"`
	// Code is the signature code (ContractCodeSent), blanked once sent.
	Code string `json:"code,omitempty"`
	// Token is the link confirming a cancellation asked without an
	// account (ContractCancelLinkSent), blanked once sent.
	Token string `json:"token,omitempty"`
	// Documents are the titles of the documents issued.
	Documents []string `json:"documents,omitempty"`
	// RefundCents is what a withdrawal gives back.
	RefundCents int64 `json:"refundCents,omitempty"`
	// Attachments are the documents the notice carries: the durable medium
	// that distance selling owes the client (L112-2-1), which stays with
	// them when their account is gone.
	Attachments []Attachment `json:"attachments,omitempty"`
	// NoWithdrawal tells a contract without the 14 days to withdraw (under
	// one month, L112-2-1).
	NoWithdrawal bool `json:"noWithdrawal,omitempty"`
}

// IncidentPayload is a step of a payment incident as the client is told
// of it: the contract, the sum unpaid and how to pay it, and the dates of
// what follows. Dates are civil days at midnight UTC; zero when none.
type IncidentPayload struct {
	ContractPayload
	DueDate     time.Time `json:"dueDate"`
	AmountCents int64     `json:"amountCents"`
	// Reason is why the bank rejected the debit, in French.
	Reason string `json:"reason"`
	// Reference, IBAN and BIC are how to pay by transfer.
	Reference string `json:"reference"`
	IBAN      string `json:"iban"`
	BIC       string `json:"bic"`
	// RepresentDate is the day the debit is presented again, zero when
	// it is not (or no more: its new presentation was rejected too).
	RepresentDate time.Time `json:"representDate,omitzero"`
	// Again: the new presentation of the debit was rejected.
	Again         bool      `json:"again,omitempty"`
	NoticeDate    time.Time `json:"noticeDate,omitzero"`
	SuspendDate   time.Time `json:"suspendDate,omitzero"`
	TerminateDate time.Time `json:"terminateDate,omitzero"`
	// PaymentCents, PaymentDate and PaymentWay are the payment that ended
	// the incident (its way in French); CoverBackAt when the cover resumes.
	PaymentCents int64     `json:"paymentCents,omitempty"`
	PaymentDate  time.Time `json:"paymentDate,omitzero"`
	PaymentWay   string    `json:"paymentWay,omitempty"`
	CoverBackAt  time.Time `json:"coverBackAt,omitzero"`
	// Resumed: the contract was suspended and covers again.
	Resumed bool `json:"resumed,omitempty"`
}

// Attachment is a stored file a notice carries, named by its SHA-256:
// the mail keeps the reference and reads the bytes when it is sent.
type Attachment struct {
	Name   string `json:"name"`
	MIME   string `json:"mime"`
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
	// Path is where the client's space serves it, for a link instead
	// when the mail would grow too large.
	Path string `json:"path,omitempty"`
}

// ClaimPayload is a claim's step as the client is told of it.
type ClaimPayload struct {
	Recipient
	ID  string `json:"id"`
	Ref string `json:"ref"`
	// Product, Kind and Status are their French labels; Step is the
	// status's id (declared, transmitted…).
	Product string `json:"product"`
	Kind    string `json:"kind"`
	Status  string `json:"status"`
	Step    string `json:"step"`
	Insurer string `json:"insurer"`
	// InsurerRef is the insurer's claim number, once known.
	InsurerRef string `json:"insurerRef,omitempty"`
	// Text is the step the client reads, or the broker's message.
	Text string `json:"text"`
	// DeclareBy is the last day to declare (ClaimDeclared), zero when the
	// delay waits for a decree; DeclareRule says which rule gives it.
	DeclareBy   time.Time `json:"declareBy,omitzero"`
	DeclareRule string    `json:"declareRule,omitempty"`
	AmountCents int64     `json:"amountCents,omitempty"`
	// Mediator is the paragraph on the mediator of a refusal.
	Mediator string `json:"mediator,omitempty"`
	// Author signs a message.
	Author string `json:"author,omitempty"`
}

// AccountPayload is a change of an account, or a link it was sent.
type AccountPayload struct {
	Recipient
	UID string `json:"uid"`
	// Token is the single-use secret of the link (reset, confirmation,
	// unlock, undo), stored hashed by the account; the mail that carries
	// it is blanked once sent (see pkg/mail).
	Token string `json:"token,omitempty"`
	// Expires is when the link stops working.
	Expires time.Time `json:"expires,omitzero"`
	// NewEmail is the address an account moved to (EmailChanged, sent to
	// the old address).
	NewEmail string `json:"newEmail,omitempty"`
	// ByStaff marks a change an admin made for the owner
	// (TwoFactorDisabled by `courtier users reset-2fa`).
	ByStaff bool `json:"byStaff,omitempty"`
	// Kept is what an erased account left, kept by law (AccountDeleted).
	Kept []string `json:"kept,omitempty"`
	// CodesLeft is how many recovery codes remain (RecoveryCodeUsed).
	CodesLeft int `json:"codesLeft,omitempty"`
	// Role is the role of an account made by an admin (AccountInvited).
	Role string `json:"role,omitempty"`
}
