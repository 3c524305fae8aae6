package web

import (
	"net/http"

	"courtier/pkg/account"
)

// access is who may call a route, as the routes table declares it. The
// services still decide what an actor may do with a given request or
// contract; access only refuses, before the handler reads anything, who
// could never be let through, so that a visitor is told to sign in (401)
// and a client that the route is not theirs (403) whatever body they sent.
type access uint8

const (
	// forAnyone: visitors included (sign-up, sign-in, prices, contact,
	// the visitors' chat…); the handler and its service decide.
	forAnyone access = iota
	// forUsers: any signed-in account, staff included even before their
	// second factor is set up (their profile is where they set it up).
	forUsers
	// forStaff: agents and admins with their second factor.
	forStaff
	// forAdmins: admins with their second factor.
	forAdmins
)

// String names the access level in test failures.
func (a access) String() string {
	switch a {
	case forAnyone:
		return "forAnyone"
	case forUsers:
		return "forUsers"
	case forStaff:
		return "forStaff"
	case forAdmins:
		return "forAdmins"
	}
	return "access?"
}

// check refuses actor with the errors of pkg/account, so a refusal here
// reads exactly like the one the service would have given.
func (a access) check(actor account.Actor) error {
	switch a {
	case forUsers:
		if !actor.SignedIn() {
			return account.ErrSignedOut()
		}
	case forStaff:
		return actor.RequireStaff()
	case forAdmins:
		return actor.RequireAdmin()
	}
	return nil
}

// guard answers the refusal of a before next runs, so no handler decodes
// a body, reads a query or counts a rate limit for someone it refuses. A
// route for anyone goes on untouched, at no cost.
func (s *Server) guard(a access, next http.HandlerFunc) http.HandlerFunc {
	if a == forAnyone {
		return next
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if err := a.check(actorOf(r)); err != nil {
			writeError(w, r, s.logger, err)
			return
		}
		next(w, r)
	}
}
