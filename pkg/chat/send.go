package chat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/chatbot"
	"courtier/pkg/input"
	"courtier/pkg/store"
)

// MaxMessageLen is the longest message accepted, in characters.
const MaxMessageLen = 1000

// message is how a chat message is cleaned (pkg/input): line breaks and
// tabs kept, other control characters removed, as pasted text has always
// been taken; invisible characters that disguise text refused.
var message = input.Field{
	Name:         "text",
	Max:          MaxMessageLen,
	Multiline:    true,
	DropControls: true,
	Required:     "Écrivez un message avant de l’envoyer.",
	TooLong:      "Votre message dépasse 1\u00a0000 caractères\u00a0: raccourcissez-le.",
	Invalid:      "Votre message contient des caractères non autorisés.",
}

// CleanMessage returns text as it is stored: in NFC, without control
// characters other than line breaks and tabs, and without surrounding
// blanks. An empty or blank-only message is refused (SPEC.md §5), and so
// are one longer than MaxMessageLen characters and one holding bidi
// controls or other invisible format characters.
func CleanMessage(text string) (string, error) {
	return message.Clean(text)
}

// Send adds the message text of v to the conversation of token and
// answers it: the chatbot in bot mode, with the advisor follow-up when
// the reply suggests an agent. In agent mode, the agent who holds the
// conversation answers through the streams; while none holds it and none
// is online, nobody answers in their place (PRODUCT.md 8): the message
// waits in the agents' inbox and the Exchange's Offer tells the widget to
// offer a callback or a message answered by e-mail. An agent who holds it
// but has left (their page closed, their presence lapsed) lets it go: the
// visitor is told, and it waits for the next one.
// A signed-in viewer writing in a visitor conversation makes it theirs,
// in the same transaction (see Attach).
func (s *Service) Send(ctx context.Context, v Viewer, token, text string) (*Exchange, error) {
	if err := s.allowMessage(ctx, token); err != nil {
		return nil, err
	}
	text, err := CleanMessage(text)
	if err != nil {
		return nil, err
	}
	now := s.now()
	lines, mine := s.lookUp(ctx, v, text)
	if ex, done, err := s.sendToBot(ctx, v, token, text, lines, mine, now); done {
		if err != nil {
			return nil, s.fail("envoi d'un message", err)
		}
		return ex, nil
	}
	var ex *Exchange
	var id, holder string
	// The messages of several visitors share a commit (store.Batcher): a
	// message is acknowledged once its transaction is committed.
	err = s.batchMessages(ctx, func(ctx context.Context, tx *store.Tx) error {
		c, err := findForWrite(ctx, tx, token, v.UID)
		if err != nil {
			return err
		}
		id, holder = c.id, c.agentUID
		user := Message{Sender: SenderUser, Text: text, Timestamp: now}
		var replies []Message
		var own *Message
		ex = &Exchange{Mode: c.mode}
		if c.mode == ModeAgent && c.agentUID != "" {
			gone, err := s.letGoIfAbsent(ctx, tx, c, now)
			if err != nil {
				return err
			}
			replies = gone
		}
		switch {
		case c.mode == ModeBot:
			replies, own = s.botReplies(c, v, text, lines, mine, now)
		case c.agentUID == "" && !s.Available():
			ex.Offer = true
		}
		if err := insertExchange(ctx, tx, c.id, &user, replies); err != nil {
			return err
		}
		ex.Messages, ex.Mine = append([]Message{user}, replies...), own
		return saveConversation(ctx, tx, c, now)
	})
	if err != nil {
		return nil, s.fail("envoi d'un message", err)
	}
	if len(ex.Messages) > 1 && ex.Messages[1].Sender == SenderSystem {
		// The holder was let go: every inbox shows it waiting again.
		s.changed(id)
	} else {
		s.wrote(id, ex.Mode, holder)
	}
	return ex, nil
}

// errStale is a compare-and-set that found the conversation changed
// since it was read.
var errStale = errors.New("conversation modifiée entre la lecture et l'écriture")

