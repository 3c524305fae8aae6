package web

import (
	"net/http"

	"courtier/pkg/app"
)

// clientErrorMaxBytes bounds a report: a message, a route and a time.
const clientErrorMaxBytes = 2048

// handleClientError hands a rendering failure reported by the error
// screen to the App, which limits, checks and logs it (PRODUCT.md
// departure 3).
func (s *Server) handleClientError(w http.ResponseWriter, r *http.Request) {
	var report app.ClientError
	err := decodeJSON(w, r, clientErrorMaxBytes, &report)
	if err == nil {
		err = s.app.ReportClientError(r.Context(), report)
	}
	if err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
