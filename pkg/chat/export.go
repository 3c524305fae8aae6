package chat

import (
	"context"

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
			if err := eachMessage(ctx, tx, c.id, out.Message); err != nil {
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
