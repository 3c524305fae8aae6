package web

import (
	"context"
	"net/http"

	"courtier/pkg/account"
	"courtier/pkg/complaint"
)

// The complaints' body limits: a complaint's texts (about 15 300
// characters at most), each of which JSON may escape into 12 bytes;
// an acknowledgement or an answer of 10 000 characters likewise.
const (
	complaintMaxBytes      = 192 << 10
	complaintReplyMaxBytes = 128 << 10
)

// complaintFiledBody is the answer of a complaint filed: its reference
// and the delays promised.
type complaintFiledBody struct {
	Complaint *complaint.Filed `json:"complaint"`
}

// complaintBody is a complaint as staff read it.
type complaintBody struct {
	Complaint *complaint.Detail `json:"complaint"`
}

// complaintReplyRequest is an acknowledgement or an answer staff write.
type complaintReplyRequest struct {
	Text string `json:"text"`
}

// handleFileComplaint stores a complaint of a visitor or a client; the
// service counts it against the client address.
func (s *Server) handleFileComplaint(w http.ResponseWriter, r *http.Request) error {
	var d complaint.Draft
	if err := decodeJSON(w, r, complaintMaxBytes, &d); err != nil {
		return err
	}
	d.From = clientAddr(r)
	filed, err := s.complaints.File(r.Context(), actorOf(r), d)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, complaintFiledBody{Complaint: filed})
	return nil
}

// handleComplaintDetail answers what the complainant wrote and the
// procedure's dates, for staff.
func (s *Server) handleComplaintDetail(w http.ResponseWriter, r *http.Request) error {
	d, err := s.complaints.StaffDetail(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, complaintBody{Complaint: d})
	return nil
}

// handleAcknowledgeComplaint sends the acknowledgement staff wrote.
func (s *Server) handleAcknowledgeComplaint(w http.ResponseWriter, r *http.Request) error {
	return s.complaintReply(w, r, s.complaints.Acknowledge)
}

// handleAnswerComplaint sends the answer staff wrote.
func (s *Server) handleAnswerComplaint(w http.ResponseWriter, r *http.Request) error {
	return s.complaintReply(w, r, s.complaints.Answer)
}

// complaintReply decodes the text of an acknowledgement or an answer and
// hands it to send, which decides who may.
func (s *Server) complaintReply(w http.ResponseWriter, r *http.Request,
	send func(ctx context.Context, actor account.Actor, id, text string) (*complaint.Detail, error)) error {
	var body complaintReplyRequest
	if err := decodeJSON(w, r, complaintReplyMaxBytes, &body); err != nil {
		return err
	}
	d, err := send(r.Context(), actorOf(r), r.PathValue("id"), body.Text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, complaintBody{Complaint: d})
	return nil
}
