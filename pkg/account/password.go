package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"

	"golang.org/x/crypto/argon2"
)

// Params are the Argon2id costs. Each hash records its own, so raising them
// later leaves existing hashes readable (and they are redone at sign-in).
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// DefaultParams is OWASP's first Argon2id configuration: 19 MiB, 2 passes, 1 lane.
func DefaultParams() Params { return Params{Memory: 19456, Time: 2, Threads: 1} }

const (
	saltLen = 16
	keyLen  = 32
	// maxConcurrentHashes bounds memory: a flood of sign-ins queues
	// instead of allocating 19 MiB per request.
	maxConcurrentHashes = 2
)

// Hasher hashes and verifies passwords, at most maxConcurrentHashes at once.
type Hasher struct {
	params Params
	sem    chan struct{}
	// verified counts the Argon2id verifications done, so tests can check
	// that an unknown e-mail costs the same work as a wrong password.
	verified atomic.Int64
}

// NewHasher builds a hasher with the given costs.
func NewHasher(p Params) *Hasher {
	return &Hasher{params: p, sem: make(chan struct{}, maxConcurrentHashes)}
}

// acquire waits for a hashing slot, or for ctx to end.
func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("attente du calcul du mot de passe: %w", ctx.Err())
	}
}

func (h *Hasher) release() { <-h.sem }

// Hash returns the PHC string of password:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("sel aléatoire: %w", err)
	}
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	p := h.params
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify tells whether password matches encoded, comparing in constant time.
func (h *Hasher) Verify(ctx context.Context, password, encoded string) (bool, error) {
	p, salt, key, err := decodeHash(encoded)
	if err != nil {
		return false, err
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	h.verified.Add(1)
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// NeedsRehash tells whether encoded was made with other costs than the current ones.
func (h *Hasher) NeedsRehash(encoded string) bool {
	p, _, _, err := decodeHash(encoded)
	return err != nil || p != h.params
}

// decodeHash parses a PHC string written by Hash.
func decodeHash(encoded string) (Params, []byte, []byte, error) {
	parts := strings.Split(encoded, "$")
	bad := errors.New("empreinte de mot de passe illisible")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return Params{}, nil, nil, bad
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return Params{}, nil, nil, bad
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || p.Time == 0 || p.Threads == 0 {
		return Params{}, nil, nil, bad
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return Params{}, nil, nil, bad
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) == 0 {
		return Params{}, nil, nil, bad
	}
	return p, salt, key, nil
}
