package web

import (
	"net/http"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/contact"
	"courtier/pkg/ratelimit"
)

// Body limits: a message of 5,000 characters, each of which JSON may
// escape into 6 bytes, with the sender's few short fields; a staff reply
// is as long; a callback and a call logged are short fields and a note.
const (
	contactMaxBytes  = 40 << 10
	callbackMaxBytes = 8 << 10
	replyMaxBytes    = 40 << 10
	callMaxBytes     = 8 << 10
)

// contactAPI is the contact messages' and callbacks' part of the server:
// the service and the per-address limits (numbers and reasons in
// ratelimit.Default).
type contactAPI struct {
	svc       *contact.Service
	messages  *ratelimit.Limiter
	callbacks *ratelimit.Limiter
}

func newContactAPI(svc *contact.Service, l ratelimit.Limits, now func() time.Time) *contactAPI {
	return &contactAPI{
		svc:       svc,
		messages:  ratelimit.New(l.ContactMessages, now, l.MaxKeys),
		callbacks: ratelimit.New(l.Callbacks, now, l.MaxKeys),
	}
}

// contactActor is who sends or works a request: the signed-in user, or a visitor.
func contactActor(r *http.Request) account.Actor {
	u, ok := UserFrom(r.Context())
	if !ok {
		return account.Visitor
	}
	return account.ActorOf(u)
}

// receiptBody is the answer of a message or callback sent.
type receiptBody struct {
	Receipt *contact.Receipt `json:"receipt"`
}

// handleSendMessage stores a contact message of a visitor or a client.
func (s *Server) handleSendMessage(w http.ResponseWriter, r *http.Request) {
	var d contact.MessageDraft
	if err := decodeJSON(w, r, contactMaxBytes, &d); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	if !s.allow(w, r, limitCheck{s.contact.messages, addrKey(r), "Vous avez envoyé plusieurs messages en peu de temps."}) {
		return
	}
	rc, err := s.contact.svc.SendMessage(r.Context(), contactActor(r), d)
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusCreated, receiptBody{Receipt: rc})
}

// slotsBody is the answer of GET /api/callbacks/slots.
type slotsBody struct {
	Days []contact.Day `json:"days"`
}

// handleCallbackSlots answers the callback slots offered now, by Paris day.
func (s *Server) handleCallbackSlots(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, slotsBody{Days: s.contact.svc.Slots()})
}

// handleRequestCallback stores a callback request of a visitor or a client.
func (s *Server) handleRequestCallback(w http.ResponseWriter, r *http.Request) {
	var d contact.CallbackDraft
	if err := decodeJSON(w, r, callbackMaxBytes, &d); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	if !s.allow(w, r, limitCheck{s.contact.callbacks, addrKey(r), "Vous avez demandé plusieurs rappels en peu de temps."}) {
		return
	}
	rc, err := s.contact.svc.RequestCallback(r.Context(), contactActor(r), d)
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusCreated, receiptBody{Receipt: rc})
}

// replyRequest is the body of a staff reply to a message.
type replyRequest struct {
	Body string `json:"body"`
}

// callRequest is the body of a call logged on a callback.
type callRequest struct {
	Outcome contact.Outcome `json:"outcome"`
	Note    string          `json:"note"`
}

// replyBody is the answer of a reply or a call logged: what the client reads.
type replyBody struct {
	Reply any `json:"reply"`
}

// handleReplyMessage answers a contact message (staff).
func (s *Server) handleReplyMessage(w http.ResponseWriter, r *http.Request) {
	var req replyRequest
	if err := decodeJSON(w, r, replyMaxBytes, &req); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	reply, err := s.contact.svc.Reply(r.Context(), contactActor(r), r.PathValue("id"), req.Body)
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusOK, replyBody{Reply: reply})
}

// handleLogCall records a call made for a callback request (staff).
func (s *Server) handleLogCall(w http.ResponseWriter, r *http.Request) {
	var req callRequest
	if err := decodeJSON(w, r, callMaxBytes, &req); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	reply, err := s.contact.svc.LogCall(r.Context(), contactActor(r), r.PathValue("id"), req.Outcome, req.Note)
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusOK, replyBody{Reply: reply})
}

// handleStaffMessage answers a message's own part (staff).
func (s *Server) handleStaffMessage(w http.ResponseWriter, r *http.Request) {
	m, err := s.contact.svc.StaffMessage(r.Context(), contactActor(r), r.PathValue("id"))
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": m})
}

// handleStaffCallback answers a callback's own part (staff).
func (s *Server) handleStaffCallback(w http.ResponseWriter, r *http.Request) {
	c, err := s.contact.svc.StaffCallback(r.Context(), contactActor(r), r.PathValue("id"))
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"callback": c})
}
