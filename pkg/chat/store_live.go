package chat

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/store"
)

// presentUIDs lists the agents and admins present since the given time
// and not away, whatever their account says now.
func presentUIDs(ctx context.Context, tx *store.Tx, since time.Time) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT uid FROM chat_presence WHERE away = 0 AND seen_at >= ?`,
		store.FormatTime(since))
	if err != nil {
		return nil, fmt.Errorf("présence des conseillers: %w", err)
	}
	defer rows.Close()
	var uids []string
	for rows.Next() {
		var uid string
		if err := rows.Scan(&uid); err != nil {
			return nil, fmt.Errorf("présence des conseillers: %w", err)
		}
		uids = append(uids, uid)
	}
	return uids, rows.Err()
}

// presentSince tells whether uid was present since the given time (away or not).
func presentSince(ctx context.Context, tx *store.Tx, uid string, since time.Time) (bool, error) {
	var present int
	err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM chat_presence WHERE uid = ? AND seen_at >= ?`,
		uid, store.FormatTime(since)).Scan(&present)
	return present > 0, err
}

// awayOf reads uid's « Absent » switch; false when uid has no presence row.
func awayOf(ctx context.Context, tx *store.Tx, uid string) (bool, error) {
	var away int
	err := tx.QueryRowContext(ctx, "SELECT away FROM chat_presence WHERE uid = ?", uid).Scan(&away)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("présence: %w", err)
	}
	return away == 1, nil
}

// inList is the placeholders of an IN list of n values, n > 0.
func inList(n int) string {
	return "?" + strings.Repeat(", ?", n-1)
}

// anyMarkedGone tells whether one of uids (at least one) is marked gone.
func anyMarkedGone(ctx context.Context, tx *store.Tx, uids []any) (bool, error) {
	var gone bool
	err := tx.QueryRowContext(ctx, `SELECT COUNT(*) > 0 FROM chat_presence WHERE seen_at IS NULL AND uid IN (`+inList(len(uids))+`)`, uids...).Scan(&gone)
	return gone, err
}

// markPresentAgain marks present at now those of uids (at least one) marked gone.
func markPresentAgain(ctx context.Context, tx *store.Tx, uids []any, now string) error {
	_, err := tx.ExecContext(ctx, `UPDATE chat_presence SET seen_at = ? WHERE seen_at IS NULL AND uid IN (`+inList(len(uids))+`)`,
		append([]any{now}, uids...)...)
	return err
}

// setPresenceColumn writes one column of uid's presence row, "seen_at" or
// "away" (constants of the code, never input), creating the row if need be.
func setPresenceColumn(ctx context.Context, tx *store.Tx, uid, column string, value any) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO chat_presence (uid, `+column+`) VALUES (?, ?)
			ON CONFLICT (uid) DO UPDATE SET `+column+` = excluded.`+column, uid, value)
	if err != nil {
		return fmt.Errorf("présence: %w", err)
	}
	return nil
}

// inboxRow is a conversation as the inbox reads it, before the accounts'
// names and the stored columns are filled in (Service.inboxItems).
type inboxRow struct {
	it                            InboxItem
	ucJSON, agentUID, waiting, at string
}

// agentInboxRows reads the conversations in agent mode, the longest waiting first.
func agentInboxRows(ctx context.Context, tx *store.Tx) ([]inboxRow, error) {
	return inboxRows(ctx, tx, "c.mode = 'agent'", nil)
}

// inboxRowOf reads conversation id as the inbox lists it; none when it does not exist.
func inboxRowOf(ctx context.Context, tx *store.Tx, id string) ([]inboxRow, error) {
	return inboxRows(ctx, tx, "c.id = ?", []any{id})
}

// inboxRows reads the conversations matching where, a condition of the
// code, the longest waiting first, each with the visitor's own last words
// (never a line of the assistant or of the system) and their unread count.
func inboxRows(ctx context.Context, tx *store.Tx, where string, args []any) ([]inboxRow, error) {
	rows, err := tx.QueryContext(ctx, `SELECT c.id, COALESCE(c.uid, ''), c.context, COALESCE(c.agent_uid, ''),
		COALESCE(c.waiting_since, ''), c.updated_at,
		COALESCE((SELECT m.text FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender = 'user' ORDER BY m.id DESC LIMIT 1), ''),
		(SELECT COUNT(*) FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender = 'user' AND m.id > c.agent_read)
		FROM chat_conversations c
		WHERE `+where+` ORDER BY COALESCE(c.waiting_since, c.updated_at), c.id LIMIT ?`, append(args, maxInbox)...)
	if err != nil {
		return nil, fmt.Errorf("boîte des conversations: %w", err)
	}
	defer rows.Close()
	var read []inboxRow
	for rows.Next() {
		var r inboxRow
		if err := rows.Scan(&r.it.ID, &r.it.Who.UID, &r.ucJSON, &r.agentUID, &r.waiting, &r.at, &r.it.LastMessage, &r.it.Unread); err != nil {
			return nil, fmt.Errorf("boîte des conversations: %w", err)
		}
		read = append(read, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("boîte des conversations: %w", err)
	}
	return read, nil
}

// markRead moves the read mark column of conversation id up to upTo,
// never back and never past its last message; it answers the mark.
func markRead(ctx context.Context, tx *store.Tx, id, column string, upTo int64) (int64, error) {
	var last, read int64
	err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM chat_messages WHERE conversation_id = ?", id).Scan(&last)
	if err != nil {
		return 0, fmt.Errorf("accusé de lecture: %w", err)
	}
	upTo = min(upTo, last)
	// column is one of two constants of this package, never input.
	err = tx.QueryRowContext(ctx, `UPDATE chat_conversations SET `+column+` = CASE WHEN `+column+` < ? THEN ? ELSE `+column+` END
		WHERE id = ? RETURNING `+column, upTo, upTo, id).Scan(&read)
	if err != nil {
		return 0, fmt.Errorf("accusé de lecture: %w", err)
	}
	return read, nil
}
