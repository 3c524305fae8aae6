package tui

import (
	"context"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/chat"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/mail"
	"courtier/pkg/quote"
)

// appSource is the Source over the App's services. actor is who acts
// (account.Visitor without --as); reader is who reads: the actor, or the
// read-only account.Operator, so that the operator who holds the database
// file sees the business without acting on it.
type appSource struct {
	a      *app.App
	actor  account.Actor
	reader account.Actor
	db     string
	now    func() time.Time
}

// NewAppSource is the Source of `courtier tui` over a, acting as actor;
// account.Visitor makes it read-only: it reads as account.Operator and
// answers every action with errReadOnly.
func NewAppSource(a *app.App, actor account.Actor) Source {
	s := &appSource{a: a, actor: actor, reader: actor, db: a.Store.Path(), now: time.Now}
	if !actor.SignedIn() {
		s.actor, s.reader = account.Visitor, account.Operator
	}
	return s
}

// errReadOnly answers an action asked without --as.
func errReadOnly() error {
	return apperr.Errorf(apperr.EFORBIDDEN, "Lecture seule\u00a0: relancez avec --as EMAIL pour agir.")
}

// acting refuses an action in read-only mode.
func (s *appSource) acting() error {
	if !s.actor.SignedIn() {
		return errReadOnly()
	}
	return nil
}

func (s *appSource) Actor() account.Actor { return s.actor }
func (s *appSource) DBPath() string       { return s.db }

// Overview reads the counts, the offers waiting, the accounts by role
// (only for an admin or the operator: nil for an agent, as on the site),
// the conversations of the last 24 hours, the 10 most urgent requests,
// the contracts' figures and the claims'.
func (s *appSource) Overview(ctx context.Context) (*Overview, error) {
	counts, err := s.a.Desk.Counts(ctx, s.reader)
	if err != nil {
		return nil, err
	}
	ov := &Overview{Counts: *counts}
	offered, err := s.a.Desk.Queue(ctx, s.reader, desk.Filter{Kind: desk.KindQuote, Status: quote.StatusOffered, Limit: desk.DefaultLimit})
	if err != nil {
		return nil, err
	}
	ov.OffersWaiting = len(offered)
	if s.reader.IsOperator() || s.reader.IsAdmin() {
		users, err := s.a.Accounts.ListAs(ctx, s.reader)
		if err != nil {
			return nil, err
		}
		ov.Users = map[account.Role]int{}
		for _, u := range users {
			ov.Users[u.Role]++
		}
	}
	if ov.Conversations, err = s.a.Chats.Count(ctx, s.reader, s.now().Add(-24*time.Hour)); err != nil {
		return nil, err
	}
	if ov.Urgent, err = s.a.Desk.Queue(ctx, s.reader, desk.Filter{Limit: 10}); err != nil {
		return nil, err
	}
	if ov.Contracts, err = s.a.Contracts.Counts(ctx, s.reader); err != nil {
		return nil, err
	}
	if ov.Claims, err = s.a.Claims.Counts(ctx, s.reader); err != nil {
		return nil, err
	}
	return ov, nil
}

func (s *appSource) Queue(ctx context.Context, f desk.Filter) ([]desk.StaffView, error) {
	return s.a.Desk.Queue(ctx, s.reader, f)
}

// ProductTitle names product id as the company profile does, as the web
// desk's productTitle.
func (s *appSource) ProductTitle(id string) string {
	for _, sv := range s.a.Company.Services {
		if sv.ID == id {
			return sv.Title
		}
	}
	return id
}

// Request reads the shared part of request id with its kind's own lines
// (desk.KindSpec.Lines; a claim whole too, for its own actions) and the
// mails written about it.
func (s *appSource) Request(ctx context.Context, id string) (*RequestDetail, error) {
	d, err := s.a.Desk.Get(ctx, s.reader, id)
	if err != nil {
		return nil, err
	}
	out := &RequestDetail{Detail: *d, Lines: pairs(d.Lines)}
	if d.Request.Kind == desk.KindClaim {
		if out.Claim, err = s.a.Claims.StaffDetail(ctx, s.reader, id); err != nil {
			return nil, err
		}
	}
	if out.Mails, err = s.a.Mail.List(ctx, s.reader, mail.Filter{Aggregate: event.RequestAggregate(id)}); err != nil {
		return nil, err
	}
	if cid := d.Request.ConversationID; cid != "" {
		msgs, err := s.a.Chats.AttachedTranscript(ctx, s.reader, cid)
		if err != nil && apperr.CodeOf(err) != apperr.ENOTFOUND {
			return nil, err
		}
		out.Conversation = transcriptLines(msgs)
	}
	return out, nil
}

// Mails reads the outbox in one status and the counts of all.
func (s *appSource) Mails(ctx context.Context, status mail.Status) (*Outbox, error) {
	list, err := s.a.Mail.List(ctx, s.reader, mail.Filter{Status: status})
	if err != nil {
		return nil, err
	}
	counts, err := s.a.Mail.Counts(ctx, s.reader)
	if err != nil {
		return nil, err
	}
	return &Outbox{Mails: list, Counts: counts}, nil
}

