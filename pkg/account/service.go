package account

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// Config is what the account service is built from; zero fields take the
// production defaults.
type Config struct {
	Logger *slog.Logger
	// Now is the clock of sessions, profiles and rate limits; time.Now when nil.
	Now func() time.Time
	// Argon are the password hashing costs; DefaultParams when zero. Tests lower them.
	Argon Params
	// Limits are the server's rate limits, built once by pkg/app (the
	// sign-in and account link ones are used here); the Default table over
	// Now when nil.
	Limits *ratelimit.Registry
}

// Service is the account service: profiles, passwords, sessions and roles
// over the store. Every failure is logged in French and returned (SPEC.md §8).
type Service struct {
	db     *store.DB
	log    *slog.Logger
	now    func() time.Time
	hasher *Hasher
	policy *passwordPolicy
	guard  *loginGuard
	// limits are the server's rate limits: the account links' per address.
	limits *ratelimit.Registry
	// dummyHash is verified for unknown e-mails, so that a sign-in takes
	// as long whether the account exists or not. Made on first use, so
	// that commands which never sign in do not pay for it.
	dummyOnce sync.Once
	dummyHash string
	dummyErr  error
	// sessions spares the lookup of a signed-in request while the Version
	// of changes, the store's subscription to the sessions' topic, stays
	// the same (see sessionCache).
	sessions sessionCache
	changes  *store.Subscription
	// erasers are what the packages that keep an account's data do
	// when it is erased (OnErase).
	erasers []Eraser
	// confirmers are what packages holding data left under an e-mail
	// address do when an account proves it owns it (OnConfirm).
	confirmers []Confirmer
	// keepers say what an erasure leaves, kept by law (OnKeep).
	keepers []Keeper
}

// New builds the service, first making the skeletons of the addresses
// that lack one (fillSkeletons): every check of a new address counts on them.
func New(db *store.DB, cfg Config) (*Service, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Argon == (Params{}) {
		cfg.Argon = DefaultParams()
	}
	if cfg.Limits == nil {
		cfg.Limits = ratelimit.NewRegistry(ratelimit.Default(), cfg.Now)
	}
	s := &Service{
		db:      db,
		log:     cfg.Logger,
		now:     func() time.Time { return cfg.Now().UTC().Truncate(time.Millisecond) },
		hasher:  NewHasher(cfg.Argon),
		limits:  cfg.Limits,
		policy:  newPasswordPolicy(),
		changes: db.Subscribe(sessionsTopic),
	}
	s.guard = newLoginGuard(cfg.Limits, rateStore{db: db, now: s.now}, s.log)
	if err := s.fillSkeletons(context.Background()); err != nil {
		return nil, fmt.Errorf("empreintes des adresses e-mail: %w", err)
	}
	return s, nil
}

// dummy returns the hash verified for unknown e-mails: a random password
// hashed with the current costs, so it costs what a real one does.
func (s *Service) dummy(ctx context.Context) (string, error) {
	s.dummyOnce.Do(func() {
		token, _, err := store.NewToken()
		if err == nil {
			s.dummyHash, err = s.hasher.Hash(context.WithoutCancel(ctx), token)
		}
		if err != nil {
			s.dummyErr = fmt.Errorf("empreinte factice: %w", err)
		}
	})
	return s.dummyHash, s.dummyErr
}

// ErrSignedOut answers a request without a valid session.
func ErrSignedOut() error {
	return apperr.Errorf(apperr.EUNAUTHORIZED, "Vous devez être connecté.")
}

// fail logs a failed operation (apperr.Log) and returns err unchanged.
func (s *Service) fail(op string, err error, attrs ...any) error {
	return apperr.Log(s.log, op, err, attrs...)
}

// Get reads the profile of uid.
func (s *Service) Get(ctx context.Context, uid string) (*User, error) {
	var u *User
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		u, _, err = findUser(ctx, tx, "uid", uid)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture du profil", err, "uid", uid)
	}
	return u, nil
}

// GetByEmail reads the profile of an e-mail address.
func (s *Service) GetByEmail(ctx context.Context, email string) (*User, error) {
	norm, err := NormalizeEmail(email)
	if err != nil {
		return nil, s.fail("lecture du profil", err)
	}
	var u *User
	err = s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		u, _, err = findUser(ctx, tx, "email", norm)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture du profil", err, "email", norm)
	}
	return u, nil
}

// List reads every profile, or those of role when it is not nil, oldest first.
func (s *Service) List(ctx context.Context, role *Role) ([]User, error) {
	var users []User
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		users, err = listUsers(ctx, tx, role)
		return err
	})
	if err != nil {
		return nil, s.fail("liste des comptes", err)
	}
	return users, nil
}

// HasRole tells whether uid has role; any failure answers false (SPEC.md §6).
func (s *Service) HasRole(ctx context.Context, uid string, role Role) bool {
	u, err := s.Get(ctx, uid)
	return err == nil && u.Status == StatusActive && u.Role == role
}

// IsAdminOrAgent tells whether uid is staff; any failure answers false (SPEC.md §6).
func (s *Service) IsAdminOrAgent(ctx context.Context, uid string) bool {
	u, err := s.Get(ctx, uid)
	return err == nil && u.Status == StatusActive && (u.Role == RoleAdmin || u.Role == RoleAgent)
}
