package web

import (
	"crypto/rand"
	"fmt"
	"net/http"
)

// The device cookie (OWASP's « device cookies »): a random value each
// browser gets at its first sign-in and keeps for a year, signed like the
// session cookie. A browser where an account signed in keeps its own
// failure counts for that account (account.Credentials.Device), so that a
// stranger's guesses from elsewhere never keep the owner out of it.
const (
	deviceCookie       = "courtier_device"
	secureDeviceCookie = "__Host-courtier_device"
	deviceMaxAge       = 365 * 24 * 3600
)

func (s *Server) deviceCookieName(r *http.Request) string {
	if s.secure(r) {
		return secureDeviceCookie
	}
	return deviceCookie
}

// deviceOf returns the browser's device value, or a new one (set on the
// response by keepDevice) when it has none or it is not ours.
func (s *Server) deviceOf(r *http.Request) (device string, fresh bool) {
	name := s.deviceCookieName(r)
	if c, err := r.Cookie(name); err == nil {
		if v := s.cookies.open(name, c.Value); v != "" {
			return v, false
		}
	}
	return rand.Text(), true
}

// keepDevice hands the browser its device cookie (again: each sign-in
// renews its year).
func (s *Server) keepDevice(w http.ResponseWriter, r *http.Request, device string) error {
	name := s.deviceCookieName(r)
	value, err := s.cookies.seal(name, device)
	if err != nil {
		return fmt.Errorf("écriture du cookie d'appareil: %w", err)
	}
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: deviceMaxAge,
		Secure: s.secure(r), HttpOnly: true, SameSite: http.SameSiteLaxMode,
	})
	return nil
}
