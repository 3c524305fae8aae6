package web

import (
	"net/http"

	"courtier/pkg/claim"
)

// The claims' API: a client declares a loss, adds files and messages and
// follows it; staff read and move it from the request's page.

// claimMaxBytes bounds a declaration or a move: the longest text fields
// with room for JSON escapes.
const claimMaxBytes = 64 << 10

// claimResponse is one claim, as the client or staff read it.
type claimResponse struct {
	Claim any `json:"claim"`
}

// handleDeclareClaim stores a declaration: 201 with the claim, its
// reference and the last day to declare.
func (s *Server) handleDeclareClaim(w http.ResponseWriter, r *http.Request) error {
	var d claim.Draft
	if err := decodeJSON(w, r, claimMaxBytes, &d); err != nil {
		return err
	}
	c, err := s.claims.Declare(r.Context(), actorOf(r), d)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, claimResponse{c})
	return nil
}

// handleListClaims lists the client's claims, newest first.
func (s *Server) handleListClaims(w http.ResponseWriter, r *http.Request) error {
	list, err := s.claims.Mine(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Claims []*claim.Claim `json:"claims"`
	}{list})
	return nil
}

// handleGetClaim reads one of the client's claims; 404 for any other.
func (s *Server) handleGetClaim(w http.ResponseWriter, r *http.Request) error {
	c, err := s.claims.Get(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, claimResponse{c})
	return nil
}

// handleClaimFile answers a file of a claim to its owner or to staff.
func (s *Server) handleClaimFile(w http.ResponseWriter, r *http.Request) error {
	f, name, err := s.claims.FileOf(r.Context(), actorOf(r), r.PathValue("id"), r.PathValue("file"))
	if err != nil {
		return err
	}
	return serveFile(w, r, f, name)
}

// handleAddClaimFile attaches a photo or a document (multipart, field
// "file"), checked by its content and cleaned before it is stored; the
// owner or staff who work on the claim.
func (s *Server) handleAddClaimFile(w http.ResponseWriter, r *http.Request) error {
	f, release, err := s.checkedUpload(w, r)
	if err != nil {
		return err
	}
	defer release()
	c, err := s.claims.AddFile(r.Context(), actorOf(r), r.PathValue("id"),
		claim.Upload{Name: f.Name, MIME: f.MIME, Data: f.Data, SHA256: f.SHA256})
	return s.writeClaim(w, r, c, err)
}

// handleClaimMessage adds a message to a claim's thread.
func (s *Server) handleClaimMessage(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Body string `json:"body"`
	}
	if err := decodeJSON(w, r, claimMaxBytes, &in); err != nil {
		return err
	}
	c, err := s.claims.Write(r.Context(), actorOf(r), r.PathValue("id"), in.Body)
	return s.writeClaim(w, r, c, err)
}

// handleDeskClaim reads a claim for staff, with the moves they may make.
func (s *Server) handleDeskClaim(w http.ResponseWriter, r *http.Request) error {
	c, err := s.claims.StaffDetail(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, claimResponse{c})
	return nil
}

// handleMoveClaim gives a claim its next status.
func (s *Server) handleMoveClaim(w http.ResponseWriter, r *http.Request) error {
	var in claim.MoveInput
	if err := decodeJSON(w, r, claimMaxBytes, &in); err != nil {
		return err
	}
	c, err := s.claims.Move(r.Context(), actorOf(r), r.PathValue("id"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, claimResponse{c})
	return nil
}

// handleClaimResponsibility records the responsibility the insurer
// retained for a vehicle's claim (it moves the bonus-malus at renewal).
func (s *Server) handleClaimResponsibility(w http.ResponseWriter, r *http.Request) error {
	var in claim.ResponsibilityInput
	if err := decodeJSON(w, r, claimMaxBytes, &in); err != nil {
		return err
	}
	c, err := s.claims.SetResponsibility(r.Context(), actorOf(r), r.PathValue("id"), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, claimResponse{c})
	return nil
}

// handleClaimCounts are the claims' figures for staff.
func (s *Server) handleClaimCounts(w http.ResponseWriter, r *http.Request) error {
	c, err := s.claims.Counts(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

// writeClaim answers 201 with the claim a file or a message was added
// to: as its owner reads it, or as staff read it at the desk (with the
// moves they may make).
func (s *Server) writeClaim(w http.ResponseWriter, r *http.Request, c *claim.Claim, err error) error {
	if err != nil {
		return err
	}
	if actor := actorOf(r); actor.IsStaff() {
		sc, err := s.claims.StaffDetail(r.Context(), actor, c.ID)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusCreated, claimResponse{sc})
		return nil
	}
	writeJSON(w, http.StatusCreated, claimResponse{c})
	return nil
}
