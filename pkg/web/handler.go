package web

import (
	"net/http"
	"net/url"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
)

// apiFunc is a handler that returns its error instead of writing it:
// decode, call the service, respond, and let adapt answer a failure.
type apiFunc func(w http.ResponseWriter, r *http.Request) error

// adapt turns an apiFunc into a handler that answers its error as JSON
// with the status of its code (statusOf).
func (s *Server) adapt(fn apiFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			writeError(w, r, s.logger, err)
		}
	}
}

// actorOf is who sends r: the signed-in user, or account.Visitor. The
// services decide what that actor may do.
func actorOf(r *http.Request) account.Actor {
	u, _ := UserFrom(r.Context())
	return account.ActorOf(u)
}

// queryParams reads the named parameters of a query string, each given
// at most once: "?kind=a&kind=b" is refused rather than half read.
func queryParams(q url.Values, names ...string) (map[string]string, error) {
	out := make(map[string]string, len(names))
	for _, name := range names {
		switch v := q[name]; len(v) {
		case 0:
		case 1:
			out[name] = v[0]
		default:
			return nil, apperr.FieldErrorf(name, "Le paramètre «\u00a0%s\u00a0» ne peut être donné qu’une fois.", name)
		}
	}
	return out, nil
}
