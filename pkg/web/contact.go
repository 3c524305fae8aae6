package web

import (
	"net/http"

	"courtier/pkg/contact"
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

// receiptBody is the answer of a message or callback sent.
type receiptBody struct {
	Receipt *contact.Receipt `json:"receipt"`
}

// handleSendMessage stores a contact message of a visitor or a client.
func (s *Server) handleSendMessage(w http.ResponseWriter, r *http.Request) error {
	var d contact.MessageDraft
	if err := decodeJSON(w, r, contactMaxBytes, &d); err != nil {
		return err
	}
	rc, err := s.contact.SendMessage(r.Context(), actorOf(r), d)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, receiptBody{Receipt: rc})
	return nil
}

// slotsBody is the answer of GET /api/callbacks/slots.
type slotsBody struct {
	Days []contact.Day `json:"days"`
}

// handleCallbackSlots answers the callback slots offered now, by Paris day.
func (s *Server) handleCallbackSlots(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, slotsBody{Days: s.contact.Slots()})
	return nil
}

// handleRequestCallback stores a callback request of a visitor or a client.
func (s *Server) handleRequestCallback(w http.ResponseWriter, r *http.Request) error {
	var d contact.CallbackDraft
	if err := decodeJSON(w, r, callbackMaxBytes, &d); err != nil {
		return err
	}
	rc, err := s.contact.RequestCallback(r.Context(), actorOf(r), d)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, receiptBody{Receipt: rc})
	return nil
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
func (s *Server) handleReplyMessage(w http.ResponseWriter, r *http.Request) error {
	var req replyRequest
	if err := decodeJSON(w, r, replyMaxBytes, &req); err != nil {
		return err
	}
	reply, err := s.contact.Reply(r.Context(), actorOf(r), r.PathValue("id"), req.Body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, replyBody{Reply: reply})
	return nil
}

// handleLogCall records a call made for a callback request (staff).
func (s *Server) handleLogCall(w http.ResponseWriter, r *http.Request) error {
	var req callRequest
	if err := decodeJSON(w, r, callMaxBytes, &req); err != nil {
		return err
	}
	reply, err := s.contact.LogCall(r.Context(), actorOf(r), r.PathValue("id"), req.Outcome, req.Note)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, replyBody{Reply: reply})
	return nil
}

// messageDetailBody and callbackDetailBody are a kind's own part for staff.
type messageDetailBody struct {
	Message *contact.MessageDetail `json:"message"`
}

type callbackDetailBody struct {
	Callback *contact.CallbackDetail `json:"callback"`
}

// handleStaffMessage answers a message's own part (staff).
func (s *Server) handleStaffMessage(w http.ResponseWriter, r *http.Request) error {
	m, err := s.contact.StaffMessage(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, messageDetailBody{Message: m})
	return nil
}

// handleStaffCallback answers a callback's own part (staff).
func (s *Server) handleStaffCallback(w http.ResponseWriter, r *http.Request) error {
	c, err := s.contact.StaffCallback(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, callbackDetailBody{Callback: c})
	return nil
}
