package web

import (
	"net/http"

	"courtier/pkg/desk"
)

// deskMaxBytes bounds the small bodies of the queue (a uid, a status).
const deskMaxBytes = 1 << 10

// noteMaxBytes bounds an internal note: 4 000 characters of up to 4 bytes
// each, JSON escapes included.
const noteMaxBytes = 40 << 10

// deskRequestResponse is the JSON of one request after a staff action.
type deskRequestResponse struct {
	Request *desk.StaffView `json:"request"`
}

// handleDeskQueue answers the queue for staff, nearest deadline first,
// with the kinds and their statuses for the filters:
// GET /api/desk/requests?kind=&status=&state=&assignee=&product=&q=&due=
func (s *Server) handleDeskQueue(w http.ResponseWriter, r *http.Request) error {
	p, err := queryParams(r.URL.Query(), "kind", "status", "state", "assignee", "product", "q", "due")
	if err != nil {
		return err
	}
	list, err := s.desk.Queue(r.Context(), actorOf(r), desk.Filter{
		Kind: desk.Kind(p["kind"]), Status: desk.Status(p["status"]), State: p["state"],
		Assignee: p["assignee"], Product: p["product"], Query: p["q"], Due: p["due"],
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Requests []desk.StaffView `json:"requests"`
		// Kinds name the kinds and their statuses, for the filters.
		Kinds []desk.KindInfo `json:"kinds"`
	}{list, s.desk.Kinds()})
	return nil
}

// handleDeskRequest answers one request for staff: the shared part, its
// history, notes and replies, the hand moves and what the actor can do.
func (s *Server) handleDeskRequest(w http.ResponseWriter, r *http.Request) error {
	d, err := s.desk.Get(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// answerView writes the request after an action, or returns its error.
func answerView(w http.ResponseWriter, v *desk.StaffView, err error) error {
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, deskRequestResponse{Request: v})
	return nil
}

// handleDeskTake: "Prendre en charge".
func (s *Server) handleDeskTake(w http.ResponseWriter, r *http.Request) error {
	v, err := s.desk.Take(r.Context(), actorOf(r), r.PathValue("id"))
	return answerView(w, v, err)
}

// handleDeskRelease: "Remettre dans la file".
func (s *Server) handleDeskRelease(w http.ResponseWriter, r *http.Request) error {
	v, err := s.desk.Release(r.Context(), actorOf(r), r.PathValue("id"))
	return answerView(w, v, err)
}

// handleDeskAssign: "Confier à…" {"uid"}.
func (s *Server) handleDeskAssign(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		UID string `json:"uid"`
	}
	if err := decodeJSON(w, r, deskMaxBytes, &body); err != nil {
		return err
	}
	v, err := s.desk.Assign(r.Context(), actorOf(r), r.PathValue("id"), body.UID)
	return answerView(w, v, err)
}

// handleDeskStatus moves a request by hand {"status"}.
func (s *Server) handleDeskStatus(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Status string `json:"status"`
	}
	if err := decodeJSON(w, r, deskMaxBytes, &body); err != nil {
		return err
	}
	v, err := s.desk.SetStatus(r.Context(), actorOf(r), r.PathValue("id"), desk.Status(body.Status))
	return answerView(w, v, err)
}

// handleDeskNote adds an internal note {"body"}.
func (s *Server) handleDeskNote(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Body string `json:"body"`
	}
	if err := decodeJSON(w, r, noteMaxBytes, &body); err != nil {
		return err
	}
	n, err := s.desk.AddNote(r.Context(), actorOf(r), r.PathValue("id"), body.Body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, struct {
		Note *desk.Note `json:"note"`
	}{n})
	return nil
}

// handleDeskCounts answers the queue at a glance.
func (s *Server) handleDeskCounts(w http.ResponseWriter, r *http.Request) error {
	c, err := s.desk.Counts(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

// handleDeskStaff answers the agents and admins a request can be handed to.
func (s *Server) handleDeskStaff(w http.ResponseWriter, r *http.Request) error {
	list, err := s.desk.Staff(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Staff []desk.Person `json:"staff"`
	}{list})
	return nil
}

// handleMyRequests answers a client's requests of every kind, with what
// the broker answered.
func (s *Server) handleMyRequests(w http.ResponseWriter, r *http.Request) error {
	list, err := s.desk.Mine(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Requests []desk.ClientView `json:"requests"`
	}{list})
	return nil
}
