package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/chat"
)

// liveSmallBody bounds the bodies of typing, read and presence calls.
const liveSmallBody = 1 << 10

// availabilityBody answers whether a visitor asking now reaches an agent.
type availabilityBody struct {
	Available bool   `json:"available"`
	Message   string `json:"message"`
}

// handleChatAvailability tells the widget, before the visitor asks,
// whether an agent can answer (presence), in words that follow the
// opening hours when none can.
func (s *Server) handleChatAvailability(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	ok, msg := s.chat.svc.Availability()
	writeJSON(w, http.StatusOK, availabilityBody{ok, msg})
	return nil
}

func errNoChat() error {
	return apperr.Errorf(apperr.ENOTFOUND, "Le chat n’est pas disponible sur ce serveur.")
}

// pollBody is the polling fallback's answer: what a stream would have sent.
type pollBody struct {
	chat.State
	Messages []chat.Message `json:"messages"`
}

// handleChatPoll answers the messages after ?after=N and the state: the
// widget's fallback where a stream cannot connect, with the same IDs.
func (s *Server) handleChatPoll(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	up, err := s.chat.svc.Since(r.Context(), viewer(r), r.PathValue("id"), lastEventID(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, pollBody{State: up.State, Messages: up.Messages})
	return nil
}

// handleChatEvents is the visitor's stream of their conversation.
func (s *Server) handleChatEvents(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	v, token := viewer(r), r.PathValue("id")
	sub, err := s.chat.svc.Subscribe(r.Context(), v, token)
	if err != nil {
		return err
	}
	defer s.chat.svc.Unsubscribe(sub)
	keys, bounds := []string{"addr " + addrKey(r)}, []int{s.chat.streamsPerAddress}
	if v.UID != "" {
		keys, bounds = append(keys, "uid "+v.UID), append(bounds, s.chat.streamsPerAccount)
	}
	if err := s.chat.gate.enter(keys, bounds); err != nil {
		return err
	}
	defer s.chat.gate.leave(keys)
	var lastState []byte
	read := func(ctx context.Context, sw *sseWriter, after int64) (int64, time.Duration, bool, error) {
		up, err := s.chat.svc.Since(ctx, v, token, after)
		if err != nil {
			return after, 0, false, err
		}
		for _, m := range up.Messages {
			if err := sw.event("message", m.ID, m); err != nil {
				return after, 0, false, err
			}
			after = m.ID
		}
		if st, _ := json.Marshal(up.State); !bytes.Equal(st, lastState) {
			lastState = st
			if err := sw.event("state", 0, up.State); err != nil {
				return after, 0, false, err
			}
		}
		return after, up.Due, len(up.Messages) == maxStreamBatch, nil
	}
	s.runStream(w, r, sub, lastEventID(r), read, visitorSignal, nil)
	return nil
}

// maxStreamBatch is the service's batch: a full one is read again at once.
const maxStreamBatch = 200

// visitorSignal is how a visitor's stream tells what the agent does.
func visitorSignal(sig chat.Signal) (string, any) {
	switch sig.Kind {
	case "typing":
		return "typing", struct {
			Typing bool   `json:"typing"`
			Name   string `json:"name"`
		}{sig.Typing, sig.Name}
	case "read":
		return "read", struct {
			UpTo int64 `json:"upTo"`
		}{sig.UpTo}
	}
	return "", nil
}

func errTooManyStreams() error {
	return &apperr.Error{Code: apperr.ETOOMANY, Message: "Trop de connexions au chat sont ouvertes depuis votre adresse ou votre compte. Fermez un onglet et réessayez.", RetryAfter: 30 * time.Second}
}

// streamRead sends what is newer than after and answers the new last ID,
// how long until the next message stamped in the future is due (zero if
// none), and whether more is waiting to be read at once.
type streamRead func(ctx context.Context, sw *sseWriter, after int64) (int64, time.Duration, bool, error)

// runStream runs a stream until the client leaves, a write fails, the
// reader refuses (the conversation is gone, the agent lost their role) or
// the server stops: it reads once, then again at every wake-up, passes
// the signals, and sends a heartbeat (calling beat) when idle.
func (s *Server) runStream(w http.ResponseWriter, r *http.Request, sub *chat.Sub, after int64,
	read streamRead, signal func(chat.Signal) (string, any), beat func(context.Context) error) {
	ctx := r.Context()
	sw, err := startSSE(w, s.chat.timing.WriteTimeout)
	if err != nil {
		return
	}
	heartbeat := time.NewTicker(s.chat.timing.Heartbeat)
	defer heartbeat.Stop()
	due := time.NewTimer(time.Hour)
	defer due.Stop()
	for {
		next, dueIn, more, err := read(ctx, sw, after)
		if err != nil {
			return
		}
		after = next
		if more {
			continue
		}
		due.Stop()
		dueC := (<-chan time.Time)(nil)
		if dueIn > 0 {
			due.Reset(dueIn + 10*time.Millisecond)
			dueC = due.C
		}
	wait:
		for {
			select {
			case <-ctx.Done():
				return
			case <-s.chat.gate.stop:
				return
			case <-sub.Wake:
				break wait
			case <-dueC:
				break wait
			case sig := <-sub.Signals:
				if name, data := signal(sig); name != "" {
					if sw.event(name, 0, data) != nil {
						return
					}
				}
			case <-heartbeat.C:
				if sw.ping() != nil {
					return
				}
				if beat != nil && beat(ctx) != nil {
					return
				}
			}
		}
	}
}

// typingRequest is the body of a typing call.
type typingRequest struct {
	Typing bool `json:"typing"`
}

// readRequest is the body of a read mark.
type readRequest struct {
	UpTo int64 `json:"upTo"`
}

// handleChatTyping: the visitor types, or stopped.
func (s *Server) handleChatTyping(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	id := r.PathValue("id")
	var req typingRequest
	if err := decodeJSON(w, r, liveSmallBody, &req); err != nil {
		return err
	}
	if err := s.chat.svc.VisitorTyping(r.Context(), viewer(r), id, req.Typing); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// handleChatRead: the visitor has read up to a message.
func (s *Server) handleChatRead(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	id := r.PathValue("id")
	var req readRequest
	if err := decodeJSON(w, r, liveSmallBody, &req); err != nil {
		return err
	}
	if err := s.chat.svc.VisitorRead(r.Context(), viewer(r), id, req.UpTo); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// handleStaffEvents is an agent's stream: the messages of the
// conversations they may read, the inbox's changes, typing and read
// marks. While it is open the agent is present (available to visitors).
func (s *Server) handleStaffEvents(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	actor := actorOf(r)
	if err := actor.RequireStaff(); err != nil {
		return err
	}
	after, ok := resumeFrom(r)
	if !ok {
		// A first connection starts from now: the page reads the inbox and
		// the open conversation itself.
		var err error
		if after, err = s.chat.svc.LastMessageID(r.Context()); err != nil {
			return err
		}
	}
	keys, bounds := []string{"addr " + addrKey(r), "uid " + actor.UID}, []int{s.chat.streamsPerAddress, s.chat.streamsPerAccount}
	if err := s.chat.gate.enter(keys, bounds); err != nil {
		return err
	}
	defer s.chat.gate.leave(keys)
	sub, err := s.chat.svc.SubscribeStaff(r.Context(), actor)
	if err != nil {
		return err
	}
	defer s.chat.svc.UnsubscribeStaff(r.Context(), actor, sub)
	read := func(ctx context.Context, sw *sseWriter, after int64) (int64, time.Duration, bool, error) {
		list, err := s.chat.svc.StaffSince(ctx, actor, after)
		if err != nil {
			return after, 0, false, err
		}
		for _, m := range list {
			if err := sw.event("message", m.Message.ID, m); err != nil {
				return after, 0, false, err
			}
			after = m.Message.ID
		}
		// Every wake-up is a change of the inbox: a message, a hand-off, presence.
		return after, 0, len(list) == maxStreamBatch, sw.event("inbox", 0, struct{}{})
	}
	token := tokenFrom(r.Context())
	s.runStream(w, r, sub, after, read, staffSignal, func(ctx context.Context) error {
		// A session ended meanwhile (signed out, ended from another
		// device, role changed) ends the stream, and so the presence.
		if _, _, err := s.accounts.Authenticate(ctx, token); err != nil {
			return err
		}
		return s.chat.svc.Present(ctx, actor)
	})
	return nil
}

// resumeFrom is lastEventID, and whether the client named a point at all.
func resumeFrom(r *http.Request) (int64, bool) {
	if r.Header.Get("Last-Event-ID") == "" && r.URL.Query().Get("after") == "" {
		return 0, false
	}
	return lastEventID(r), true
}

// staffSignal is how an agent's stream tells what visitors do.
func staffSignal(sig chat.Signal) (string, any) {
	switch sig.Kind {
	case "typing":
		return "typing", struct {
			Conversation string `json:"conversationId"`
			Typing       bool   `json:"typing"`
		}{sig.Conversation, sig.Typing}
	case "read":
		return "read", struct {
			Conversation string `json:"conversationId"`
			UpTo         int64  `json:"upTo"`
		}{sig.Conversation, sig.UpTo}
	}
	return "", nil
}

// staffConversationBody is a conversation as an agent opens it, with the
// client's requests.
type staffConversationBody struct {
	Conversation *chat.StaffConversation `json:"conversation"`
	Requests     any                     `json:"requests"`
}

func (s *Server) handleInbox(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	in, err := s.chat.svc.Inbox(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, in)
	return nil
}

func (s *Server) handleStaffConversation(w http.ResponseWriter, r *http.Request) error {
	return s.answerStaffConversation(w, r, http.StatusOK)
}

// answerStaffConversation answers the conversation of the path, with the
// requests of its client (none for a visitor).
func (s *Server) answerStaffConversation(w http.ResponseWriter, r *http.Request, status int) error {
	if s.chat == nil {
		return errNoChat()
	}
	actor := actorOf(r)
	c, err := s.chat.svc.StaffConversation(r.Context(), actor, r.PathValue("cid"))
	if err != nil {
		return err
	}
	body := staffConversationBody{Conversation: c, Requests: []struct{}{}}
	if c.Who.UID != "" {
		list, err := s.desk.Queue(r.Context(), actor, deskClientFilter(c.Who.UID))
		if err != nil {
			return err
		}
		body.Requests = list
	}
	writeJSON(w, status, body)
	return nil
}

func (s *Server) handleTakeConversation(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	if err := s.chat.svc.Take(r.Context(), actorOf(r), r.PathValue("cid")); err != nil {
		return err
	}
	return s.answerStaffConversation(w, r, http.StatusOK)
}

func (s *Server) handleStaffReply(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	text, err := decodeChatMessage(w, r)
	if err != nil {
		return err
	}
	m, err := s.chat.svc.Reply(r.Context(), actorOf(r), r.PathValue("cid"), text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, struct {
		Message *chat.Message `json:"message"`
	}{m})
	return nil
}

// staffAction adapts a service call on the path's conversation to a 204.
func (s *Server) staffAction(fn func(*chat.Service) func(context.Context, account.Actor, string) error) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if s.chat == nil {
			return errNoChat()
		}
		if err := fn(s.chat.svc)(r.Context(), actorOf(r), r.PathValue("cid")); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

// staffBody decodes a small JSON body into a T and hands it to fn with
// the actor and the path's conversation; a 204 when it succeeds.
func staffBody[T any](s *Server, fn func(svc *chat.Service, r *http.Request, actor account.Actor, cid string, req T) error) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if s.chat == nil {
			return errNoChat()
		}
		var req T
		if err := decodeJSON(w, r, liveSmallBody, &req); err != nil {
			return err
		}
		if err := fn(s.chat.svc, r, actorOf(r), r.PathValue("cid"), req); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

// handleTransfer: « Transmettre à… » {"to": uid}.
func (s *Server) handleTransfer() apiFunc {
	return staffBody(s, func(c *chat.Service, r *http.Request, a account.Actor, cid string, req transferRequest) error {
		return c.Transfer(r.Context(), a, cid, req.To)
	})
}

// handleStaffTyping: the agent types, or stopped {"typing"}.
func (s *Server) handleStaffTyping() apiFunc {
	return staffBody(s, func(c *chat.Service, r *http.Request, a account.Actor, cid string, req typingRequest) error {
		return c.AgentTyping(r.Context(), a, cid, req.Typing)
	})
}

// handleStaffRead: the agent has read up to a message {"upTo"}.
func (s *Server) handleStaffRead() apiFunc {
	return staffBody(s, func(c *chat.Service, r *http.Request, a account.Actor, cid string, req readRequest) error {
		return c.MarkRead(r.Context(), a, cid, req.UpTo)
	})
}

// handleHandBack: « Retour à l'assistant ».
func (s *Server) handleHandBack() apiFunc {
	return s.staffAction(func(c *chat.Service) func(context.Context, account.Actor, string) error { return c.HandBack })
}

// handleCloseConversation: « Clore ».
func (s *Server) handleCloseConversation() apiFunc {
	return s.staffAction(func(c *chat.Service) func(context.Context, account.Actor, string) error { return c.Close })
}

// transferRequest is the body of « Transmettre à… ».
type transferRequest struct {
	To string `json:"to"`
}

func (s *Server) handlePresence(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	var req struct {
		Away *bool `json:"away"`
	}
	if err := decodeJSON(w, r, liveSmallBody, &req); err != nil {
		return err
	}
	if req.Away == nil {
		return apperr.FieldErrorf("away", "Indiquez si vous êtes absent (true) ou disponible (false).")
	}
	if err := s.chat.svc.SetAway(r.Context(), actorOf(r), *req.Away); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Away bool `json:"away"`
	}{*req.Away})
	return nil
}
