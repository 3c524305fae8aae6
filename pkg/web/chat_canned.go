package web

import (
	"net/http"
	"strconv"

	"courtier/pkg/apperr"
	"courtier/pkg/chat"
	"courtier/pkg/desk"
)

// cannedMaxBytes bounds a canned answer's body: 80 + 1,000 characters,
// each of which JSON may escape into 12 bytes.
const cannedMaxBytes = 16 << 10

// deskClientFilter is the queue's filter of a client's requests, open or
// not: the live chat shows an agent what else this client asked.
func deskClientFilter(uid string) desk.Filter {
	return desk.Filter{Client: uid, State: "all", Limit: 20}
}

type cannedRequest struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

func (s *Server) handleCannedList(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	list, err := s.chat.svc.CannedAnswers(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Canned []chat.Canned `json:"canned"`
	}{list})
	return nil
}

func (s *Server) handleCannedCreate(w http.ResponseWriter, r *http.Request) error {
	return s.saveCanned(w, r, 0, http.StatusCreated)
}

func (s *Server) handleCannedUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := cannedID(r)
	if err != nil {
		return err
	}
	return s.saveCanned(w, r, id, http.StatusOK)
}

func (s *Server) saveCanned(w http.ResponseWriter, r *http.Request, id int64, status int) error {
	if s.chat == nil {
		return errNoChat()
	}
	var req cannedRequest
	if err := decodeJSON(w, r, cannedMaxBytes, &req); err != nil {
		return err
	}
	c, err := s.chat.svc.SaveCanned(r.Context(), actorOf(r), id, req.Title, req.Text)
	if err != nil {
		return err
	}
	writeJSON(w, status, struct {
		Canned *chat.Canned `json:"canned"`
	}{c})
	return nil
}

func (s *Server) handleCannedDelete(w http.ResponseWriter, r *http.Request) error {
	if s.chat == nil {
		return errNoChat()
	}
	id, err := cannedID(r)
	if err != nil {
		return err
	}
	if err := s.chat.svc.DeleteCanned(r.Context(), actorOf(r), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// cannedID reads the path's canned answer number; junk is not found.
func cannedID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("n"), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.Errorf(apperr.ENOTFOUND, "Cette réponse type n’existe pas ou a été supprimée.")
	}
	return id, nil
}
