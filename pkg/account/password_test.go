package account

import (
	"bufio"
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

func TestHashDefaultsAndVerify(t *testing.T) {
	ctx := context.Background()
	h := NewHasher(DefaultParams())
	enc, err := h.Hash(ctx, "un mot de passe assez long")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q lacks the production parameters", enc)
	}
	_, salt, key, err := decodeHash(enc)
	if err != nil || len(salt) != 16 || len(key) != 32 {
		t.Fatalf("salt %d bytes, key %d bytes, err %v", len(salt), len(key), err)
	}
	other, _ := h.Hash(ctx, "un mot de passe assez long")
	if other == enc {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
	for pw, want := range map[string]bool{"un mot de passe assez long": true, "un mot de passe assez lonG": false, "": false} {
		if ok, err := h.Verify(ctx, pw, enc); err != nil || ok != want {
			t.Errorf("Verify(%q) = %v, %v; want %v", pw, ok, err, want)
		}
	}
}

func TestDecodeHashRejects(t *testing.T) {
	for _, enc := range []string{
		"", "plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdA$a2V5",
		"$argon2id$v=18$m=64,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=64,t=0,p=1$c2FsdA$a2V5",
		"$argon2id$v=19$m=64,t=1,p=1$!!$a2V5", "$argon2id$v=19$m=64,t=1,p=1$c2FsdA$",
	} {
		if _, _, _, err := decodeHash(enc); err == nil {
			t.Errorf("decodeHash(%q) accepted", enc)
		}
	}
}

func TestNeedsRehash(t *testing.T) {
	ctx := context.Background()
	low := NewHasher(testParams)
	enc, _ := low.Hash(ctx, "x")
	if low.NeedsRehash(enc) {
		t.Error("a hash at the current costs needs no rehash")
	}
	if !NewHasher(Params{Memory: 128, Time: 1, Threads: 1}).NeedsRehash(enc) {
		t.Error("a hash at lower costs must be redone")
	}
	// A hasher with new costs still verifies the old hash: its costs are in it.
	if ok, _ := NewHasher(DefaultParams()).Verify(ctx, "x", enc); !ok {
		t.Error("old hash no longer verifies")
	}
}

func TestHashingIsBounded(t *testing.T) {
	h := NewHasher(testParams)
	for range maxConcurrentHashes {
		h.sem <- struct{}{}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := h.Hash(ctx, "x"); err == nil {
		t.Fatal("a third hash ran while two were in progress")
	}
	<-h.sem
	if _, err := h.Hash(context.Background(), "x"); err != nil {
		t.Fatalf("hash with a free slot: %v", err)
	}
}

func TestPasswordPolicy(t *testing.T) {
	p := newPasswordPolicy()
	tests := []struct {
		name, pw, email, msg string
	}{
		{"twelve ascii", "abcd-efgh-ij", "a@exemple.fr", ""},
		{"eleven", "abcd-efgh-i", "a@exemple.fr", "au moins 12 caractères"},
		{"twelve accented runes, 24 bytes", strings.Repeat("é", 12), "a@exemple.fr", ""},
		{"eleven emoji, 44 bytes", strings.Repeat("🔒", 11), "a@exemple.fr", "au moins 12 caractères"},
		{"128 runes", strings.Repeat("à", 128), "a@exemple.fr", ""},
		{"129 runes", strings.Repeat("à", 129), "a@exemple.fr", "au plus 128 caractères"},
		{"common", "motdepasse123", "a@exemple.fr", "trop courant\u00a0: choisissez-en un autre."},
		{"common any case", "AzertyUIOP123", "a@exemple.fr", "trop courant"},
		{"common english", "password1234", "a@exemple.fr", "trop courant"},
		{"the e-mail", "Marie.Curie@Exemple.fr", "marie.curie@exemple.fr", "votre adresse e-mail"},
		{"spaces allowed", "le chat dort au soleil", "a@exemple.fr", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := p.check("password", tt.pw, tt.email)
			if tt.msg == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			wantErr(t, err, apperr.EINVALID, "password", tt.msg)
		})
	}
}

func TestCommonPasswordList(t *testing.T) {
	sc := bufio.NewScanner(strings.NewReader(commonPasswordsFile))
	n := 0
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			n++
		}
	}
	if n < 1000 {
		t.Errorf("%d common passwords, want at least 1000", n)
	}
	if got := len(newPasswordPolicy().common); got < 500 {
		t.Errorf("only %d entries long enough to matter", got)
	}
}
