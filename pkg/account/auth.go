package account

import (
	"context"
	"crypto/rand"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// NewUser is what an account is created from.
type NewUser struct {
	Email       string
	Password    string
	DisplayName string
	// Role is client when empty; sign-up always makes clients.
	Role Role
	// Extra fields are merged into the profile (SPEC.md §3).
	Extra map[string]any
	// UserAgent is the browser of a sign-up, kept with the session Register
	// opens ("Mes sessions"); Create ignores it.
	UserAgent string
	// confirm: the address waits for its confirmation link (Register).
	confirm bool
	// invite: the owner is sent a link to choose a password (CreateAs).
	invite bool
}

// Credentials are a sign-in attempt; IP is the client address it comes
// from (the web server's, proxies accounted for), for limits and logs.
type Credentials struct {
	Email    string
	Password string
	Remember bool
	IP       string
	// UserAgent is the browser's header, kept with the session ("Mes sessions").
	UserAgent string
	// Device is the browser's device cookie, a random value the web gives
	// each browser: once the account signed in there, that browser keeps
	// its own failure counts (see loginGuard.reserve).
	Device string
}

// errBadCredentials is the one answer to every failed sign-in, so that it
// tells nothing about which e-mails have an account.
func errBadCredentials() error {
	return apperr.Errorf(apperr.EUNAUTHORIZED, "E-mail ou mot de passe incorrect.")
}

// Create makes an account with the rules of SPEC.md §3: active, role client
// unless another is given, display name from the e-mail when none is given.
func (s *Service) Create(ctx context.Context, in NewUser) (*User, error) {
	u, err := s.create(ctx, in)
	if err != nil {
		return nil, s.fail("création du compte", err, "email", in.Email)
	}
	s.log.Info("compte créé", "uid", u.UID, "role", u.Role)
	return u, nil
}

func (s *Service) create(ctx context.Context, in NewUser) (*User, error) {
	email, err := NormalizeNewEmail(in.Email)
	if err != nil {
		return nil, err
	}
	name, err := cleanDisplayName(in.DisplayName)
	if err != nil {
		return nil, err
	}
	if in.Role == "" {
		in.Role = RoleClient
	}
	if _, err := ParseRole(string(in.Role)); err != nil {
		return nil, err
	}
	if err := s.policy.check("password", in.Password, email); err != nil {
		return nil, err
	}
	extra, err := validateExtra(in.Extra)
	if err != nil {
		return nil, err
	}
	hash, err := s.hasher.Hash(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	u := &User{
		UID: rand.Text(), Email: email, DisplayName: defaultDisplayName(name, email),
		Role: in.Role, Status: StatusActive, CreatedAt: now, UpdatedAt: now, Extra: in.Extra,
	}
	// An admin types the address of an account they make (CLI, TUI):
	// it counts as confirmed. A sign-up's waits for its link.
	u.EmailConfirmed = !in.confirm
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := insertUser(ctx, tx, u, hash, extra); err != nil {
			return err
		}
		switch {
		case in.confirm:
			return askConfirm(ctx, tx, u, now)
		case in.invite:
			return askInvite(ctx, tx, u, now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// Register is the website's sign-up: a client account, signed in at once.
// It counts against ip's attempts, as a sign-in does.
func (s *Service) Register(ctx context.Context, in NewUser, ip string) (*User, *Session, error) {
	if err := s.guard.attempt(ip); err != nil {
		return nil, nil, s.fail("inscription", err, "ip", ip)
	}
	in.Role, in.confirm = RoleClient, true
	u, err := s.Create(ctx, in)
	if err != nil {
		return nil, nil, err
	}
	sess, err := s.startSession(ctx, u.UID, false, in.UserAgent)
	if err != nil {
		return nil, nil, s.fail("ouverture de session", err, "uid", u.UID)
	}
	return u, sess, nil
}

// SignIn checks credentials and opens a new session. Unknown e-mails,
// wrong passwords and disabled accounts get the same answer in the same
// time; too many attempts get ETOOMANY with a delay (see RetryAfter). An
// account with a second factor gets no session yet: the error is a
// *SecondFactorRequired, whose ticket SignInWithCode takes with the code.
func (s *Service) SignIn(ctx context.Context, c Credentials) (*User, *Session, error) {
	u, err := s.checkCredentials(ctx, c)
	if err != nil {
		return nil, nil, s.fail("connexion", err, "email", c.Email, "ip", c.IP)
	}
	if u.TwoFactor {
		need, err := s.beginSecondFactor(ctx, u, c)
		if err != nil {
			return nil, nil, s.fail("connexion", err, "uid", u.UID, "ip", c.IP)
		}
		s.log.Info("mot de passe accepté, code attendu", "uid", u.UID, "ip", c.IP)
		return nil, nil, need
	}
	sess, err := s.startSession(ctx, u.UID, c.Remember, c.UserAgent)
	if err != nil {
		return nil, nil, s.fail("ouverture de session", err, "uid", u.UID)
	}
	s.log.Info("connexion", "uid", u.UID, "ip", c.IP, "remember", c.Remember)
	return u, sess, nil
}

func (s *Service) checkCredentials(ctx context.Context, c Credentials) (*User, error) {
	email, err := NormalizeEmail(c.Email)
	if err != nil {
		return nil, err
	}
	if c.Password == "" {
		return nil, apperr.FieldErrorf("password", "Saisissez votre mot de passe.")
	}
	if err := s.guard.attempt(c.IP); err != nil {
		return nil, err
	}
	budgetTaken, err := s.guard.reserve(email, c.IP, c.Device)
	if err != nil {
		return nil, err
	}
	var u *User
	var hash string
	err = s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		u, hash, err = findUser(ctx, tx, "email", email)
		return err
	})
	if err != nil && apperr.CodeOf(err) != apperr.ENOTFOUND {
		return nil, err
	}
	if u == nil {
		if hash, err = s.dummy(ctx); err != nil {
			return nil, err
		}
	}
	ok, err := s.hasher.Verify(ctx, c.Password, hash)
	if err != nil {
		return nil, err
	}
	if !ok || u == nil || u.Status != StatusActive {
		s.guard.failed(email, budgetTaken)
		return nil, errBadCredentials()
	}
	s.guard.succeeded(email, c.IP, c.Device, budgetTaken)
	s.rehashIfNeeded(ctx, u.UID, c.Password, hash)
	return u, nil
}

// rehashIfNeeded redoes a hash made with older costs, now that the
// password is known; a failure only delays the upgrade to the next sign-in.
func (s *Service) rehashIfNeeded(ctx context.Context, uid, password, hash string) {
	if !s.hasher.NeedsRehash(hash) {
		return
	}
	fresh, err := s.hasher.Hash(ctx, password)
	if err == nil {
		err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
			return setPasswordHash(ctx, tx, uid, fresh, store.FormatTime(s.now()))
		})
	}
	if err != nil {
		s.log.Warn("mise à niveau de l'empreinte du mot de passe", "uid", uid, "err", err)
	}
}

// startSession opens a session with a new random ID for uid. It only
// inserts: the ended sessions are purged apart (App.Run), so a
// sign-in costs the same however many sessions the table holds.
func (s *Service) startSession(ctx context.Context, uid string, remember bool, userAgent string) (*Session, error) {
	now := s.now()
	sess, err := newSession(uid, remember, userAgent, now)
	if err != nil {
		return nil, err
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error { return insertSession(ctx, tx, sess) })
	if err != nil {
		return nil, err
	}
	return sess, nil
}

// Authenticate returns the user and session of a cookie's token, or
// EUNAUTHORIZED when the session is unknown, over, or its user disabled.
// It writes only when the session ended or last_seen_at is a minute old.
func (s *Service) Authenticate(ctx context.Context, token string) (*User, *Session, error) {
	if token == "" {
		return nil, nil, ErrSignedOut()
	}
	now := s.now()
	u, sess, err := s.lookupSession(ctx, store.HashToken(token), now)
	if err != nil {
		if apperr.CodeOf(err) == apperr.EINTERNAL {
			return nil, nil, s.fail("lecture de la session", err)
		}
		return nil, nil, err
	}
	if sess.expired(now) || u.Status != StatusActive {
		err := s.db.WriteTx(ctx, func(tx *store.Tx) error { return deleteSession(ctx, tx, sess.hash) })
		if err != nil {
			s.fail("fin d'une session expirée", err, "uid", u.UID)
		}
		return nil, nil, ErrSignedOut()
	}
	if now.Sub(sess.LastSeenAt) >= touchEvery {
		err := s.db.WriteTx(ctx, func(tx *store.Tx) error { return touchSession(ctx, tx, sess.hash, now) })
		if err != nil {
			return nil, nil, s.fail("mise à jour de la session", err, "uid", u.UID)
		}
		sess.LastSeenAt = now
	}
	return u, sess, nil
}

// SignOut ends the session of token; an unknown token is already signed out.
func (s *Service) SignOut(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error { return deleteSession(ctx, tx, store.HashToken(token)) })
	if err != nil {
		return s.fail("déconnexion", err)
	}
	return nil
}
