package web

import (
	"cmp"
	"fmt"
	"math"
	"net/http"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/chat"
	"courtier/pkg/ratelimit"
)

// The chat's body limits: a message of 1,000 characters, each of which
// JSON may escape into 12 bytes; a mode switch is one short field.
const (
	chatMessageMaxBytes = 16 << 10
	chatModeMaxBytes    = 1 << 10
)

// chatAPI is the chat's part of the server: the service and its rate
// limits (numbers and reasons in ratelimit.Default).
type chatAPI struct {
	svc *chat.Service
	// starts limits new conversations per address.
	starts *ratelimit.Limiter
	// byIP and byConversation limit messages and mode switches.
	byIP           *ratelimit.Limiter
	byConversation *ratelimit.Limiter
	// gate bounds the open streams and ends them at shutdown.
	gate                                 *streamGate
	timing                               streamTiming
	streamsPerAddress, streamsPerAccount int
}

func newChatAPI(svc *chat.Service, l ratelimit.Limits, now func() time.Time) *chatAPI {
	if svc == nil {
		return nil
	}
	return &chatAPI{
		svc:            svc,
		starts:         ratelimit.New(l.ChatStarts, now, l.MaxKeys),
		byIP:           ratelimit.New(l.ChatAddress, now, l.MaxKeys),
		byConversation: ratelimit.New(l.ChatConversation, now, l.MaxKeys),
		gate:           newStreamGate(),
		timing:         defaultStreamTiming,
		// A table of limits from before the streams gets their defaults.
		streamsPerAddress: cmp.Or(l.StreamsPerAddress, ratelimit.Default().StreamsPerAddress),
		streamsPerAccount: cmp.Or(l.StreamsPerAccount, ratelimit.Default().StreamsPerAccount),
	}
}

// StopStreams ends the live chat's streams and refuses new ones: the
// server is shutting down (Serve calls it as Shutdown begins).
func (s *Server) StopStreams() {
	if s.chat != nil {
		s.chat.gate.Close()
	}
}

// conversationBody is the answer of opening or reading a conversation.
type conversationBody struct {
	Conversation *chat.Conversation `json:"conversation"`
}

// exchangeBody is the answer of a message or a mode switch: the messages
// added, and whether the widget offers a callback or a message answered
// by e-mail (no advisor is online).
type exchangeBody struct {
	Mode     chat.Mode      `json:"mode"`
	Messages []chat.Message `json:"messages"`
	Offer    bool           `json:"offer"`
	// Mine is the paragraph about the signed-in client's own business,
	// shown after the bot's reply and not stored (no ID).
	Mine *chat.Message `json:"mine,omitempty"`
}

type chatMessageRequest struct {
	Text string `json:"text"`
}

type chatModeRequest struct {
	Mode chat.Mode `json:"mode"`
}

// viewer is who asks, for the chat: the signed-in user, or a visitor.
func viewer(r *http.Request) chat.Viewer {
	u, ok := UserFrom(r.Context())
	if !ok {
		return chat.Viewer{}
	}
	name := u.DisplayName
	if name == "" {
		name = u.Email
	}
	return chat.Viewer{UID: u.UID, Name: name}
}

// chatReady answers 404 when the server runs without the chat.
func (s *Server) chatReady(w http.ResponseWriter, r *http.Request) bool {
	if s.chat == nil {
		writeError(w, r, s.logger, apperr.Errorf(apperr.ENOTFOUND, "Le chat n’est pas disponible sur ce serveur."))
		return false
	}
	return true
}

// allow takes a token from each limiter for its key, or answers 429 with
// Retry-After and a French message.
func (s *Server) allow(w http.ResponseWriter, r *http.Request, checks ...limitCheck) bool {
	for _, c := range checks {
		if ok, wait := c.limiter.Allow(c.key); !ok {
			secs := max(1, int(math.Ceil(wait.Seconds())))
			unit := "secondes"
			if secs == 1 {
				unit = "seconde"
			}
			msg := fmt.Sprintf("%s Réessayez dans %d %s.", c.message, secs, unit)
			writeError(w, r, s.logger, &apperr.Error{Code: apperr.ETOOMANY, Message: msg, RetryAfter: wait})
			return false
		}
	}
	return true
}