// sendToBot is Send in a bot conversation, the common case, with as little
// as it can in the writer's transaction: the conversation is read and the
// chatbot answers before the write queues for the writer, where an UPDATE
// only if nothing changed meanwhile (mode, context, owner) and the two
// INSERTs are all that runs. done is false when Send must take the general
// path: the conversation is in agent mode, a signed-in viewer takes over a
// visitor's conversation, or it changed between the read and the write
// (then nothing was written).
func (s *Service) sendToBot(ctx context.Context, v Viewer, token, text string, lines []chatbot.Assistance, mine *chatbot.Mine, now time.Time) (ex *Exchange, done bool, err error) {
	c, err := findConversation(ctx, s.db.Reader(), token, v.UID)
	if err != nil {
		return nil, true, err
	}
	if c.mode != ModeBot || !c.uid.Valid && v.UID != "" {
		return nil, false, nil
	}
	seen := c.ucJSON
	user := Message{Sender: SenderUser, Text: text, Timestamp: now}
	replies, own := s.botReplies(c, v, text, lines, mine, now)
	uc, err := json.Marshal(c.uc)
	if err != nil {
		return nil, true, fmt.Errorf("contexte de conversation: %w", err)
	}
	if s.beforeWrite != nil {
		s.beforeWrite()
	}
	err = s.batchMessages(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := saveBotContext(ctx, tx, c, string(uc), seen, now); err != nil {
			return err
		}
		return insertExchange(ctx, tx, c.id, &user, replies)
	})
	if errors.Is(err, errStale) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	s.wrote(c.id, ModeBot, c.agentUID)
	return &Exchange{Mode: ModeBot, Messages: append([]Message{user}, replies...), Mine: own}, true, nil
}

// letGoIfAbsent puts c back in the waiting list when the agent who holds
// it is no longer present, and answers the notice the visitor reads.
func (s *Service) letGoIfAbsent(ctx context.Context, tx *store.Tx, c *conversation, now time.Time) ([]Message, error) {
	p, ok, err := account.PersonOf(ctx, tx, c.agentUID)
	if err != nil {
		return nil, fmt.Errorf("présence du conseiller: %w", err)
	}
	name := "Votre conseiller"
	if ok && p.IsStaff() {
		name = p.Name
		present, err := presentSince(ctx, tx, c.agentUID, now.Add(-PresenceTTL))
		if err != nil {
			return nil, fmt.Errorf("présence du conseiller: %w", err)
		}
		if present {
			return nil, nil
		}
	}
	c.agentUID, c.waitingSince = "", now
	return []Message{{Sender: SenderSystem, Text: s.texts.notHere(name, s.Available()), Timestamp: now}}, nil
}

// botReplies answers text of viewer v with the chatbot and moves the
// context on; a signed-in client gets the replies of the signed in, and
// in an emergency the assistance lines of their contracts. own is the
// paragraph about the client's own business (mine), shown but not stored:
// the replies, which are, say only the general answer and its intent.
func (s *Service) botReplies(c *conversation, v Viewer, text string, lines []chatbot.Assistance, mine *chatbot.Mine, now time.Time) (replies []Message, own *Message) {
	var r chatbot.Reply
	c.uc.SignedIn = v.UID != ""
	r, c.uc = s.bot().Answer(chatbot.Input{Context: c.uc, Text: text, Assistance: lines, Mine: mine})
	out := []Message{{Sender: SenderBot, Text: r.Text, Links: r.Links, Intent: r.Intent, Timestamp: now}}
	if r.Mine != "" {
		own = &Message{Sender: SenderBot, Text: r.Mine, Links: r.MineLinks, Intent: r.Intent, Timestamp: now}
	}
	if r.SuggestsAgent {
		out = append(out, Message{Sender: SenderBot, Text: s.texts.followUp, Timestamp: now})
	}
	return out, own
}

