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

// actorOf is who sends r: the signed-in user, or a visitor.
func actorOf(r *http.Request) account.Actor {
	u, _ := UserFrom(r.Context())
	return account.ActorOf(u)
}

// handleFileComplaint stores a complaint of a visitor or a client; the
// service counts it against the client address.
func (s *Server) handleFileComplaint(w http.ResponseWriter, r *http.Request) {
	var d complaint.Draft
	if err := decodeJSON(w, r, complaintMaxBytes, &d); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	d.From = clientAddr(r)
	filed, err := s.complaints.File(r.Context(), actorOf(r), d)
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusCreated, complaintFiledBody{Complaint: filed})
}

// handleComplaintDetail answers what the complainant wrote and the
// procedure's dates, for staff.
func (s *Server) handleComplaintDetail(w http.ResponseWriter, r *http.Request) {
	d, err := s.complaints.StaffDetail(r.Context(), actorOf(r), r.PathValue("id"))
	s.writeComplaint(w, r, d, err)
}

// handleAcknowledgeComplaint sends the acknowledgement staff wrote.
func (s *Server) handleAcknowledgeComplaint(w http.ResponseWriter, r *http.Request) {
	s.complaintReply(w, r, s.complaints.Acknowledge)
}

// handleAnswerComplaint sends the answer staff wrote.
func (s *Server) handleAnswerComplaint(w http.ResponseWriter, r *http.Request) {
	s.complaintReply(w, r, s.complaints.Answer)
}

// complaintReply decodes the text of an acknowledgement or an answer and
// hands it to send, which decides who may.
func (s *Server) complaintReply(w http.ResponseWriter, r *http.Request,
	send func(ctx context.Context, actor account.Actor, id, text string) (*complaint.Detail, error)) {
	var body complaintReplyRequest
	if err := decodeJSON(w, r, complaintReplyMaxBytes, &body); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	d, err := send(r.Context(), actorOf(r), r.PathValue("id"), body.Text)
	s.writeComplaint(w, r, d, err)
}

// writeComplaint answers d, or err.
func (s *Server) writeComplaint(w http.ResponseWriter, r *http.Request, d *complaint.Detail, err error) {
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	writeJSON(w, http.StatusOK, complaintBody{Complaint: d})
}
