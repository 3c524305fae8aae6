package web

import (
	"net/http"

	"courtier/pkg/quote"
)

// offersMaxBytes bounds a sending of offers: 5 offers, each of 12
// guarantees of 120 characters, a note of 2 000 and its names, every
// character up to 6 bytes once escaped in JSON, with room to spare.
const offersMaxBytes = 128 << 10

// decisionMaxBytes bounds a client's decision: an offer id, or a reason of
// 1 000 characters.
const decisionMaxBytes = 8 << 10

// offersRequest is the body of POST /api/desk/requests/{id}/offers.
type offersRequest struct {
	Offers []quote.OfferDraft `json:"offers"`
}

// acceptRequest is the body of POST /api/quotes/{id}/accept.
type acceptRequest struct {
	OfferID string `json:"offerId"`
}

// declineRequest is the body of POST /api/quotes/{id}/decline.
type declineRequest struct {
	Reason string `json:"reason"`
}

// handleSendOffers answers a quote request with offers (agent who took
// it, or admin) and returns the staff view of the request.
func (s *Server) handleSendOffers(w http.ResponseWriter, r *http.Request) error {
	var req offersRequest
	if err := decodeJSON(w, r, offersMaxBytes, &req); err != nil {
		return err
	}
	q, err := s.quotes.SendOffers(r.Context(), actorOf(r), r.PathValue("id"), req.Offers)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quoteResponse{Quote: q})
	return nil
}

// handleQuoteStaffDetail answers a quote request's own data for staff:
// the client's answers, the offers, the decline reason.
func (s *Server) handleQuoteStaffDetail(w http.ResponseWriter, r *http.Request) error {
	q, err := s.quotes.StaffDetail(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quoteResponse{Quote: q})
	return nil
}

// handleAcceptOffer records the signed-in client's choice of an offer.
func (s *Server) handleAcceptOffer(w http.ResponseWriter, r *http.Request) error {
	var req acceptRequest
	if err := decodeJSON(w, r, decisionMaxBytes, &req); err != nil {
		return err
	}
	q, err := s.quotes.Accept(r.Context(), actorOf(r), r.PathValue("id"), req.OfferID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quoteResponse{Quote: q})
	return nil
}

// handleDeclineOffers records that the signed-in client declines the
// offers of a request, with their reason.
func (s *Server) handleDeclineOffers(w http.ResponseWriter, r *http.Request) error {
	var req declineRequest
	if err := decodeJSON(w, r, decisionMaxBytes, &req); err != nil {
		return err
	}
	q, err := s.quotes.Decline(r.Context(), actorOf(r), r.PathValue("id"), req.Reason)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quoteResponse{Quote: q})
	return nil
}
