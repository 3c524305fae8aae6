package account

import (
	"context"

	"courtier/pkg/apperr"
)

// Actor is who acts on a service: the uid and role of a signed-in user, or
// nobody for a visitor. Every service method that reads or changes someone
// else's data takes one and refuses what its role may not do, so the
// website and the terminal dashboard share one set of rules.
type Actor struct {
	UID  string
	Role Role
	// Name is the name recorded in a request's history: the display name,
	// or the e-mail of an account that gave none (GivenName).
	Name string
	// Email is where the user is answered.
	Email string
	// Reader marks Operator: no user, no role, but it may read what staff
	// read (RequireReader). Only the terminal dashboard builds it.
	Reader bool
	// SetupNeeded marks staff without a second factor: until they set one
	// up they are refused everything staff may do (NeedsSecondFactorSetup).
	SetupNeeded bool
}

// Visitor is the actor of a request without a session.
var Visitor = Actor{}

// Operator is the server's operator in `courtier tui` without --as: they
// hold the database file and may already read it all with `courtier
// users list` or sqlite3, so the dashboard shows them what staff read;
// with no UID and no role, every change refuses them as signed out.
var Operator = Actor{Reader: true}

// ActorOf is the actor of a signed-in user.
func ActorOf(u *User) Actor {
	if u == nil {
		return Visitor
	}
	name := GivenName(u.DisplayName, u.Email)
	if name == "" {
		name = u.Email
	}
	return Actor{UID: u.UID, Role: u.Role, Name: name, Email: u.Email, SetupNeeded: NeedsSecondFactorSetup(u)}
}

// TerminalActor is the actor of `courtier tui --as`: the person at the
// terminal holds the database itself, which no second factor guards, so
// the dashboard does not ask for one; the role still bounds what it does.
func TerminalActor(u *User) Actor {
	a := ActorOf(u)
	a.SetupNeeded = false
	return a
}

// SignedIn tells whether the actor is a user rather than a visitor.
func (a Actor) SignedIn() bool { return a.UID != "" }

// IsStaff tells whether the actor works for the broker: an agent or an admin.
func (a Actor) IsStaff() bool {
	return a.UID != "" && !a.SetupNeeded && (a.Role == RoleAgent || a.Role == RoleAdmin)
}

// IsAdmin tells whether the actor is an admin.
func (a Actor) IsAdmin() bool { return a.UID != "" && !a.SetupNeeded && a.Role == RoleAdmin }

// RequireStaff refuses an actor who is not an agent or an admin.
func (a Actor) RequireStaff() error {
	if !a.SignedIn() {
		return ErrSignedOut()
	}
	if a.SetupNeeded {
		return errSetupNeeded()
	}
	if !a.IsStaff() {
		return apperr.Errorf(apperr.EFORBIDDEN, "Cette action est réservée aux conseillers et aux administrateurs.")
	}
	return nil
}

// IsOperator tells whether the actor is the read-only Operator.
func (a Actor) IsOperator() bool { return a.Reader && a.UID == "" }

// RequireReader refuses an actor who may not read the broker's side:
// staff may, and the read-only Operator.
func (a Actor) RequireReader() error {
	if a.IsOperator() {
		return nil
	}
	return a.RequireStaff()
}

// RequireAdmin refuses an actor who is not an admin.
func (a Actor) RequireAdmin() error {
	if !a.SignedIn() {
		return ErrSignedOut()
	}
	if a.SetupNeeded {
		return errSetupNeeded()
	}
	if !a.IsAdmin() {
		return apperr.Errorf(apperr.EFORBIDDEN, "Cette action est réservée aux administrateurs.")
	}
	return nil
}

// ConfirmStaff checks an actor before a staff action: an agent or admin by
// the Actor, and still an active one in the store. The web builds its
// Actor from the session of the same request, but the terminal dashboard
// holds one for as long as it runs, while an admin elsewhere may change
// that account's role or disable it.
func (s *Service) ConfirmStaff(ctx context.Context, a Actor) error {
	if err := a.RequireStaff(); err != nil {
		return err
	}
	if !s.IsAdminOrAgent(ctx, a.UID) {
		return errNoLongerAllowed()
	}
	return nil
}

// ConfirmAdmin is ConfirmStaff for the actions of admins alone.
func (s *Service) ConfirmAdmin(ctx context.Context, a Actor) error {
	if err := a.RequireAdmin(); err != nil {
		return err
	}
	if !s.HasRole(ctx, a.UID, RoleAdmin) {
		return errNoLongerAllowed()
	}
	return nil
}

func errNoLongerAllowed() error {
	return apperr.Errorf(apperr.EFORBIDDEN, "Votre compte n’a plus les droits nécessaires à cette action.")
}

// errSetupNeeded refuses staff who have not set up their second factor.
func errSetupNeeded() error {
	return apperr.Errorf(apperr.EFORBIDDEN, "Activez la validation en deux étapes pour accéder à l’espace du cabinet.")
}
