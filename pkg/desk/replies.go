package desk

import (
	"context"
	"fmt"
	"strings"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// Reply is what the broker answered, as the client reads it.
type Reply struct {
	ID         int64  `json:"id"`
	At         string `json:"at"`
	AuthorName string `json:"authorName"`
	Label      string `json:"label"`
	Body       string `json:"body"`
}

// AddReply stores in tx an answer the client will read on their
// dashboard ("Réponse", "Accusé de réception"…), signed with the actor's
// name, and records it in the history.
func (s *Service) AddReply(ctx context.Context, tx *store.Tx, actor account.Actor, id, label, body string) (*Reply, error) {
	now := s.now()
	r := &Reply{At: store.FormatTime(now), AuthorName: actor.Name, Label: label, Body: body}
	err := tx.QueryRowContext(ctx, `INSERT INTO request_replies (request_id, at, author_uid, author_name, label, body) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
		id, store.FormatTime(now), nullable(actor.UID), actor.Name, label, body).Scan(&r.ID)
	if err != nil {
		return nil, fmt.Errorf("réponse à la demande %s: %w", id, err)
	}
	return r, s.Record(ctx, tx, actor, id, "reply", label)
}

// Replies reads the replies of request id in tx, oldest first.
func (s *Service) Replies(ctx context.Context, tx *store.Tx, id string) ([]Reply, error) {
	all, err := repliesOf(ctx, tx, []string{id})
	return all[id], err
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
