// Package chat holds the conversations of the site's chat widget over the
// store: bot mode answered by pkg/chatbot, agent mode with the real
// agents who are online, and the records of what the chatbot answered
// (SPEC.md §2-§4). No persona ever speaks for an agent who is not there
// (PRODUCT.md departure 8): with nobody online, the conversation says so
// and the widget offers a callback or a message answered by e-mail.
package chat

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/chatbot"
	"courtier/pkg/company"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// Mode is who answers the visitor (SPEC.md §4, Chat mode).
type Mode string

// The modes of a conversation.
const (
	ModeBot   Mode = "bot"
	ModeAgent Mode = "agent"
)

// Sender is who wrote a message (SPEC.md §3, Chat message).
type Sender string

// The senders of messages.
const (
	SenderBot    Sender = "bot"
	SenderUser   Sender = "user"
	SenderAgent  Sender = "agent"
	SenderSystem Sender = "system"
)

// Retention is how long a conversation is kept after its last message,
// as the privacy page says.
const Retention = 365 * 24 * time.Hour

// Message is one message of a conversation (SPEC.md §3).
type Message struct {
	ID        int64          `json:"id"`
	Sender    Sender         `json:"sender"`
	Text      string         `json:"text"`
	Timestamp time.Time      `json:"timestamp"`
	Links     []chatbot.Link `json:"links,omitempty"`
	// Intent is set on the chatbot's replies.
	Intent chatbot.Intent `json:"intent,omitempty"`
	// Agent is set on the agent's messages: the real agent who wrote it.
	Agent *Agent `json:"agent,omitempty"`
	// authorUID is the real agent who wrote it.
	authorUID string
}

// Conversation is a conversation as its visitor sees it.
type Conversation struct {
	// ID is the conversation's secret ID, given once, when it starts.
	ID       string    `json:"id,omitempty"`
	Mode     Mode      `json:"mode"`
	Messages []Message `json:"messages"`
	// Live is the state of agent mode; nil in bot mode.
	Live *Live `json:"live,omitempty"`
}

// Exchange is what one action added to a conversation.
type Exchange struct {
	Mode     Mode
	Messages []Message
	// Offer is set when the visitor asked for an agent and none is
	// online: the widget offers a callback or a message answered by
	// e-mail (FileFrom files either with the conversation attached).
	Offer bool
	// Mine is the bot's paragraph about the signed-in client's own
	// business (chatbot.Reply.Mine): shown after its reply, never stored
	// (the record keeps the intent, not the personal answer), so it has
	// no ID; nil when there is none.
	Mine *Message
}

// Record is a chatbot conversation record (SPEC.md §3).
type Record struct {
	UserInput string         `json:"userInput"`
	Intent    chatbot.Intent `json:"intent"`
	Response  string         `json:"response"`
	Timestamp time.Time      `json:"timestamp"`
}

// Viewer is who asks: a signed-in user (UID and the name to greet them
// by) or a visitor (zero value).
type Viewer struct {
	UID  string
	Name string
}

// Config is what the service is built from; zero fields take the defaults.
type Config struct {
	Logger *slog.Logger
	// Now is the clock of messages; time.Now when nil.
	Now func() time.Time
	// Calendar tells the opening hours, for the words of availability;
	// without it, they are not mentioned.
	Calendar *company.Calendar
	// CallbackAfter is how long a visitor waits for an agent before the
	// widget offers a callback; DefaultCallbackAfter when zero.
	CallbackAfter time.Duration
	// Assistance looks up the assistance lines of the contracts in force
	// of the signed-in user uid, for the chatbot's emergency reply; nil,
	// the reply says where to find them.
	Assistance func(ctx context.Context, uid string) ([]chatbot.Assistance, error)
	// Mine looks up the own business of the signed-in user uid (claims,
	// contracts, next debit), for the chatbot's replies about a claim,
	// the documents, the payment or a cancellation; nil, they stay
	// general.
	Mine func(ctx context.Context, uid string) (*chatbot.Mine, error)
	// Limits are the server's rate limits, built once by pkg/app (the
	// conversations opened and the messages sent, per client address and
	// per conversation); the Default table over Now when nil.
	Limits *ratelimit.Registry
}

