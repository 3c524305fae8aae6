package tui

import (
	"context"
	"sync"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/chat"
	"courtier/pkg/claim"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/mail"
)

// fakeCoreSource is a Source with fixed data for the root's and the
// overview's tests; err, when set, is the answer of every read.
type fakeCoreSource struct {
	mu     sync.Mutex
	actor  account.Actor
	err    error
	reads  int
	ov     Overview
	dbPath string
}

// testClock is the fixed clock of the tests: Monday 23 November 2026, 14:05 UTC.
var testClock = time.Date(2026, 11, 23, 14, 5, 0, 0, time.UTC)

func newFakeCoreSource(actor account.Actor) *fakeCoreSource {
	return &fakeCoreSource{actor: actor, dbPath: "/srv/courtier/courtier.db", ov: Overview{
		Counts: desk.Counts{Open: 9, New: 4, Overdue: 2, DueToday: 3, Unassigned: 5, ByKind: []desk.KindCounts{
			{Kind: desk.KindQuote, Label: "Devis", Open: 5, New: 2, Overdue: 1, DueToday: 2},
			{Kind: desk.KindContact, Label: "Message", Open: 2, New: 1, DueToday: 1},
			{Kind: desk.KindCallback, Label: "Rappel", Open: 1, New: 1, Overdue: 1},
			{Kind: desk.KindComplaint, Label: "Réclamation", Open: 1},
			{Kind: desk.KindClaim, Label: "Sinistre", Open: 3, New: 1, Overdue: 1},
		}},
		OffersWaiting: 2,
		Users:         map[account.Role]int{account.RoleAdmin: 1, account.RoleAgent: 3, account.RoleClient: 42},
		Conversations: 7,
		Claims: &claim.Counts{Open: 3, FirstAnswerHours: 5.25, Answered: 4, ByStatus: []claim.StatusCount{
			{Status: "declared", Label: "Déclaré", Count: 1}, {Status: "transmitted", Label: "Transmis à l’assureur", Count: 1},
			{Status: "expertise", Label: "Expertise"}, {Status: "pieces", Label: "En attente de pièces", Count: 1},
			{Status: "indemnified", Label: "Indemnisé", Count: 2}, {Status: "refused", Label: "Refusé"}, {Status: "closed", Label: "Clos", Count: 1},
		}},
		Contracts: &contract.Counts{SignedThisMonth: 3, CancelledThisMonth: 1, Active: 12, Awaiting: 2, Pending: 1, ProofsToCheck: 4, PremiumsCents: 1234567,
			CollectedCents: 987654, RejectedCents: 5600, Rejected: 2, OutstandingCents: 123400,
			AmendmentsSignedThisMonth: 2, AmendmentDrafts: 1},
		Urgent: []desk.StaffView{
			{ID: "r1", Kind: desk.KindCallback, KindLabel: "Rappel", Ref: "RA-2026-000007", Name: "Jean Martin", DueAt: "2026-11-23T09:00:00.000Z", Overdue: true},
			{ID: "r2", Kind: desk.KindQuote, KindLabel: "Devis", Ref: "DV-2026-000123", Name: "Sophie Bernard-Lefèvre de la Tour", DueAt: "2026-11-23T16:30:00.000Z", DueToday: true},
			{ID: "r3", Kind: desk.KindContact, KindLabel: "Message", Ref: "MS-2026-000042", Name: "Ali Benali", DueAt: "2026-11-25T10:00:00.000Z"},
		},
	}}
}

var marie = account.Actor{UID: "u-marie", Role: account.RoleAdmin, Name: "Marie Dupont", Email: "marie@example.fr"}

func (f *fakeCoreSource) Actor() account.Actor          { return f.actor }
func (f *fakeCoreSource) DBPath() string                { return f.dbPath }
func (f *fakeCoreSource) ProductTitle(id string) string { return fakeProductTitle(id) }

func (f *fakeCoreSource) Overview(context.Context) (*Overview, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if f.err != nil {
		return nil, f.err
	}
	ov := f.ov
	return &ov, nil
}

func (f *fakeCoreSource) Queue(context.Context, desk.Filter) ([]desk.StaffView, error) {
	return f.ov.Urgent, f.err
}
func (f *fakeCoreSource) Request(context.Context, string) (*RequestDetail, error) { return nil, f.err }
func (f *fakeCoreSource) Take(context.Context, string) error                      { return nil }
func (f *fakeCoreSource) Release(context.Context, string) error                   { return nil }
func (f *fakeCoreSource) Assign(context.Context, string, string) error            { return nil }
func (f *fakeCoreSource) SetStatus(context.Context, string, desk.Status) error    { return nil }
func (f *fakeCoreSource) AddNote(context.Context, string, string) error           { return nil }
func (f *fakeCoreSource) Staff(context.Context) ([]desk.Person, error)            { return nil, f.err }
func (f *fakeCoreSource) Users(context.Context) ([]account.Listed, error)         { return nil, f.err }
func (f *fakeCoreSource) SetRole(context.Context, string, account.Role) error     { return nil }
func (f *fakeCoreSource) SetUserStatus(context.Context, string, account.Status) error {
	return nil
}
func (f *fakeCoreSource) SignOut(context.Context, string) (int, error) { return 0, nil }
func (f *fakeCoreSource) Conversations(context.Context, time.Time) ([]ConversationSummary, error) {
	return nil, f.err
}
func (f *fakeCoreSource) Transcript(context.Context, string) ([]TranscriptLine, error) {
	return nil, f.err
}

// The live chat of fakeCoreSource: an empty inbox, every action accepted.
func (f *fakeCoreSource) ChatInbox(context.Context) (*chat.Inbox, error) {
	return &chat.Inbox{Waiting: []chat.InboxItem{}, Mine: []chat.InboxItem{}, Others: []chat.InboxItem{}}, f.err
}
func (f *fakeCoreSource) ChatConversation(context.Context, string) (*chat.StaffConversation, error) {
	return nil, f.err
}
func (f *fakeCoreSource) ChatTake(context.Context, string) error { return nil }
func (f *fakeCoreSource) ChatReply(context.Context, string, string) (*chat.Message, error) {
	return &chat.Message{}, nil
}
func (f *fakeCoreSource) ChatTransfer(context.Context, string, string) error { return nil }
func (f *fakeCoreSource) ChatHandBack(context.Context, string) error         { return nil }
func (f *fakeCoreSource) ChatClose(context.Context, string) error            { return nil }
func (f *fakeCoreSource) ChatMarkRead(context.Context, string, int64) error  { return nil }
func (f *fakeCoreSource) ChatPresent(context.Context) error                  { return nil }
func (f *fakeCoreSource) ChatLeave(context.Context) error                    { return nil }
func (f *fakeCoreSource) ChatSetAway(context.Context, bool) error            { return nil }
func (f *fakeCoreSource) ChatCanned(context.Context) ([]chat.Canned, error)  { return nil, nil }

// The outbox of fakeCoreSource: empty, every action accepted.
func (f *fakeCoreSource) Mails(context.Context, mail.Status) (*Outbox, error) {
	if f.err != nil {
		return nil, f.err
	}
	return &Outbox{Mails: []mail.Mail{}}, nil
}
func (f *fakeCoreSource) Mail(context.Context, int64) (*mail.Mail, error) { return nil, f.err }
func (f *fakeCoreSource) RetryMail(context.Context, int64) error          { return nil }
