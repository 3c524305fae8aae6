// Package account owns users, roles, profiles, passwords and sessions: the
// rules of SPEC.md §3, §4 and §6 over the SQLite store.
package account

import (
	"encoding/json"
	"strings"
	"time"

	"courtier/pkg/apperr"
)

// Role is what a user may do: admin, agent or client (SPEC.md §6).
type Role string

// The roles; every new account is a client.
const (
	RoleAdmin  Role = "admin"
	RoleAgent  Role = "agent"
	RoleClient Role = "client"
)

// Label names the role as the website and the dashboard do
// (site/src/lib/admin-users.ts roleLabels): Administrateur, Conseiller,
// Client; "" for a role that is none of them.
func (r Role) Label() string {
	switch r {
	case RoleAdmin:
		return "Administrateur"
	case RoleAgent:
		return "Conseiller"
	case RoleClient:
		return "Client"
	}
	return ""
}

// Roles lists the valid roles in the order they are shown.
func Roles() []Role { return []Role{RoleAdmin, RoleAgent, RoleClient} }

// RoleNames is the list of valid roles for messages: "admin, agent, client".
func RoleNames() string {
	names := make([]string, 0, 3)
	for _, r := range Roles() {
		names = append(names, string(r))
	}
	return strings.Join(names, ", ")
}

// ParseRole reads a role name, case-insensitively.
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	for _, valid := range Roles() {
		if r == valid {
			return r, nil
		}
	}
	return "", apperr.FieldErrorf("role", "Rôle inconnu «\u00a0%s\u00a0»\u00a0: choisissez parmi %s.", s, RoleNames())
}

// Status says whether a user may sign in.
type Status string

// The statuses; every new account is active.
const (
	StatusActive   Status = "active"
	StatusDisabled Status = "disabled"
)

// User is a user profile (SPEC.md §3). The password hash never leaves the package.
type User struct {
	UID         string
	Email       string
	DisplayName string
	Role        Role
	Status      Status
	// EmailConfirmed tells whether the owner opened the confirmation link
	// sent to Email (accounts made by an admin count as confirmed).
	EmailConfirmed bool
	// TwoFactor tells whether sign-ins ask a code of the authenticator
	// app after the password (see SecondFactorRequired).
	TwoFactor bool
	CreatedAt time.Time
	UpdatedAt time.Time
	// Extra holds the extra fields supplied at creation, merged into the JSON.
	Extra map[string]any
}

// reservedFields are the profile's own keys, which an extra field may not shadow.
var reservedFields = map[string]bool{
	"uid": true, "email": true, "displayName": true, "role": true, "status": true, "emailConfirmed": true, "twoFactor": true,
	"createdAt": true, "updatedAt": true, "password": true, "passwordHash": true,
}

// defaultDisplayName applies SPEC.md §3: the given name, else the part of
// the e-mail before the at-sign, else the empty string.
// GivenName is the name an account gave, "" when it gave none: an empty
// display name, or the part of the e-mail before @ that an account made
// without a name receives (defaultDisplayName). Shown to others, such an
// account reads as its e-mail address (Person.Name), never as « x »; a
// mail to it says « Bonjour, ».
func GivenName(displayName, email string) string {
	if local, _, ok := strings.Cut(email, "@"); ok && displayName == local {
		return ""
	}
	return displayName
}

func defaultDisplayName(given, email string) string {
	if given != "" {
		return given
	}
	if local, _, ok := strings.Cut(email, "@"); ok {
		return local
	}
	return ""
}

// validateExtra refuses extra fields that would shadow the profile's own,
// and values JSON cannot hold.
func validateExtra(extra map[string]any) (string, error) {
	for k := range extra {
		if reservedFields[k] || strings.TrimSpace(k) == "" {
			return "", apperr.Errorf(apperr.EINVALID, "Le champ supplémentaire «\u00a0%s\u00a0» n’est pas autorisé.", k)
		}
	}
	if extra == nil {
		return "{}", nil
	}
	b, err := json.Marshal(extra)
	if err != nil {
		return "", apperr.Errorf(apperr.EINVALID, "Les champs supplémentaires ne sont pas enregistrables.")
	}
	return string(b), nil
}
