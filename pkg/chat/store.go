package chat

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/chatbot"
	"courtier/pkg/store"
)

// IDLength is the length of a conversation ID: store.TokenBytes in unpadded base64url.
const IDLength = 43

// maxListed is how many of a conversation's latest messages are read back.
const maxListed = 200

// wellFormed tells whether token can be an ID we handed out, so that junk
// never reaches the database.
func wellFormed(token string) bool {
	if len(token) != IDLength {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil
}

func errNoConversation() error {
	return apperr.Errorf(apperr.ENOTFOUND, "Cette conversation n'existe pas ou n'est plus disponible.")
}

// conversation is a row of chat_conversations.
type conversation struct {
	id   string
	uid  sql.NullString
	mode Mode
	uc   chatbot.UserContext
	// ucJSON is uc as read, which a write checks is still there (Send).
	ucJSON string
	// agentUID is the agent who took the conversation, "" when none.
	agentUID string
	// waitingSince is when the visitor asked for an agent; zero in bot mode.
	waitingSince time.Time
	// visitorRead and agentRead are the last message IDs each side read.
	visitorRead, agentRead int64
}

// conversationColumns are the columns scanConversation reads.
const conversationColumns = "uid, mode, context, COALESCE(agent_uid, ''), COALESCE(waiting_since, ''), visitor_read, agent_read"

// scanConversation reads the conversationColumns of row into c.
func scanConversation(row *sql.Row, c *conversation) error {
	var waiting string
	if err := row.Scan(&c.uid, &c.mode, &c.ucJSON, &c.agentUID, &waiting, &c.visitorRead, &c.agentRead); err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(c.ucJSON), &c.uc); err != nil {
		return fmt.Errorf("contexte de conversation illisible: %w", err)
	}
	if waiting != "" {
		t, err := time.Parse(store.TimeLayout, waiting)
		if err != nil {
			return fmt.Errorf("date d'attente illisible: %w", err)
		}
		c.waitingSince = t
	}
	return nil
}

// findConversation reads the conversation of token that viewer uid may
// see: a visitor's conversation with its ID, a user's only by that user.
// Anything else is ENOTFOUND, so nobody learns that it exists.
func findConversation(ctx context.Context, tx store.RowReader, token, uid string) (*conversation, error) {
	if !wellFormed(token) {
		return nil, errNoConversation()
	}
	c, err := loadConversation(ctx, tx, store.HashToken(token))
	if err != nil {
		return nil, err
	}
	if c.uid.Valid && c.uid.String != uid {
		return nil, errNoConversation()
	}
	return c, nil
}

// loadConversation reads the conversation of stored ID id, whoever asks:
// the callers check who may see it.
func loadConversation(ctx context.Context, tx store.RowReader, id string) (*conversation, error) {
	c := &conversation{id: id}
	err := scanConversation(tx.QueryRowContext(ctx, "SELECT "+conversationColumns+" FROM chat_conversations WHERE id = ?", id), c)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoConversation()
	}
	if err != nil {
		return nil, fmt.Errorf("lecture de la conversation: %w", err)
	}
	return c, nil
}

func insertConversation(ctx context.Context, tx *store.Tx, id, uid string, now time.Time) error {
	owner := sql.NullString{String: uid, Valid: uid != ""}
	_, err := tx.ExecContext(ctx, "INSERT INTO chat_conversations (id, uid, mode, context, created_at, updated_at) VALUES (?, ?, 'bot', '{}', ?, ?)",
		id, owner, now.Format(store.TimeLayout), now.Format(store.TimeLayout))
	if err != nil {
		return fmt.Errorf("création de la conversation: %w", err)
	}
	return nil
}

// saveConversation writes the mode, context, agent and waiting time of c,
// and when it last changed.
func saveConversation(ctx context.Context, tx *store.Tx, c *conversation, now time.Time) error {
	uc, err := json.Marshal(c.uc)
	if err != nil {
		return fmt.Errorf("contexte de conversation: %w", err)
	}
	agent := sql.NullString{String: c.agentUID, Valid: c.agentUID != ""}
	waiting := sql.NullString{String: store.FormatTime(c.waitingSince), Valid: !c.waitingSince.IsZero()}
	_, err = tx.ExecContext(ctx, "UPDATE chat_conversations SET mode = ?, context = ?, agent_uid = ?, waiting_since = ?, updated_at = ? WHERE id = ?",
		string(c.mode), string(uc), agent, waiting, now.Format(store.TimeLayout), c.id)
	if err != nil {
		return fmt.Errorf("mise à jour de la conversation: %w", err)
	}
	return nil
}

// insertMessage stores m in conversation id and sets its ID.
func insertMessage(ctx context.Context, tx *store.Tx, id string, m *Message, replyTo int64) error {
	links := []byte("[]")
	if len(m.Links) > 0 {
		var err error
		if links, err = json.Marshal(m.Links); err != nil {
			return fmt.Errorf("liens du message: %w", err)
		}
	}
	intent := sql.NullString{String: string(m.Intent), Valid: m.Intent != ""}
	ref := sql.NullInt64{Int64: replyTo, Valid: replyTo > 0}
	author := sql.NullString{String: m.authorUID, Valid: m.authorUID != ""}
	var authorName sql.NullString
	if m.authorUID != "" && m.Agent != nil {
		authorName = sql.NullString{String: m.Agent.Name, Valid: true}
	}
	// Its caller's transaction takes the lock first; this one is a no-op
	// then, and keeps the order if a new caller forgets.
	if err := tx.InOrder(ctx, "chat_messages"); err != nil {
		return err
	}
	if err := tx.Notify(ctx, Channel); err != nil {
		return err
	}
	err := tx.QueryRowContext(ctx,
		"INSERT INTO chat_messages (conversation_id, sender, text, links, intent, reply_to, created_at, author_uid, author_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
		id, string(m.Sender), m.Text, string(links), intent, ref, m.Timestamp.Format(store.TimeLayout), author, authorName).Scan(&m.ID)
	if err != nil {
		return fmt.Errorf("enregistrement du message: %w", err)
	}
	return nil
}

// listMessages reads the latest limit messages of conversation id, oldest first.
func listMessages(ctx context.Context, tx *store.Tx, id string, limit int, agent Agent) ([]Message, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+messageColumns+` FROM (
		SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY id DESC LIMIT ?) AS latest ORDER BY id`, id, limit)
	return scanMessages(rows, err, agent)
}

// scanMessages reads every message of rows, the answer of a query that
// failed with err or not, and closes them.
func scanMessages(rows *sql.Rows, err error, agent Agent) ([]Message, error) {
	if err != nil {
		return nil, fmt.Errorf("lecture des messages: %w", err)
	}
	defer rows.Close()
	out := []Message{}
	for rows.Next() {
		var m Message
		if err := scanMessage(rows, &m, agent); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// conversationsOf lists the IDs (hashes) and modes of uid's conversations, oldest first.
func conversationsOf(ctx context.Context, tx *store.Tx, uid string) ([]conversation, error) {
	rows, err := tx.QueryContext(ctx, "SELECT id, mode FROM chat_conversations WHERE uid = ? ORDER BY created_at, id", uid)
	if err != nil {
		return nil, fmt.Errorf("liste des conversations: %w", err)
	}
	defer rows.Close()
	var out []conversation
	for rows.Next() {
		var c conversation
		if err := rows.Scan(&c.id, &c.mode); err != nil {
			return nil, fmt.Errorf("liste des conversations: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
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
