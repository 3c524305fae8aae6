package web

import (
	"context"
	"net/http"

	"courtier/pkg/apperr"
	"courtier/pkg/chat"
	"courtier/pkg/contact"
)

// With no advisor online, the chat offers what works (PRODUCT.md 8): a
// callback at a chosen slot, or a message answered by e-mail, both filed
// in the staff's queue by pkg/contact with the conversation attached, and
// told in the conversation.

// chatContactRequest is the body of POST /api/chat/conversations/{id}/contact:
// a contact message without a subject to choose (the chat's is « Autre »).
type chatContactRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Message string `json:"message"`
	Consent bool   `json:"consent"`
}

// chatFiledBody is the answer of a request filed from the chat: its
// receipt, and the line the conversation shows about it (absent if it
// could not be written: the request is filed all the same).
type chatFiledBody struct {
	Receipt *contact.Receipt `json:"receipt"`
	Message *chat.Message    `json:"message,omitempty"`
}

// handleChatContact files a message answered by e-mail from the conversation {id}.
func (s *Server) handleChatContact(w http.ResponseWriter, r *http.Request) error {
	var req chatContactRequest
	if err := decodeJSON(w, r, contactMaxBytes, &req); err != nil {
		return err
	}
	d := contact.MessageDraft{Name: req.Name, Email: req.Email, Phone: req.Phone, Subject: contact.SubjectOther,
		Message: req.Message, Consent: req.Consent}
	return s.fileFromChat(w, r,
		func(ctx context.Context, conversation string) (*contact.Receipt, error) {
			d.Conversation = conversation
			return s.contact.SendMessage(ctx, actorOf(r), d)
		})
}

// handleChatCallback files a callback request from the conversation {id}.
func (s *Server) handleChatCallback(w http.ResponseWriter, r *http.Request) error {
	var d contact.CallbackDraft
	if err := decodeJSON(w, r, callbackMaxBytes, &d); err != nil {
		return err
	}
	return s.fileFromChat(w, r,
		func(ctx context.Context, conversation string) (*contact.Receipt, error) {
			d.Conversation = conversation
			return s.contact.RequestCallback(ctx, actorOf(r), d)
		})
}

// fileFromChat checks that the viewer may see the conversation {id},
// files the request with it attached, within the same per-address limit
// as the contact page's forms, and tells the conversation.
func (s *Server) fileFromChat(w http.ResponseWriter, r *http.Request,
	file func(ctx context.Context, conversation string) (*contact.Receipt, error)) error {
	if s.chat == nil {
		return apperr.Errorf(apperr.ENOTFOUND, "Le chat n’est pas disponible sur ce serveur.")
	}
	token := r.PathValue("id")
	cid, err := s.chat.svc.Attachable(r.Context(), viewer(r), token)
	if err != nil {
		return err
	}
	rc, err := file(r.Context(), cid)
	if err != nil {
		return err
	}
	body := chatFiledBody{Receipt: rc}
	// The request is filed: a failure to tell the conversation is logged
	// (by the services) and does not turn it into an error.
	if text, err := s.contact.ChatNotice(rc); err == nil {
		body.Message, _ = s.chat.svc.Filed(r.Context(), viewer(r), token, text)
	}
	writeJSON(w, http.StatusCreated, body)
	return nil
}

// conversationMessagesBody is the answer of GET /api/desk/requests/{id}/conversation.
type conversationMessagesBody struct {
	Messages []chat.Message `json:"messages"`
}

// handleDeskConversation answers the chat conversation a request was
// filed from, for staff who may read the request.
func (s *Server) handleDeskConversation(w http.ResponseWriter, r *http.Request) error {
	d, err := s.desk.Get(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	if d.Request.ConversationID == "" || s.chat == nil {
		return apperr.Errorf(apperr.ENOTFOUND, "Cette demande n’a pas été déposée depuis le chat, ou sa conversation a été supprimée.")
	}
	msgs, err := s.chat.svc.AttachedTranscript(r.Context(), actorOf(r), d.Request.ConversationID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, conversationMessagesBody{Messages: msgs})
	return nil
}
