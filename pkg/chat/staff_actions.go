package chat

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

func errTaken() error {
	return apperr.Errorf(apperr.ECONFLICT, "Un autre conseiller a déjà pris cette conversation.")
}

func errBackToBot() error {
	return apperr.Errorf(apperr.ECONFLICT, "Cette conversation est revenue à l’assistant.")
}

// Take gives conversation id to the actor if nobody holds it: a
// compare-and-set, so two agents never both get it (ECONFLICT for the
// second). The visitor reads one line, « {name} a rejoint la conversation. »,
// and the agent's own words after it.
func (s *Service) Take(ctx context.Context, actor account.Actor, id string) error {
	now := s.now()
	err := s.writeMessages(ctx, func(tx *store.Tx) error {
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
		// One line announces the agent; the hand-off said only that one
		// would come, and no greeting is written in their name.
		return s.insertAll(ctx, tx, c.id, []Message{{Sender: SenderSystem, Text: joined(m.name), Timestamp: now}})
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
	err = s.writeMessages(ctx, func(tx *store.Tx) error {
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
		if err := insertMessage(ctx, tx, c.id, &msg); err != nil {
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
		return apperr.Errorf(apperr.ECONFLICT, "Prenez d’abord la conversation pour y répondre.")
	default:
		return errNotYours()
	}
}

// Transfer hands conversation id to the active agent or admin toUID.
func (s *Service) Transfer(ctx context.Context, actor account.Actor, id, toUID string) error {
	now := s.now()
	err := s.writeMessages(ctx, func(tx *store.Tx) error {
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
	err := s.writeMessages(ctx, func(tx *store.Tx) error {
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
