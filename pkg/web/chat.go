package web

import (
	"cmp"
	"fmt"
	"net/http"

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

// chatAPI is the chat's part of the server: the service (which limits
// the conversations and messages of each address) and the open streams.
type chatAPI struct {
	svc *chat.Service
	// gate bounds the open streams and ends them at shutdown.
	gate                                 *streamGate
	timing                               streamTiming
	streamsPerAddress, streamsPerAccount int
}

// newChatAPI is the chat's part over svc, its streams bounded as the
// table of limits l says (a bound of open connections, which the server
// holds, not a rate).
func newChatAPI(svc *chat.Service, l ratelimit.Limits) *chatAPI {
	if svc == nil {
		return nil
	}
	return &chatAPI{
		svc:    svc,
		gate:   newStreamGate(),
		timing: defaultStreamTiming,
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

// addrKey is the key of r's client address in a per-address bound.
func addrKey(r *http.Request) string { return ratelimit.AddrKey(clientAddr(r)) }

// handleChatStart opens a conversation with the assistant's welcome.
func (s *Server) handleChatStart(w http.ResponseWriter, r *http.Request) {
	if !s.chatReady(w, r) {
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

// handleChatSend adds the visitor's message and answers the replies (the
// service cleans and checks the text).
func (s *Server) handleChatSend(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !s.chatReady(w, r) {
		return
	}
	var req chatMessageRequest
	if err := decodeJSON(w, r, chatMessageMaxBytes, &req); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	ex, err := s.chat.svc.Send(r.Context(), viewer(r), id, req.Text)
	s.writeExchange(w, r, ex, err)
}

// handleChatMode switches between the assistant and the agent.
func (s *Server) handleChatMode(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !s.chatReady(w, r) {
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
	if err := s.chat.svc.Attach(r.Context(), viewer(r), id); err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
