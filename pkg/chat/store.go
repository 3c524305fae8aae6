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
	return apperr.Errorf(apperr.ENOTFOUND, "Cette conversation n’existe pas ou n’est plus disponible.")
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

// setOwner makes conversation id the user uid's.
func setOwner(ctx context.Context, tx *store.Tx, id, uid string) error {
	if _, err := tx.ExecContext(ctx, "UPDATE chat_conversations SET uid = ? WHERE id = ?", uid, id); err != nil {
		return fmt.Errorf("rattachement de la conversation: %w", err)
	}
	return nil
}

// saveBotContext writes context uc into the bot conversation c only if
// nothing changed since it was read with context seen (mode, context,
// owner): a compare-and-set, errStale when it found c changed.
func saveBotContext(ctx context.Context, tx *store.Tx, c *conversation, uc, seen string, now time.Time) error {
	res, err := tx.ExecContext(ctx, "UPDATE chat_conversations SET context = ?, updated_at = ? WHERE id = ? AND mode = 'bot' AND context = ? AND uid IS NOT DISTINCT FROM ?",
		uc, now.Format(store.TimeLayout), c.id, seen, c.uid)
	if err != nil {
		return fmt.Errorf("mise à jour de la conversation: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errStale
	}
	return nil
}

// claimConversation gives conversation id to the agent uid if it is in
// agent mode and nobody holds it: a compare-and-set, errTaken when it was
// no longer free.
func claimConversation(ctx context.Context, tx *store.Tx, id, uid string, now time.Time) error {
	res, err := tx.ExecContext(ctx, "UPDATE chat_conversations SET agent_uid = ?, updated_at = ? WHERE id = ? AND mode = 'agent' AND agent_uid IS NULL",
		uid, store.FormatTime(now), id)
	if err != nil {
		return fmt.Errorf("prise de la conversation: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errors.Join(err, errTaken())
	}
	return nil
}

// touchConversation records that conversation id changed at now.
func touchConversation(ctx context.Context, tx *store.Tx, id string, now time.Time) error {
	_, err := tx.ExecContext(ctx, "UPDATE chat_conversations SET updated_at = ? WHERE id = ?", store.FormatTime(now), id)
	return err
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

// countSince counts the conversations updated since the given time.
func countSince(ctx context.Context, tx *store.Tx, since time.Time) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM chat_conversations WHERE updated_at >= ?",
		store.FormatTime(since)).Scan(&n)
	return n, err
}

// recentSummaries reads at most limit conversations updated since, the
// latest first, all of them or, when agent is set, those agent may read,
// each with the visitor's own last words; the accounts' names are not filled.
func recentSummaries(ctx context.Context, tx *store.Tx, since time.Time, limit int, agent string) ([]Summary, error) {
	rows, err := tx.QueryContext(ctx, `SELECT c.id, COALESCE(c.uid, ''), c.mode, c.updated_at,
		(SELECT COUNT(*) FROM chat_messages m WHERE m.conversation_id = c.id),
		COALESCE((SELECT m.text FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender = 'user' ORDER BY m.id DESC LIMIT 1), '')
		FROM chat_conversations c
		WHERE c.updated_at >= ? AND (? = '' OR (c.mode = 'agent' AND (c.agent_uid IS NULL OR c.agent_uid = ?)))
		ORDER BY c.updated_at DESC, c.id LIMIT ?`, store.FormatTime(since), agent, agent, limit)
	if err != nil {
		return nil, fmt.Errorf("conversations récentes: %w", err)
	}
	defer rows.Close()
	out := []Summary{}
	for rows.Next() {
		var c Summary
		var at string
		if err := rows.Scan(&c.ID, &c.UID, &c.Mode, &at, &c.Messages, &c.LastMessage); err != nil {
			return nil, fmt.Errorf("conversations récentes: %w", err)
		}
		if c.LastAt, err = time.Parse(store.TimeLayout, at); err != nil {
			return nil, fmt.Errorf("date illisible d'une conversation: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("conversations récentes: %w", err)
	}
	return out, nil
}

// deleteExpired deletes at most limit conversations not updated since
// before, with their messages (ON DELETE CASCADE), and counts them.
func deleteExpired(ctx context.Context, tx *store.Tx, before string, limit int) (int64, error) {
	res, err := tx.ExecContext(ctx, `DELETE FROM chat_conversations WHERE id IN (
				SELECT id FROM chat_conversations WHERE updated_at < ? LIMIT ?)`, before, limit)
	if err != nil {
		return 0, fmt.Errorf("purge des conversations expirées: %w", err)
	}
	return res.RowsAffected()
}
