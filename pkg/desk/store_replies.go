package desk

import (
	"context"
	"fmt"
	"strings"

	"courtier/pkg/store"
)

// The SQL of the request_replies table, next to the code that scans it.

// insertReply stores r, written by the account authorUID ("" for none),
// as a reply to request id, and sets r.ID.
func insertReply(ctx context.Context, tx *store.Tx, id, authorUID string, r *Reply) error {
	err := tx.QueryRowContext(ctx, `INSERT INTO request_replies (request_id, at, author_uid, author_name, label, body) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
		id, r.At, nullable(authorUID), r.AuthorName, r.Label, r.Body).Scan(&r.ID)
	if err != nil {
		return fmt.Errorf("réponse à la demande %s: %w", id, err)
	}
	return nil
}

// repliesOf reads the replies of the requests ids, by request.
func repliesOf(ctx context.Context, tx *store.Tx, ids []string) (map[string][]Reply, error) {
	out := map[string][]Reply{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, request_id, at, author_name, label, body FROM request_replies
		WHERE request_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`) ORDER BY id`, args...)
	if err != nil {
		return nil, fmt.Errorf("réponses aux demandes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r Reply
		var reqID string
		if err := rows.Scan(&r.ID, &reqID, &r.At, &r.AuthorName, &r.Label, &r.Body); err != nil {
			return nil, fmt.Errorf("réponses aux demandes: %w", err)
		}
		out[reqID] = append(out[reqID], r)
	}
	return out, rows.Err()
}
