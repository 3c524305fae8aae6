package account

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// events reads the kinds and payloads of the recorded events, oldest first.
func (f *fixture) events(t *testing.T) ([]event.Kind, []event.AccountPayload) {
	t.Helper()
	var kinds []event.Kind
	var payloads []event.AccountPayload
	err := f.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		rows, err := tx.QueryContext(context.Background(), "SELECT kind, payload FROM events ORDER BY id")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k, body string
			if err := rows.Scan(&k, &body); err != nil {
				return err
			}
			var p event.AccountPayload
			if err := json.Unmarshal([]byte(body), &p); err != nil {
				return err
			}
			kinds, payloads = append(kinds, event.Kind(k)), append(payloads, p)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return kinds, payloads
}

// askReset asks a reset for email and returns the token its mail carries
// ("" when no mail was recorded).
func (f *fixture) askReset(t *testing.T, email string) string {
	t.Helper()
	before, _ := f.events(t)
	if err := f.svc.AskPasswordReset(context.Background(), email); err != nil {
		t.Fatalf("ask for %s: %v", email, err)
	}
	kinds, payloads := f.events(t)
	if len(kinds) == len(before) {
		return ""
	}
	if len(kinds) != len(before)+1 || kinds[len(kinds)-1] != event.PasswordResetAsked {
		t.Fatalf("events %v after one ask", kinds)
	}
	return payloads[len(payloads)-1].Token
}

func TestAskPasswordReset(t *testing.T) {
	f := newFixture(t)
	u := f.mustCreate(t, "marie@exemple.fr", RoleClient)
	off := f.mustCreate(t, "off@exemple.fr", RoleClient)
	if _, _, err := f.svc.SetStatus(context.Background(), off.Email, StatusDisabled); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, email string
		mail        bool
	}{
		{"known address", "marie@exemple.fr", true},
		{"known address, other case and spaces", "  Marie@Exemple.FR ", true},
		{"unknown address", "personne@exemple.fr", false},
		{"disabled account", "off@exemple.fr", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			token := f.askReset(t, tc.email)
			if (token != "") != tc.mail {
				t.Errorf("mail %v, want %v", token != "", tc.mail)
			}
			if took := time.Since(start); took < resetFloor {
				t.Errorf("answered after %v, under the floor of %v that hides which addresses exist", took, resetFloor)
			}
		})
	}
	_, payloads := f.events(t)
	if p := payloads[0]; p.Email != u.Email || p.UID != u.UID || !p.Expires.Equal(f.clock.Now().Add(ResetValid)) {
		t.Errorf("payload %+v", p)
	}
	// A third ask within the hour still mails; the fourth answers the same and does not.
	if f.askReset(t, u.Email) == "" || f.askReset(t, u.Email) != "" {
		t.Error("the fourth ask of the hour was mailed, or the third was not")
	}
	f.clock.Advance(time.Hour)
	if f.askReset(t, u.Email) == "" {
		t.Error("no mail an hour later")
	}
	if err := f.svc.AskPasswordReset(context.Background(), "pas-une-adresse"); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("malformed address: %v", err)
	}
}

func TestResetPassword(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	u := f.mustCreate(t, "marie@exemple.fr", RoleClient)
	var tokens []string
	for range 2 {
		if _, _, err := f.svc.SignIn(ctx, Credentials{Email: u.Email, Password: goodPassword, IP: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
	}
	_, sess, err := f.svc.SignIn(ctx, Credentials{Email: u.Email, Password: goodPassword, IP: "192.0.2.1"})
	if err != nil {
		t.Fatal(err)
	}
	tokens = append(tokens, f.askReset(t, u.Email), f.askReset(t, u.Email))

	const fresh = "une-phrase-de-passe-neuve-7"
	// A password the rules refuse keeps the link for a better one.
	if err := f.svc.ResetPassword(ctx, tokens[0], "court"); apperr.CodeOf(err) != apperr.EINVALID {
		t.Fatalf("short password: %v", err)
	}
	for _, bad := range []string{"", "inconnu", tokens[0] + "x"} {
		if err := f.svc.ResetPassword(ctx, bad, fresh); apperr.CodeOf(err) != apperr.EINVALID {
			t.Errorf("token %q: %v", bad, err)
		}
	}
	if err := f.svc.ResetPassword(ctx, tokens[0], fresh); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Authenticate(ctx, sess.Token); err == nil {
		t.Error("a session outlived the reset")
	}
	if n := f.sessionCount(t); n != 0 {
		t.Errorf("%d sessions left", n)
	}
	if _, _, err := f.svc.SignIn(ctx, Credentials{Email: u.Email, Password: fresh, IP: "192.0.2.1"}); err != nil {
		t.Errorf("the new password does not sign in: %v", err)
	}
	// Once: the same link again, and the other link of the same account, no longer work.
	for i, tok := range tokens {
		if err := f.svc.ResetPassword(ctx, tok, "encore-une-autre-phrase-9"); apperr.CodeOf(err) != apperr.EINVALID {
			t.Errorf("link %d used again: %v", i, err)
		}
	}
	kinds, _ := f.events(t)
	if kinds[len(kinds)-1] != event.PasswordChanged {
		t.Errorf("events %v, want the notice of the change last", kinds)
	}

	// Expired after 30 minutes; void once the address changed.
	late := f.askReset(t, u.Email)
	f.clock.Advance(ResetValid + time.Second)
	if err := f.svc.ResetPassword(ctx, late, fresh+"x"); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("expired link: %v", err)
	}
	moved := f.askReset(t, u.Email)
	err = f.db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE users SET email = 'marie.d@exemple.fr' WHERE uid = ?", u.UID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.ResetPassword(ctx, moved, fresh+"y"); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("link to an address the account left: %v", err)
	}
}

func TestSetPasswordByAdmin(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	u := f.mustCreate(t, "marie@exemple.fr", RoleClient)
	if _, _, err := f.svc.SignIn(ctx, Credentials{Email: u.Email, Password: goodPassword, IP: "192.0.2.1"}); err != nil {
		t.Fatal(err)
	}
	ended, err := f.svc.SetPassword(ctx, "marie@exemple.fr", "une-phrase-de-passe-neuve-7")
	if err != nil || ended != 1 {
		t.Fatalf("ended %d, %v", ended, err)
	}
	if _, err := f.svc.SetPassword(ctx, "marie@exemple.fr", "marie@exemple.fr"); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("the address as password: %v", err)
	}
	if _, err := f.svc.SetPassword(ctx, "nobody@exemple.fr", "une-phrase-de-passe-neuve-7"); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("unknown account: %v", err)
	}
	kinds, _ := f.events(t)
	if len(kinds) != 1 || kinds[0] != event.PasswordChanged {
		t.Errorf("events %v", kinds)
	}
}
