package chat

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/store"
)

// messageColumns are the columns of a message scanMessage reads.
const messageColumns = "id, sender, text, links, COALESCE(intent, ''), created_at, COALESCE(author_name, '')"

// scanMessage reads the row of a message (id, sender, text, links, intent,
// created_at, author's name) into m, which it resets first. An agent's
// message names the real agent who wrote it (the persona's of earlier
// versions, which have no author, name nobody).
func scanMessage(rows *sql.Rows, m *Message) error {
	*m = Message{}
	var links, at, author string
	if err := rows.Scan(&m.ID, &m.Sender, &m.Text, &links, &m.Intent, &at, &author); err != nil {
		return fmt.Errorf("lecture des messages: %w", err)
	}
	return finishMessage(m, links, at, author)
}

// finishMessage decodes the stored links, time and author of m.
func finishMessage(m *Message, links, at, author string) error {
	if links != "[]" {
		if err := json.Unmarshal([]byte(links), &m.Links); err != nil {
			return fmt.Errorf("liens illisibles du message %d: %w", m.ID, err)
		}
	}
	var err error
	if m.Timestamp, err = time.Parse(store.TimeLayout, at); err != nil {
		return fmt.Errorf("date illisible du message %d: %w", m.ID, err)
	}
	if author != "" && m.Sender == SenderAgent {
		a := RealAgent(author)
		m.Agent = &a
	}
	return nil
}

// insertMessage stores m in conversation id and sets its ID.
func insertMessage(ctx context.Context, tx *store.Tx, id string, m *Message) error {
	return insertMessages(ctx, tx, id, m, nil)
}

// insertExchange stores user's message and the replies that answer it in
// conversation id, in one statement, and sets their IDs; a reply that
// names an intent answers user (reply_to, see the chat_records view).
func insertExchange(ctx context.Context, tx *store.Tx, id string, user *Message, replies []Message) error {
	return insertMessages(ctx, tx, id, user, replies)
}

// insertMessages stores first (when not nil) and then ms in conversation
// id with one INSERT, numbered by store.Tx.NewIDs (which takes the lock
// of their order), and sets their IDs.
func insertMessages(ctx context.Context, tx *store.Tx, id string, first *Message, ms []Message) error {
	all := make([]*Message, 0, len(ms)+1)
	if first != nil {
		all = append(all, first)
	}
	for i := range ms {
		all = append(all, &ms[i])
	}
	ids, err := tx.NewIDs(ctx, "chat_messages", len(all))
	if err != nil {
		return err
	}
	if err := tx.Notify(ctx, Topic); err != nil {
		return err
	}
	var q strings.Builder
	q.WriteString("INSERT INTO chat_messages (id, conversation_id, sender, text, links, intent, reply_to, created_at, author_uid, author_name) VALUES ")
	args := make([]any, 0, 10*len(all))
	for i, m := range all {
		links := []byte("[]")
		if len(m.Links) > 0 {
			if links, err = json.Marshal(m.Links); err != nil {
				return fmt.Errorf("liens du message: %w", err)
			}
		}
		var ref sql.NullInt64
		if first != nil && i > 0 && m.Intent != "" {
			ref = sql.NullInt64{Int64: ids[0], Valid: true}
		}
		var author, authorName sql.NullString
		if m.authorUID != "" {
			author = sql.NullString{String: m.authorUID, Valid: true}
			if m.Agent != nil {
				authorName = sql.NullString{String: m.Agent.Name, Valid: true}
			}
		}
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
		args = append(args, ids[i], id, string(m.Sender), m.Text, string(links),
			sql.NullString{String: string(m.Intent), Valid: m.Intent != ""}, ref,
			m.Timestamp.Format(store.TimeLayout), author, authorName)
	}
	if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
		return fmt.Errorf("enregistrement du message: %w", err)
	}
	for i, m := range all {
		m.ID = ids[i]
	}
	return nil
}

// listMessages reads the latest limit messages of conversation id, oldest first.
func listMessages(ctx context.Context, tx *store.Tx, id string, limit int) ([]Message, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+messageColumns+` FROM (
		SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY id DESC LIMIT ?) AS latest ORDER BY id`, id, limit)
	return scanMessages(rows, err)
}

