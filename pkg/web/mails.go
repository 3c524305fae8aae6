package web

import (
	"net/http"
	"strconv"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
	"courtier/pkg/mail"
)

// mailsMaxLimit bounds ?limit= of the admins' outbox: the page shows the
// newest, and a number past it is a typo rather than a wish.
const mailsMaxLimit = 1000

// handleAdminMails answers the outbox for an admin, newest first, without
// the bodies, with the counts of every status:
// GET /api/admin/mails?status=pending|sent|failed&limit=1..1000
func (s *Server) handleAdminMails(w http.ResponseWriter, r *http.Request) error {
	p, err := queryParams(r.URL.Query(), "status", "limit")
	if err != nil {
		return err
	}
	f := mail.Filter{Status: mail.Status(p["status"])}
	if v, ok := p["limit"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > mailsMaxLimit {
			return apperr.FieldErrorf("limit", "Le nombre de courriels demandé doit être un entier de 1 à %d.", mailsMaxLimit)
		}
		f.Limit = n
	}
	list, err := s.mail.List(r.Context(), actorOf(r), f)
	if err != nil {
		return err
	}
	counts, err := s.mail.Counts(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Mails  []mail.Mail `json:"mails"`
		Counts mail.Counts `json:"counts"`
	}{list, counts})
	return nil
}

// mailID reads the {id} of a mail's path: a positive number.
func mailID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, apperr.FieldErrorf("id", "Numéro de courriel invalide\u00a0: attendu un entier positif.")
	}
	return id, nil
}

// mailResponse is the JSON of one mail, with its text and HTML parts.
type mailResponse struct {
	Mail *mail.Mail `json:"mail"`
}

// handleAdminMail answers one mail with both its parts, for an admin.
func (s *Server) handleAdminMail(w http.ResponseWriter, r *http.Request) error {
	id, err := mailID(r)
	if err != nil {
		return err
	}
	m, err := s.mail.Get(r.Context(), actorOf(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, mailResponse{m})
	return nil
}

// handleAdminMailRetry puts a failed mail back in the queue (« Renvoyer »)
// and answers it as it now stands.
func (s *Server) handleAdminMailRetry(w http.ResponseWriter, r *http.Request) error {
	id, err := mailID(r)
	if err != nil {
		return err
	}
	if err := s.mail.Retry(r.Context(), actorOf(r), id); err != nil {
		return err
	}
	return s.handleAdminMail(w, r)
}

// handleDeskRequestMails answers the mails of one request for staff,
// without their bodies: whether the client was written to, and whether it
// left. The request is read first, so that an unknown one is a 404 and the
// desk's rule says who may see it.
func (s *Server) handleDeskRequestMails(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if _, err := s.desk.Get(r.Context(), actorOf(r), id); err != nil {
		return err
	}
	list, err := s.mail.List(r.Context(), actorOf(r), mail.Filter{Aggregate: event.RequestAggregate(id)})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Mails []mail.Mail `json:"mails"`
	}{list})
	return nil
}
