package chat

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// ExportWriter receives a user's conversations for their data export, in
// order: each conversation announced with its mode, then its messages,
// oldest first. The Message passed is reused for the next one.
type ExportWriter interface {
	Conversation(mode Mode) error
	Message(m *Message) error
}

// ExportUser hands every conversation of the user uid, with all its
// messages, to out: the chat's part of the user's data export (RGPD right
// of access). It reads inside one read transaction, so the export is one
// snapshot, and from a cursor, one message at a time: a history of any
// length costs the memory of one message. Visitor conversations are tied
// to no one, so they are not in it until attached (see Attach).
func (s *Service) ExportUser(ctx context.Context, uid string, out ExportWriter) error {
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		list, err := conversationsOf(ctx, tx, uid)
		if err != nil {
			return err
		}
		for _, c := range list {
			if err := out.Conversation(c.mode); err != nil {
				return err
			}
			if err := s.eachMessage(ctx, tx, c.id, out.Message); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.fail("export des conversations", err, "uid", uid)
	}
	return nil
}

// eachMessage calls fn with every message of conversation id, oldest first.
func (s *Service) eachMessage(ctx context.Context, tx *store.Tx, id string, fn func(*Message) error) error {
	rows, err := tx.QueryContext(ctx,
		"SELECT "+messageColumns+" FROM chat_messages WHERE conversation_id = ? ORDER BY id", id)
	if err != nil {
		return fmt.Errorf("lecture des messages: %w", err)
	}
	defer rows.Close()
	var m Message
	for rows.Next() {
		if err := scanMessage(rows, &m, s.agent); err != nil {
			return err
		}
		if err := fn(&m); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("lecture des messages: %w", err)
	}
	return nil
}

// messageColumns are the columns of a message scanMessage reads.
const messageColumns = "id, sender, text, links, COALESCE(intent, ''), created_at, COALESCE(author_name, '')"

// scanMessage reads the row of a message (id, sender, text, links, intent,
// created_at, author's name) into m, which it resets first. An agent's
// message names the real agent who wrote it, or else the persona.
func scanMessage(rows *sql.Rows, m *Message, agent Agent) error {
	*m = Message{}
	var links, at, author string
	if err := rows.Scan(&m.ID, &m.Sender, &m.Text, &links, &m.Intent, &at, &author); err != nil {
		return fmt.Errorf("lecture des messages: %w", err)
	}
	return finishMessage(m, links, at, author, agent)
}

// finishMessage decodes the stored links, time and author of m.
func finishMessage(m *Message, links, at, author string, agent Agent) error {
	if links != "[]" {
		if err := json.Unmarshal([]byte(links), &m.Links); err != nil {
			return fmt.Errorf("liens illisibles du message %d: %w", m.ID, err)
		}
	}
	var err error
	if m.Timestamp, err = time.Parse(store.TimeLayout, at); err != nil {
		return fmt.Errorf("date illisible du message %d: %w", m.ID, err)
	}
	if author != "" {
		agent = RealAgent(author)
	}
	m.withAgent(agent)
	return nil
}
