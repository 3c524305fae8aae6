package apperr

import "log/slog"

// Log records a failed operation in French and returns err unchanged:
// expected refusals (bad input, wrong password, limits) are informational,
// anything else is an error an operator must see.
func Log(logger *slog.Logger, op string, err error, attrs ...any) error {
	attrs = append([]any{"op", op}, append(attrs, "err", err)...)
	if CodeOf(err) == EINTERNAL {
		logger.Error("opération en échec", attrs...)
	} else {
		logger.Info("opération refusée", attrs...)
	}
	return err
}
