package web

import (
	"context"
	"net/http"
	"time"

	"courtier/pkg/store"
)

// schemaReporter is what a store tells of itself beyond answering: the
// engine and the migration level (*store.DB does), so that a deployment
// sees which instances run on what, and whether the migrations it ran
// before rolling out are there.
type schemaReporter interface {
	Engine() store.Engine
	SchemaVersion(ctx context.Context) (int, error)
}

// health is the answer of /healthz; Engine and Migration are left out for
// a store that does not tell them.
type health struct {
	Status    string `json:"status"`
	Database  string `json:"database"`
	Engine    string `json:"engine,omitempty"`
	Migration int    `json:"migration,omitempty"`
}

// handleHealth answers 200 when the database answers, 503 when it does not,
// with the engine and the migration level read from the database each
// time: an instance still running while another migrates shows the new level.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	h := health{Status: "ok", Database: "ok"}
	err := s.store.Ping(ctx)
	if sr, ok := s.store.(schemaReporter); ok {
		h.Engine = string(sr.Engine())
		if err == nil {
			h.Migration, err = sr.SchemaVersion(ctx)
		}
	}
	if err != nil {
		s.logger.Warn("contrôle de santé en échec", "err", err)
		h.Status, h.Database, h.Migration = "indisponible", "injoignable", 0
		writeJSON(w, http.StatusServiceUnavailable, h)
		return
	}
	writeJSON(w, http.StatusOK, h)
}
