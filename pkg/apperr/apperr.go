// Package apperr is the small set of error codes every package returns,
// each with a French message for the user; pkg/web maps codes to HTTP
// statuses in one place.
package apperr

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Code classifies an error for the user and the HTTP layer.
type Code string

// The codes, after benbjohnson/wtf.
const (
	EINVALID      Code = "invalid"
	ENOTFOUND     Code = "not_found"
	ECONFLICT     Code = "conflict"
	EUNAUTHORIZED Code = "unauthorized"
	EFORBIDDEN    Code = "forbidden"
	ETOOMANY      Code = "too_many_requests"
	// EUNAVAILABLE: the server is stopping; the caller tries again soon.
	EUNAVAILABLE Code = "unavailable"
	EINTERNAL    Code = "internal"
)

// Error is an error the user may read: Message is French and safe to show.
type Error struct {
	Code    Code
	Message string
	// Field names the form field the message belongs to, if any.
	Field string
	// RetryAfter is how long a rate-limited caller must wait (ETOOMANY).
	RetryAfter time.Duration
	// Fields are every wrong field of a form checked whole (Field and
	// Message are the first of them), so a page marks them all at once.
	Fields []FieldMessage
}

// FieldMessage is the French message of one form field.
type FieldMessage struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s (%s): %s", e.Code, e.Field, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf builds an Error with a formatted French message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldErrorf builds an EINVALID error attached to a form field.
func FieldErrorf(field, format string, args ...any) *Error {
	return &Error{Code: EINVALID, Field: field, Message: fmt.Sprintf(format, args...)}
}

// CodeOf returns the code of the first Error in err's chain, EINTERNAL otherwise.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// MessageOf returns the user message of err, or a generic French message
// for an internal error whose details must not leak.
func MessageOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Une erreur interne est survenue. Réessayez dans un instant."
}

// TooMany builds an ETOOMANY error that tells how long to wait. The message
// may use %s once, replaced by the wait in whole minutes ("3 minutes").
func TooMany(wait time.Duration, format string) *Error {
	msg := format
	if strings.Contains(format, "%s") {
		msg = fmt.Sprintf(format, Minutes(wait))
	}
	return &Error{Code: ETOOMANY, Message: msg, RetryAfter: wait}
}

// Minutes writes a wait rounded up to whole minutes, at least one: "1 minute", "11 minutes".
func Minutes(wait time.Duration) string {
	n := max(int((wait+time.Minute-1)/time.Minute), 1)
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}

// RetryAfterOf returns the wait of a rate-limited error in err's chain.
func RetryAfterOf(err error) (time.Duration, bool) {
	var e *Error
	if errors.As(err, &e) && e.RetryAfter > 0 {
		return e.RetryAfter, true
	}
	return 0, false
}
