package web

import (
	"net/http"

	"courtier/pkg/quote"
)

// quoteMaxBytes bounds a quote request's body: a dozen answers and a
// message of 2 000 characters, each up to 4 bytes in UTF-8.
const quoteMaxBytes = 16 << 10

// quoteResponse is the JSON of one request.
type quoteResponse struct {
	Quote *quote.Request `json:"quote"`
}

// quotesResponse is the JSON of the signed-in user's requests.
type quotesResponse struct {
	Quotes []quote.Request `json:"quotes"`
}

// handleCreateQuote stores a quote request of the signed-in user.
func (s *Server) handleCreateQuote(w http.ResponseWriter, r *http.Request) error {
	var draft quote.Draft
	if err := decodeJSON(w, r, quoteMaxBytes, &draft); err != nil {
		return err
	}
	created, err := s.quotes.Create(r.Context(), actorOf(r), draft)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, quoteResponse{Quote: created})
	return nil
}

// handleListQuotes answers the signed-in user's requests, newest first.
func (s *Server) handleListQuotes(w http.ResponseWriter, r *http.Request) error {
	list, err := s.quotes.List(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quotesResponse{Quotes: list})
	return nil
}

// handleGetQuote answers one request of the signed-in user; someone else's
// gets the same 404 as an unknown id.
func (s *Server) handleGetQuote(w http.ResponseWriter, r *http.Request) error {
	q, err := s.quotes.Get(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quoteResponse{Quote: q})
	return nil
}