// Service runs the conversations.
type Service struct {
	db *store.DB
	// batch commits the messages sent at the same time together (Send).
	batch *store.Batcher
	// bot is built at its first message, or by Warm after « serveur
	// prêt »: stemming its keywords takes tens of milliseconds, once per
	// process, which the start must not wait for.
	bot   func() *chatbot.Engine
	texts texts
	log   *slog.Logger
	now   func() time.Time
	hub   *hub
	// products names the chatbot's products for the agents' inbox.
	products      map[chatbot.Product]string
	callbackAfter time.Duration
	calendar      *company.Calendar
	assistance    func(ctx context.Context, uid string) ([]chatbot.Assistance, error)
	mine          func(ctx context.Context, uid string) (*chatbot.Mine, error)
	limits        *ratelimit.Registry
	// beforeWrite, when set (tests), runs in Send between the read of the
	// conversation and its write.
	beforeWrite func()
}

// New builds the service over db, speaking for the company of profile.
func New(db *store.DB, profile company.Profile, cfg Config) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.CallbackAfter <= 0 {
		cfg.CallbackAfter = DefaultCallbackAfter
	}
	if cfg.Limits == nil {
		cfg.Limits = ratelimit.NewRegistry(ratelimit.Default(), cfg.Now)
	}
	products := map[chatbot.Product]string{}
	for p, page := range BotCompany(profile).Products {
		products[p] = page.Title
	}
	return &Service{
		db: db, batch: store.NewBatcher(db, 0), bot: sync.OnceValue(func() *chatbot.Engine { return NewEngine(profile) }), texts: newTexts(profile), log: cfg.Logger,
		now:      func() time.Time { return cfg.Now().UTC().Truncate(time.Millisecond) },
		hub:      newHub(),
		products: products, callbackAfter: cfg.CallbackAfter, calendar: cfg.Calendar, assistance: cfg.Assistance, mine: cfg.Mine,
		limits: cfg.Limits,
	}
}

// allowMessage takes a token of the limits of a message, a mode switch, a
// typing or read mark or an attachment in conversation token: per client
// address, then per conversation.
func (s *Service) allowMessage(ctx context.Context, token string) error {
	const refused = "Vous envoyez des messages trop rapidement."
	if err := s.limits.AllowClient(ctx, ratelimit.ChatAddress, refused); err != nil {
		return err
	}
	if len(token) != IDLength {
		// Not an ID we hand out (it will get a 404): one shared bucket, so
		// that made-up IDs cannot fill the limiter's memory.
		token = "malformed"
	}
	return s.limits.Allow(ctx, ratelimit.ChatConversation, token, refused)
}

// fail logs a failed operation (apperr.Log) and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// Start opens a conversation for v with the welcome message of SPEC.md §4
// (Chat panel). It shares a commit with the messages being sent (the
// conversations past their retention are deleted apart, PurgeEvery).
func (s *Service) Start(ctx context.Context, v Viewer) (*Conversation, error) {
	if err := s.limits.AllowClient(ctx, ratelimit.ChatStarts, "Trop de conversations ouvertes."); err != nil {
		return nil, err
	}
	token, id, err := store.NewToken()
	if err != nil {
		return nil, s.fail("ouverture", err)
	}
	now := s.now()
	welcome := s.bot().Welcome(v.Name)
	msg := Message{Sender: SenderBot, Text: welcome.Text, Timestamp: now, Intent: welcome.Intent}
	err = s.batchMessages(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := insertConversation(ctx, tx, id, v.UID, now); err != nil {
			return err
		}
		return insertMessage(ctx, tx, id, &msg)
	})
	if err != nil {
		return nil, s.fail("ouverture", err)
	}
	return &Conversation{ID: token, Mode: ModeBot, Messages: []Message{msg}}, nil
}

// Get reads the conversation of token, if v may see it.
func (s *Service) Get(ctx context.Context, v Viewer, token string) (*Conversation, error) {
	var out *Conversation
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := findConversation(ctx, tx, token, v.UID)
		if err != nil {
			return err
		}
		msgs, err := listMessages(ctx, tx, c.id, maxListed)
		if err != nil {
			return err
		}
		out = &Conversation{Mode: c.mode, Messages: msgs}
		out.Live, err = s.liveOf(ctx, tx, c)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture", err)
	}
	return out, nil
}

// Records reads the chatbot records of the conversation of token.
func (s *Service) Records(ctx context.Context, v Viewer, token string) ([]Record, error) {
	var out []Record
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := findConversation(ctx, tx, token, v.UID)
		if err != nil {
			return err
		}
		out, err = listRecords(ctx, tx, c.id)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture des échanges", err)
	}
	return out, nil
}

// Warm builds the assistant's engine now rather than at the first
// message; serve calls it (App.Warm) once ready.
func (s *Service) Warm() { s.bot() }
