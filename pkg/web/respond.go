package web

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"courtier/pkg/apperr"
)

// statusOf is the one place where error codes become HTTP statuses.
func statusOf(code apperr.Code) int {
	switch code {
	case apperr.EINVALID:
		return http.StatusBadRequest
	case apperr.ENOTFOUND:
		return http.StatusNotFound
	case apperr.ECONFLICT:
		return http.StatusConflict
	case apperr.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case apperr.EFORBIDDEN:
		return http.StatusForbidden
	case apperr.ETOOMANY:
		return http.StatusTooManyRequests
	case apperr.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	default:
		return http.StatusInternalServerError
	}
}

// errorBody is the JSON of every API error.
type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
	Field string `json:"field,omitempty"`
	// Errors are every wrong field of a form checked whole (POST /api/prices).
	Errors []apperr.FieldMessage `json:"errors,omitempty"`
}

// writeError answers err as JSON with its status; internal errors are logged
// and hidden behind a generic message.
func writeError(w http.ResponseWriter, r *http.Request, logger *slog.Logger, err error) {
	code := apperr.CodeOf(err)
	if code == apperr.EINTERNAL {
		logger.Error("erreur interne", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	body := errorBody{Error: apperr.MessageOf(err), Code: string(code)}
	var e *apperr.Error
	if errors.As(err, &e) {
		body.Field, body.Errors = e.Field, e.Fields
	}
	if wait, ok := apperr.RetryAfterOf(err); ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	}
	writeJSON(w, statusOf(code), body)
}

// The headers of every JSON answer, made once and assigned as they are
// (see securityHeaders): a response then allocates none for them.
var (
	jsonContentType = []string{"application/json; charset=utf-8"}
	noStore         = []string{"no-store"}
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	setJSONHeaders(w)
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v) //nolint:errcheck // the client may be gone
}

func setJSONHeaders(w http.ResponseWriter) {
	h := w.Header()
	h["Content-Type"] = jsonContentType
	h["Cache-Control"] = noStore
}

// decodeJSON reads one JSON object of at most maxBytes into dst, refusing
// unknown fields, trailing data and other content types with French messages.
func decodeJSON(w http.ResponseWriter, r *http.Request, maxBytes int64, dst any) error {
	if !isJSON(r.Header.Get("Content-Type")) {
		return apperr.Errorf(apperr.EINVALID, "Le corps de la requête doit être du JSON (Content-Type: application/json).")
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			return apperr.Errorf(apperr.EINVALID, "La requête est trop volumineuse (%d octets au plus).", maxBytes)
		case errors.As(err, &typeErr) && typeErr.Field == "":
			return apperr.Errorf(apperr.EINVALID, "Le corps de la requête doit être un objet JSON.")
		case errors.As(err, &typeErr):
			return apperr.FieldErrorf(typeErr.Field, "Le champ «\u00a0%s\u00a0» n’a pas le bon type.", typeErr.Field)
		case strings.HasPrefix(err.Error(), "json: unknown field"):
			return apperr.Errorf(apperr.EINVALID, "La requête contient un champ inconnu.")
		case errors.Is(err, io.EOF):
			return apperr.Errorf(apperr.EINVALID, "Le corps de la requête est vide.")
		default:
			return apperr.Errorf(apperr.EINVALID, "Le corps de la requête n’est pas un JSON valide.")
		}
	}
	if dec.More() {
		return apperr.Errorf(apperr.EINVALID, "Le corps de la requête doit contenir un seul objet JSON.")
	}
	return nil
}

// isJSON reports whether a Content-Type is exactly application/json, in
// any case, with or without parameters such as charset: a prefix test
// would also take application/jsonx or application/json-patch+json.
func isJSON(contentType string) bool {
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && mediaType == "application/json"
}

// validator is a request body that checks itself once decoded.
type validator interface{ validate() error }

// decodeValid decodes one JSON object into dst, then validates it.
func decodeValid(w http.ResponseWriter, r *http.Request, maxBytes int64, dst validator) error {
	if err := decodeJSON(w, r, maxBytes, dst); err != nil {
		return err
	}
	return dst.validate()
}

// errNotFoundAPI answers unknown API paths.
var errNotFoundAPI = apperr.Errorf(apperr.ENOTFOUND, "Ce point d’accès de l’API n’existe pas.")
