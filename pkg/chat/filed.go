package chat

import (
	"context"

	"courtier/pkg/store"
)

// A conversation with no advisor online offers a callback or a message
// answered by e-mail (PRODUCT.md 8). The kinds of the queue file them
// (pkg/contact, which pkg/chat does not know): Attachable gives the
// conversation they name, Filed tells the visitor in it.

// Attachable answers the stored ID of the conversation of token, if v may
// see it: what a request filed from it names (desk.Draft.Conversation),
// so that staff read the conversation with the request.
func (s *Service) Attachable(ctx context.Context, v Viewer, token string) (string, error) {
	id, err := s.storedID(ctx, v, token)
	if err != nil {
		return "", s.fail("conversation d'une demande", err)
	}
	return id, nil
}

// Filed adds to the conversation of token the system line that tells its
// visitor a request was filed from it (its words are the kind's: the
// reference, and who answers how and when), and wakes its streams and,
// in agent mode, the agents' inbox.
func (s *Service) Filed(ctx context.Context, v Viewer, token, text string) (*Message, error) {
	now := s.now()
	msg := Message{Sender: SenderSystem, Text: text, Timestamp: now}
	var c *conversation
	err := s.writeMessages(ctx, func(tx *store.Tx) error {
		var err error
		if c, err = findForWrite(ctx, tx, token, v.UID); err != nil {
			return err
		}
		if err := insertMessage(ctx, tx, c.id, &msg); err != nil {
			return err
		}
		return touchConversation(ctx, tx, c.id, now)
	})
	if err != nil {
		return nil, s.fail("demande déposée depuis le chat", err)
	}
	s.wrote(c.id, c.mode, c.agentUID)
	return &msg, nil
}
