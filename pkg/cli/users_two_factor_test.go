package cli

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// TestUsersResetTwoFactor: `courtier users reset-2fa EMAIL` takes the
// second factor off an account whose owner lost their phone, while the
// server's handle holds the database: staff set up a new app at their next
// sign-in, a client signs in with the password alone, and each owner is
// told. An unknown account, or one without a second factor, exits 1 with
// one line; a malformed e-mail is a usage error.
func TestUsersResetTwoFactor(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "courtier.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc, err := account.New(db, account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	const pw = "une phrase de passe solide"
	// Their second factors set up as their owners do; the service has the
	// real clock.
	bruno := accounttest.Staff(t, svc, account.NewUser{Email: "bruno@exemple.fr", Password: pw, Role: account.RoleAgent}, time.Now())
	if _, err := svc.Create(ctx, account.NewUser{Email: "lea@exemple.fr", Password: pw}); err != nil {
		t.Fatal(err)
	}
	lea, _ := accounttest.SetUp(t, svc, "lea@exemple.fr", pw, time.Now())
	if _, err := svc.Create(ctx, account.NewUser{Email: "paul@exemple.fr", Password: pw}); err != nil {
		t.Fatal(err)
	}
	if !bruno.TwoFactor || !lea.TwoFactor {
		t.Fatalf("set-up: %+v %+v", bruno, lea)
	}

	steps := []struct {
		name   string
		args   []string
		code   int
		out    string
		errHas string
	}{
		{"an agent", []string{"users", "reset-2fa", "Bruno@Exemple.fr"}, 0,
			"Validation en deux étapes de bruno@exemple.fr retirée ; une nouvelle application sera demandée à la prochaine connexion ; un e-mail l’en informe.\n", ""},
		{"a client", []string{"users", "reset-2fa", "lea@exemple.fr"}, 0,
			"Validation en deux étapes de lea@exemple.fr retirée ; le mot de passe suffit de nouveau pour se connecter ; un e-mail l’en informe.\n", ""},
		{"unknown e-mail", []string{"users", "reset-2fa", "nobody@exemple.fr"}, 1, "", "courtier: Aucun compte avec l’adresse e-mail nobody@exemple.fr.\n"},
		{"bad e-mail", []string{"users", "reset-2fa", "lea@"}, 2, "", `invalid e-mail "lea@"`},
		{"no second factor", []string{"users", "reset-2fa", "paul@exemple.fr"}, 1, "", "courtier: Le compte paul@exemple.fr n’a pas de validation en deux étapes.\n"},
		{"reset twice", []string{"users", "reset-2fa", "bruno@exemple.fr"}, 1, "", "n’a pas de validation en deux étapes"},
		{"no e-mail", []string{"users", "reset-2fa"}, 2, "", "accepts 1 arg(s)"},
	}
	for _, st := range steps {
		out, errOut, code := runIn(t, path, "", st.args...)
		if code != st.code {
			t.Fatalf("%s: exit %d, want %d (out %q, err %q)", st.name, code, st.code, out, errOut)
		}
		if out != st.out {
			t.Errorf("%s: out %q, want %q", st.name, out, st.out)
		}
		if !strings.Contains(errOut, st.errHas) {
			t.Errorf("%s: stderr %q lacks %q", st.name, errOut, st.errHas)
		}
		if st.code == 1 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: stderr is not one line: %q", st.name, errOut)
		}
	}

	// The server's handle sees it at once: the agent is sent to a new
	// set-up, and the password alone opens the sessions again.
	for _, email := range []string{"bruno@exemple.fr", "lea@exemple.fr"} {
		u, err := svc.GetByEmail(ctx, email)
		if err != nil || u.TwoFactor {
			t.Errorf("%s after the reset: %+v, %v", email, u, err)
		}
		if _, _, err := svc.SignIn(ctx, account.Credentials{Email: email, Password: pw}); err != nil {
			var need *account.SecondFactorRequired
			t.Errorf("%s signs in after the reset: %v (a code asked: %t)", email, err, errors.As(err, &need))
		}
	}
	if u, _ := svc.GetByEmail(ctx, "bruno@exemple.fr"); !account.ActorOf(u).SetupNeeded {
		t.Error("the agent reaches the broker's side without a second factor")
	}
	// Each owner is told, as reset by staff.
	told := map[string]bool{}
	err = db.ReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT payload FROM events WHERE kind = ?", string(event.TwoFactorDisabled))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var body string
			if err := rows.Scan(&body); err != nil {
				return err
			}
			var p event.AccountPayload
			if err := json.Unmarshal([]byte(body), &p); err != nil {
				return err
			}
			told[p.Recipient.Email] = p.ByStaff
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(told) != 2 || !told["bruno@exemple.fr"] || !told["lea@exemple.fr"] {
		t.Errorf("owners told of a reset by staff: %v", told)
	}
}