func (s *appSource) Mail(ctx context.Context, id int64) (*mail.Mail, error) {
	return s.a.Mail.Get(ctx, s.reader, id)
}

// RetryMail puts a failed mail back in the queue, for an admin still
// active in the store (the Actor of --as may have lost its rights since).
func (s *appSource) RetryMail(ctx context.Context, id int64) error {
	if err := s.acting(); err != nil {
		return err
	}
	if err := s.a.Accounts.ConfirmAdmin(ctx, s.actor); err != nil {
		return err
	}
	return s.a.Mail.Retry(ctx, s.actor, id)
}

func (s *appSource) Take(ctx context.Context, id string) error {
	return s.act(func() error { _, err := s.a.Desk.Take(ctx, s.actor, id); return err })
}

func (s *appSource) Release(ctx context.Context, id string) error {
	return s.act(func() error { _, err := s.a.Desk.Release(ctx, s.actor, id); return err })
}

func (s *appSource) Assign(ctx context.Context, id, uid string) error {
	return s.act(func() error { _, err := s.a.Desk.Assign(ctx, s.actor, id, uid); return err })
}

func (s *appSource) SetStatus(ctx context.Context, id string, to desk.Status) error {
	return s.act(func() error { _, err := s.a.Desk.SetStatus(ctx, s.actor, id, to); return err })
}

func (s *appSource) AddNote(ctx context.Context, id, body string) error {
	return s.act(func() error { _, err := s.a.Desk.AddNote(ctx, s.actor, id, body); return err })
}

// Staff lists whom a request can be handed to: for acting staff only.
func (s *appSource) Staff(ctx context.Context) ([]desk.Person, error) {
	if err := s.acting(); err != nil {
		return nil, err
	}
	return s.a.Desk.Staff(ctx, s.actor)
}

func (s *appSource) Users(ctx context.Context) ([]account.Listed, error) {
	return s.a.Accounts.ListAs(ctx, s.reader)
}

func (s *appSource) SetRole(ctx context.Context, uid string, role account.Role) error {
	return s.act(func() error { _, _, err := s.a.Accounts.SetRoleAs(ctx, s.actor, uid, string(role)); return err })
}

func (s *appSource) SetUserStatus(ctx context.Context, uid string, st account.Status) error {
	return s.act(func() error { _, _, err := s.a.Accounts.SetStatusAs(ctx, s.actor, uid, string(st)); return err })
}

// SignOut ends the sessions of account uid, for an admin, as `courtier
// users sign-out` does for the operator.
func (s *appSource) SignOut(ctx context.Context, uid string) (int, error) {
	if err := s.acting(); err != nil {
		return 0, err
	}
	if err := s.a.Accounts.ConfirmAdmin(ctx, s.actor); err != nil {
		return 0, err
	}
	u, err := s.a.Accounts.Get(ctx, uid)
	if err != nil {
		return 0, err
	}
	return s.a.Accounts.SignOutAll(ctx, u.Email)
}

// act runs a change unless the dashboard is read-only.
func (s *appSource) act(fn func() error) error {
	if err := s.acting(); err != nil {
		return err
	}
	return fn()
}

// Conversations lists the chat conversations since the given time.
func (s *appSource) Conversations(ctx context.Context, since time.Time) ([]ConversationSummary, error) {
	list, err := s.a.Chats.Recent(ctx, s.reader, since, 0)
	if err != nil {
		return nil, err
	}
	out := make([]ConversationSummary, len(list))
	for i, c := range list {
		who := "Visiteur"
		if c.UID != "" {
			who = c.Name + " <" + c.Email + ">"
		}
		out[i] = ConversationSummary{ID: c.ID, Who: who, Mode: chatModeLabel(c.Mode), LastMessage: c.LastMessage, LastAt: c.LastAt, MessageCount: c.Messages}
	}
	return out, nil
}

// Transcript reads the messages of conversation id.
func (s *appSource) Transcript(ctx context.Context, id string) ([]TranscriptLine, error) {
	msgs, err := s.a.Chats.Transcript(ctx, s.reader, id)
	if err != nil {
		return nil, err
	}
	return transcriptLines(msgs), nil
}

// transcriptLines writes msgs as the dashboard shows them.
func transcriptLines(msgs []chat.Message) []TranscriptLine {
	out := make([]TranscriptLine, len(msgs))
	for i, m := range msgs {
		out[i] = TranscriptLine{At: m.Timestamp, Sender: chatSenderLabel(m), Text: m.Text}
	}
	return out
}

// chatModeLabel names who answers a conversation, in French.
func chatModeLabel(m chat.Mode) string {
	if m == chat.ModeAgent {
		return "Conseiller"
	}
	return "Assistant"
}

// chatSenderLabel names who wrote a message, in French.
func chatSenderLabel(m chat.Message) string {
	switch m.Sender {
	case chat.SenderUser:
		return "Visiteur"
	case chat.SenderAgent:
		if m.Agent != nil && m.Agent.Name != "" {
			return m.Agent.Name
		}
		return "Conseiller"
	case chat.SenderSystem:
		return "Système"
	}
	return "Assistant"
}
