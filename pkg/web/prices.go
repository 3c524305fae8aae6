package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"courtier/pkg/fr"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
)

// The instant prices: the vehicle picker, a price without an account,
// prices kept, and a lead's prices for staff.

// pricesMaxBytes bounds a pricing's body: answers and needs, a few hundred bytes.
const pricesMaxBytes = 16 << 10

// handleVehicles answers the catalogue's vehicles matching what is typed,
// each with its generation and years (toYear 0 while still sold):
// GET /api/vehicles?kind=car|moto&q=…[&year=YYYY].
func (s *Server) handleVehicles(w http.ResponseWriter, r *http.Request) error {
	q, err := queryParams(r.URL.Query(), "kind", "q", "year")
	if err != nil {
		return err
	}
	list, err := s.prices.Vehicles(instant.VehicleQuery{Kind: q["kind"], Q: q["q"], Year: q["year"]})
	if err != nil {
		return err
	}
	setJSONHeaders(w)
	// The catalogue changes with a release: a browser may keep an answer a while.
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.WriteHeader(http.StatusOK)
	return json.NewEncoder(w).Encode(list)
}

// frenchDay writes a YYYY-MM-DD day « 27 décembre 2026 ».
func frenchDay(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return fr.Date(t, time.UTC)
}

// pricedBuffers recycle the answers of POST /api/prices, 21 KB each.
var pricedBuffers = sync.Pool{New: func() any { return new([]byte) }}

// handlePrice prices a profile at once, without an account.
func (s *Server) handlePrice(w http.ResponseWriter, r *http.Request) error {
	var req instant.Ask
	if err := decodeJSON(w, r, pricesMaxBytes, &req); err != nil {
		return err
	}
	q, key, err := s.prices.Price(r.Context(), req)
	if err != nil {
		return err
	}
	// The quote and the key that keeps it, one object, as encoding/json
	// writes a struct embedding the quote beside a "key" field; the
	// result's JSON is the one just saved, copied (Quote.AppendJSON).
	buf := pricedBuffers.Get().(*[]byte)
	defer pricedBuffers.Put(buf)
	b, err := q.AppendJSON((*buf)[:0])
	if err != nil {
		return err
	}
	b = append(b[:len(b)-1], `,"key":`...)
	b = pricing.AppendJSONString(b, key)
	b = append(b, "}\n"...)
	*buf = b
	setJSONHeaders(w)
	w.Header()["Content-Length"] = []string{strconv.Itoa(len(b))}
	w.WriteHeader(http.StatusOK)
	w.Write(b) //nolint:errcheck // the client may be gone
	return nil
}

type pricesResponse struct {
	Quote *instant.Quote `json:"quote"`
}

// handleKeepPrices keeps prices: with the account, or a visitor's e-mail.
func (s *Server) handleKeepPrices(w http.ResponseWriter, r *http.Request) error {
	var req instant.Keeping
	if err := decodeJSON(w, r, accountMaxBytes, &req); err != nil {
		return err
	}
	actor := actorOf(r)
	q, err := s.prices.Keep(r.Context(), actor, r.PathValue("id"), req)
	if err != nil {
		return err
	}
	if !actor.SignedIn() {
		writeJSON(w, http.StatusAccepted, messageBody{Message: "C’est noté\u00a0: un e-mail est en cours d’envoi à " + q.Email +
			" avec un lien pour revoir vos prix jusqu’au " + frenchDay(q.ValidUntil) + "."})
		return nil
	}
	writeJSON(w, http.StatusOK, pricesResponse{Quote: q})
	return nil
}

// handleMyPrices lists the prices the client kept.
func (s *Server) handleMyPrices(w http.ResponseWriter, r *http.Request) error {
	list, err := s.prices.Mine(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Quotes []*instant.Quote `json:"quotes"`
	}{list})
	return nil
}

// handleGetPrices answers kept prices to the account that kept them.
func (s *Server) handleGetPrices(w http.ResponseWriter, r *http.Request) error {
	q, err := s.prices.Get(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, pricesResponse{Quote: q})
	return nil
}

// handlePricesLink answers the prices of a link sent by e-mail.
func (s *Server) handlePricesLink(w http.ResponseWriter, r *http.Request) error {
	q, err := queryParams(r.URL.Query(), "token")
	if err != nil {
		return err
	}
	quote, err := s.prices.OpenLink(r.Context(), actorOf(r), q["token"])
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, pricesResponse{Quote: quote})
	return nil
}

// handleDeskPrices answers a lead's prices to staff.
func (s *Server) handleDeskPrices(w http.ResponseWriter, r *http.Request) error {
	q, err := s.prices.ForRequest(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, pricesResponse{Quote: q})
	return nil
}

// handleLeadToQuote turns a client's lead into a quote request that staff
// answer with offers: 201 and the new request's id and reference.
func (s *Server) handleLeadToQuote(w http.ResponseWriter, r *http.Request) error {
	q, err := s.prices.ToQuote(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, struct {
		ID  string `json:"id"`
		Ref string `json:"ref"`
	}{q.ID, q.Ref})
	return nil
}
