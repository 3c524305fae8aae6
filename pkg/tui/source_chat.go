package tui

import (
	"context"

	"courtier/pkg/chat"
)

// The live chat of appSource: the chat service with the dashboard's
// Actor, which the service confirms in the store at each call (a role
// may change while the dashboard runs). Read-only, each refuses.

func (s *appSource) ChatInbox(ctx context.Context) (*chat.Inbox, error) {
	if err := s.acting(); err != nil {
		return nil, err
	}
	return s.a.Chats.Inbox(ctx, s.actor)
}

func (s *appSource) ChatConversation(ctx context.Context, id string) (*chat.StaffConversation, error) {
	if err := s.acting(); err != nil {
		return nil, err
	}
	return s.a.Chats.StaffConversation(ctx, s.actor, id)
}

func (s *appSource) ChatTake(ctx context.Context, id string) error {
	return s.act(func() error { return s.a.Chats.Take(ctx, s.actor, id) })
}

func (s *appSource) ChatReply(ctx context.Context, id, text string) (*chat.Message, error) {
	if err := s.acting(); err != nil {
		return nil, err
	}
	return s.a.Chats.Reply(ctx, s.actor, id, text)
}

func (s *appSource) ChatTransfer(ctx context.Context, id, toUID string) error {
	return s.act(func() error { return s.a.Chats.Transfer(ctx, s.actor, id, toUID) })
}

func (s *appSource) ChatHandBack(ctx context.Context, id string) error {
	return s.act(func() error { return s.a.Chats.HandBack(ctx, s.actor, id) })
}

func (s *appSource) ChatClose(ctx context.Context, id string) error {
	return s.act(func() error { return s.a.Chats.Close(ctx, s.actor, id) })
}

func (s *appSource) ChatMarkRead(ctx context.Context, id string, upTo int64) error {
	return s.act(func() error { return s.a.Chats.MarkRead(ctx, s.actor, id, upTo) })
}

func (s *appSource) ChatPresent(ctx context.Context) error {
	return s.act(func() error { return s.a.Chats.Present(ctx, s.actor) })
}

func (s *appSource) ChatLeave(ctx context.Context) error {
	return s.act(func() error { return s.a.Chats.Leave(ctx, s.actor) })
}

func (s *appSource) ChatSetAway(ctx context.Context, away bool) error {
	return s.act(func() error { return s.a.Chats.SetAway(ctx, s.actor, away) })
}

func (s *appSource) ChatCanned(ctx context.Context) ([]chat.Canned, error) {
	if err := s.acting(); err != nil {
		return nil, err
	}
	return s.a.Chats.CannedAnswers(ctx, s.actor)
}