// keyLimiter is what allow needs of a limiter (ratelimit.Limiter is one).
type keyLimiter interface {
	Allow(key string) (bool, time.Duration)
}

type limitCheck struct {
	limiter keyLimiter
	key     string
	message string
}

// addrKey is the key of r's client address in a per-address limit.
func addrKey(r *http.Request) string { return ratelimit.AddrKey(clientAddr(r)) }

// messageLimits are the limits of a message or a mode switch in conversation id.
func (s *Server) messageLimits(r *http.Request, id string) []limitCheck {
	const msg = "Vous envoyez des messages trop rapidement."
	if len(id) != chat.IDLength {
		// Not an ID we hand out (it will get a 404): one shared bucket, so
		// that made-up IDs cannot fill the limiter's memory.
		id = "malformed"
	}
	return []limitCheck{{s.chat.byIP, addrKey(r), msg}, {s.chat.byConversation, id, msg}}
}

// handleChatStart opens a conversation with the assistant's welcome.
func (s *Server) handleChatStart(w http.ResponseWriter, r *http.Request) {
	if !s.chatReady(w, r) || !s.allow(w, r, limitCheck{s.chat.starts, addrKey(r), "Trop de conversations ouvertes."}) {
		return
	}
	c, err := s.chat.svc.Start(r.Context(), viewer(r))
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusCreated, conversationBody{Conversation: c})
}

// handleChatGet reads a conversation back, after a page change or a reload.
func (s *Server) handleChatGet(w http.ResponseWriter, r *http.Request) {
	if !s.chatReady(w, r) {
		return
	}
	c, err := s.chat.svc.Get(r.Context(), viewer(r), r.PathValue("id"))
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusOK, conversationBody{Conversation: c})
}

// decodeChatMessage reads the text of a message request, cleaned and
// checked: only EINVALID errors, whatever the body.
func decodeChatMessage(w http.ResponseWriter, r *http.Request) (string, error) {
	var req chatMessageRequest
	if err := decodeJSON(w, r, chatMessageMaxBytes, &req); err != nil {
		return "", err
	}
	return chat.CleanMessage(req.Text)
}

// handleChatSend adds the visitor's message and answers the replies.
func (s *Server) handleChatSend(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !s.chatReady(w, r) || !s.allow(w, r, s.messageLimits(r, id)...) {
		return
	}
	text, err := decodeChatMessage(w, r)
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	ex, err := s.chat.svc.Send(r.Context(), viewer(r), id, text)
	s.writeExchange(w, r, ex, err)
}

// handleChatMode switches between the assistant and the agent.
func (s *Server) handleChatMode(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !s.chatReady(w, r) || !s.allow(w, r, s.messageLimits(r, id)...) {
		return
	}
	var req chatModeRequest
	if err := decodeJSON(w, r, chatModeMaxBytes, &req); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	ex, err := s.chat.svc.SetMode(r.Context(), viewer(r), id, req.Mode)
	s.writeExchange(w, r, ex, err)
}

func (s *Server) writeExchange(w http.ResponseWriter, r *http.Request, ex *chat.Exchange, err error) {
	if err != nil {
		writeError(w, r, s.logger, fmt.Errorf("chat: %w", err))
		return
	}
	writeJSON(w, http.StatusOK, exchangeBody{Mode: ex.Mode, Messages: ex.Messages, Offer: ex.Offer, Mine: ex.Mine})
}

// handleChatAttach makes the visitor conversation this browser keeps the
// signed-in user's; the site asks for it right after signing in or up.
func (s *Server) handleChatAttach(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if s.chat == nil {
		return errNoChat()
	}
	if !s.allow(w, r, s.messageLimits(r, id)...) {
		return nil // allow answered 429
	}
	if err := s.chat.svc.Attach(r.Context(), viewer(r), id); err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
