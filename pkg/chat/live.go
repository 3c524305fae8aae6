package chat

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/chatbot"
	"courtier/pkg/store"
)

// The states of a conversation in agent mode (docs/live-chat.md).
const (
	// StateWaiting: the visitor asked for an agent, none took it yet.
	StateWaiting = "waiting"
	// StateLive: an agent holds the conversation.
	StateLive = "live"
)

// DefaultCallbackAfter is how long a visitor waits for an agent before
// the widget offers to be called back.
const DefaultCallbackAfter = 3 * time.Minute

// Live is the state of a conversation in agent mode, as its visitor sees it.
type Live struct {
	State string `json:"state"`
	// Agent is the real agent who holds it, when live.
	Agent *Agent `json:"agent,omitempty"`
	// WaitingSince is when the visitor asked for an agent.
	WaitingSince *time.Time `json:"waitingSince,omitempty"`
	// CallbackAfterMs is how long the visitor waits before the widget
	// offers a callback.
	CallbackAfterMs int64 `json:"callbackAfterMs"`
	// AgentRead is the last message ID the agents have read.
	AgentRead int64 `json:"agentRead"`
}

// State is who answers a conversation now, and whether an agent could.
type State struct {
	Mode      Mode  `json:"mode"`
	Live      *Live `json:"live"`
	Available bool  `json:"available"`
}

// Update is what a visitor's stream or poll reads: the messages after
// the last ID it holds whose time has come, the state, and when the next
// message stamped in the future is due.
type Update struct {
	State    State
	Messages []Message
	// Due is how long until a message already written becomes due, by
	// the service's clock; zero if none.
	Due time.Duration
}

// maxBatch bounds the messages read at once by a stream or a poll; a
// reader behind reads again at once.
const maxBatch = 200

// liveOf is the Live state of c, nil in bot mode.
func (s *Service) liveOf(ctx context.Context, tx *store.Tx, c *conversation) (*Live, error) {
	if c.mode != ModeAgent {
		return nil, nil
	}
	l := &Live{State: StateWaiting, CallbackAfterMs: s.callbackAfter.Milliseconds(), AgentRead: c.agentRead}
	if c.agentUID != "" {
		name, err := displayName(ctx, tx, c.agentUID)
		if err != nil {
			return nil, err
		}
		a := RealAgent(name)
		l.State, l.Agent = StateLive, &a
	}
	if !c.waitingSince.IsZero() {
		t := c.waitingSince
		l.WaitingSince = &t
	}
	return l, nil
}

// displayName is how uid is named to others: their display name, or their e-mail.
func displayName(ctx context.Context, tx *store.Tx, uid string) (string, error) {
	p, ok, err := account.PersonOf(ctx, tx, uid)
	if err != nil {
		return "", fmt.Errorf("nom du conseiller: %w", err)
	}
	if !ok {
		return "Un conseiller", nil
	}
	return p.Name, nil
}

// stateOf is the State of c now.
func (s *Service) stateOf(ctx context.Context, tx *store.Tx, c *conversation) (State, error) {
	l, err := s.liveOf(ctx, tx, c)
	return State{Mode: c.mode, Live: l, Available: s.Available()}, err
}

// Since reads the messages of the conversation of token after the ID
// after, oldest first, up to the first one stamped later than now, with
// the state: what a visitor's stream sends and its polling fallback answers.
func (s *Service) Since(ctx context.Context, v Viewer, token string, after int64) (*Update, error) {
	now := s.now()
	out := &Update{Messages: []Message{}}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := findConversation(ctx, tx, token, v.UID)
		if err != nil {
			return err
		}
		if out.State, err = s.stateOf(ctx, tx, c); err != nil {
			return err
		}
		msgs, err := messagesAfter(ctx, tx, c.id, after, maxBatch)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if m.Timestamp.After(now) {
				out.Due = m.Timestamp.Sub(now)
				break
			}
			out.Messages = append(out.Messages, m)
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("lecture des nouveaux messages", err)
	}
	return out, nil
}

// storedID is the stored ID of the conversation of token, if v may see it.
func (s *Service) storedID(ctx context.Context, v Viewer, token string) (string, error) {
	var id string
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := findConversation(ctx, tx, token, v.UID)
		if err == nil {
			id = c.id
		}
		return err
	})
	return id, err
}

// Subscribe opens the live subscription of the visitor's stream on the
// conversation of token; Unsubscribe closes it.
func (s *Service) Subscribe(ctx context.Context, v Viewer, token string) (*Sub, error) {
	id, err := s.storedID(ctx, v, token)
	if err != nil {
		return nil, s.fail("abonnement à une conversation", err)
	}
	return s.hub.subscribe(id), nil
}

// Unsubscribe closes a subscription of Subscribe or SubscribeStaff.
func (s *Service) Unsubscribe(sub *Sub) { s.hub.unsubscribe(sub) }

// VisitorTyping tells the agents that the visitor of token is typing, or stopped.
func (s *Service) VisitorTyping(ctx context.Context, v Viewer, token string, typing bool) error {
	if err := s.allowMessage(ctx, token); err != nil {
		return err
	}
	id, err := s.storedID(ctx, v, token)
	if err != nil {
		return s.fail("indicateur de saisie", err)
	}
	s.signal(ctx, staffTopic, Signal{Kind: "typing", Conversation: id, Typing: typing})
	return nil
}

// VisitorRead records that the visitor of token has read up to message
// upTo, and tells the agents.
func (s *Service) VisitorRead(ctx context.Context, v Viewer, token string, upTo int64) error {
	if err := s.allowMessage(ctx, token); err != nil {
		return err
	}
	var id string
	var read int64
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := findConversation(ctx, tx, token, v.UID)
		if err != nil {
			return err
		}
		id = c.id
		read, err = markRead(ctx, tx, c.id, "visitor_read", upTo)
		return err
	})
	if err != nil {
		return s.fail("accusé de lecture", err)
	}
	s.signal(ctx, staffTopic, Signal{Kind: "read", Conversation: id, UpTo: read})
	return nil
}

// LastMessageID is the highest message ID: where a new agent stream starts.
func (s *Service) LastMessageID(ctx context.Context) (int64, error) {
	var id int64
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		id, err = lastMessageID(ctx, tx)
		return err
	})
	if err != nil {
		return 0, s.fail("dernier message", err)
	}
	return id, nil
}

// changed wakes the streams of conversation id and every agent's: its
// state changed (hand-off, take, transfer, end), which every inbox shows.
func (s *Service) changed(id string) { s.hub.wake(id, staffTopic) }

// wrote wakes the streams of conversation id after a message: in bot
// mode, the visitor's alone (the assistant's conversations are in no
// inbox); in agent mode, also the agents' concerned (see hub.wakeStaff).
func (s *Service) wrote(id string, mode Mode, holder string) {
	s.hub.wake(id)
	if mode == ModeAgent {
		s.hub.wakeStaff(holder)
	}
}

// Availability tells whether a visitor asking now reaches an agent, in
// the words of the widget: outside the opening hours, with the hours.
func (s *Service) Availability() (bool, string) {
	if s.Available() {
		return true, "Un conseiller est disponible"
	}
	if s.calendar != nil && !s.calendar.OpenAt(s.now()) {
		return false, chatbot.Typeset("Aucun conseiller disponible pour le moment : nous sommes joignables " + s.texts.hours + ".")
	}
	return false, "Aucun conseiller disponible pour le moment"
}
