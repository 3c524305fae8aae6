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
	LastMessage  string     `json:"lastMessage"`
	LastAt       time.Time  `json:"lastAt"`
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
		return nil, apperr.Errorf(apperr.EFORBIDDEN, "Votre compte n'a plus les droits nécessaires à cette action.")
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

func errTaken() error {
	return apperr.Errorf(apperr.ECONFLICT, "Un autre conseiller a déjà pris cette conversation.")
}

func errBackToBot() error {
	return apperr.Errorf(apperr.ECONFLICT, "Cette conversation est revenue à l'assistant.")
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
		out.Messages, err = listMessages(ctx, tx, c.id, maxListed, s.agent)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture d'une conversation", err)
	}
	return out, nil
}

// Take gives conversation id to the actor if nobody holds it: a
// compare-and-set, so two agents never both get it (ECONFLICT for the
// second). The visitor reads 'Connexion à {name}...' and the agent's greeting.
func (s *Service) Take(ctx context.Context, actor account.Actor, id string) error {
	now := s.now()
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := tx.InOrder(ctx, "chat_messages"); err != nil {
			return err
		}
		m, err := confirmStaff(ctx, tx, actor)
		if err != nil {
			return err
		}
		// Not staffConversation: one held by another agent is a conflict
		// to tell, not a conversation hidden from the one who came second.
		if b, err := hex.DecodeString(id); err != nil || len(b) != 32 {
			return errNoConversation()
		}
		c, err := loadConversation(ctx, tx, id)
		if err != nil {
			return err
		}
		switch {
		case c.mode != ModeAgent:
			return errBackToBot()
		case c.agentUID == m.uid:
			return nil
		case c.agentUID != "":
			return errTaken()
		}
		if err := claimConversation(ctx, tx, c.id, m.uid, now); err != nil {
			return err
		}
		a := RealAgent(m.name)
		return s.insertAll(ctx, tx, c.id, []Message{
			{Sender: SenderSystem, Text: connectingTo(m.name), Timestamp: now},
			{Sender: SenderAgent, Text: s.texts.liveGreeting(m.name), Timestamp: now, Agent: &a, authorUID: m.uid},
		})
	})
	if err != nil {
		return s.fail("prise d'une conversation", err)
	}
	s.changed(id)
	return nil
}

// Reply adds the actor's message to conversation id, which they hold (or
// any, for an admin); the message names them.
func (s *Service) Reply(ctx context.Context, actor account.Actor, id, text string) (*Message, error) {
	text, err := CleanMessage(text)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var msg Message
	var holder string
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := tx.InOrder(ctx, "chat_messages"); err != nil {
			return err
		}
		m, c, err := staffTx(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if !m.canWrite(c) {
			return errTakeFirst(c)
		}
		holder = c.agentUID
		a := RealAgent(m.name)
		msg = Message{Sender: SenderAgent, Text: text, Timestamp: now, Agent: &a, authorUID: m.uid}
		if err := insertMessage(ctx, tx, c.id, &msg, 0); err != nil {
			return err
		}
		if _, err := markRead(ctx, tx, c.id, "agent_read", msg.ID); err != nil {
			return err
		}
		return touchConversation(ctx, tx, c.id, now)
	})
	if err != nil {
		return nil, s.fail("réponse d'un conseiller", err)
	}
	s.wrote(id, ModeAgent, holder)
	return &msg, nil
}

// errTakeFirst says why the actor may not write in c.
func errTakeFirst(c *conversation) error {
	switch {
	case c.mode != ModeAgent:
		return errBackToBot()
	case c.agentUID == "":
		return apperr.Errorf(apperr.ECONFLICT, "Prenez d'abord la conversation pour y répondre.")
	default:
		return errNotYours()
	}
}

// Transfer hands conversation id to the active agent or admin toUID.
func (s *Service) Transfer(ctx context.Context, actor account.Actor, id, toUID string) error {
	now := s.now()
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := tx.InOrder(ctx, "chat_messages"); err != nil {
			return err
		}
		m, c, err := staffTx(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if !m.canManage(c) {
			return errTakeFirst(c)
		}
		to, err := memberOf(ctx, tx, toUID)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.FieldErrorf("to", "Choisissez un conseiller ou un administrateur actif.")
		}
		if err != nil {
			return err
		}
		if c.agentUID == to.uid {
			return nil
		}
		c.agentUID = to.uid
		if err := saveConversation(ctx, tx, c, now); err != nil {
			return err
		}
		return s.insertAll(ctx, tx, c.id, []Message{{Sender: SenderSystem, Text: transferred(m.name, to.name), Timestamp: now}})
	})
	if err != nil {
		return s.fail("transmission d'une conversation", err)
	}
	s.changed(id)
	return nil
}

// HandBack gives conversation id back to the assistant (SPEC.md §4,
// 'Retour à l'assistant'); Close ends it with the agent's name. Both
// leave the inbox.
func (s *Service) HandBack(ctx context.Context, actor account.Actor, id string) error {
	return s.endLive(ctx, actor, id, func(string) string { return s.texts.backToBot })
}

// Close ends the agent's part of conversation id: the visitor reads that
// the agent ended it, and the assistant is back.
func (s *Service) Close(ctx context.Context, actor account.Actor, id string) error {
	return s.endLive(ctx, actor, id, closedBy)
}

func (s *Service) endLive(ctx context.Context, actor account.Actor, id string, notice func(name string) string) error {
	now := s.now()
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := tx.InOrder(ctx, "chat_messages"); err != nil {
			return err
		}
		m, c, err := staffTx(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if !m.canManage(c) {
			return errTakeFirst(c)
		}
		c.mode, c.agentUID, c.waitingSince = ModeBot, "", time.Time{}
		if err := saveConversation(ctx, tx, c, now); err != nil {
			return err
		}
		return s.insertAll(ctx, tx, c.id, []Message{
			{Sender: SenderSystem, Text: notice(m.name), Timestamp: now},
			{Sender: SenderBot, Text: s.texts.botIsBack, Timestamp: now},
		})
	})
	if err != nil {
		return s.fail("fin d'une conversation", err)
	}
	s.changed(id)
	return nil
}

// MarkRead records that the agents have read conversation id up to
// message upTo, and tells the visitor.
func (s *Service) MarkRead(ctx context.Context, actor account.Actor, id string, upTo int64) error {
	var read int64
	var holder string
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		_, c, err := staffTx(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		holder = c.agentUID
		read, err = markRead(ctx, tx, c.id, "agent_read", upTo)
		return err
	})
	if err != nil {
		return s.fail("accusé de lecture", err)
	}
	s.signal(ctx, id, Signal{Kind: "read", Conversation: id, UpTo: read})
	// The unread counts changed in the inboxes that show it.
	s.hub.wakeStaff(holder)
	return nil
}

// AgentTyping tells the visitor of conversation id that the actor, who
// holds it, is typing or stopped.
func (s *Service) AgentTyping(ctx context.Context, actor account.Actor, id string, typing bool) error {
	var name string
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		m, c, err := staffTx(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if !m.canWrite(c) {
			return errTakeFirst(c)
		}
		name = m.name
		return nil
	})
	if err != nil {
		return s.fail("indicateur de saisie", err)
	}
	s.signal(ctx, id, Signal{Kind: "typing", Conversation: id, Typing: typing, Name: name})
	return nil
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
		out, err = staffMessagesAfter(ctx, tx, after, m.admin, m.uid, maxBatch, s.agent)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture des nouveaux messages", err)
	}
	return out, nil
}
