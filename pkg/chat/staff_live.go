package chat

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/chatbot"
	"courtier/pkg/store"
)

// Who is the person on the visitor's side of a conversation.
type Who struct {
	// UID and Email are the client's account; empty for a visitor.
	UID   string `json:"uid,omitempty"`
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

// StaffRef names an agent or admin.
type StaffRef struct {
	UID  string `json:"uid"`
	Name string `json:"name"`
}

// InboxItem is a conversation in agent mode as the agents' inbox lists it.
type InboxItem struct {
	// ID is the stored ID (the hash of the visitor's secret).
	ID           string     `json:"id"`
	State        string     `json:"state"`
	Who          Who        `json:"who"`
	Product      string     `json:"product,omitempty"`
	Agent        *StaffRef  `json:"agent,omitempty"`
	WaitingSince *time.Time `json:"waitingSince,omitempty"`
	// LastMessage is the visitor's own last words, "" before they wrote.
	LastMessage string    `json:"lastMessage"`
	LastAt      time.Time `json:"lastAt"`
	// Unread counts the visitor's messages after the agents' read mark.
	Unread int `json:"unread"`
	// Readable tells whether the actor may open it.
	Readable bool `json:"readable"`
}

// Inbox is the agents' view of the live chat.
type Inbox struct {
	// Away is the actor's own « Absent » switch.
	Away bool `json:"away"`
	// Available tells whether a visitor asking now would reach an agent.
	Available bool        `json:"available"`
	Waiting   []InboxItem `json:"waiting"`
	Mine      []InboxItem `json:"mine"`
	Others    []InboxItem `json:"others"`
}

// StaffConversation is a conversation as an agent opens it.
type StaffConversation struct {
	InboxItem
	Mode        Mode      `json:"mode"`
	VisitorRead int64     `json:"visitorRead"`
	AgentRead   int64     `json:"agentRead"`
	Messages    []Message `json:"messages"`
}

// StaffMessage is a message of a conversation, for the agents' stream.
type StaffMessage struct {
	Conversation string  `json:"conversationId"`
	Message      Message `json:"message"`
}

// maxInbox bounds each list of the inbox.
const maxInbox = 500

// staffMember is an actor confirmed in the store: still an active agent
// or admin, with their current role and the name the visitor reads.
type staffMember struct {
	uid, name string
	admin     bool
}

// confirmStaff reads the actor in the store inside tx: the terminal
// dashboard keeps its Actor while it runs, and a role may change meanwhile.
func confirmStaff(ctx context.Context, tx *store.Tx, actor account.Actor) (*staffMember, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	m, err := memberOf(ctx, tx, actor.UID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.Errorf(apperr.EFORBIDDEN, "Votre compte n’a plus les droits nécessaires à cette action.")
	}
	return m, err
}

// memberOf reads the active agent or admin uid; sql.ErrNoRows when uid is not one.
func memberOf(ctx context.Context, tx *store.Tx, uid string) (*staffMember, error) {
	p, ok, err := account.PersonOf(ctx, tx, uid)
	if err != nil {
		return nil, fmt.Errorf("droits du conseiller: %w", err)
	}
	if !ok || !p.IsStaff() {
		return nil, sql.ErrNoRows
	}
	return &staffMember{uid: uid, name: p.Name, admin: p.Role == account.RoleAdmin}, nil
}

// canRead tells whether m may read c: an admin any conversation, an agent
// those waiting for an agent and those they hold.
func (m *staffMember) canRead(c *conversation) bool {
	return m.admin || (c.mode == ModeAgent && (c.agentUID == "" || c.agentUID == m.uid))
}

// canWrite tells whether m may write in c: the agent who holds it, or an admin.
func (m *staffMember) canWrite(c *conversation) bool {
	return c.mode == ModeAgent && c.agentUID != "" && (c.agentUID == m.uid || m.admin)
}

// canManage tells whether m may hand c to someone, give it back to the
// assistant or close it: its holder or an admin, and any agent while it waits.
func (m *staffMember) canManage(c *conversation) bool {
	return c.mode == ModeAgent && (c.agentUID == "" || c.agentUID == m.uid || m.admin)
}

// staffConversation loads conversation id for m, refusing what m may not read.
func staffConversation(ctx context.Context, tx *store.Tx, m *staffMember, id string) (*conversation, error) {
	if b, err := hex.DecodeString(id); err != nil || len(b) != 32 {
		return nil, errNoConversation()
	}
	c, err := loadConversation(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if !m.canRead(c) {
		return nil, errNotYours()
	}
	return c, nil
}

// staffTx confirms the actor in the store and loads conversation id for
// them: the start of every staff action on a conversation.
func staffTx(ctx context.Context, tx *store.Tx, actor account.Actor, id string) (*staffMember, *conversation, error) {
	m, err := confirmStaff(ctx, tx, actor)
	if err != nil {
		return nil, nil, err
	}
	c, err := staffConversation(ctx, tx, m, id)
	return m, c, err
}

func errNotYours() error {
	return apperr.Errorf(apperr.EFORBIDDEN, "Cette conversation est suivie par un autre conseiller.")
}

// Inbox lists the conversations in agent mode: waiting for an agent,
// held by the actor, held by others (readable by an admin only).
func (s *Service) Inbox(ctx context.Context, actor account.Actor) (*Inbox, error) {
	out := &Inbox{Waiting: []InboxItem{}, Mine: []InboxItem{}, Others: []InboxItem{}, Available: s.Available()}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		m, err := confirmStaff(ctx, tx, actor)
		if err != nil {
			return err
		}
		if out.Away, err = awayOf(ctx, tx, m.uid); err != nil {
			return err
		}
		read, err := agentInboxRows(ctx, tx)
		if err != nil {
			return err
		}
		items, err := s.inboxItems(ctx, tx, read)
		if err != nil {
			return err
		}
		for _, it := range items {
			switch {
			case it.Agent == nil:
				it.Readable = true
				out.Waiting = append(out.Waiting, it)
			case it.Agent.UID == m.uid:
				it.Readable = true
				out.Mine = append(out.Mine, it)
			default:
				it.Readable = m.admin
				out.Others = append(out.Others, it)
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("boîte des conversations", err)
	}
	return out, nil
}

// inboxItems completes the inbox's rows with the accounts' names and
// the stored columns.
func (s *Service) inboxItems(ctx context.Context, tx *store.Tx, read []inboxRow) ([]InboxItem, error) {
	var uids []string
	for _, r := range read {
		uids = append(uids, r.it.Who.UID, r.agentUID)
	}
	people, err := account.People(ctx, tx, uids)
	if err != nil {
		return nil, err
	}
	var out []InboxItem
	for _, r := range read {
		who := people[r.it.Who.UID]
		r.it.Who.Name, r.it.Who.Email = who.DisplayName, who.Email
		if err := s.fillItem(&r.it, r.ucJSON, r.agentUID, people[r.agentUID].Name, r.waiting, r.at); err != nil {
			return nil, err
		}
		out = append(out, r.it)
	}
	return out, nil
}

// fillItem completes it from the stored columns.
func (s *Service) fillItem(it *InboxItem, ucJSON, agentUID, agentName, waiting, at string) error {
	if it.Who.UID == "" {
		it.Who.Name = "Visiteur"
	} else if it.Who.Name == "" {
		it.Who.Name = it.Who.Email
	}
	var uc chatbot.UserContext
	if err := json.Unmarshal([]byte(ucJSON), &uc); err != nil {
		return fmt.Errorf("contexte de conversation illisible: %w", err)
	}
	it.Product = s.products[uc.InterestedProduct]
	it.State = StateWaiting
	if agentUID != "" {
		it.State, it.Agent = StateLive, &StaffRef{UID: agentUID, Name: agentName}
	}
	var err error
	if waiting != "" {
		t, err := time.Parse(store.TimeLayout, waiting)
		if err != nil {
			return fmt.Errorf("date d'attente illisible: %w", err)
		}
		it.WaitingSince = &t
	}
	if it.LastAt, err = time.Parse(store.TimeLayout, at); err != nil {
		return fmt.Errorf("date illisible d'une conversation: %w", err)
	}
	return nil
}

// StaffConversation opens conversation id (an InboxItem's ID) for the
// actor: an admin any, an agent one waiting or theirs.
func (s *Service) StaffConversation(ctx context.Context, actor account.Actor, id string) (*StaffConversation, error) {
	var out *StaffConversation
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		_, c, err := staffTx(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		read, err := inboxRowOf(ctx, tx, c.id)
		var items []InboxItem
		if err == nil {
			items, err = s.inboxItems(ctx, tx, read)
		}
		if err != nil || len(items) != 1 {
			return errors.Join(err, errNoConversation())
		}
		out = &StaffConversation{InboxItem: items[0], Mode: c.mode, VisitorRead: c.visitorRead, AgentRead: c.agentRead}
		if c.mode == ModeBot {
			out.State = string(ModeBot)
		}
		out.Readable = true
		out.Messages, err = listMessages(ctx, tx, c.id, maxListed)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture d'une conversation", err)
	}
	return out, nil
}

// StaffSince reads the messages after the ID after in the conversations
// the actor may read in agent mode, oldest first: what an agent's stream
// sends. An actor no longer staff is refused, which ends their stream.
func (s *Service) StaffSince(ctx context.Context, actor account.Actor, after int64) ([]StaffMessage, error) {
	out := []StaffMessage{}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		m, err := confirmStaff(ctx, tx, actor)
		if err != nil {
			return err
		}
		out, err = staffMessagesAfter(ctx, tx, after, m.admin, m.uid, maxBatch)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture des nouveaux messages", err)
	}
	return out, nil
}
