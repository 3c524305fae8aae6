package web

import (
	"context"
	"net/http"
	"time"
)

// handleHealth answers 200 when the database answers, 503 when it does not.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.logger.Warn("contrôle de santé en échec", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "indisponible", "database": "injoignable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
}
