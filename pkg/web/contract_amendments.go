package web

import (
	"net/http"

	"courtier/pkg/contract"
)

// amendmentResponse is the API's answer with an amendment.
type amendmentResponse struct {
	Amendment *contract.Amendment `json:"amendment"`
}

// handleProposeAmendment prices a change of a contract in force and keeps
// it as its draft amendment, for its owner or an agent preparing it for a
// client who called (201).
func (s *Server) handleProposeAmendment(w http.ResponseWriter, r *http.Request) error {
	var d contract.AmendmentDraft
	if err := decodeJSON(w, r, contractMaxBytes, &d); err != nil {
		return err
	}
	a, err := s.contracts.ProposeAmendment(r.Context(), actorOf(r), r.PathValue("id"), d)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, amendmentResponse{a})
	return nil
}

// handleAmendmentCode sends the code that signs a draft amendment to the
// contract's owner.
func (s *Server) handleAmendmentCode(w http.ResponseWriter, r *http.Request) error {
	sent, err := s.contracts.SendAmendmentCode(r.Context(), actorOf(r), r.PathValue("id"), r.PathValue("aid"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, sent)
	return nil
}

// handleSignAmendment signs a draft amendment with the code received and
// answers the contract as changed.
func (s *Server) handleSignAmendment(w http.ResponseWriter, r *http.Request) error {
	var sg contract.AmendmentSigning
	if err := decodeJSON(w, r, contractMaxBytes, &sg); err != nil {
		return err
	}
	sg.Client = contract.Client{IP: clientAddr(r), UserAgent: r.UserAgent()}
	c, err := s.contracts.SignAmendment(r.Context(), actorOf(r), r.PathValue("id"), r.PathValue("aid"), sg)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, contractResponse{c})
	return nil
}
