package chat

import (
	"context"
	"database/sql"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// Attach makes the visitor conversation of token the signed-in viewer's:
// from then on it is in their data export, it goes with their account, and
// nobody else reads it, not even with its ID. The site asks for it right
// after a sign-in or a sign-up, with the ID this browser keeps. A
// conversation already theirs is left as it is; one that belongs to
// someone else, or none, is ENOTFOUND, as everywhere in the chat.
func (s *Service) Attach(ctx context.Context, v Viewer, token string) error {
	if err := s.allowMessage(ctx, token); err != nil {
		return err
	}
	if v.UID == "" {
		return apperr.Errorf(apperr.EUNAUTHORIZED, "Vous devez être connecté.")
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := findForWrite(ctx, tx, token, v.UID)
		return err
	})
	if err != nil {
		return s.fail("rattachement d'une conversation", err)
	}
	return nil
}

// findForWrite reads the conversation of token for a change by viewer uid
// and, when a signed-in viewer writes in a visitor conversation, makes it
// theirs in the same transaction: a message written while signed in never
// lands in a conversation that anyone holding the ID can read.
func findForWrite(ctx context.Context, tx *store.Tx, token, uid string) (*conversation, error) {
	c, err := findConversation(ctx, tx, token, uid)
	if err != nil || c.uid.Valid || uid == "" {
		return c, err
	}
	// Write transactions are serialised (BEGIN IMMEDIATE): uid is still NULL here.
	if err := setOwner(ctx, tx, c.id, uid); err != nil {
		return nil, err
	}
	c.uid = sql.NullString{String: uid, Valid: true}
	return c, nil
}