// scanMessages reads every message of rows, the answer of a query that
// failed with err or not, and closes them.
func scanMessages(rows *sql.Rows, err error) ([]Message, error) {
	if err != nil {
		return nil, fmt.Errorf("lecture des messages: %w", err)
	}
	defer rows.Close()
	out := []Message{}
	for rows.Next() {
		var m Message
		if err := scanMessage(rows, &m); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// lastMessage reads the sender and text of the last message of
// conversation id; the zero Message when it has none.
func lastMessage(ctx context.Context, tx *store.Tx, id string) (Message, error) {
	var m Message
	err := tx.QueryRowContext(ctx, "SELECT sender, text FROM chat_messages WHERE conversation_id = ? ORDER BY id DESC LIMIT 1", id).
		Scan(&m.Sender, &m.Text)
	if errors.Is(err, sql.ErrNoRows) {
		return Message{}, nil
	}
	if err != nil {
		return Message{}, fmt.Errorf("dernier message: %w", err)
	}
	return m, nil
}

// messagesAfter reads at most limit messages of conversation id after the ID after, oldest first.
func messagesAfter(ctx context.Context, tx *store.Tx, id string, after int64, limit int) ([]Message, error) {
	rows, err := tx.QueryContext(ctx, "SELECT "+messageColumns+" FROM chat_messages WHERE conversation_id = ? AND id > ? ORDER BY id LIMIT ?", id, after, limit)
	return scanMessages(rows, err)
}

// eachMessage calls fn with every message of conversation id, oldest
// first, from a cursor: one message in memory at a time.
func eachMessage(ctx context.Context, tx *store.Tx, id string, fn func(*Message) error) error {
	rows, err := tx.QueryContext(ctx,
		"SELECT "+messageColumns+" FROM chat_messages WHERE conversation_id = ? ORDER BY id", id)
	if err != nil {
		return fmt.Errorf("lecture des messages: %w", err)
	}
	defer rows.Close()
	var m Message
	for rows.Next() {
		if err := scanMessage(rows, &m); err != nil {
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

// lastMessageID is the highest message ID, 0 when there is none.
func lastMessageID(ctx context.Context, tx *store.Tx) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM chat_messages").Scan(&id)
	return id, err
}

// messageIDsAfter reads the IDs of the messages after the ID after, with
// their conversations, oldest first, at most 5,000.
func messageIDsAfter(ctx context.Context, tx *store.Tx, after int64) (ids []int64, convs []string, err error) {
	rows, err := tx.QueryContext(ctx, "SELECT id, conversation_id FROM chat_messages WHERE id > ? ORDER BY id LIMIT 5000", after)
	if err != nil {
		return nil, nil, fmt.Errorf("nouveaux messages: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var c string
		if err := rows.Scan(&id, &c); err != nil {
			return nil, nil, fmt.Errorf("nouveaux messages: %w", err)
		}
		ids, convs = append(ids, id), append(convs, c)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("nouveaux messages: %w", err)
	}
	return ids, convs, nil
}

// staffMessagesAfter reads at most limit messages after the ID after in
// the conversations in agent mode that the agent uid may read (waiting,
// or theirs; all of them for an admin), oldest first.
func staffMessagesAfter(ctx context.Context, tx *store.Tx, after int64, admin bool, uid string, limit int) ([]StaffMessage, error) {
	rows, err := tx.QueryContext(ctx, `SELECT m.conversation_id, m.id, m.sender, m.text, m.links, COALESCE(m.intent, ''), m.created_at, COALESCE(m.author_name, '')
			FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
			WHERE m.id > ? AND c.mode = 'agent' AND (? = 1 OR c.agent_uid IS NULL OR c.agent_uid = ?)
			ORDER BY m.id LIMIT ?`, after, admin, uid, limit)
	if err != nil {
		return nil, fmt.Errorf("messages des conversations: %w", err)
	}
	defer rows.Close()
	out := []StaffMessage{}
	for rows.Next() {
		var sm StaffMessage
		if err := scanStaffMessage(rows, &sm); err != nil {
			return nil, err
		}
		out = append(out, sm)
	}
	return out, rows.Err()
}

// scanStaffMessage reads the conversation ID then the messageColumns of a row.
func scanStaffMessage(rows *sql.Rows, sm *StaffMessage) error {
	var links, at, author string
	m := &sm.Message
	if err := rows.Scan(&sm.Conversation, &m.ID, &m.Sender, &m.Text, &links, &m.Intent, &at, &author); err != nil {
		return fmt.Errorf("lecture des messages: %w", err)
	}
	return finishMessage(m, links, at, author)
}

// listRecords reads the chatbot records of conversation id, oldest first.
func listRecords(ctx context.Context, tx *store.Tx, id string) ([]Record, error) {
	rows, err := tx.QueryContext(ctx,
		"SELECT user_input, intent, response, timestamp FROM chat_records WHERE conversation_id = ? ORDER BY id", id)
	if err != nil {
		return nil, fmt.Errorf("lecture des échanges: %w", err)
	}
	defer rows.Close()
	out := []Record{}
	for rows.Next() {
		var r Record
		var at string
		if err := rows.Scan(&r.UserInput, &r.Intent, &r.Response, &at); err != nil {
			return nil, fmt.Errorf("lecture des échanges: %w", err)
		}
		if r.Timestamp, err = time.Parse(store.TimeLayout, at); err != nil {
			return nil, fmt.Errorf("date illisible d'un échange: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// writeMessages runs fn in a write transaction that may insert messages,
// the lock of their order taken first (store.Tx.InOrder: first, so that
// the transaction sees what the previous holder committed).
func (s *Service) writeMessages(ctx context.Context, fn func(*store.Tx) error) error {
	return s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := tx.InOrder(ctx, "chat_messages"); err != nil {
			return err
		}
		return fn(tx)
	})
}

// batchMessages is writeMessages in the Batcher's shared transaction.
func (s *Service) batchMessages(ctx context.Context, fn func(context.Context, *store.Tx) error) error {
	return s.batch.WriteTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := tx.InOrder(ctx, "chat_messages"); err != nil {
			return err
		}
		return fn(ctx, tx)
	})
}
