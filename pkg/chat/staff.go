package chat

import (
	"context"
	"encoding/hex"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// Summary is a conversation as staff list it in the terminal dashboard.
// ID is the stored ID (the hash of the visitor's secret): it opens the
// transcript for staff and cannot be used to write in the conversation.
type Summary struct {
	ID string
	// UID, Name and Email are the account's; empty for a visitor.
	UID, Name, Email string
	Mode             Mode
	// LastMessage is the visitor's own last words, "" before they wrote.
	LastMessage string
	LastAt      time.Time
	Messages    int
}

// maxRecent bounds the list of recent conversations.
const maxRecent = 500

// Recent lists the conversations with a message since the given time,
// the latest first, at most limit (maxRecent when zero or more), for an
// admin or the read-only Operator all; for an agent those they may read
// (waiting for an agent, or theirs).
func (s *Service) Recent(ctx context.Context, actor account.Actor, since time.Time, limit int) ([]Summary, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > maxRecent {
		limit = maxRecent
	}
	var out []Summary
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		only := ""
		if !actor.IsOperator() && !actor.IsAdmin() {
			only = actor.UID
		}
		out, err = recentConversations(ctx, tx, since, limit, only)
		return err
	})
	if err != nil {
		return nil, s.fail("liste des conversations récentes", err)
	}
	return out, nil
}

// Count counts the conversations with a message since the given time,
// for staff or the read-only Operator.
func (s *Service) Count(ctx context.Context, actor account.Actor, since time.Time) (int, error) {
	if err := actor.RequireReader(); err != nil {
		return 0, err
	}
	var n int
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		n, err = countSince(ctx, tx, since)
		return err
	})
	if err != nil {
		return 0, s.fail("décompte des conversations", err)
	}
	return n, nil
}

// Transcript reads the latest messages of conversation id (a Summary's
// ID), oldest first, for the read-only Operator, an admin, or an agent
// when it waits for an agent or is theirs.
func (s *Service) Transcript(ctx context.Context, actor account.Actor, id string) ([]Message, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	if b, err := hex.DecodeString(id); err != nil || len(b) != 32 {
		return nil, errNoConversation()
	}
	var out []Message
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := loadConversation(ctx, tx, id)
		if err != nil {
			return err
		}
		if !actor.IsOperator() {
			m, err := confirmStaff(ctx, tx, actor)
			if err != nil {
				return err
			}
			if !m.canRead(c) {
				return errNotYours()
			}
		}
		out, err = listMessages(ctx, tx, id, maxListed)
		return err
	})
	if err != nil {
		return nil, s.fail("transcription d'une conversation", err)
	}
	return out, nil
}

// AttachedTranscript reads the latest messages of conversation id, oldest
// first, for any active agent or admin who opens a request of the queue
// filed from it (desk.Request.Conversation): every agent reads the queue,
// so every agent reads what a request brought with it, whoever holds the
// conversation now. The caller has read the request; ENOTFOUND when the
// conversation is gone.
func (s *Service) AttachedTranscript(ctx context.Context, actor account.Actor, id string) ([]Message, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	if b, err := hex.DecodeString(id); err != nil || len(b) != 32 {
		return nil, errNoConversation()
	}
	var out []Message
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		if !actor.IsOperator() {
			if _, err := confirmStaff(ctx, tx, actor); err != nil {
				return err
			}
		}
		if _, err := loadConversation(ctx, tx, id); err != nil {
			return err
		}
		var err error
		out, err = listMessages(ctx, tx, id, maxListed)
		return err
	})
	if err != nil {
		return nil, s.fail("conversation d'une demande", err)
	}
	return out, nil
}

// recentConversations lists the conversations updated since, all of them
// or, when agent is set, those agent may read.
func recentConversations(ctx context.Context, tx *store.Tx, since time.Time, limit int, agent string) ([]Summary, error) {
	out, err := recentSummaries(ctx, tx, since, limit, agent)
	if err != nil {
		return nil, err
	}
	uids := make([]string, 0, len(out))
	for _, c := range out {
		uids = append(uids, c.UID)
	}
	people, err := account.People(ctx, tx, uids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		p := people[out[i].UID]
		out[i].Name, out[i].Email = p.DisplayName, p.Email
	}
	return out, nil
}