// lookUp reads what the reply to text of signed-in viewer v needs of
// their own business, before any transaction, and only for the intents
// that say it, as it reads the contracts and the claims: the assistance
// lines of their contracts in an emergency, their claims, contracts and
// next debit for chatbot.WantsMine. A failure is logged and the reply
// goes without them, as general: a message is always answered.
func (s *Service) lookUp(ctx context.Context, v Viewer, text string) ([]chatbot.Assistance, *chatbot.Mine) {
	if v.UID == "" || s.assistance == nil && s.mine == nil {
		return nil, nil
	}
	switch intent := s.bot().Detect(text); {
	case intent == chatbot.Emergency && s.assistance != nil:
		lines, err := s.assistance(ctx, v.UID)
		if err != nil {
			_ = s.fail("lignes d'assistance", err, "uid", v.UID)
			return nil, nil
		}
		return lines, nil
	case chatbot.WantsMine(intent) && s.mine != nil:
		mine, err := s.mine(ctx, v.UID)
		if err != nil {
			_ = s.fail("dossier du client", err, "uid", v.UID)
			return nil, nil
		}
		return nil, mine
	}
	return nil, nil
}

// SetMode switches the conversation of token to mode (SPEC.md §4, Chat
// mode). To the agent: when one is available, the visitor is told one is
// coming and the conversation waits in the agents' inbox; when none is,
// it stays with the assistant and says so plainly, once, with what works
// instead, and the Exchange's Offer tells the widget to offer a callback
// or a message answered by e-mail (PRODUCT.md 8: no persona « connects »,
// nobody greets in the name of an absent agent). Back to the assistant
// (from anyone, at any time): a system message and a bot message, and the
// agent who held it is let go. Asking for the mode already on changes
// nothing; a signed-in viewer's switch in a visitor conversation makes it
// theirs, as Send does.
func (s *Service) SetMode(ctx context.Context, v Viewer, token string, mode Mode) (*Exchange, error) {
	if err := s.allowMessage(ctx, token); err != nil {
		return nil, err
	}
	if mode != ModeBot && mode != ModeAgent {
		return nil, apperr.FieldErrorf("mode", "Le mode doit être «\u00a0bot\u00a0» ou «\u00a0agent\u00a0».")
	}
	now := s.now()
	ex := &Exchange{Mode: mode, Messages: []Message{}}
	var id string
	err := s.writeMessages(ctx, func(tx *store.Tx) error {
		c, err := findForWrite(ctx, tx, token, v.UID)
		if err != nil || c.mode == mode {
			return err
		}
		id = c.id
		if mode == ModeAgent && !s.Available() {
			ex.Mode, ex.Offer = ModeBot, true
			return s.sayNobody(ctx, tx, c, now, ex)
		}
		c.mode = mode
		c.agentUID, c.waitingSince = "", time.Time{}
		switch {
		case mode == ModeBot:
			ex.Messages = []Message{{Sender: SenderSystem, Text: s.texts.backToBot, Timestamp: now}, {Sender: SenderBot, Text: s.texts.botIsBack, Timestamp: now}}
		default:
			c.waitingSince = now
			ex.Messages = []Message{{Sender: SenderSystem, Text: s.texts.waiting, Timestamp: now}}
		}
		if err := s.insertAll(ctx, tx, c.id, ex.Messages); err != nil {
			return err
		}
		return saveConversation(ctx, tx, c, now)
	})
	if err != nil {
		return nil, s.fail("changement de mode", err)
	}
	switch {
	case ex.Offer && len(ex.Messages) > 0:
		s.wrote(id, ModeBot, "")
	case id != "" && !ex.Offer:
		s.changed(id)
	}
	return ex, nil
}

// sayNobody adds to the bot conversation c the line that no advisor is
// online, unless it is its last message already (a visitor who presses
// « Parler à un agent » again reads it once).
func (s *Service) sayNobody(ctx context.Context, tx *store.Tx, c *conversation, now time.Time, ex *Exchange) error {
	last, err := lastMessage(ctx, tx, c.id)
	if err != nil || last.Sender == SenderSystem && last.Text == s.texts.nobody {
		return err
	}
	ex.Messages = []Message{{Sender: SenderSystem, Text: s.texts.nobody, Timestamp: now}}
	if err := s.insertAll(ctx, tx, c.id, ex.Messages); err != nil {
		return err
	}
	return touchConversation(ctx, tx, c.id, now)
}

// insertAll stores msgs in conversation id.
func (s *Service) insertAll(ctx context.Context, tx *store.Tx, id string, msgs []Message) error {
	if len(msgs) == 0 {
		return nil
	}
	return insertMessages(ctx, tx, id, nil, msgs)
}
