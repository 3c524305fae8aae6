package web

import (
	"net/http"

	"courtier/pkg/contract"
)

// handleRecordPayment records, for staff, a payment received for a
// contract's payment incident (amount, date, way): the incident ends and
// a suspended contract covers again at noon the next day.
func (s *Server) handleRecordPayment(w http.ResponseWriter, r *http.Request) error {
	var p contract.PaymentReceived
	if err := decodeJSON(w, r, contractMaxBytes, &p); err != nil {
		return err
	}
	c, err := s.contracts.RecordPayment(r.Context(), actorOf(r), r.PathValue("id"), p)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, contractResponse{c})
	return nil
}
