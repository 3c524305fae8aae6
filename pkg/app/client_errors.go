package app

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"courtier/pkg/apperr"
	"courtier/pkg/ratelimit"
)

// ClientError is what the browser's error screen reports: no personal data.
type ClientError struct {
	Message string `json:"message"`
	Route   string `json:"route"`
	Time    string `json:"time"`
}

// validate refuses a report the log must not carry.
func (c ClientError) validate() error {
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

// ReportClientError logs a rendering failure the browser reported
// (PRODUCT.md departure 3). A broken page may report on every render: the
// reports of a client address are limited (ratelimit.ClientErrors) before
// anything else, so that they keep the log readable.
func (a *App) ReportClientError(ctx context.Context, c ClientError) error {
	if err := a.Limits.AllowClient(ctx, ratelimit.ClientErrors, "Trop de rapports d’erreur."); err != nil {
		return err
	}
	if err := c.validate(); err != nil {
		return err
	}
	a.Log.Warn("erreur signalée par le navigateur", "message", c.Message, "route", c.Route, "time", c.Time)
	return nil
}
