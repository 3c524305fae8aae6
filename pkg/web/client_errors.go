package web

import (
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"courtier/pkg/apperr"
)

// clientErrorMaxBytes bounds a report: a message, a route and a time.
const clientErrorMaxBytes = 2048

// clientError is what the browser's error screen reports: no personal data.
type clientError struct {
	Message string `json:"message"`
	Route   string `json:"route"`
	Time    string `json:"time"`
}

func (c clientError) validate() error {
	switch {
	case strings.TrimSpace(c.Message) == "":
		return apperr.FieldErrorf("message", "Le message d’erreur est obligatoire.")
	case utf8.RuneCountInString(c.Message) > 500:
		return apperr.FieldErrorf("message", "Le message d’erreur dépasse 500 caractères.")
	case !strings.HasPrefix(c.Route, "/") || len(c.Route) > 200 || strings.ContainsAny(c.Route, "?#"):
		return apperr.FieldErrorf("route", "La route doit être un chemin du site, sans paramètres.")
	}
	if _, err := time.Parse(time.RFC3339, c.Time); err != nil {
		return apperr.FieldErrorf("time", "L’heure doit être au format ISO 8601.")
	}
	return nil
}

// handleClientError logs a rendering failure reported by the error screen
// (PRODUCT.md departure 3).
func (s *Server) handleClientError(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, limitCheck{s.errorLimiter, addrKey(r), "Trop de rapports d’erreur."}) {
		return
	}
	var report clientError
	if err := decodeValid(w, r, clientErrorMaxBytes, &report); err != nil {
		writeError(w, r, s.logger, err)
		return
	}
	s.logger.Warn("erreur signalée par le navigateur",
		"message", report.Message, "route", report.Route, "time", report.Time)
	w.WriteHeader(http.StatusNoContent)
}
