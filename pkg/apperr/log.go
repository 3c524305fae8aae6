package apperr

import (
	"context"
	"errors"
	"log/slog"
)

// Log records a failed operation in French and returns err unchanged:
// expected refusals (bad input, wrong password, limits) are informational,
// a request its client gave up (a closed tab, a stream left) is not the
// server's failure either; anything else is an error an operator must see.
func Log(logger *slog.Logger, op string, err error, attrs ...any) error {
	attrs = append([]any{"op", op}, append(attrs, "err", err)...)
	switch {
	case errors.Is(err, context.Canceled):
		logger.Info("opération abandonnée par le client", attrs...)
	case CodeOf(err) == EINTERNAL:
		logger.Error("opération en échec", attrs...)
	default:
		logger.Info("opération refusée", attrs...)
	}
	return err
}
