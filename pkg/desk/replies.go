package desk

import (
	"context"

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
	if err := insertReply(ctx, tx, id, actor.UID, r); err != nil {
		return nil, err
	}
	return r, s.Record(ctx, tx, actor, id, "reply", label)
}

// Replies reads the replies of request id in tx, oldest first.
func (s *Service) Replies(ctx context.Context, tx *store.Tx, id string) ([]Reply, error) {
	all, err := repliesOf(ctx, tx, []string{id})
	return all[id], err
}
